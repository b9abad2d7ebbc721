import { deskBookingsInputSchema } from '@arena/contracts/booking';
import { fromPaise, indianMobile, toPaise, z } from '@arena/contracts/kit';
import { clsx } from 'clsx';
import { useMemo, useState } from 'react';
import { useController, useWatch, type UseFormReturn } from 'react-hook-form';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { CheckboxField, MoneyField, PaymentFields, PhoneField, SoldByField, soldByRequest, TextField } from '../../components/form';
import { DialogForm } from '../../components/FormDialog';
import { formatDate, formatMoney } from '../../lib/format';
import { requestSchema, useZodForm, type FormControl, type FormInput } from '../../lib/form';
import { useBookingClients } from '../../lib/lookups';
import { notify } from '../../lib/notify';
import { useDebounced } from '../../lib/useDebounced';
import type { DaySlot } from './api';
import { useClientLookup, useDeskBookings } from './BoardApi';
import { slotRange } from './status';

/** Free slots of one facility on one date, picked on the board or the day view. */
export interface DeskSelection {
  facility: number;
  facilityName: string;
  date: string;
  slots: Pick<DaySlot, 'id' | 'start_time' | 'end_time' | 'price'>[];
}

/**
 * A desk booking of the picked free slots — of one facility or several (one booking each, all in
 * one step) — for an existing or new client, with an optional discount and payment.
 */
export function DeskBookingDialog({
  open,
  onOpenChange,
  selection,
  onBooked,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selection: DeskSelection[];
  onBooked: () => void;
}) {
  const dates = [...new Set(selection.map((s) => s.date))];
  const where = selection.length === 1 ? selection[0].facilityName : `${selection.length} facilities`;
  const when = dates.length === 1 ? formatDate(dates[0]) : `${dates.length} dates`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="New Booking" description={`${where} · ${when}`} size="lg">
      {open && <DeskBookingForm selection={selection} onDone={onBooked} onCancel={() => onOpenChange(false)} />}
    </Dialog>
  );
}

/** What the form holds: who (a new client's contact, or an existing client's id), the discount and an optional payment, as typed. */
const deskFields = z.object({
  client_mode: z.enum(['new', 'existing']),
  client: z.string(),
  /** What the client search starts with (the mobile of a client chosen from the hint). */
  client_pick: z.string(),
  name: z.string(),
  mobile_no: z.string(),
  email: z.string(),
  discount: z.string(),
  notes: z.string(),
  sold_by: z.string(),
  take_payment: z.boolean(),
  payment: z.object({ amount: z.string(), payment_mode: z.string(), reference: z.string() }),
});

/** The desk booking request of the contracts, built from the form, plus the rules of this screen. */
function deskBookingFormSchema(selection: DeskSelection[], subTotal: number) {
  return requestSchema(deskFields, deskBookingsInputSchema, (v, issue) => {
    const existing = v.client_mode === 'existing';
    if (existing && !v.client) issue('client', 'Choose a client.');
    if (!existing && !v.name.trim()) issue('name', 'Name is required');
    if (!existing && !v.mobile_no.trim()) issue('mobile_no', 'Phone number is required');
    if ((toPaise(v.discount.trim() || '0') ?? 0) > subTotal) issue('discount', 'The discount cannot be more than the total.');
    if (v.take_payment && !v.payment.payment_mode) issue('payment.payment_mode', 'Choose a payment mode.');
    return {
      items: selection.map((s) => ({ facility: s.facility, date: s.date, time_slot_ids: s.slots.map((x) => x.id) })),
      ...(existing ? { client: v.client || undefined } : { name: v.name.trim(), mobile_no: v.mobile_no, email: v.email.trim() }),
      discount: v.discount.trim() || '0',
      notes: v.notes,
      sold_by: soldByRequest(v.sold_by),
      ...(v.take_payment
        ? {
            payment: { amount: v.payment.amount.trim(), payment_mode: v.payment.payment_mode || undefined, reference: v.payment.reference },
          }
        : {}),
    };
  });
}
type DeskForm = FormInput<ReturnType<typeof deskBookingFormSchema>>;

function DeskBookingForm({ selection, onDone, onCancel }: { selection: DeskSelection[]; onDone: () => void; onCancel: () => void }) {
  const book = useDeskBookings();
  const slots = selection.flatMap((s) => s.slots);
  const subTotal = slots.reduce((n, s) => n + (toPaise(s.price) ?? 0), 0);
  const schema = useMemo(() => deskBookingFormSchema(selection, subTotal), [selection, subTotal]);
  const form = useZodForm(schema, {
    defaultValues: {
      client_mode: 'new',
      client: '',
      client_pick: '',
      name: '',
      mobile_no: '',
      email: '',
      discount: '',
      notes: '',
      sold_by: '',
      take_payment: false,
      payment: { amount: '', payment_mode: '', reference: '' },
    },
  });
  const { control } = form;
  const [clientMode, takePayment, discount] = useWatch({ control, name: ['client_mode', 'take_payment', 'discount'] });
  const discountPaise = toPaise(discount.trim() || '0') ?? 0;
  const total = Math.max(subTotal - discountPaise, 0);

  return (
    <DialogForm
      form={form}
      onSubmit={async (input) => {
        const { bookings } = await book.mutateAsync(input);
        const codes = bookings.map((b) => b.code).join(', ');
        notify.success(bookings.length === 1 ? `Booking ${codes} created.` : `Bookings ${codes} created.`);
        onDone();
      }}
      onCancel={onCancel}
      submitLabel={`Book ${slots.length} ${slots.length === 1 ? 'slot' : 'slots'}`}
      pendingLabel="Booking…"
    >
      <section className="space-y-2 rounded-lg border border-line bg-subtle/50 p-3 text-sm" aria-label="Slots">
        {selection.map((sel) => (
          <div key={`${sel.facility}-${sel.date}`} className="flex flex-wrap items-center gap-1.5">
            {selection.length > 1 && <span className="mr-1 font-medium">{sel.facilityName}</span>}
            <ul className="contents">
              {sel.slots.map((s) => (
                <li key={s.id} className="rounded-md border border-line bg-surface px-2 py-1 tabular">
                  {slotRange(s)} · {formatMoney(s.price)}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>

      <div>
        <ClientModeSwitch control={control} />
        {clientMode === 'new' ? (
          <>
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField control={control} name="name" label="Name" required autoComplete="off" />
              <PhoneField control={control} name="mobile_no" label="Mobile" required />
              <TextField control={control} name="email" label="Email" type="email" autoComplete="off" />
            </div>
            <ExistingClientHint control={control} form={form} />
          </>
        ) : (
          <ClientPicker control={control} />
        )}
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <MoneyField control={control} name="discount" label="Discount" />
        <TextField control={control} name="notes" label="Notes" maxLength={1000} className="sm:col-span-2" />
        <SoldByField control={control} name="sold_by" />
      </div>

      <div className="rounded-lg border border-line p-3">
        <CheckboxField
          label="Record a payment now"
          value={takePayment}
          onChange={(on) => {
            form.setValue('take_payment', on);
            if (on && !form.getValues('payment.amount')) form.setValue('payment.amount', fromPaise(total));
          }}
        />
        {takePayment && <PaymentFields control={control} prefix="payment" required className="mt-3" />}
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
    </DialogForm>
  );
}

/** New client (typed contact) or existing client (picked from a search). */
function ClientModeSwitch({ control }: { control: FormControl<DeskForm> }) {
  const { field } = useController({ control, name: 'client_mode' });
  return (
    <div role="radiogroup" aria-label="Client" className="mb-3 inline-flex rounded-md border border-line-strong p-0.5 text-sm">
      {(['new', 'existing'] as const).map((m) => (
        <button
          key={m}
          type="button"
          role="radio"
          aria-checked={field.value === m}
          onClick={() => field.onChange(m)}
          className={clsx('rounded px-3 py-1.5 font-medium', field.value === m ? 'bg-accent text-accent-fg' : 'text-muted hover:text-fg')}
        >
          {m === 'new' ? 'New client' : 'Existing client'}
        </button>
      ))}
    </div>
  );
}

/**
 * "Existing client: Arjun Nair" under a typed mobile that belongs to a client — only then — with
 * the two ways out the server also asks for: book for that client, or correct the number.
 */
function ExistingClientHint({
  control,
  form,
}: {
  control: FormControl<DeskForm>;
  form: Pick<UseFormReturn<DeskForm>, 'setValue' | 'clearErrors' | 'setFocus'>;
}) {
  const mobile = useWatch({ control, name: 'mobile_no' });
  const lookup = useClientLookup(mobile);
  const client = indianMobile(mobile) ? lookup.data?.client : null;
  if (!client) return null;
  return (
    <div
      role="status"
      className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <span>
        Existing client: <strong>{client.name}</strong>
      </span>
      <span className="ml-auto flex gap-2">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            form.setValue('client', String(client.id));
            form.setValue('client_pick', client.mobile_no);
            form.setValue('client_mode', 'existing');
            form.clearErrors();
          }}
        >
          Use this client
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            form.setValue('mobile_no', '');
            form.clearErrors('mobile_no');
            form.setFocus('mobile_no');
          }}
        >
          Change number
        </Button>
      </span>
    </div>
  );
}

/** Finds a booking client by name or mobile; the pick is the form's `client` (its id as text). */
function ClientPicker({ control }: { control: FormControl<DeskForm> }) {
  const { field, fieldState } = useController({ control, name: 'client' });
  const { field: pick } = useController({ control, name: 'client_pick' });
  const [search, setSearch] = useState(pick.value);
  const term = useDebounced(search.trim(), 250);
  const clients = useBookingClients(term);
  return (
    <div className="space-y-2">
      <TextField
        id="desk-client-search"
        label="Find client"
        type="search"
        placeholder="Name or mobile"
        value={search}
        onChange={setSearch}
        error={fieldState.error?.message}
      />
      <ul
        ref={field.ref}
        tabIndex={-1}
        className="max-h-44 divide-y divide-line overflow-y-auto rounded-md border border-line"
        aria-label="Matching clients"
      >
        {clients.data?.map((c) => {
          const picked = field.value === String(c.id);
          return (
            <li key={c.id}>
              <button
                type="button"
                aria-pressed={picked}
                onClick={() => field.onChange(String(c.id))}
                className={clsx(
                  'flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-subtle',
                  picked && 'bg-accent-soft',
                )}
              >
                <span className="font-medium">{c.name}</span>
                <span className="text-muted tabular">{c.mobile || c.email}</span>
              </button>
            </li>
          );
        })}
        {clients.data?.length === 0 && <li className="px-3 py-2 text-sm text-muted">No clients match.</li>}
      </ul>
    </div>
  );
}
