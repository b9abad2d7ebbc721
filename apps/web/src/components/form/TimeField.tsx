import { parseTimeText } from '@arena/contracts';
import type { FieldValues } from 'react-hook-form';
import { Bind, type Binding, type ControlProps } from './binding';
import { controlClass, describedBy, FieldFrame, type FieldProps } from './Field';

export type TimeFieldProps<F extends FieldValues> = FieldProps & Binding<F, string>;

/**
 * A 24-hour time ("17:00"), whatever the browser's locale would show: a text input that takes
 * "17:00", "17.00", "1700" or "9:30" and tidies it to HH:mm when left. The value is "HH:mm"
 * ("" when empty; the text as typed while it is not a time, for the schema to refuse).
 */
export function TimeField<F extends FieldValues>(props: TimeFieldProps<F>) {
  return <Bind binding={props} render={(f) => <TimeControl {...props} {...f} />} />;
}

function TimeControl({
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
}: ControlProps<FieldProps, string>) {
  const text = value ?? '';
  const unreadable = text.trim() !== '' && parseTimeText(text) === null;
  const shownError = error && unreadable ? 'Enter a 24-hour time like 17:00.' : error;
  return (
    <FieldFrame id={id} label={label} labelDisplay={labelDisplay} required={required} hint={hint} error={shownError} className={className}>
      <input
        ref={ref as never}
        id={id}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="HH:MM"
        maxLength={8}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => {
          const time = parseTimeText(text);
          if (time && time !== text) onChange(time);
          onBlur();
        }}
        disabled={disabled}
        aria-invalid={shownError ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, shownError, hint)}
        className={`${controlClass(!!shownError)} tabular`}
      />
    </FieldFrame>
  );
}
