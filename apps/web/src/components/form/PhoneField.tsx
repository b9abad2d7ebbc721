import type { FieldValues } from 'react-hook-form';
import type { Binding } from './binding';
import type { FieldProps } from './Field';
import { TextField, type TextFieldProps, type TextInputProps } from './TextField';

export type PhoneFieldProps<F extends FieldValues> = FieldProps & Binding<F, string> & Omit<TextInputProps, 'inputMode' | 'maxLength'>;

const digitsAndSpaces = (text: string) => text.replace(/[^\d\s]/g, '');

/**
 * A 10-digit mobile number (spec 9): only digits and spaces can be typed, on the number pad. The
 * schema removes the spaces and otherwise says 'Phone number must be 10 digits'.
 */
export function PhoneField<F extends FieldValues>(props: PhoneFieldProps<F>) {
  return (
    <TextField<F>
      placeholder="10-digit mobile"
      autoComplete="tel-national"
      {...(props as TextFieldProps<F>)}
      type="tel"
      inputMode="numeric"
      maxLength={14}
      normalise={digitsAndSpaces}
    />
  );
}
