import { PhoneLink } from '../../components/PhoneLink';
import { usePermissions } from '../../state/permissions';
import { bookingCreditRefundSchema, bookingUpdateSchema, paymentInputSchema, type Booking } from '@arena/contracts/booking';
import { toPaise, z } from '@arena/contracts/kit';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useState } from 'react';
import type { Control, FieldValues, UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { DateField, Form, MoneyField, PaymentFields, SelectField } from '../../components/form';
import { Skeleton } from '../../components/Skeleton';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { requestSchema, useZodForm } from '../../lib/form';
import { notify } from '../../lib/notify';
import { InvoiceActionButtons, InvoiceStatusBadge } from '../money/public';
import { PaymentLinkDialog, useCanSendPaymentLink } from '../payments/public';
import { bookingKeys, fetchDay, fetchFacilities, fetchPayments, useBooking, useBookingMutations, useClientCredit } from './api';
import { CancelBookingDialog } from './CancelBookingDialog';
import { moveDifference } from './move-difference';
import { PaymentBadge, slotRange, sourceLabel, StatusBadge } from './status';

/** One booking: who, what, money; cancel (with a reason), complete, no-show, payments and discount. */
export function BookingDetailDialog({ bookingId, onClose }: { bookingId: number | null; onClose: () => void }) {
  const booking = useBooking(bookingId);
  return (
    <Dialog
      open={!!bookingId}
      onOpenChange={(o) => !o && onClose()}
      title={booking.data ? `Booking ${booking.data.code}` : 'Booking'}
      description={
        booking.data ? `${booking.data.sport_name} - ${booking.data.facility_name} · ${formatDate(booking.data.date)}` : undefined
      }
      size="lg"
    >
      {booking.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : booking.isError ? (
        <Alert tone="error">{errorMessage(booking.error)}</Alert>
      ) : (
        <BookingDetail booking={booking.data} />
      )}
    </Dialog>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right tabular">{children}</dd>
    </div>
  );
}

/** A booking has started once its date is past, or it is today and its first slot's start has come (this device's clock). */
function hasStarted(booking: Booking): boolean {
  const now = new Date();
  const today = format(now, 'yyyy-MM-dd');
  if (booking.date < today) return true;
  const first = booking.time_slots.filter((s) => s.is_active).sort((a, b) => a.start_time.localeCompare(b.start_time))[0];
  return booking.date === today && (!first || first.start_time <= format(now, 'HH:mm:ss'));
}

function BookingDetail({ booking }: { booking: Booking }) {
  const { complete, noShow } = useBookingMutations();
  const payments = useQuery({
    queryKey: [...bookingKeys.payments, 'of', booking.id, booking.paid_amount],
    queryFn: () => fetchPayments({ page: 1, page_size: 50, booking: booking.id }),
  });
  const credit = useClientCredit(booking.client);
  const [panel, setPanel] = useState<'none' | 'pay' | 'discount' | 'move' | 'refund'>('none');
  /** The cancel dialog: for the booking (slot null) or one of its slots. */
  const [cancelling, setCancelling] = useState<{ slot: Booking['time_slots'][number] | null } | null>(null);
  const [linking, setLinking] = useState(false);
  const canLink = useCanSendPaymentLink('Booking Management');
  const open = booking.status === 'confirmed';
  const started = hasStarted(booking);
  const due = (toPaise(booking.due_amount) ?? 0) > 0;
  // A portal hold is paid through the gateway only (issue 23): the desk takes no money on it.
  const payable = booking.status !== 'cancelled' && booking.status !== 'awaiting_payment' && due;
  const activeSlots = booking.time_slots.filter((s) => s.is_active);
  const hasCredit = (toPaise(booking.credit_amount) ?? 0) > 0;
  const clientCredit = credit.data && (toPaise(credit.data.credit_amount) ?? 0) > 0 ? credit.data.credit_amount : null;

  const run = async (label: string, action: () => Promise<unknown>) => {
    try {
      await action();
      notify.success(label);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  return (
    <div className="space-y-5 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={booking.status} />
        <PaymentBadge status={booking.payment_status} />
        <span className="text-xs text-muted">
          {sourceLabel(booking.source)} · created {formatDateTime(booking.created_at)}
        </span>
      </div>
      {booking.status === 'cancelled' && booking.cancel_reason && <Alert tone="warning">Cancelled: {booking.cancel_reason}</Alert>}
      {booking.status === 'awaiting_payment' && (
        <Alert tone="warning">
          Held for an online payment on the portal: the slots are kept for up to 10 minutes and confirmed when the payment arrives, or freed
          if it fails.
        </Alert>
      )}

      <div className="grid gap-5 sm:grid-cols-2">
        <section>
          <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">Client</h3>
          <p className="font-medium">{booking.name}</p>
          <p className="text-muted">
            <PhoneLink phone={booking.mobile} />
          </p>
          {booking.email && <p className="text-muted">{booking.email}</p>}
          {clientCredit && (
            <p className="mt-1 font-medium text-success-text" aria-label="Client credit">
              Credit {formatMoney(clientCredit)}
            </p>
          )}
          <h3 className="mb-1 mt-4 text-xs font-semibold uppercase tracking-wide text-muted">Slots</h3>
          <ul className="space-y-1">
            {booking.time_slots.map((s) => (
              <li key={s.id} className="flex items-center justify-between gap-2 tabular" aria-label={`Slot ${slotRange(s)}`}>
                <span className={s.is_active || booking.status === 'cancelled' ? '' : 'text-muted line-through'}>
                  {slotRange(s)}
                  {!s.is_active && booking.status !== 'cancelled' && <span className="ml-1 text-xs no-underline">(cancelled)</span>}
                </span>
                <span className="flex items-center gap-2">
                  {open && s.is_active && activeSlots.length > 1 && (
                    <Button size="sm" variant="ghost" onClick={() => setCancelling({ slot: s })}>
                      Cancel slot
                    </Button>
                  )}
                  <span>{formatMoney(s.price)}</span>
                </span>
              </li>
            ))}
          </ul>
          {booking.notes && <p className="mt-3 text-muted">Notes: {booking.notes}</p>}
        </section>
        <section>
          <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">Amount</h3>
          <dl className="divide-y divide-line">
            <Row label="Sub total">{formatMoney(booking.sub_total)}</Row>
            <Row label="Discount">{formatMoney(booking.discount)}</Row>
            {/* Prices include GST: the tax is a part of the total, not added to it. */}
            {booking.tax !== '0.00' && <Row label="Tax (included)">{formatMoney(booking.tax)}</Row>}
            <Row label="Total">
              <span className="font-semibold">{formatMoney(booking.booking_amount)}</span>
            </Row>
            <Row label="Paid">{formatMoney(booking.paid_amount)}</Row>
            {(toPaise(booking.refunded_amount) ?? 0) > 0 && <Row label="Refunded">{formatMoney(booking.refunded_amount)}</Row>}
            {hasCredit && (
              <Row label="Credit">
                <span className="font-semibold">{formatMoney(booking.credit_amount)}</span>
              </Row>
            )}
            <Row label="Due">
              <span className={due ? 'font-semibold text-danger-text' : ''}>{formatMoney(booking.due_amount)}</span>
            </Row>
          </dl>
        </section>
      </div>

      <section>
        <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">Payments</h3>
        {payments.isPending ? (
          <Skeleton className="h-6 w-full" />
        ) : payments.data && payments.data.results.length > 0 ? (
          <ul className="divide-y divide-line rounded-md border border-line">
            {payments.data.results.map((p) => (
              <li key={p.id} className="flex flex-wrap justify-between gap-2 px-3 py-2">
                <span>
                  {formatDate(p.paid_on)} · {p.payment_mode_name}
                  {p.reference && <span className="text-muted"> · {p.reference}</span>}
                </span>
                <span className={p.direction === 'out' ? 'font-medium tabular text-danger-text' : 'font-medium tabular'}>
                  {p.kind === 'refund' && <span className="mr-1 text-xs font-normal">Refund</span>}
                  {formatMoney(p.signed_amount)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted">No payments yet.</p>
        )}
      </section>

      {booking.invoice && <InvoiceRow invoice={booking.invoice} />}
      {booking.supplementary_invoices.map((inv) => (
        <InvoiceRow key={inv.id} invoice={inv} supplementary />
      ))}

      {panel === 'pay' && <PaymentPanel booking={booking} onClose={() => setPanel('none')} />}
      {panel === 'discount' && <DiscountPanel booking={booking} onClose={() => setPanel('none')} />}
      {panel === 'move' && <MovePanel booking={booking} onClose={() => setPanel('none')} />}
      {panel === 'refund' && <RefundCreditPanel booking={booking} onClose={() => setPanel('none')} />}
      {linking && (
        <PaymentLinkDialog
          sales={[{ type: 'booking', id: booking.id, label: `Booking ${booking.code}`, due: booking.due_amount }]}
          phone={booking.mobile}
          open
          onOpenChange={setLinking}
        />
      )}
      <CancelBookingDialog booking={booking} slot={cancelling?.slot ?? null} open={!!cancelling} onClose={() => setCancelling(null)} />

      {(payable || open || hasCredit) && (
        <div className="sticky -bottom-4 -mx-5 -mb-4 flex flex-wrap justify-end gap-2 border-t border-line bg-surface px-5 py-3">
          {payable && (
            <Button size="sm" variant="secondary" onClick={() => setPanel('pay')}>
              Record Payment
            </Button>
          )}
          {payable && canLink && (
            <Button size="sm" variant="secondary" onClick={() => setLinking(true)}>
              Send Payment Link
            </Button>
          )}
          {hasCredit && (
            <Button size="sm" variant="secondary" onClick={() => setPanel('refund')}>
              Refund Credit
            </Button>
          )}
          {open && (
            <>
              <Button size="sm" variant="secondary" onClick={() => setPanel('discount')}>
                Discount
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setPanel('move')}>
                Move
              </Button>
              {/* Complete and No-show once the booking has started. */}
              {started && (
                <>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => void run('Marked as no-show.', () => noShow.mutateAsync(booking.id))}
                  >
                    No-show
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => void run('Marked as completed.', () => complete.mutateAsync(booking.id))}
                  >
                    Complete
                  </Button>
                </>
              )}
              <Button size="sm" variant="danger" onClick={() => setCancelling({ slot: null })}>
                Cancel Booking
              </Button>
            </>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The booking's tax invoice, or a supplementary invoice (a move to dearer slots): its number
 * (opens it under Accounts), status, and Print, Download PDF and Email.
 */
function InvoiceRow({ invoice, supplementary = false }: { invoice: NonNullable<Booking['invoice']>; supplementary?: boolean }) {
  // The desk prints and mails the booking's invoice; the invoice page belongs to Accounts.
  const accounts = usePermissions((s) => s.allowedModules.includes('Invoice Management'));
  const heading = supplementary ? 'Supplementary invoice' : 'Invoice';
  return (
    <section aria-label={supplementary ? `${heading} ${invoice.number}` : heading}>
      <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">{heading}</h3>
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-line px-3 py-2">
        <span className="flex items-center gap-2">
          {accounts ? (
            <Link to={`/accounts/${invoice.id}`} className="font-medium text-accent-text hover:underline">
              {invoice.number}
            </Link>
          ) : (
            <span className="font-medium">{invoice.number}</span>
          )}
          <InvoiceStatusBadge status={invoice.status} />
        </span>
        <span className="flex flex-wrap gap-2">
          <InvoiceActionButtons invoice={invoice} receipt={false} />
        </span>
      </div>
    </section>
  );
}

/** A payment as the form holds it: the amount as typed, the mode's id as select text. */
const paymentFormSchema = requestSchema(
  z.object({ amount: z.string(), payment_mode: z.string(), reference: z.string() }),
  paymentInputSchema,
  (v, issue) => {
    if (!v.payment_mode) issue('payment_mode', 'Choose a payment mode.');
    return { amount: v.amount.trim(), payment_mode: v.payment_mode || undefined, reference: v.reference };
  },
);

/** The fields every money movement on a booking takes: amount, payment mode, reference. */
interface MoneyFields extends FieldValues {
  amount: string;
  payment_mode: string;
  reference: string;
}

/** A payment or a refund against the booking: the amount, mode and reference, saved or closed. */
function MoneyMovementPanel<I extends MoneyFields, O>({
  label,
  submitLabel,
  form,
  onSubmit,
  onClose,
}: {
  label: string;
  submitLabel: string;
  form: UseFormReturn<I, unknown, O>;
  onSubmit: (values: O) => Promise<unknown>;
  onClose: () => void;
}) {
  const control = form.control as unknown as Control<MoneyFields>;
  return (
    <section className="rounded-lg border border-line p-3" aria-label={label}>
      <Form
        form={form}
        className="space-y-3"
        onSubmit={onSubmit}
        footer={({ submitting }) => (
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="secondary" onClick={onClose}>
              Close
            </Button>
            <Button size="sm" type="submit" disabled={submitting}>
              {submitting ? 'Saving…' : submitLabel}
            </Button>
          </div>
        )}
      >
        <PaymentFields control={control} required className="gap-3" />
      </Form>
    </section>
  );
}

/** Record a payment against the booking, the due amount filled in. */
function PaymentPanel({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const { pay } = useBookingMutations();
  const form = useZodForm(paymentFormSchema, { defaultValues: { amount: booking.due_amount, payment_mode: '', reference: '' } });
  return (
    <MoneyMovementPanel
      label="Record payment"
      submitLabel="Save Payment"
      form={form}
      onClose={onClose}
      onSubmit={async (input) => {
        await pay.mutateAsync({ id: booking.id, input });
        notify.success(`Payment of ${formatMoney(input.amount)} recorded.`);
        onClose();
      }}
    />
  );
}

const discountFormSchema = requestSchema(z.object({ discount: z.string() }), bookingUpdateSchema, (v) => ({
  discount: v.discount.trim() || '0',
}));

/** Change the booking's discount (the server keeps it within the slot total and above what is paid). */
function DiscountPanel({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const { patch } = useBookingMutations();
  const form = useZodForm(discountFormSchema, { defaultValues: { discount: booking.discount } });
  return (
    <section className="rounded-lg border border-line p-3" aria-label="Change discount">
      <Form
        form={form}
        className="space-y-3"
        onSubmit={async (input) => {
          await patch.mutateAsync({ id: booking.id, input });
          notify.success('Discount applied.');
          onClose();
        }}
      >
        <div className="grid items-start gap-3 sm:grid-cols-[12rem_auto]">
          <MoneyField control={form.control} name="discount" label="Discount" />
          <div className="flex gap-2 sm:pt-7">
            <Button size="sm" variant="secondary" onClick={onClose}>
              Close
            </Button>
            <Button size="sm" type="submit" disabled={form.formState.isSubmitting}>
              Apply Discount
            </Button>
          </div>
        </div>
      </Form>
    </section>
  );
}

/**
 * Move the booking to other free slots: any facility of the same sport in its centre (another
 * court), a date, and that facility's free slots that day with their prices (the day view's
 * answer); the price difference shows before the desk confirms.
 */
function MovePanel({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const { move } = useBookingMutations();
  const [facility, setFacility] = useState(String(booking.facility));
  const [date, setDate] = useState(booking.date);
  const [picked, setPicked] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const facilities = useQuery({
    queryKey: [...bookingKeys.facilities, 'centre', booking.centre, 'move'],
    queryFn: () => fetchFacilities({ page: 1, page_size: 100, centre: booking.centre, ordering: 'name' }),
  });
  // Another court of the same sport; the booking's own always (even when it is no longer active).
  const sameSport = (facilities.data?.results ?? []).filter(
    (f) => f.sport_name === booking.sport_name && (f.is_active || f.id === booking.facility),
  );
  const options = sameSport.length
    ? sameSport.map((f) => ({ value: String(f.id), label: f.name }))
    : [{ value: String(booking.facility), label: booking.facility_name }];
  const day = useQuery({
    queryKey: bookingKeys.day(facility, date),
    queryFn: () => fetchDay(facility, date),
    enabled: !!date && !!facility,
  });
  const own = new Set(
    String(booking.facility) === facility ? booking.time_slots.filter((s) => s.is_active && s.date === date).map((s) => s.time_slot) : [],
  );
  const slots = (day.data ?? []).flatMap((g) => g.time_slots).filter((s) => s.booking_status === 'available' || own.has(s.id));
  const subTotal = slots.filter((s) => picked.includes(s.id)).reduce((n, s) => n + (toPaise(s.price) ?? 0), 0);
  const difference = picked.length ? moveDifference(booking, subTotal) : null;
  const toggle = (id: number) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]));
  const facilityName = options.find((o) => o.value === facility)?.label ?? booking.facility_name;
  const submit = async () => {
    setError(null);
    try {
      await move.mutateAsync({ id: booking.id, input: { facility: Number(facility), date, time_slot_ids: picked } });
      notify.success(`Booking ${booking.code} was moved to ${facilityName}, ${formatDate(date)}.`);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <section className="space-y-3 rounded-lg border border-line p-3" aria-label="Move booking">
      {error && <Alert tone="error">{error}</Alert>}
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={booking.sport_name ? `${booking.sport_name} facility` : 'Facility'}
          value={facility}
          onChange={(v: string) => {
            setFacility(v);
            setPicked([]);
          }}
          loading={facilities.isPending}
          options={options}
        />
        <DateField
          label="Date"
          value={date}
          onChange={(v: string) => {
            setDate(v);
            setPicked([]);
          }}
        />
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">Free slots of {facilityName}</legend>
        {day.isPending ? (
          <Skeleton className="h-8 w-full" />
        ) : day.isError ? (
          <Alert tone="error">{errorMessage(day.error)}</Alert>
        ) : slots.length ? (
          <div className="flex flex-wrap gap-2">
            {slots.map((s) => (
              <button
                key={s.id}
                type="button"
                aria-pressed={picked.includes(s.id)}
                onClick={() => toggle(s.id)}
                className={
                  picked.includes(s.id)
                    ? 'rounded-md border border-accent bg-accent px-2.5 py-1 text-sm text-accent-fg tabular'
                    : 'rounded-md border border-line px-2.5 py-1 text-sm tabular hover:bg-subtle'
                }
              >
                {slotRange(s)} · {formatMoney(s.price)}
              </button>
            ))}
          </div>
        ) : (
          <p className="text-muted">No free slots on this date.</p>
        )}
      </fieldset>
      {difference && (
        <p role="status" className="flex flex-wrap justify-between gap-2 rounded-md bg-subtle px-3 py-2 text-sm">
          <span className="tabular">
            New amount {formatMoney(difference.amount / 100)}{' '}
            <span className="text-muted">(was {formatMoney(booking.booking_amount)})</span>
          </span>
          <span className={difference.tone === 'more' ? 'font-medium text-warning-text' : 'font-medium'} data-testid="move-difference">
            {difference.text}
          </span>
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button size="sm" onClick={() => void submit()} disabled={!picked.length || move.isPending}>
          {move.isPending ? 'Moving…' : 'Move Booking'}
        </Button>
      </div>
    </section>
  );
}

const refundFormSchema = requestSchema(
  z.object({ amount: z.string(), payment_mode: z.string(), reference: z.string(), reason: z.string() }),
  bookingCreditRefundSchema,
  (v, issue) => {
    if (!v.payment_mode) issue('payment_mode', 'Choose a payment mode.');
    return { amount: v.amount.trim(), payment_mode: v.payment_mode || undefined, reference: v.reference, reason: v.reason };
  },
);

/** Give back (part of) the credit the booking holds. */
function RefundCreditPanel({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const { refundCredit } = useBookingMutations();
  const form = useZodForm(refundFormSchema, {
    defaultValues: { amount: booking.credit_amount, payment_mode: '', reference: '', reason: '' },
  });
  return (
    <MoneyMovementPanel
      label="Refund credit"
      submitLabel="Refund"
      form={form}
      onClose={onClose}
      onSubmit={async (input) => {
        await refundCredit.mutateAsync({ id: booking.id, input });
        notify.success(`${formatMoney(input.amount)} refunded.`);
        onClose();
      }}
    />
  );
}
