import type { FieldValues } from 'react-hook-form';
import { ApiError } from '../lib/api';
import { Alert } from './Alert';
import { CheckboxField } from './form';
import type { ControlBinding } from './form/binding';

/**
 * The server's refusal of a credit note after the section 34(2) deadline (`tax_adjustment`), or
 * null for any other failure: a cancellation form shows it and offers to go on without one.
 */
export function lateCreditNote(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.data || typeof error.data !== 'object') return null;
  const messages = (error.data as Record<string, unknown>).tax_adjustment;
  return Array.isArray(messages) && typeof messages[0] === 'string' ? messages[0] : null;
}

/** Why no credit note can be issued any more, and the choice to give the money back without one. */
export function LateCreditNote<F extends FieldValues>({
  control,
  name,
  message,
}: Pick<ControlBinding<F>, 'control' | 'name'> & { message: string }) {
  return (
    <div className="space-y-3">
      <Alert tone="warning">{message}</Alert>
      <CheckboxField
        control={control}
        name={name}
        label="Go on without a tax adjustment"
        description="No credit note is issued: the invoice keeps its tax, and the sale is cancelled with no due."
      />
    </div>
  );
}
