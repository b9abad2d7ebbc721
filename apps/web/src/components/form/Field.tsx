import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/** The look of every text-like control: a thin border, the accent ring on focus, red when invalid. */
export const controlClass = (invalid?: boolean) =>
  clsx(
    'block w-full rounded-md border bg-surface px-3 h-10 text-sm text-fg placeholder:text-muted/70 shadow-sm transition-colors',
    'focus:outline-none focus:ring-2 disabled:bg-subtle disabled:text-muted disabled:cursor-not-allowed',
    invalid ? 'border-danger focus:border-danger focus:ring-danger/25' : 'border-line-strong focus:border-accent focus:ring-accent/30',
  );

/** Where a field's label shows: above the control, or only to screen readers (e.g. under a column header), or that from the `sm` breakpoint up. */
export type LabelDisplay = 'visible' | 'hidden' | 'hidden-from-sm';

/** What every field component takes besides its value binding. */
export interface FieldProps {
  /** The visible label, tied to the control (tests and screen readers find fields by it). */
  label: string;
  /** A line under the control while it has no error. */
  hint?: ReactNode;
  /** Marks the label with a red asterisk and the control with aria-required; the schema decides what is required. */
  required?: boolean;
  disabled?: boolean;
  /** Classes of the field's outer box (grid spans, widths). */
  className?: string;
  /** The control's id; generated when absent. */
  id?: string;
  labelDisplay?: LabelDisplay;
}

export const describedBy = (id: string, error?: string, hint?: ReactNode) =>
  [error ? `${id}-error` : null, hint && !error ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;

const labelClass = (display: LabelDisplay = 'visible') =>
  clsx('mb-1.5 block text-sm font-medium text-fg', display === 'hidden' && 'sr-only', display === 'hidden-from-sm' && 'sm:sr-only');

/**
 * A field's label with the required mark beside it, outside the <label>: the control's name is
 * exactly the label ("Phone", not "Phone *"), for screen readers and for tests that find it so.
 */
export function FieldLabel({ id, label, required, display }: { id: string; label: ReactNode; required?: boolean; display?: LabelDisplay }) {
  if (!required)
    return (
      <label htmlFor={id} className={labelClass(display)}>
        {label}
      </label>
    );
  return (
    <div className={labelClass(display)}>
      <label htmlFor={id}>{label}</label>
      <RequiredMark />
    </div>
  );
}

export function RequiredMark() {
  return (
    <span className="text-danger" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

/** The messages under a control: its error (or hint) on the left, an optional counter on the right. */
export function FieldMessages({ id, error, hint, aside }: { id: string; error?: string; hint?: ReactNode; aside?: ReactNode }) {
  if (!error && !hint && !aside) return null;
  return (
    <div className="mt-1.5 flex items-start justify-between gap-3 text-xs">
      {error ? (
        <p id={`${id}-error`} className="font-medium text-danger-text">
          {error}
        </p>
      ) : hint ? (
        <div id={`${id}-hint`} className="text-muted">
          {hint}
        </div>
      ) : (
        <span />
      )}
      {aside}
    </div>
  );
}

/**
 * The frame of a field (`FieldWrapper` puts every field component in one): a `<label>` for the control (`htmlFor` = `id`), the control, then its error
 * or hint. Field components render their control inside it with `aria-describedby={describedBy(…)}`.
 */
export function FieldFrame({
  id,
  label,
  labelDisplay,
  required,
  hint,
  error,
  aside,
  className,
  children,
}: {
  id: string;
  label: string;
  labelDisplay?: LabelDisplay;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={clsx('min-w-0', className)}>
      <FieldLabel id={id} label={label} required={required} display={labelDisplay} />
      {children}
      <FieldMessages id={id} error={error} hint={hint} aside={aside} />
    </div>
  );
}
