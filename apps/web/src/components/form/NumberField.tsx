import type { FieldValues } from 'react-hook-form';
import { Bind, type Binding, type ControlProps } from './binding';
import { controlClass, describedBy, FieldFrame, type FieldProps } from './Field';
import { useDraftText } from './useDraftText';

export type NumberFieldProps<F extends FieldValues> = FieldProps &
  Binding<F, number> & {
    /** Whole numbers only (the default): the keyboard offers digits and a decimal point is refused. */
    integer?: boolean;
    placeholder?: string;
    /** A unit shown after the number, e.g. "days". */
    suffix?: string;
  };

/** "12" → 12; "" or anything unreadable → NaN, which the schema's number check reports ("A valid number is required."). */
const parseNumber = (text: string, integer: boolean) => {
  const t = text.trim();
  if (!t || !(integer ? /^-?\d+$/ : /^-?\d+(\.\d+)?$/).test(t)) return Number.NaN;
  return Number(t);
};
const formatNumber = (value: number) => (Number.isFinite(value) ? String(value) : '');

/** A labelled number input; its value is a number (NaN while empty or unreadable). */
export function NumberField<F extends FieldValues>(props: NumberFieldProps<F>) {
  return <Bind binding={props} render={(f) => <NumberControl {...props} {...f} />} />;
}

function NumberControl({
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
  integer = true,
  placeholder,
  suffix,
}: ControlProps<NumberFieldProps<FieldValues>, number>) {
  const [text, setText] = useDraftText(value, formatNumber, (t) => parseNumber(t, integer));
  return (
    <FieldFrame id={id} label={label} labelDisplay={labelDisplay} required={required} hint={hint} error={error} className={className}>
      <div className="relative">
        <input
          ref={ref as never}
          id={id}
          name={name}
          type="text"
          inputMode={integer ? 'numeric' : 'decimal'}
          value={text}
          placeholder={placeholder}
          onChange={(e) => {
            setText(e.target.value);
            onChange(parseNumber(e.target.value, integer));
          }}
          onBlur={onBlur}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={`${controlClass(!!error)} tabular ${suffix ? 'pr-14' : ''}`}
        />
        {suffix && <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted">{suffix}</span>}
      </div>
    </FieldFrame>
  );
}
