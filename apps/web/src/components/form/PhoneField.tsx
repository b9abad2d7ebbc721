import type { FieldValues } from 'react-hook-form';
import { phoneFieldText } from '../../lib/phone';
import type { Binding } from './binding';
import type { FieldProps } from './Field';
import { TextField, type TextFieldProps, type TextInputProps } from './TextField';

export type PhoneFieldProps<F extends FieldValues> = FieldProps & Binding<F, string> & Omit<TextInputProps, 'inputMode' | 'maxLength'>;

/**
 * A 10-digit mobile number (spec 9), on the number pad: only a phone number's characters can be
 * typed, and a number pasted as people copy it ("+91 98765 43210", "098765-43210") becomes its 10
 * digits (`phoneFieldText`). No short `maxLength`: the browser would cut a paste before it is
 * tidied. The schema normalises the same way and otherwise says 'Phone number must be 10 digits'.
 */
export function PhoneField<F extends FieldValues>(props: PhoneFieldProps<F>) {
  return (
    <TextField<F>
      placeholder="10-digit mobile"
      autoComplete="tel-national"
      {...(props as TextFieldProps<F>)}
      type="tel"
      inputMode="numeric"
      maxLength={32}
      normalise={phoneFieldText}
    />
  );
}
