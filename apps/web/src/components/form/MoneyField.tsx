import { fromPaise, toPaise } from '@arena/contracts';
import type { FieldValues } from 'react-hook-form';
import { Bind, type Binding, type ControlProps } from './binding';
import { controlClass, describedBy, FieldFrame, type FieldProps } from './Field';

interface MoneyOwnProps {
  placeholder?: string;
}
/** With `nullable`, an empty amount is `null` ("no amount", e.g. a weekend price that is the same as on weekdays). */
export type MoneyFieldProps<F extends FieldValues> = FieldProps &
  MoneyOwnProps &
  ((Binding<F, string> & { nullable?: false }) | (Binding<F, string | null> & { nullable: true }));

/**
 * A rupee amount: ₹ before the input, right-aligned tabular digits, and the API's decimal string as
 * the value ("1500.00"). What is typed is kept as typed and tidied to 2 decimals when the field is
 * left; the contracts' `moneySchema` decides what is valid.
 */
export function MoneyField<F extends FieldValues>(props: MoneyFieldProps<F>) {
  return <Bind<F, string | null> binding={props as Binding<F, string | null>} render={(f) => <MoneyControl {...props} {...f} />} />;
}

function MoneyControl({
  id,
  name,
  value,
  onChange,
  onBlur,
  error,
  ref,
  label,
  labelDisplay,
  hint,
  required,
  disabled,
  className,
  placeholder = '0.00',
  nullable,
}: ControlProps<FieldProps & MoneyOwnProps & { nullable?: boolean }, string | null>) {
  const emit = (text: string) => onChange(nullable && text.trim() === '' ? null : text);
  return (
    <FieldFrame id={id} label={label} labelDisplay={labelDisplay} required={required} hint={hint} error={error} className={className}>
      <div className="relative">
        <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted" aria-hidden="true">
          ₹
        </span>
        <input
          ref={ref as never}
          id={id}
          name={name}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value ?? ''}
          placeholder={placeholder}
          onChange={(e) => emit(e.target.value.replace(/[₹,\s]/g, ''))}
          onBlur={() => {
            const paise = value ? toPaise(value) : null;
            if (paise !== null && fromPaise(paise) !== value) onChange(fromPaise(paise));
            onBlur();
          }}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={`${controlClass(!!error)} pl-7 text-right tabular`}
        />
      </div>
    </FieldFrame>
  );
}
