import type { InputHTMLAttributes } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Bind, withoutBinding, type Binding } from './binding';
import { controlClass, describedBy, FieldFrame, type FieldProps } from './Field';

export type TextInputProps = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'placeholder' | 'autoComplete' | 'autoFocus' | 'inputMode' | 'maxLength' | 'readOnly' | 'spellCheck'
>;

export interface TextOwnProps {
  type?: 'text' | 'email' | 'search' | 'url' | 'tel';
  /** Tidies what is typed before it becomes the value (e.g. drops letters from a phone number). */
  normalise?: (text: string) => string;
}
export type TextFieldProps<F extends FieldValues> = FieldProps & Binding<F, string> & TextInputProps & TextOwnProps;

/** A labelled single-line text input; the value is the text as typed (the schema trims it). */
export function TextField<F extends FieldValues>(props: TextFieldProps<F>) {
  const { label, hint, required, disabled, className, labelDisplay, type = 'text', normalise, ...input } = withoutBinding(props);
  return (
    <Bind
      binding={props}
      render={(f) => (
        <FieldFrame
          id={f.id}
          label={label}
          labelDisplay={labelDisplay}
          required={required}
          hint={hint}
          error={f.error}
          className={className}
        >
          <input
            {...input}
            ref={f.ref as never}
            id={f.id}
            name={f.name}
            type={type}
            value={f.value ?? ''}
            onChange={(e) => f.onChange(normalise ? normalise(e.target.value) : e.target.value)}
            onBlur={f.onBlur}
            disabled={disabled}
            aria-invalid={f.error ? true : undefined}
            aria-required={required || undefined}
            aria-describedby={describedBy(f.id, f.error, hint)}
            className={controlClass(!!f.error)}
          />
        </FieldFrame>
      )}
    />
  );
}
