import { parseTimeText } from '@arena/contracts/kit';
import type { FieldValues } from 'react-hook-form';
import type { Binding } from './binding';
import { controlClass, type FieldProps } from './Field';
import { FieldWrapper } from './FieldWrapper';

export type TimeFieldProps<F extends FieldValues> = FieldProps & Binding<F, string>;

/**
 * A 24-hour time ("17:00"), whatever the browser's locale would show: a text input that takes
 * "17:00", "17.00", "1700" or "9:30" and tidies it to HH:mm when left. The value is "HH:mm"
 * ("" when empty; the text as typed while it is not a time, for the schema to refuse).
 */
export function TimeField<F extends FieldValues>(props: TimeFieldProps<F>) {
  return (
    <FieldWrapper
      field={props}
      error={(value, error) => (error && value?.trim() && parseTimeText(value) === null ? 'Enter a 24-hour time like 17:00.' : error)}
    >
      {({ input, value, onChange, onBlur, error }) => (
        <input
          {...input}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="HH:MM"
          maxLength={8}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => {
            const time = parseTimeText(value ?? '');
            if (time && time !== value) onChange(time);
            onBlur();
          }}
          className={`${controlClass(!!error)} tabular`}
        />
      )}
    </FieldWrapper>
  );
}
