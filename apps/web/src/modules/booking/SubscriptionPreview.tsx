import { type SubscriptionPreview, type SubscriptionPreviewDate } from '@arena/contracts/booking';
import { bookingSubscriptionEndpoints } from '@arena/contracts/booking/routes';
import { fromPaise, toPaise } from '@arena/contracts/kit';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { MoneyField, optionsOf, SelectField, TextField } from '../../components/form';
import { call } from '../../lib/api';
import { errorMessage, fieldErrors } from '../../lib/errors';
import { formatDate, formatMoney } from '../../lib/format';
import { usePaymentModes } from '../../lib/lookups';
import type { SubscriptionInput } from './api';
import { hhmm } from './status';

export type { SubscriptionPreview };

/** What the subscription would book, date by date; writes nothing. */
export const useSubscriptionPreview = () =>
  useMutation({ mutationFn: (input: SubscriptionInput) => call(bookingSubscriptionEndpoints.preview, { body: input }) });

type Choice = 'move' | 'skip';
const range = (p: { start_time: string; end_time: string }) => `${hhmm(p.start_time)}–${hhmm(p.end_time)}`;

/** The price a date adds with the choice made for it: its own when free, the proposal's when moved, nothing when skipped. */
function priceOf(d: SubscriptionPreviewDate, choice: Choice | undefined): number {
  if (d.status === 'free') return toPaise(d.price) ?? 0;
  return choice === 'move' && d.proposal ? (toPaise(d.proposal.price) ?? 0) : 0;
}

/**
 * The preview step of a new subscription: each date free or clashing with its price, for a clash
 * "Use 19:00–20:00" (the nearest free slot that day) or "Skip", the running total, then how it is
 * paid ("Pay all now" / "Pay per booking"), then Save.
 */
export function SubscriptionPreviewStep({
  preview,
  onBack,
  onSave,
}: {
  preview: SubscriptionPreview;
  onBack: () => void;
  onSave: (extra: Pick<SubscriptionInput, 'resolutions' | 'payment'>) => Promise<unknown>;
}) {
  const modes = usePaymentModes();
  const [choices, setChoices] = useState<Record<string, Choice>>(() =>
    Object.fromEntries(preview.dates.filter((d) => d.status === 'clash').map((d) => [d.date, d.proposal ? 'move' : 'skip'])),
  );
  const totalPaise = preview.dates.reduce((n, d) => n + priceOf(d, choices[d.date]), 0);
  const booked = preview.dates.filter((d) => d.status === 'free' || (choices[d.date] === 'move' && d.proposal)).length;
  const [payNow, setPayNow] = useState<'all_now' | 'per_booking'>('per_booking');
  const [mode, setMode] = useState('');
  const [amount, setAmount] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const errors = error ? fieldErrors(error) : {};

  async function save() {
    setSaving(true);
    setError(null);
    try {
      await onSave({
        resolutions: preview.dates
          .filter((d) => d.status === 'clash')
          .map((d) =>
            choices[d.date] === 'move' && d.proposal
              ? { date: d.date, action: 'move' as const, time_slot_ids: d.proposal.time_slot_ids }
              : { date: d.date, action: 'skip' as const },
          ),
        payment:
          payNow === 'all_now'
            ? {
                mode: 'all_now',
                amount: amount ?? fromPaise(totalPaise),
                payment_mode: mode ? Number(mode) : undefined,
                reference,
              }
            : { mode: 'per_booking', reference: '' },
      });
    } catch (e) {
      setError(e);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="space-y-4 text-sm">
      {preview.clash_count > 0 && (
        <Alert tone="warning">
          {preview.clash_count} {preview.clash_count === 1 ? 'date clashes' : 'dates clash'} with existing bookings. Choose another slot
          that day or skip the date.
        </Alert>
      )}
      <div className="max-h-72 overflow-y-auto rounded-md border border-line">
        <table className="w-full text-sm" aria-label="Dates of the subscription">
          <thead className="sticky top-0 bg-subtle text-left text-xs font-semibold uppercase tracking-wide text-muted">
            <tr>
              <th className="px-3 py-2">Date</th>
              <th className="hidden px-3 py-2 sm:table-cell">Slots</th>
              <th className="px-3 py-2">Status</th>
              <th className="hidden px-3 py-2 text-right sm:table-cell">Price</th>
              <th className="px-3 py-2">Choice</th>
            </tr>
          </thead>
          <tbody>
            {preview.dates.map((d) => (
              <tr key={d.date} className="border-t border-line align-top">
                <td className="px-3 py-2 font-medium">
                  <span className="whitespace-nowrap">{formatDate(d.date)}</span>
                  <span className="block text-xs font-normal text-muted tabular sm:hidden">
                    {d.slots.map(range).join(', ')} · {formatMoney(fromPaise(priceOf(d, choices[d.date])))}
                  </span>
                </td>
                <td className="hidden whitespace-nowrap px-3 py-2 tabular sm:table-cell">{d.slots.map(range).join(', ')}</td>
                <td className="px-3 py-2">
                  {d.status === 'free' ? (
                    <Badge tone="success">Free</Badge>
                  ) : (
                    <span className="space-y-1">
                      <Badge tone="danger">Clash</Badge>
                      <span className="hidden text-xs text-muted sm:block">{d.reason}</span>
                    </span>
                  )}
                </td>
                <td className="hidden whitespace-nowrap px-3 py-2 text-right tabular sm:table-cell">
                  {formatMoney(fromPaise(priceOf(d, choices[d.date])))}
                </td>
                <td className="px-3 py-2">
                  {d.status === 'clash' && (
                    <fieldset className="flex flex-wrap gap-x-3 gap-y-1">
                      <legend className="sr-only">What to do on {formatDate(d.date)}</legend>
                      {d.proposal && (
                        <label className="inline-flex items-center gap-1.5">
                          <input
                            type="radio"
                            name={`choice-${d.date}`}
                            checked={choices[d.date] === 'move'}
                            onChange={() => setChoices((c) => ({ ...c, [d.date]: 'move' }))}
                          />
                          Use {range(d.proposal)}
                        </label>
                      )}
                      <label className="inline-flex items-center gap-1.5">
                        <input
                          type="radio"
                          name={`choice-${d.date}`}
                          checked={choices[d.date] === 'skip'}
                          onChange={() => setChoices((c) => ({ ...c, [d.date]: 'skip' }))}
                        />
                        Skip
                      </label>
                    </fieldset>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="flex items-baseline justify-between rounded-md bg-subtle px-3 py-2">
        <span>
          {booked} {booked === 1 ? 'booking' : 'bookings'}
        </span>
        <span>
          Total{' '}
          <strong className="text-base tabular" data-testid="subscription-total">
            {formatMoney(fromPaise(totalPaise))}
          </strong>
        </span>
      </p>
      <fieldset className="space-y-3">
        <legend className="mb-1.5 text-sm font-medium">Payment</legend>
        <div className="flex flex-wrap gap-4">
          <label className="inline-flex items-center gap-1.5">
            <input type="radio" name="subscription-payment" checked={payNow === 'all_now'} onChange={() => setPayNow('all_now')} />
            Pay all now
          </label>
          <label className="inline-flex items-center gap-1.5">
            <input type="radio" name="subscription-payment" checked={payNow === 'per_booking'} onChange={() => setPayNow('per_booking')} />
            Pay per booking
          </label>
        </div>
        {payNow === 'all_now' && (
          <div className="grid gap-4 sm:grid-cols-3">
            <MoneyField
              label="Amount"
              value={amount ?? fromPaise(totalPaise)}
              onChange={(v) => setAmount(v ?? '')}
              error={errors['payment.amount']}
            />
            <SelectField
              label="Payment Mode"
              required
              placeholder="Select mode"
              value={mode}
              onChange={setMode}
              options={optionsOf(modes.data)}
              error={errors['payment.payment_mode'] ?? errors.payment_mode}
            />
            <TextField
              label="Reference"
              value={reference}
              onChange={setReference}
              error={errors['payment.reference'] ?? errors.reference}
            />
          </div>
        )}
      </fieldset>
      {error != null && <Alert tone="error">{errorMessage(error)}</Alert>}
      <div className="flex justify-end gap-2 border-t border-line pt-3">
        <Button variant="secondary" onClick={onBack} disabled={saving}>
          Back
        </Button>
        <Button onClick={() => void save()} disabled={saving || booked === 0}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </div>
  );
}
