import {
  cancelInputSchema,
  changeRoomInputSchema,
  checkInInputSchema,
  checkOutInputSchema,
  stayPaymentInputSchema,
} from '@arena/contracts/accommodation';
import { toPaise, z } from '@arena/contracts/kit';
import { ArrowLeft, LogIn, LogOut, Repeat, Wallet, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { Button, buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { FormDialog } from '../../components/FormDialog';
import { CheckboxField, MoneyField, optionsOf, PaymentFields, SelectField, TextareaField, TextField } from '../../components/form';
import { PageHeader } from '../../components/PageHeader';
import { PhoneLink } from '../../components/PhoneLink';
import { Skeleton } from '../../components/Skeleton';
import { useCrumbName } from '../../lib/crumbs';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { requestSchema, type FormControl } from '../../lib/form';
import { usePaymentModes } from '../../lib/lookups';
import { notify } from '../../lib/notify';
import { InvoiceActionButtons, InvoiceStatusBadge } from '../money/public';
import { ACCOMMODATION_PATHS, useCheckOutQuote, useRoom, useRoomOptions, useStay, useStayMutations, type StayDetail } from './api';
import { todayIso } from './dates';
import { bedText, RATE_BASIS_LABELS, stayDates, StayStatusBadge } from './parts';

const DEPOSIT_LABELS = { none: 'None', held: 'Held', refunded: 'Refunded', adjusted: 'Adjusted' } as const;

type Panel = 'check-in' | 'check-out' | 'change-room' | 'cancel' | 'pay' | null;
const positive = (v: string) => (toPaise(v) ?? 0) > 0;

/** Accommodation › Booking › a stay: who, where, when, money; check in, check out, change room, cancel, collect dues; its invoices. */
export function StayPage() {
  const { stayId } = useParams();
  const id = Number(stayId) || null;
  const stay = useStay(id);
  useCrumbName(
    id ? ACCOMMODATION_PATHS.stay(id) : '',
    stay.data ? `${stay.data.client_name} · ${bedText(stay.data.room_number, stay.data.bed)}` : null,
  );
  const back = (
    <Link to={ACCOMMODATION_PATHS.stays} className={buttonClass('ghost', 'sm', 'mb-2 -ml-2')}>
      <ArrowLeft size={15} aria-hidden /> All stays
    </Link>
  );
  if (stay.isPending)
    return (
      <div aria-busy="true">
        {back}
        <Skeleton className="h-72 w-full" />
      </div>
    );
  if (stay.isError)
    return (
      <div>
        {back}
        <Alert tone="error">{errorMessage(stay.error)}</Alert>
      </div>
    );
  return (
    <div>
      {back}
      <StayView stay={stay.data} />
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right tabular">{children}</dd>
    </div>
  );
}

function StayView({ stay }: { stay: StayDetail }) {
  const [panel, setPanel] = useState<Panel>(null);
  const today = todayIso();
  const reserved = stay.status === 'reserved';
  const inHouse = stay.status === 'checked_in';
  const close = () => setPanel(null);
  return (
    <div className="space-y-5">
      <PageHeader
        title={stay.client_name}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <StayStatusBadge status={stay.status} />
            <span>
              Room {stay.room_number}, bed {stay.bed} · {stay.room_type_name} · {stay.centre_name}
            </span>
          </span>
        }
        actions={
          <>
            {reserved && (
              <Button
                onClick={() => setPanel('check-in')}
                disabled={stay.check_in > today}
                title={stay.check_in > today ? `Check-in opens on ${formatDate(stay.check_in)}` : undefined}
              >
                <LogIn size={16} aria-hidden /> Check In
              </Button>
            )}
            {inHouse && (
              <Button onClick={() => setPanel('check-out')}>
                <LogOut size={16} aria-hidden /> Check Out
              </Button>
            )}
            {(inHouse || reserved) && (
              <Button variant="secondary" onClick={() => setPanel('change-room')}>
                <Repeat size={16} aria-hidden /> Change Room
              </Button>
            )}
            {positive(stay.due) && (
              <Button variant="secondary" onClick={() => setPanel('pay')}>
                <Wallet size={16} aria-hidden /> Collect Dues
              </Button>
            )}
            {reserved && (
              <Button variant="ghost-danger" onClick={() => setPanel('cancel')}>
                <XCircle size={16} aria-hidden /> Cancel
              </Button>
            )}
          </>
        }
      />
      {stay.status === 'cancelled' && <Alert tone="warning">Cancelled{stay.cancel_reason ? `: ${stay.cancel_reason}` : ''}.</Alert>}
      {(stay.previous_stay || stay.next_stay) && (
        <Alert tone="info">
          {stay.previous_stay && (
            <>
              Continues{' '}
              <Link to={ACCOMMODATION_PATHS.stay(stay.previous_stay)} className="underline">
                the stay before a room change
              </Link>
              .{' '}
            </>
          )}
          {stay.next_stay && (
            <>
              Moved on:{' '}
              <Link to={ACCOMMODATION_PATHS.stay(stay.next_stay)} className="underline">
                the stay in the new room
              </Link>
              .
            </>
          )}
        </Alert>
      )}
      <div className="grid gap-5 lg:grid-cols-3">
        <Card className="p-4">
          <h2 className="mb-2 text-sm font-semibold">Stay</h2>
          <dl className="divide-y divide-line text-sm">
            <Fact label="Dates">{stayDates(stay)}</Fact>
            <Fact label="Basis">{RATE_BASIS_LABELS[stay.rate_basis]}</Fact>
            <Fact label="Rate">
              {formatMoney(stay.rate)} {stay.rate_basis === 'monthly' ? 'a month' : 'a night'}
            </Fact>
            {stay.checked_in_at && <Fact label="Checked in at">{formatDateTime(stay.checked_in_at)}</Fact>}
            {stay.checked_out_at && <Fact label="Checked out at">{formatDateTime(stay.checked_out_at)}</Fact>}
            <Fact label="Phone">
              <PhoneLink phone={stay.client_phone} />
            </Fact>
          </dl>
          {stay.notes && <p className="mt-3 whitespace-pre-line text-sm text-muted">{stay.notes}</p>}
        </Card>
        <Card className="p-4">
          <h2 className="mb-2 text-sm font-semibold">Money</h2>
          <dl className="divide-y divide-line text-sm" aria-label="Money of the stay">
            <Fact label="Billed">{formatMoney(stay.billed)}</Fact>
            <Fact label="Paid">{formatMoney(stay.paid)}</Fact>
            <Fact label="Due">
              <span className={positive(stay.due) ? 'font-semibold text-danger-text' : ''}>{formatMoney(stay.due)}</span>
            </Fact>
            <Fact label="Deposit">
              {stay.deposit_status === 'none' ? (
                'None'
              ) : (
                <span className="inline-flex items-center gap-2">
                  {formatMoney(stay.deposit)}
                  <Badge tone={stay.deposit_status === 'held' ? 'info' : 'neutral'}>{DEPOSIT_LABELS[stay.deposit_status]}</Badge>
                </span>
              )}
            </Fact>
            {positive(stay.deposit_deducted) && <Fact label="Kept from deposit">{formatMoney(stay.deposit_deducted)}</Fact>}
          </dl>
        </Card>
        <Card className="p-4">
          <h2 className="mb-2 text-sm font-semibold">What happens next</h2>
          <p className="text-sm text-muted">
            {reserved
              ? stay.check_in > today
                ? `Reserved: check-in opens on ${formatDate(stay.check_in)}.`
                : 'Reserved: check the resident in when they arrive (the deposit is taken then).'
              : inHouse
                ? stay.rate_basis === 'monthly'
                  ? 'In house: rent is invoiced on each month’s start. Check out on the day they leave; an early check-out bills only the nights stayed.'
                  : 'In house: the nights are invoiced at check-out. An early check-out bills only the nights stayed.'
                : stay.status === 'checked_out'
                  ? 'Checked out. Collect anything still due.'
                  : 'Cancelled: the bed is free again.'}
          </p>
        </Card>
      </div>
      <Card>
        <div className="border-b border-line px-4 py-3">
          <h2 className="text-sm font-semibold">Invoices</h2>
        </div>
        {stay.invoices.length === 0 ? (
          <p className="px-4 py-6 text-sm text-muted">
            No invoices yet:{' '}
            {stay.rate_basis === 'nightly' ? 'a nightly stay is billed at check-out.' : 'monthly rent is billed on each month’s start.'}
          </p>
        ) : (
          <ul className="divide-y divide-line" aria-label="Invoices">
            {stay.invoices.map((inv) => (
              <li key={inv.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm">
                <div className="min-w-[12rem] flex-1">
                  <Link to={`/accounts/${inv.id}`} className="font-medium hover:text-accent-text hover:underline">
                    {inv.number}
                  </Link>{' '}
                  <InvoiceStatusBadge status={inv.status as never} />
                  <div className="text-xs text-muted">
                    {formatDate(inv.date)} · {formatDate(inv.period_start)} – {formatDate(inv.period_end)}
                  </div>
                </div>
                <div className="text-right tabular">
                  <div className="font-semibold">{formatMoney(inv.total)}</div>
                  {positive(inv.due) && <div className="text-xs text-danger-text">Due {formatMoney(inv.due)}</div>}
                </div>
                <div className="flex flex-wrap gap-2">
                  <InvoiceActionButtons invoice={inv} receipt={false} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {panel === 'check-in' && <CheckInDialog stay={stay} onClose={close} />}
      {panel === 'check-out' && <CheckOutDialog stay={stay} onClose={close} />}
      {panel === 'change-room' && <ChangeRoomDialog stay={stay} onClose={close} />}
      {panel === 'cancel' && <CancelDialog stay={stay} onClose={close} />}
      {panel === 'pay' && <PayDialog stay={stay} onClose={close} />}
    </div>
  );
}

const checkInForm = requestSchema(z.object({ deposit_payment_mode: z.string(), reference: z.string() }), checkInInputSchema, (v) => ({
  deposit_payment_mode: v.deposit_payment_mode ? Number(v.deposit_payment_mode) : null,
  reference: v.reference,
}));

function CheckInDialog({ stay, onClose }: { stay: StayDetail; onClose: () => void }) {
  const { checkIn } = useStayMutations();
  const modes = usePaymentModes();
  const deposit = positive(stay.deposit);
  return (
    <FormDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Check in ${stay.client_name}`}
      description={`Room ${stay.room_number}, bed ${stay.bed} · ${stayDates(stay)}`}
      schema={checkInForm}
      defaultValues={{ deposit_payment_mode: '', reference: '' }}
      submitLabel="Check In"
      onSubmit={async (body) => {
        await checkIn.mutateAsync({ id: stay.id, body });
        notify.success(`${stay.client_name} checked in.`);
        onClose();
      }}
    >
      {({ control }) => (
        <div className="grid gap-4">
          {deposit ? (
            <>
              <p className="text-sm">
                Deposit to take now: <span className="font-semibold tabular">{formatMoney(stay.deposit)}</span> (held, and refunded or
                adjusted at check-out).
              </p>
              <div className="grid gap-4 sm:grid-cols-2">
                <SelectField
                  control={control}
                  name="deposit_payment_mode"
                  label="Deposit paid by"
                  required
                  placeholder="Select mode"
                  options={optionsOf(modes.data)}
                  loading={modes.isPending}
                />
                <TextField control={control} name="reference" label="Reference" maxLength={100} placeholder="UPI ref (UTR), cheque no." />
              </div>
            </>
          ) : (
            <p className="text-sm text-muted">No deposit on this stay.</p>
          )}
        </div>
      )}
    </FormDialog>
  );
}

const checkOutFields = z.object({
  deposit_action: z.enum(['refund', 'adjust']),
  deductions: z.string(),
  deduction_reason: z.string(),
  refund_payment_mode: z.string(),
  pay_now: z.boolean(),
  payment: z.object({ amount: z.string(), payment_mode: z.string(), reference: z.string() }),
});
const checkOutForm = requestSchema(checkOutFields, checkOutInputSchema, (v) => ({
  deposit_action: v.deposit_action,
  deductions: v.deductions.trim() || '0.00',
  deduction_reason: v.deduction_reason,
  refund_payment_mode: v.refund_payment_mode ? Number(v.refund_payment_mode) : null,
  payment:
    v.pay_now && v.payment.amount.trim()
      ? { amount: v.payment.amount.trim(), payment_mode: Number(v.payment.payment_mode) || 0, reference: v.payment.reference }
      : null,
}));

/** Check-out today: the bill as it will be (an early check-out counts the nights stayed), the deposit refunded or adjusted, the rest collected. */
function CheckOutDialog({ stay, onClose }: { stay: StayDetail; onClose: () => void }) {
  const today = todayIso();
  const { checkOut } = useStayMutations();
  const quote = useCheckOutQuote(stay.id, today, true);
  const modes = usePaymentModes();
  const hasDeposit = stay.deposit_status === 'held' && positive(stay.deposit);
  const q = quote.data;
  return (
    <FormDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Check out ${stay.client_name}`}
      description={`Room ${stay.room_number}, bed ${stay.bed} · leaving ${formatDate(today)}`}
      schema={checkOutForm}
      size="lg"
      defaultValues={{
        deposit_action: 'refund',
        deductions: '0.00',
        deduction_reason: '',
        refund_payment_mode: '',
        pay_now: false,
        payment: { amount: '', payment_mode: '', reference: '' },
      }}
      submitLabel="Check Out"
      onSubmit={async (body) => {
        const done = await checkOut.mutateAsync({ id: stay.id, body });
        notify.success(`${stay.client_name} checked out. Due now ${formatMoney(done.due)}.`);
        onClose();
      }}
    >
      {({ control, watch }) => {
        const action = watch('deposit_action');
        const payNow = watch('pay_now');
        return (
          <div className="grid gap-4">
            <section aria-label="Bill at check-out" className="rounded-lg border border-line p-3 text-sm">
              {quote.isPending ? (
                <Skeleton className="h-24 w-full" />
              ) : quote.isError || !q ? (
                <Alert tone="error">{errorMessage(quote.error)}</Alert>
              ) : (
                <>
                  {q.early && (
                    <Alert tone="info">
                      Early check-out: booked to {formatDate(stay.check_out)}, billed for the {q.nights}{' '}
                      {q.nights === 1 ? 'night' : 'nights'} stayed.
                    </Alert>
                  )}
                  <dl className="mt-2 divide-y divide-line">
                    <Fact label="Nights stayed">{q.nights}</Fact>
                    <Fact label="Charges">{formatMoney(q.charges)}</Fact>
                    <Fact label="Paid">{formatMoney(q.paid)}</Fact>
                    <Fact label="Deposit held">{formatMoney(q.deposit)}</Fact>
                    <Fact label="Due after check-out">
                      <span className="font-semibold">{formatMoney(q.due)}</span>
                    </Fact>
                  </dl>
                </>
              )}
            </section>
            {hasDeposit && (
              <div className="grid gap-4 sm:grid-cols-2">
                <SelectField
                  control={control}
                  name="deposit_action"
                  label="Deposit"
                  required
                  options={[
                    { value: 'refund', label: 'Refund it' },
                    { value: 'adjust', label: 'Adjust it against the bill' },
                  ]}
                />
                {action === 'refund' && (
                  <SelectField
                    control={control}
                    name="refund_payment_mode"
                    label="Refund by"
                    placeholder="Select mode"
                    options={optionsOf(modes.data)}
                    loading={modes.isPending}
                  />
                )}
                <MoneyField control={control} name="deductions" label="Kept for damage" hint={`At most ${formatMoney(stay.deposit)}`} />
                <TextField control={control} name="deduction_reason" label="Reason kept" maxLength={200} />
              </div>
            )}
            <CheckboxField
              control={control}
              name="pay_now"
              label="Collect a payment now"
              description="Settle what is due with this check-out."
            />
            {payNow && <PaymentFields control={control} prefix="payment" required />}
          </div>
        );
      }}
    </FormDialog>
  );
}

const changeRoomForm = requestSchema(
  z.object({ room: z.string(), bed: z.string(), rate: z.string(), notes: z.string() }),
  changeRoomInputSchema,
  (v, issue) => {
    if (!v.room) issue('room', 'Choose a room.');
    if (!v.bed) issue('bed', 'Choose a bed of the room.');
    return { room: Number(v.room), bed: Number(v.bed), rate: v.rate.trim() || undefined, notes: v.notes };
  },
);

function ChangeRoomDialog({ stay, onClose }: { stay: StayDetail; onClose: () => void }) {
  const { changeRoom } = useStayMutations();
  const rooms = useRoomOptions();
  return (
    <FormDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Change room of ${stay.client_name}`}
      description={`This stay ends today; a new one on the new bed starts today and runs to ${formatDate(stay.check_out)}.`}
      schema={changeRoomForm}
      defaultValues={{ room: '', bed: '', rate: '', notes: '' }}
      submitLabel="Change Room"
      onSubmit={async (body) => {
        const r = await changeRoom.mutateAsync({ id: stay.id, body });
        notify.success(`${stay.client_name} moved to room ${r.new.room_number}, bed ${r.new.bed}.`);
        onClose();
      }}
    >
      {({ control, watch }) => (
        <ChangeRoomFields
          control={control}
          roomId={Number(watch('room')) || null}
          options={optionsOf(rooms.data)}
          loading={rooms.isPending}
        />
      )}
    </FormDialog>
  );
}

function ChangeRoomFields({
  control,
  roomId,
  options,
  loading,
}: {
  control: FormControl<{ room: string; bed: string; rate: string; notes: string }>;
  roomId: number | null;
  options: { value: string; label: string }[];
  loading: boolean;
}) {
  const room = useRoom(roomId);
  const beds = Array.from({ length: room.data?.beds ?? 0 }, (_, i) => ({ value: String(i + 1), label: `Bed ${i + 1}` }));
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        control={control}
        name="room"
        label="New room"
        required
        placeholder="Choose a room"
        options={options}
        loading={loading}
      />
      <SelectField control={control} name="bed" label="Bed" required placeholder="Choose a bed" options={beds} loading={room.isFetching} />
      <MoneyField control={control} name="rate" label="New rate" hint="The current rate when left blank" />
      <TextareaField control={control} name="notes" label="Notes" rows={2} maxLength={500} className="sm:col-span-2" />
    </div>
  );
}

function CancelDialog({ stay, onClose }: { stay: StayDetail; onClose: () => void }) {
  const { cancel } = useStayMutations();
  return (
    <FormDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Cancel the stay of ${stay.client_name}?`}
      description={`Room ${stay.room_number}, bed ${stay.bed} · ${stayDates(stay)}. The bed is free again for these dates.`}
      schema={cancelInputSchema}
      defaultValues={{ reason: '' }}
      submitLabel="Cancel Stay"
      onSubmit={async (body) => {
        await cancel.mutateAsync({ id: stay.id, body });
        notify.success('The stay was cancelled.');
        onClose();
      }}
    >
      {({ control }) => <TextField control={control} name="reason" label="Reason" maxLength={500} />}
    </FormDialog>
  );
}

const payForm = requestSchema(
  z.object({ amount: z.string(), payment_mode: z.string(), reference: z.string(), notes: z.string() }),
  stayPaymentInputSchema,
  (v) => ({
    ...v,
    amount: v.amount.trim(),
    payment_mode: Number(v.payment_mode) || 0,
  }),
);

function PayDialog({ stay, onClose }: { stay: StayDetail; onClose: () => void }) {
  const { pay } = useStayMutations();
  return (
    <FormDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Collect dues of ${stay.client_name}`}
      description={`Due ${formatMoney(stay.due)}: the payment settles the stay's invoices, oldest first.`}
      schema={payForm}
      defaultValues={{ amount: stay.due, payment_mode: '', reference: '', notes: '' }}
      submitLabel="Record Payment"
      onSubmit={async (body) => {
        await pay.mutateAsync({ id: stay.id, body });
        notify.success(`${formatMoney(body.amount)} received from ${stay.client_name}.`);
        onClose();
      }}
    >
      {({ control }) => (
        <div className="grid gap-4">
          <PaymentFields control={control} required />
          <TextareaField control={control} name="notes" label="Notes" rows={2} maxLength={500} />
        </div>
      )}
    </FormDialog>
  );
}
