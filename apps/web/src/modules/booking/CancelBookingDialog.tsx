import { bookingCancelSchema, bookingCancelSlotsSchema, type Booking } from '@arena/contracts/booking';
import { toPaise, z } from '@arena/contracts/kit';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { LateCreditNote, lateCreditNote } from '../../components/LateCreditNote';
import { CheckboxField, Form, PaymentFields, TextareaField } from '../../components/form';
import { ApiError } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { requestSchema, useZodForm } from '../../lib/form';
import { notify } from '../../lib/notify';
import { useBookingMutations } from './api';
import { slotRange } from './status';

type BookedSlot = Booking['time_slots'][number];

const paise = (v: string) => toPaise(v) ?? 0;
const rupees = (p: number) => (p / 100).toFixed(2);

/**
 * The most that can be refunded: all that was paid when the booking goes, else what was paid
 * beyond the booking's new amount (the slot's price off the sub-total, the discount kept within it).
 */
export function refundableOn(booking: Booking, slot: BookedSlot | null): number {
  const paid = paise(booking.paid_amount);
  if (!slot) return paid;
  const sub = paise(booking.sub_total) - paise(slot.price);
  const amount = sub - Math.min(paise(booking.discount), sub);
  return Math.max(0, paid - amount);
}

const fields = z.object({
  reason: z.string(),
  refund: z.boolean(),
  amount: z.string(),
  payment_mode: z.string(),
  reference: z.string(),
  without_tax_adjustment: z.boolean(),
});

function cancelFormSchema(most: number, slot: BookedSlot | null) {
  const build = (v: z.output<typeof fields>, issue: (path: string, message: string) => void) => {
    const reason = v.reason.trim();
    if (!reason) issue('reason', 'Reason is required');
    let refund: { amount: string; payment_mode: string | undefined; reference: string } | undefined;
    if (v.refund) {
      const amount = toPaise(v.amount.trim());
      if (!v.amount.trim()) issue('amount', 'Enter the amount to refund.');
      else if (amount !== null && amount > most) issue('amount', `At most ${formatMoney(rupees(most))}.`);
      if (!v.payment_mode) issue('payment_mode', 'Choose a payment mode.');
      refund = { amount: v.amount.trim(), payment_mode: v.payment_mode || undefined, reference: v.reference };
    }
    return slot ? { reason, refund, booked_slot_ids: [slot.id] } : { reason, refund, tax_adjustment: !v.without_tax_adjustment };
  };
  // A request field's message lands on the form's field of the same name.
  const pathOf = (path: string) => path.replace(/^refund\./, '');
  return slot
    ? requestSchema(fields, bookingCancelSlotsSchema, build as never, pathOf)
    : requestSchema(fields, bookingCancelSchema, build as never, pathOf);
}

/** The server's `refund.amount` errors under the form's `amount` field. */
function onFormFields(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.data || typeof error.data !== 'object') return error;
  const data = Object.fromEntries(Object.entries(error.data as Record<string, unknown>).map(([k, v]) => [k.replace(/^refund\./, ''), v]));
  return new ApiError(error.message, error.status, data);
}

/**
 * Cancel a booking, or one slot of it: a reason, and whether to refund (by default all that can be:
 * what was paid, or for a slot what was paid beyond the new amount) — what is not refunded stays
 * as the client's credit.
 */
export function CancelBookingDialog({
  booking,
  slot,
  open,
  onClose,
}: {
  booking: Booking;
  /** One slot of a multi-slot booking; null cancels the whole booking. */
  slot: BookedSlot | null;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={slot ? 'Cancel slot' : 'Cancel booking'}
      description={
        slot
          ? `${slotRange(slot)} of ${booking.code} becomes free at once; the booking's total falls by ${formatMoney(slot.price)}.`
          : `${booking.code}'s slots become free for new bookings at once.`
      }
      size="md"
    >
      {open && <CancelForm booking={booking} slot={slot} onDone={onClose} />}
    </Dialog>
  );
}

function CancelForm({ booking, slot, onDone }: { booking: Booking; slot: BookedSlot | null; onDone: () => void }) {
  const { cancel, cancelSlots } = useBookingMutations();
  const most = refundableOn(booking, slot);
  const schema = useMemo(() => cancelFormSchema(most, slot), [most, slot]);
  const form = useZodForm(schema, {
    defaultValues: { reason: '', refund: most > 0, amount: rupees(most), payment_mode: '', reference: '', without_tax_adjustment: false },
  });
  // Set when the server refuses a credit note as too late (section 34(2)): the booking may go without one.
  const [late, setLate] = useState<string | null>(null);
  const { control } = form;
  const refund = useWatch({ control, name: 'refund' });
  const amount = useWatch({ control, name: 'amount' });
  const kept = Math.max(0, most - (refund ? (toPaise(amount.trim()) ?? 0) : 0));

  const submit = async (input: z.output<typeof bookingCancelSchema> | z.output<typeof bookingCancelSlotsSchema>) => {
    try {
      if (slot && 'booked_slot_ids' in input) await cancelSlots.mutateAsync({ id: booking.id, input });
      else
        await cancel.mutateAsync({
          id: booking.id,
          reason: input.reason ?? '',
          refund: input.refund,
          tax_adjustment: 'tax_adjustment' in input ? input.tax_adjustment : undefined,
        });
    } catch (error) {
      const message = slot ? null : lateCreditNote(error);
      if (!message) throw onFormFields(error);
      setLate(message);
      return;
    }
    const refunded = input.refund && paise(input.refund.amount) > 0 ? ` and ${formatMoney(input.refund.amount)} refunded` : '';
    notify.success(slot ? `Slot ${slotRange(slot)} was cancelled${refunded}.` : `Booking ${booking.code} was cancelled${refunded}.`);
    onDone();
  };

  return (
    <Form
      form={form}
      onSubmit={submit}
      footer={({ submitting }) => (
        <div className="sticky -bottom-4 z-10 -mx-5 -mb-4 flex justify-end gap-2 border-t border-line bg-surface px-5 py-3">
          <Button variant="secondary" onClick={onDone} disabled={submitting}>
            Keep booking
          </Button>
          <Button type="submit" variant="danger" disabled={submitting}>
            {submitting ? 'Cancelling…' : slot ? 'Cancel slot' : 'Cancel booking'}
          </Button>
        </div>
      )}
    >
      <TextareaField control={control} name="reason" label="Reason" required rows={2} maxLength={500} />
      {most > 0 ? (
        <div className="rounded-lg border border-line p-3">
          <CheckboxField
            control={control}
            name="refund"
            label="Refund"
            description={
              slot
                ? `${formatMoney(rupees(most))} was paid beyond the new total; refund at most that.`
                : `${formatMoney(booking.paid_amount)} was paid; refund at most that.`
            }
          />
          {refund && <PaymentFields control={control} required className="mt-3" />}
          {kept > 0 && <p className="mt-3 text-sm text-muted">{formatMoney(rupees(kept))} stays with the client as credit.</p>}
        </div>
      ) : (
        <Alert tone="info">Nothing was paid {slot ? 'beyond the new total' : 'on this booking'}, so there is nothing to refund.</Alert>
      )}
      {late && <LateCreditNote control={control} name="without_tax_adjustment" message={late} />}
    </Form>
  );
}
