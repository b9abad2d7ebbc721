import { clsx } from 'clsx';
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { controlClass, describedBy, FieldLabel, FieldMessages } from './form/Field';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Rendered inside the input's right edge (e.g. a show-password button). */
  trailing?: ReactNode;
}

/** The look of a text control; the same as every field of components/form. */
export const inputClass = controlClass;

/**
 * A labelled native input with its error under it, for `{...register('email')}` forms (the sign-in
 * pages, which load without zod). Forms built with `useZodForm` use the fields of components/form,
 * which look the same.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, trailing, id, className, required, ...rest },
  ref,
) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <div className={className}>
      <FieldLabel id={inputId} label={label} required={required} />
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, error, hint)}
          aria-required={required || undefined}
          className={clsx(inputClass(!!error), trailing ? 'pr-10' : undefined)}
          {...rest}
        />
        {trailing && <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>}
      </div>
      <FieldMessages id={inputId} error={error} hint={hint} />
    </div>
  );
});
