import { clsx } from 'clsx';
import { forwardRef, useId, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';

/**
 * The member app's controls: the shared look (tokens of index.css) at phone size — every tap target
 * at least 44 px high, 16 px text in inputs (no zoom on focus on phones).
 */
export const bigButton = (variant: 'primary' | 'secondary' | 'ghost' = 'primary', extra?: string) =>
  clsx(
    'inline-flex min-h-12 items-center justify-center gap-2 rounded-lg px-5 text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60',
    variant === 'primary' && 'bg-accent text-accent-fg hover:bg-accent-hover shadow-sm',
    variant === 'secondary' && 'border border-line-strong bg-surface text-fg hover:bg-subtle',
    variant === 'ghost' && 'text-accent-text hover:bg-accent-soft',
    extra,
  );

export function BigButton({
  variant,
  className,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'ghost' }) {
  return <button type={type} className={bigButton(variant, className)} {...rest} />;
}

export interface MeFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled input with its hint and error under it (announced through aria-describedby). */
export const MeField = forwardRef<HTMLInputElement, MeFieldProps>(function MeField({ label, error, hint, id, className, ...rest }, ref) {
  const auto = useId();
  const inputId = id ?? auto;
  const described = [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-fg">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={clsx(
          'block h-12 w-full rounded-lg border bg-surface px-3 text-base text-fg shadow-sm placeholder:text-muted/70 focus:ring-2 focus:outline-none',
          error ? 'border-danger focus:ring-danger/25' : 'border-line-strong focus:border-accent focus:ring-accent/30',
        )}
        {...rest}
      />
      {hint && (
        <p id={`${inputId}-hint`} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} className="mt-1.5 text-sm text-danger-text">
          {error}
        </p>
      )}
    </div>
  );
});

/** A white panel of the member app. */
export function Panel({ className, children, title }: { className?: string; children: ReactNode; title?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={title ? id : undefined} className={clsx('rounded-xl border border-line bg-surface p-4 shadow-sm', className)}>
      {title && (
        <h2 id={id} className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase">
          {title}
        </h2>
      )}
      {children}
    </section>
  );
}
