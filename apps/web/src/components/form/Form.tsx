import { clsx } from 'clsx';
import { useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { applyServerErrors, unshownErrors } from '../../lib/form';
import { Alert } from '../Alert';

/**
 * A `<form>` for a react-hook-form: validates with its schema, calls `onSubmit` with the parsed
 * values, and when that throws puts the server's field errors under their fields
 * (`applyServerErrors`) and the rest in a banner above the fields. When the values do not validate,
 * the banner says what no field shows, and `invalidMessage` (for long pages, where an error may be
 * out of view).
 */
export function Form<I extends FieldValues, O>({
  form,
  onSubmit,
  invalidMessage,
  className,
  children,
  footer,
}: {
  form: UseFormReturn<I, unknown, O>;
  onSubmit: (values: O) => Promise<unknown>;
  invalidMessage?: string;
  className?: string;
  children: ReactNode;
  /** The buttons under the fields, given whether the form is being sent. */
  footer?: (state: { submitting: boolean }) => ReactNode;
}) {
  const [banner, setBanner] = useState<string | null>(null);
  const submit = form.handleSubmit(
    async (values) => {
      setBanner(null);
      try {
        await onSubmit(values);
      } catch (error) {
        setBanner(applyServerErrors(form, error) ?? invalidMessage ?? null);
      }
    },
    (errors) => setBanner([...unshownErrors(form, errors), invalidMessage].filter(Boolean).join('\n') || null),
  );
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className={clsx('space-y-5', className)}>
      {banner && <Alert tone="error">{banner}</Alert>}
      {children}
      {footer?.({ submitting: form.formState.isSubmitting })}
    </form>
  );
}
