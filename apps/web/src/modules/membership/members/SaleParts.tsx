/**
 * The parts every sale form of the member screens shares (Add Member, Renew, Sell service,
 * Collect payment): the payment's fields, the payment as the request wants it, the amount that
 * follows the total until it is typed, and the live summary.
 */
import { type Plan } from '@arena/contracts/membership';
import { z } from '@arena/contracts/kit';
import { clsx } from 'clsx';
import { useEffect, type ReactNode } from 'react';
import type { FieldPath, FieldValues, PathValue } from 'react-hook-form';
import { DateField, MoneyField, PaymentFields, SelectField } from '../../../components/form';
import { formatDate, formatMoney } from '../../../lib/format';
import type { AddIssue, AnyForm, FormControl } from '../../../lib/form';
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

/**
 * The fields of a sale to a member (a membership renewal, a service): what is sold (`offer`, a
 * select), the start date with the end it gives, the discount, the payment taken now, and the
 * summary of the sale with an optional `note` under it.
 */
export function SaleFields<F extends FieldValues>({
  control,
  offer,
  end,
  summary,
  note,
}: {
  control: FormControl<F>;
  offer: { name: FieldPath<F>; label: string; placeholder: string; options: { value: string; label: string }[] };
  end: string | null;
  summary: SaleSummary | null;
  note?: ReactNode;
}) {
  const field = (name: string) => name as FieldPath<F>;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          control={control}
          name={offer.name}
          label={offer.label}
          required
          placeholder={offer.placeholder}
          options={offer.options}
          className="sm:col-span-3"
        />
        <DateField
          control={control}
          name={field('start_date')}
          label="Start date"
          required
          hint={end ? `Ends ${formatDate(end)}` : undefined}
        />
        <MoneyField control={control} name={field('discount')} label="Discount" />
      </div>
      <PaymentFields amountLabel="Paying now" control={control} prefix="payment" amountHint="Leave 0 to pay later." />
      {summary && (
        <div className="ml-auto w-full max-w-xs rounded-md border border-line bg-subtle/50 px-3 py-2">
          <SaleSummaryList summary={summary} />
          {note}
        </div>
      )}
    </>
  );
}
