import { bookingInputSchema, clientInputSchema, type RateBasis } from '@arena/contracts/accommodation';
import { z } from '@arena/contracts/kit';
import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { DateField, MoneyField, optionsOf, PhoneField, SelectField, TextareaField, TextField } from '../../components/form';
import { formatMoney } from '../../lib/format';
import { requestSchema, type FormInput, type FormOutput } from '../../lib/form';
import { notify } from '../../lib/notify';
import { useCreateResident, useResidentOptions, useRoom, useRoomOptions, useRoomType, useStayMutations, type StayDetail } from './api';
import { plusDays, todayIso } from './dates';
import { RATE_BASIS_OPTIONS } from './parts';

/** What a click on the board (or New Stay) starts the reservation with. */
export interface ReservePrefill {
  room?: number;
  bed?: number;
  check_in?: string;
  client?: number;
}

const reserveFields = z.object({
  who: z.enum(['existing', 'new']),
  client: z.string(),
  new_name: z.string(),
  new_phone: z.string(),
  room: z.string(),
  bed: z.string(),
  check_in: z.string(),
  check_out: z.string(),
  rate_basis: z.string(),
  rate: z.string(),
  deposit: z.string(),
  notes: z.string(),
});
const newResident = clientInputSchema.pick({ name: true, phone: true });

/** The stay request from the form; a new resident is checked here and added just before the stay. */
const reserveSchema = requestSchema(reserveFields, bookingInputSchema, (v, issue) => {
  if (v.who === 'existing' && !v.client) issue('client', 'Choose a resident.');
  if (v.who === 'new') {
    const r = newResident.safeParse({ name: v.new_name, phone: v.new_phone });
    if (!r.success) for (const i of r.error.issues) issue(i.path[0] === 'name' ? 'new_name' : 'new_phone', i.message);
  }
  if (!v.room) issue('room', 'Choose a room.');
  if (!v.bed) issue('bed', 'Choose a bed of the room.');
  return {
    // A new resident's id is not known yet: 1 stands in while the rest is checked.
    client: v.who === 'new' ? 1 : Number(v.client),
    room: Number(v.room),
    bed: Number(v.bed),
    check_in: v.check_in,
    check_out: v.check_out,
    rate_basis: v.rate_basis as RateBasis,
    rate: v.rate.trim() || undefined,
    deposit: v.deposit.trim() || undefined,
    notes: v.notes,
  };
});
type ReserveForm = FormInput<typeof reserveFields>;

/** Reserve a bed: who (a resident or a new one), room and bed, dates, nightly or monthly, rate and deposit (the room type's by default). */
export function ReserveDialog({
  prefill,
  onClose,
  onReserved,
}: {
  prefill: ReservePrefill | null;
  onClose: () => void;
  onReserved?: (stay: StayDetail) => void;
}) {
  const { reserve } = useStayMutations();
  const createResident = useCreateResident();
  const start = prefill?.check_in ?? todayIso();
  const defaults: ReserveForm = {
    who: 'existing',
    client: prefill?.client ? String(prefill.client) : '',
    new_name: '',
    new_phone: '',
    room: prefill?.room ? String(prefill.room) : '',
    bed: prefill?.bed ? String(prefill.bed) : '',
    check_in: start,
    check_out: plusDays(start, 1),
    rate_basis: 'nightly',
    rate: '',
    deposit: '',
    notes: '',
  };
  // The new resident's name and phone as typed (the request holds a stand-in id).
  const newFields = useRef<{ name: string; phone: string } | null>(null);
  return (
    <FormDialog
      open={!!prefill}
      onOpenChange={(o) => !o && onClose()}
      title="Reserve a Bed"
      description="The bed is held for these dates; nobody else can be booked on it for any of them."
      schema={reserveSchema}
      defaultValues={defaults}
      size="lg"
      onSubmit={async (body: FormOutput<typeof reserveSchema>) => {
        let client = body.client;
        if (newFields.current) {
          const made = await createResident.mutateAsync(clientInputSchema.parse(newFields.current));
          client = made.id;
        }
        const stay = await reserve.mutateAsync({ ...body, client });
        notify.success(`Bed ${stay.bed} of room ${stay.room_number} reserved for ${stay.client_name}.`);
        onReserved?.(stay);
        onClose();
      }}
      submitLabel="Reserve"
      pendingLabel="Reserving…"
    >
      {(form) => {
        const v = form.watch();
        newFields.current = v.who === 'new' ? { name: v.new_name, phone: v.new_phone } : null;
        return <ReserveFields form={form as never} />;
      }}
    </FormDialog>
  );
}

function ReserveFields({ form }: { form: UseFormReturn<ReserveForm> }) {
  const { control, watch, setValue } = form;
  const who = watch('who');
  const roomId = Number(watch('room')) || null;
  const basis = watch('rate_basis');
  const checkIn = watch('check_in');
  const residents = useResidentOptions();
  const roomOptions = useRoomOptions();
  const room = useRoom(roomId);
  const type = useRoomType(room.data?.room_type ?? null);
  const beds = Array.from({ length: room.data?.beds ?? 0 }, (_, i) => ({ value: String(i + 1), label: `Bed ${i + 1}` }));
  const rateHint = type.data
    ? `${type.data.name}: ${formatMoney(basis === 'monthly' ? type.data.rate_per_month : type.data.rate_per_night)} ${basis === 'monthly' ? 'a month' : 'a night'} when left blank`
    : 'The room type’s rate when left blank';

  // A monthly stay starts a month long; a nightly one a night.
  useEffect(() => {
    if (!checkIn) return;
    const out = form.getValues('check_out');
    if (basis === 'monthly' && (!out || out <= plusDays(checkIn, 27))) setValue('check_out', plusDays(checkIn, 30));
    if (basis === 'nightly' && out === plusDays(checkIn, 30)) setValue('check_out', plusDays(checkIn, 1));
  }, [basis, checkIn, form, setValue]);

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        control={control}
        name="who"
        label="Resident"
        required
        options={[
          { value: 'existing', label: 'An existing resident' },
          { value: 'new', label: 'A new resident' },
        ]}
      />
      {who === 'existing' ? (
        <SelectField
          control={control}
          name="client"
          label="Name"
          required
          placeholder="Choose a resident"
          options={optionsOf(residents.data)}
          loading={residents.isPending}
        />
      ) : (
        <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
          <TextField control={control} name="new_name" label="Name" required maxLength={120} />
          <PhoneField control={control} name="new_phone" label="Phone" required />
        </div>
      )}
      <SelectField
        control={control}
        name="room"
        label="Room"
        required
        placeholder="Choose a room"
        options={optionsOf(roomOptions.data)}
        loading={roomOptions.isPending}
      />
      <SelectField control={control} name="bed" label="Bed" required placeholder="Choose a bed" options={beds} loading={room.isFetching} />
      <DateField control={control} name="check_in" label="Check-in" required />
      <DateField control={control} name="check_out" label="Check-out" required hint="The day they leave" />
      <SelectField control={control} name="rate_basis" label="Rate basis" required options={RATE_BASIS_OPTIONS} />
      <MoneyField control={control} name="rate" label={basis === 'monthly' ? 'Rate per month' : 'Rate per night'} hint={rateHint} />
      <MoneyField
        control={control}
        name="deposit"
        label="Deposit"
        hint={type.data ? `${formatMoney(type.data.deposit)} (as the settings say) when left blank` : 'As the settings say when left blank'}
      />
      <TextareaField control={control} name="notes" label="Notes" rows={2} maxLength={1000} className="sm:col-span-2" />
    </div>
  );
}
