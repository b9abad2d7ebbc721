import { deskBookingInputSchema, fromPaise, toPaise, z } from '@arena/contracts';
import { clsx } from 'clsx';
import { useMemo, useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { Dialog } from '../../components/Dialog';
import { CheckboxField, MoneyField, optionsOf, PhoneField, SelectField, TextField } from '../../components/form';
import { DialogForm } from '../../components/FormDialog';
import { formatDate, formatMoney } from '../../lib/format';
import { requestSchema, useZodForm, type FormControl, type FormInput } from '../../lib/form';
import { useBookingClients, usePaymentModes } from '../../lib/lookups';
import { notify } from '../../lib/notify';
import { useDebounced } from '../../lib/useDebounced';
import { useBookingMutations, type DaySlot } from './api';
import { slotRange } from './status';

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

/** What the form holds: who (a new client's contact, or an existing client's id), the discount and an optional payment, as typed. */
const deskFields = z.object({
  client_mode: z.enum(['new', 'existing']),
  client: z.string(),
  name: z.string(),
  mobile_no: z.string(),
  email: z.string(),
  discount: z.string(),
  notes: z.string(),
  take_payment: z.boolean(),
  payment: z.object({ amount: z.string(), payment_mode: z.string(), reference: z.string() }),
});

/** The desk booking request of the contracts, built from the form, plus the rules of this screen. */
function deskBookingFormSchema(facility: number, date: string, slots: DaySlot[], subTotal: number) {
  return requestSchema(deskFields, deskBookingInputSchema, (v, issue) => {
    const existing = v.client_mode === 'existing';
    if (existing && !v.client) issue('client', 'Choose a client.');
    if (!existing && !v.name.trim()) issue('name', 'Name is required');
    if (!existing && !v.mobile_no.trim()) issue('mobile_no', 'Phone number is required');
    if ((toPaise(v.discount.trim() || '0') ?? 0) > subTotal) issue('discount', 'The discount cannot be more than the total.');
    if (v.take_payment && !v.payment.payment_mode) issue('payment.payment_mode', 'Choose a payment mode.');
    return {
      facility,
      date,
      time_slot_ids: slots.map((s) => s.id),
      ...(existing ? { client: v.client || undefined } : { name: v.name.trim(), mobile_no: v.mobile_no, email: v.email.trim() }),
      discount: v.discount.trim() || '0',
      notes: v.notes,
      ...(v.take_payment
        ? {
            payment: { amount: v.payment.amount.trim(), payment_mode: v.payment.payment_mode || undefined, reference: v.payment.reference },
          }
        : {}),
    };
  });
}
type DeskForm = FormInput<ReturnType<typeof deskBookingFormSchema>>;

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
  const modes = usePaymentModes();
  const subTotal = slots.reduce((n, s) => n + (toPaise(s.price) ?? 0), 0);
  const schema = useMemo(() => deskBookingFormSchema(facility, date, slots, subTotal), [facility, date, slots, subTotal]);
  const form = useZodForm(schema, {
    defaultValues: {
      client_mode: 'new',
      client: '',
      name: '',
      mobile_no: '',
      email: '',
      discount: '',
      notes: '',
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
        const booking = await create.mutateAsync(input);
        notify.success(`Booking ${booking.code} created.`);
        onDone();
      }}
      onCancel={onCancel}
      submitLabel={`Book ${slots.length} ${slots.length === 1 ? 'slot' : 'slots'}`}
      pendingLabel="Booking…"
    >
      <section className="rounded-lg border border-line bg-subtle/50 p-3 text-sm" aria-label="Slots">
        <ul className="flex flex-wrap gap-1.5">
          {slots.map((s) => (
            <li key={s.id} className="rounded-md border border-line bg-surface px-2 py-1 tabular">
              {slotRange(s)} · {formatMoney(s.price)}
            </li>
          ))}
        </ul>
      </section>

      <div>
        <ClientModeSwitch control={control} />
        {clientMode === 'new' ? (
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField control={control} name="name" label="Name" required autoComplete="off" />
            <PhoneField control={control} name="mobile_no" label="Mobile" required hint="Matches an existing client with this number." />
            <TextField control={control} name="email" label="Email" type="email" autoComplete="off" />
          </div>
        ) : (
          <ClientPicker control={control} />
        )}
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <MoneyField control={control} name="discount" label="Discount" />
        <TextField control={control} name="notes" label="Notes" maxLength={1000} className="sm:col-span-2" />
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
        {takePayment && (
          <div className="mt-3 grid gap-4 sm:grid-cols-3">
            <MoneyField control={control} name="payment.amount" label="Amount" required />
            <SelectField
              control={control}
              name="payment.payment_mode"
              label="Payment Mode"
              required
              placeholder="Select mode"
              options={optionsOf(modes.data)}
              loading={modes.isPending}
            />
            <TextField control={control} name="payment.reference" label="Reference" placeholder="UPI ref, cheque no." />
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

/** Finds a booking client by name or mobile; the pick is the form's `client` (its id as text). */
function ClientPicker({ control }: { control: FormControl<DeskForm> }) {
  const { field, fieldState } = useController({ control, name: 'client' });
  const [search, setSearch] = useState('');
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
