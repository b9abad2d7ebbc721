import type { InputHTMLAttributes } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { Binding } from './binding';
import { controlClass, type FieldProps } from './Field';
import { FieldWrapper, ownProps } from './FieldWrapper';

export type TextInputProps = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'placeholder' | 'autoComplete' | 'autoFocus' | 'inputMode' | 'maxLength' | 'readOnly' | 'spellCheck'
>;

export interface TextOwnProps {
  type?: 'text' | 'email' | 'search' | 'url' | 'tel' | 'password';
  /** Tidies what is typed before it becomes the value (e.g. drops letters from a phone number). */
  normalise?: (text: string) => string;
}
export type TextFieldProps<F extends FieldValues> = FieldProps & Binding<F, string> & TextInputProps & TextOwnProps;

/** A labelled single-line text input; the value is the text as typed (the schema trims it). */
export function TextField<F extends FieldValues>(props: TextFieldProps<F>) {
  const { type = 'text', normalise, ...input } = ownProps(props);
  return (
    <FieldWrapper field={props}>
      {(f) => (
        <input
          {...input}
          {...f.input}
          type={type}
          value={f.value ?? ''}
          onChange={(e) => f.onChange(normalise ? normalise(e.target.value) : e.target.value)}
          className={controlClass(!!f.error)}
        />
      )}
    </FieldWrapper>
  );
}
