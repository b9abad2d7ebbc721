import { deskBookingInputSchema } from '@arena/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { inputClass, TextField } from '../../components/TextField';
import { fieldErrors, submitErrorText } from '../../lib/errors';
import { formatDate, formatMoney } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useDebounced } from '../../lib/useDebounced';
import { fetchClients, useBookingMutations, usePaymentModeOptions, type Client, type DaySlot } from './api';
import { slotRange } from './status';
import { toPaise, fromPaise } from '@arena/contracts';

type Errors = Record<string, string>;

/** A desk booking of the picked free slots for an existing or new client, with an optional discount and payment. */
export function DeskBookingDialog({
  open,
  onOpenChange,
  facility,
  facilityName,
  date,
  slots,
  onBooked,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  facility: number;
  facilityName: string;
  date: string;
  slots: DaySlot[];
  onBooked: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="New Booking" description={`${facilityName} · ${formatDate(date)}`} size="lg">
      {open && <DeskBookingForm facility={facility} date={date} slots={slots} onDone={onBooked} onCancel={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function DeskBookingForm({
  facility,
  date,
  slots,
  onDone,
  onCancel,
}: {
  facility: number;
  date: string;
  slots: DaySlot[];
  onDone: () => void;
  onCancel: () => void;
}) {
  const { create } = useBookingMutations();
  const modes = usePaymentModeOptions();
  const [mode, setMode] = useState<'new' | 'existing'>('new');
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), 250);
  const clients = useQuery({
    queryKey: ['booking', 'client', 'pick', term],
    queryFn: () => fetchClients({ page: 1, page_size: 8, search: term || undefined }),
    enabled: mode === 'existing',
  });
  const [client, setClient] = useState<Client | null>(null);
  const [contact, setContact] = useState({ name: '', mobile_no: '', email: '' });
  const [discount, setDiscount] = useState('');
  const [notes, setNotes] = useState('');
  const [takePayment, setTakePayment] = useState(false);
  const [payment, setPayment] = useState({ amount: '', payment_mode: '', reference: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const subTotal = slots.reduce((n, s) => n + (toPaise(s.price) ?? 0), 0);
  const discountPaise = toPaise(discount || '0') ?? 0;
  const total = Math.max(subTotal - discountPaise, 0);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setFormError(null);
    const found: Errors = {};
    if (mode === 'existing' && !client) found.client = 'Choose a client.';
    if (mode === 'new' && !contact.name.trim()) found.name = 'Name is required';
    if (mode === 'new' && !contact.mobile_no.trim()) found.mobile_no = 'Phone number is required';
    const body = {
      facility,
      date,
      time_slot_ids: slots.map((s) => s.id),
      ...(mode === 'existing' && client
        ? { client: client.id }
        : { name: contact.name.trim(), mobile_no: contact.mobile_no, email: contact.email.trim() }),
      discount: discount.trim() || '0',
      notes,
      ...(takePayment
        ? {
            payment: {
              amount: payment.amount.trim(),
              payment_mode: Number(payment.payment_mode) || undefined,
              reference: payment.reference,
            },
          }
        : {}),
    };
    const parsed = deskBookingInputSchema.safeParse(body);
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        found[issue.path.join('.')] ??= issue.path.join('.') === 'payment.payment_mode' ? 'Choose a payment mode.' : issue.message;
    if (discountPaise > subTotal) found.discount = 'The discount cannot be more than the total.';
    setErrors(found);
    if (Object.keys(found).length || !parsed.success) return;
    try {
      const booking = await create.mutateAsync(parsed.data);
      notify.success(`Booking ${booking.code} created.`);
      onDone();
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors(fields);
      setFormError(submitErrorText(error, fields));
    }
  }

  const err = (k: string) => errors[k] || undefined;

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
      {formError && <Alert tone="error">{formError}</Alert>}
      <section className="rounded-lg border border-line bg-subtle/50 p-3 text-sm">
        <ul className="flex flex-wrap gap-1.5">
          {slots.map((s) => (
            <li key={s.id} className="rounded-md border border-line bg-surface px-2 py-1 tabular">
              {slotRange(s)} · {formatMoney(s.price)}
            </li>
          ))}
        </ul>
      </section>

      <div>
        <div role="radiogroup" aria-label="Client" className="mb-3 inline-flex rounded-md border border-line-strong p-0.5 text-sm">
          {(['new', 'existing'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={mode === m}
              onClick={() => setMode(m)}
              className={`rounded px-3 py-1.5 font-medium ${mode === m ? 'bg-accent text-accent-fg' : 'text-muted hover:text-fg'}`}
            >
              {m === 'new' ? 'New client' : 'Existing client'}
            </button>
          ))}
        </div>
        {mode === 'new' ? (
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label="Name"
              required
              value={contact.name}
              onChange={(e) => setContact({ ...contact, name: e.target.value })}
              error={err('name')}
            />
            <TextField
              label="Mobile"
              type="tel"
              inputMode="numeric"
              required
              value={contact.mobile_no}
              onChange={(e) => setContact({ ...contact, mobile_no: e.target.value })}
              error={err('mobile_no')}
              hint="Matches an existing client with this number."
            />
            <TextField
              label="Email"
              type="email"
              value={contact.email}
              onChange={(e) => setContact({ ...contact, email: e.target.value })}
              error={err('email')}
            />
          </div>
        ) : (
          <div className="space-y-2">
            <TextField
              label="Find client"
              placeholder="Name or mobile"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              error={err('client')}
            />
            <ul className="max-h-44 divide-y divide-line overflow-y-auto rounded-md border border-line" aria-label="Matching clients">
              {clients.data?.results.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    aria-pressed={client?.id === c.id}
                    onClick={() => setClient(c)}
                    className={`flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-subtle ${client?.id === c.id ? 'bg-accent-soft' : ''}`}
                  >
                    <span className="font-medium">{c.name}</span>
                    <span className="text-muted tabular">{c.mobile || c.email}</span>
                  </button>
                </li>
              ))}
              {clients.data?.results.length === 0 && <li className="px-3 py-2 text-sm text-muted">No clients match.</li>}
            </ul>
          </div>
        )}
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Discount (₹)"
          inputMode="decimal"
          placeholder="0.00"
          value={discount}
          onChange={(e) => setDiscount(e.target.value)}
          error={err('discount')}
        />
        <TextField label="Notes" className="sm:col-span-2" value={notes} onChange={(e) => setNotes(e.target.value)} error={err('notes')} />
      </div>

      <div className="rounded-lg border border-line p-3">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            checked={takePayment}
            onChange={(e) => {
              setTakePayment(e.target.checked);
              if (e.target.checked && !payment.amount) setPayment((p) => ({ ...p, amount: fromPaise(total) }));
            }}
            className="h-4 w-4 accent-[var(--color-accent)]"
          />
          Record a payment now
        </label>
        {takePayment && (
          <div className="mt-3 grid gap-4 sm:grid-cols-3">
            <TextField
              label="Amount (₹)"
              inputMode="decimal"
              value={payment.amount}
              onChange={(e) => setPayment({ ...payment, amount: e.target.value })}
              error={err('payment.amount')}
            />
            <div>
              <label htmlFor="desk-payment-mode" className="mb-1.5 block text-sm font-medium">
                Payment Mode
              </label>
              <select
                id="desk-payment-mode"
                value={payment.payment_mode}
                onChange={(e) => setPayment({ ...payment, payment_mode: e.target.value })}
                className={inputClass(!!err('payment.payment_mode'))}
              >
                <option value="">Select mode</option>
                {modes.data?.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </select>
              {err('payment.payment_mode') && <p className="mt-1.5 text-xs font-medium text-danger-text">{err('payment.payment_mode')}</p>}
            </div>
            <TextField
              label="Reference"
              placeholder="UPI ref, cheque no."
              value={payment.reference}
              onChange={(e) => setPayment({ ...payment, reference: e.target.value })}
            />
          </div>
        )}
      </div>

      <dl className="ml-auto max-w-xs space-y-1 text-sm">
        <div className="flex justify-between">
          <dt className="text-muted">Sub total</dt>
          <dd className="tabular">{formatMoney(fromPaise(subTotal))}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-muted">Discount</dt>
          <dd className="tabular">− {formatMoney(fromPaise(Math.min(discountPaise, subTotal)))}</dd>
        </div>
        <div className="flex justify-between text-base font-semibold">
          <dt>Total</dt>
          <dd className="tabular">{formatMoney(fromPaise(total))}</dd>
        </div>
      </dl>

      <div className="-mx-5 -mb-4 flex justify-end gap-2 border-t border-line px-5 py-3">
        <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Booking…' : `Book ${slots.length} ${slots.length === 1 ? 'slot' : 'slots'}`}
        </Button>
      </div>
    </form>
  );
}
