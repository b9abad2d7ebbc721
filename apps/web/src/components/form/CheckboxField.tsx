import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { Binding } from './binding';
import { FieldMessages, type FieldProps } from './Field';
import { FieldWrapper } from './FieldWrapper';

interface CheckboxOwnProps {
  /** A line under the label saying what ticking it does. */
  description?: ReactNode;
}
export type CheckboxFieldProps<F extends FieldValues> = Omit<FieldProps, 'hint' | 'required'> & CheckboxOwnProps & Binding<F, boolean>;

/** A labelled checkbox (label to its right); the value is a boolean. */
export function CheckboxField<F extends FieldValues>(props: CheckboxFieldProps<F>) {
  const { label, labelDisplay, className, description } = props;
  return (
    <FieldWrapper field={props} frame={false}>
      {({ input: { id, 'aria-required': _required, ...input }, value, onChange, error }) => (
        <div className={className}>
          <div className="flex items-start gap-2.5">
            <input
              {...input}
              id={id}
              type="checkbox"
              checked={!!value}
              onChange={(e) => onChange(e.target.checked)}
              aria-describedby={
                [description ? `${id}-description` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
              }
              className="mt-0.5 h-4 w-4 shrink-0 cursor-pointer accent-[var(--color-accent)] disabled:cursor-not-allowed"
            />
            <div className="min-w-0 text-sm">
              <label
                htmlFor={id}
                className={clsx(
                  'cursor-pointer font-medium text-fg',
                  labelDisplay === 'hidden' && 'sr-only',
                  labelDisplay === 'hidden-from-sm' && 'sm:sr-only',
                )}
              >
                {label}
              </label>
              {description && (
                <p id={`${id}-description`} className="mt-0.5 text-xs text-muted">
                  {description}
                </p>
              )}
            </div>
          </div>
          <FieldMessages id={id} error={error} />
        </div>
      )}
    </FieldWrapper>
  );
}
