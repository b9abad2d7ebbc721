/**
 * The parts every sale form of the member screens shares (Add Member, Renew, Sell service,
 * Collect payment): the payment's fields, the payment as the request wants it, the amount that
 * follows the total until it is typed, and the live summary.
 */
import { type Plan } from '@arena/contracts/membership';
import { z } from '@arena/contracts/kit';
import { clsx } from 'clsx';
import { useEffect } from 'react';
import type { FieldPath, FieldValues, PathValue } from 'react-hook-form';
import { formatMoney } from '../../../lib/format';
import type { AddIssue, AnyForm } from '../../../lib/form';
import { positive, typedPaise, type SaleSummary } from './sale';

/** A plan as a choice of a select: "Monthly · ₹1,500.00 · 1 month". */
export const planOptionLabel = (p: Plan) => `${p.name} · ${formatMoney(p.price)} · ${p.duration_label}`;

/** A payment as a form holds it: the amount as typed, the mode's id as select text. */
export const paymentFields = z.object({ amount: z.string(), payment_mode: z.string(), reference: z.string() });
export type PaymentFormValues = z.infer<typeof paymentFields>;
export const emptyPayment = (amount = ''): PaymentFormValues => ({ amount, payment_mode: '', reference: '' });

/**
 * The payment of a sale as the request wants it: null when nothing is paid now ('' or 0), else
 * `{amount, payment_mode, reference}` — a missing mode reported on `${path}.payment_mode`.
 */
export function paymentRequest(v: PaymentFormValues, issue: AddIssue, path: string) {
  const paise = typedPaise(v.amount);
  if (paise === 0) return null;
  if (!v.payment_mode) issue(`${path}.payment_mode`, 'Choose a payment mode.');
  return { amount: v.amount.trim(), payment_mode: v.payment_mode || undefined, reference: v.reference };
}

/**
 * Keeps the payment's amount equal to the total (the usual case: paid in full) until the user
 * types an amount of their own.
 */
export function usePayingFollowsTotal<F extends FieldValues>(form: AnyForm<F>, path: string, total: string) {
  const name = path as FieldPath<F>;
  useEffect(() => {
    if (form.getFieldState(name).isDirty) return;
    form.setValue(name, total as PathValue<F, FieldPath<F>>, { shouldValidate: form.getFieldState(name).invalid });
  }, [form, name, total]);
}

function Line({
  label,
  value,
  strong,
  tone,
  sign,
}: {
  label: string;
  value: string;
  strong?: boolean;
  tone?: 'danger' | 'success';
  sign?: '−' | '+';
}) {
  return (
    <div className={clsx('flex justify-between gap-4 py-1', strong && 'text-base font-semibold')}>
      <dt className={strong ? undefined : 'text-muted'}>{label}</dt>
      <dd className={clsx('tabular', tone === 'danger' && 'font-semibold text-danger-text', tone === 'success' && 'text-success')}>
        {sign && positive(value) ? `${sign} ` : ''}
        {formatMoney(value)}
      </dd>
    </div>
  );
}

/** Price − discount + joining fee = total; paying now; due. */
export function SaleSummaryList({ summary, joiningFeeLabel = 'Joining fee' }: { summary: SaleSummary; joiningFeeLabel?: string }) {
  return (
    <dl className="text-sm" aria-live="polite">
      <Line label="Price" value={summary.price} />
      <Line label="Discount" value={summary.discount} sign="−" />
      {positive(summary.joiningFee) && <Line label={joiningFeeLabel} value={summary.joiningFee} sign="+" />}
      <div className="my-1 border-t border-line" />
      <Line label="Total" value={summary.total} strong />
      <Line label="Paying now" value={summary.paying} tone={positive(summary.paying) ? 'success' : undefined} />
      <Line label="Due" value={summary.due} tone={positive(summary.due) ? 'danger' : undefined} strong />
    </dl>
  );
}
