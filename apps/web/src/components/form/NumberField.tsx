import type { FieldValues } from 'react-hook-form';
import type { Binding } from './binding';
import { controlClass, type FieldProps } from './Field';
import { FieldWrapper, type FieldControl } from './FieldWrapper';
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
  const { integer = true, placeholder, suffix } = props;
  return (
    <FieldWrapper field={props}>{(f) => <NumberInput f={f} integer={integer} placeholder={placeholder} suffix={suffix} />}</FieldWrapper>
  );
}

function NumberInput({
  f,
  integer,
  placeholder,
  suffix,
}: {
  f: FieldControl<number>;
  integer: boolean;
  placeholder?: string;
  suffix?: string;
}) {
  const [text, setText] = useDraftText(f.value, formatNumber, (t) => parseNumber(t, integer));
  return (
    <div className="relative">
      <input
        {...f.input}
        type="text"
        inputMode={integer ? 'numeric' : 'decimal'}
        value={text}
        placeholder={placeholder}
        onChange={(e) => {
          setText(e.target.value);
          f.onChange(parseNumber(e.target.value, integer));
        }}
        className={`${controlClass(!!f.error)} tabular ${suffix ? 'pr-14' : ''}`}
      />
      {suffix && <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted">{suffix}</span>}
    </div>
  );
}
