import { clsx } from 'clsx';
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Rendered inside the input's right edge (e.g. a show-password button). */
  trailing?: ReactNode;
}

export const inputClass = (invalid?: boolean) =>
  clsx(
    'block w-full rounded-md border bg-surface px-3 h-10 text-sm text-fg placeholder:text-muted/70 shadow-sm transition-colors',
    'focus:outline-none focus:ring-2 focus:ring-accent/30 focus:border-accent disabled:bg-subtle disabled:text-muted',
    invalid ? 'border-danger' : 'border-line-strong',
  );

/** A labelled input with its error under it (style.md: every field has a visible label). */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, trailing, id, className, required, ...rest },
  ref,
) {
  const auto = useId();
  const inputId = id ?? auto;
  const describedBy = [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-fg">
        {label}
        {required && (
          <span className="text-danger" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          className={clsx(inputClass(!!error), trailing ? 'pr-10' : undefined)}
          {...rest}
        />
        {trailing && <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>}
      </div>
      {hint && !error && (
        <div id={`${inputId}-hint`} className="mt-1.5 text-xs text-muted">
          {hint}
        </div>
      )}
      {error && (
        <p id={`${inputId}-error`} className="mt-1.5 text-xs font-medium text-danger-text">
          {error}
        </p>
      )}
    </div>
  );
});
