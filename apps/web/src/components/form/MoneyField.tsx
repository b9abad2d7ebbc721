import { fromPaise, toPaise } from '@arena/contracts/kit';
import type { FieldValues } from 'react-hook-form';
import type { Binding } from './binding';
import { controlClass, type FieldProps } from './Field';
import { FieldWrapper } from './FieldWrapper';

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
  const { placeholder = '0.00', nullable } = props;
  return (
    <FieldWrapper<F, string | null> field={props as FieldProps & Binding<F, string | null>}>
      {({ input, value, onChange, onBlur, error }) => (
        <div className="relative">
          <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted" aria-hidden="true">
            ₹
          </span>
          <input
            {...input}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={value ?? ''}
            placeholder={placeholder}
            onChange={(e) => {
              const text = e.target.value.replace(/[₹,\s]/g, '');
              onChange(nullable && text.trim() === '' ? null : text);
            }}
            onBlur={() => {
              const paise = value ? toPaise(value) : null;
              if (paise !== null && fromPaise(paise) !== value) onChange(fromPaise(paise));
              onBlur();
            }}
            className={`${controlClass(!!error)} pl-7 text-right tabular`}
          />
        </div>
      )}
    </FieldWrapper>
  );
}
