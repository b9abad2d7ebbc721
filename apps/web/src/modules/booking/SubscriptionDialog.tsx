import { subscriptionInputSchema } from '@arena/contracts/booking';
import { phoneSchema, z } from '@arena/contracts/kit';
import { addMonths, format } from 'date-fns';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { DateField, MultiSelectField, optionsOf, PhoneField, SelectField, TextField } from '../../components/form';
import { DialogForm } from '../../components/FormDialog';
import { formatDate, formatMoney } from '../../lib/format';
import { requestSchema, useZodForm } from '../../lib/form';
import { useCentres, useFacilities } from '../../lib/lookups';
import { notify } from '../../lib/notify';
import { useSidebar } from '../../state/sidebar';
import { useFacility, useSubscriptionMutations, type SubscriptionInput, type SubscriptionResult } from './api';
import { SubscriptionPreviewStep, useSubscriptionPreview, type SubscriptionPreview } from './SubscriptionPreview';
import { slotRange } from './status';
import { todayDate, todayIso } from '../../lib/today';

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** A recurring booking: the same slots on chosen weekdays between two dates; clashes are reported, never double-booked. */
export function SubscriptionDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const [result, setResult] = useState<SubscriptionResult | null>(null);
  // The form's request and its preview: shown before saving (each date, clashes with a choice, the total, the payment).
  const [draft, setDraft] = useState<{ input: SubscriptionInput; preview: SubscriptionPreview } | null>(null);
  const [kept, setKept] = useState<SubscriptionFormValues | null>(null);
  const { create } = useSubscriptionMutations();
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        onOpenChange(o);
        if (!o) {
          setResult(null);
          setDraft(null);
          setKept(null);
        }
      }}
      title={result ? 'Subscription created' : draft ? 'Check the dates' : 'New Booking Subscription'}
      size="lg"
    >
      {open &&
        (result ? (
          <SubscriptionOutcome result={result} onClose={() => onOpenChange(false)} />
        ) : draft ? (
          <SubscriptionPreviewStep
            preview={draft.preview}
            onBack={() => setDraft(null)}
            onSave={async (extra) => {
              const created = await create.mutateAsync({ ...draft.input, ...extra });
              notify.success('Booking subscription created.');
              setResult(created);
            }}
          />
        ) : (
          <SubscriptionForm
            initial={kept}
            onPreview={(input, preview, values) => {
              setKept(values);
              setDraft({ input, preview });
            }}
            onCancel={() => onOpenChange(false)}
          />
        ))}
    </Dialog>
  );
}

function SubscriptionOutcome({ result, onClose }: { result: SubscriptionResult; onClose: () => void }) {
  return (
    <div className="space-y-4 text-sm">
      <Alert tone="success">
        {result.created.length} {result.created.length === 1 ? 'booking was' : 'bookings were'} created for{' '}
        {result.subscription.client_name} at {result.subscription.facility_name}.
      </Alert>
      {result.payment && (
        <Alert tone="info">
          {formatMoney(result.payment.amount)} received, spread over {result.payment.receipts}{' '}
          {result.payment.receipts === 1 ? 'booking' : 'bookings'}.
        </Alert>
      )}
      {result.skipped.length > 0 && <p className="text-muted">Skipped: {result.skipped.map(formatDate).join(', ')}.</p>}
      {result.clashes.length > 0 && (
        <Alert tone="warning">
          {result.clashes.length} {result.clashes.length === 1 ? 'date clashes' : 'dates clash'} with existing bookings and{' '}
          {result.clashes.length === 1 ? 'was' : 'were'} skipped: {result.clashes.map((c) => formatDate(c.date)).join(', ')}.
        </Alert>
      )}
      <div>
        <h3 className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-muted">Created</h3>
        <ul className="grid max-h-56 grid-cols-2 gap-1 overflow-y-auto sm:grid-cols-3">
          {result.created.map((c) => (
            <li key={c.booking_id} className="rounded-md border border-line px-2 py-1">
              <span className="font-medium">{formatDate(c.date)}</span> <span className="text-xs text-muted">{c.code}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex justify-end">
        <Button onClick={onClose}>Done</Button>
      </div>
    </div>
  );
}

/** What the form holds; `centre` only narrows the facility list. */
const subscriptionFields = z.object({
  name: z.string(),
  mobile_no: z.string(),
  email: z.string(),
  centre: z.string(),
  facility: z.string(),
  time_slot_ids: z.array(z.number()),
  weekdays: z.array(z.number()),
  start_date: z.string(),
  end_date: z.string(),
  notes: z.string(),
});

/**
 * The contracts' subscription request, built from the form. The front desk books for a named
 * client it can call back, so this screen also requires the name and a 10-digit mobile.
 */
const subscriptionFormSchema = requestSchema(subscriptionFields, subscriptionInputSchema, (v, issue) => {
  if (!v.name.trim()) issue('name', 'Name is required');
  const mobile = phoneSchema.safeParse(v.mobile_no);
  if (!v.mobile_no.trim()) issue('mobile_no', 'Phone number is required');
  else if (!mobile.success) issue('mobile_no', mobile.error.issues[0].message);
  if (!v.facility) issue('facility', 'Choose a facility.');
  return {
    name: v.name.trim(),
    mobile_no: mobile.data ?? v.mobile_no,
    email: v.email.trim(),
    facility: v.facility || undefined,
    time_slot_ids: v.time_slot_ids,
    weekdays: v.weekdays,
    start_date: v.start_date,
    end_date: v.end_date,
    notes: v.notes,
  };
});

const WEEKDAY_OPTIONS = WEEKDAYS.map((label, i) => ({ value: i + 1, label }));
type SubscriptionFormValues = z.infer<typeof subscriptionFields>;

function SubscriptionForm({
  initial,
  onPreview,
  onCancel,
}: {
  initial: SubscriptionFormValues | null;
  onPreview: (input: SubscriptionInput, preview: SubscriptionPreview, values: SubscriptionFormValues) => void;
  onCancel: () => void;
}) {
  const selectedCentre = useSidebar((s) => s.selectedCentre);
  const previewing = useSubscriptionPreview();
  const form = useZodForm(subscriptionFormSchema, {
    defaultValues: initial ?? {
      name: '',
      mobile_no: '',
      email: '',
      centre: selectedCentre,
      facility: '',
      time_slot_ids: [],
      weekdays: [],
      start_date: todayIso(),
      end_date: format(addMonths(todayDate(), 1), 'yyyy-MM-dd'),
      notes: '',
    },
  });
  const { control, setValue } = form;
  const [centre, facility] = useWatch({ control, name: ['centre', 'facility'] });
  const centres = useCentres();
  const facilities = useFacilities(centre);
  const template = useFacility(facility ? Number(facility) : null);

  // A facility belongs to a centre and slots to a facility: a new choice clears what hung on the old one
  // (only a change: Back from the preview keeps what was chosen).
  const shown = useRef({ centre, facility });
  useEffect(() => {
    if (shown.current.centre === centre) return;
    shown.current.centre = centre;
    setValue('facility', '');
  }, [centre, setValue]);
  useEffect(() => {
    if (shown.current.facility === facility) return;
    shown.current.facility = facility;
    setValue('time_slot_ids', []);
  }, [facility, setValue]);

  const slotOptions = (template.data?.slot_groups ?? []).flatMap((g) =>
    g.time_slots.filter((s) => s.is_active).map((s) => ({ value: s.id, label: slotRange(s), group: g.name })),
  );

  return (
    <DialogForm
      form={form}
      onSubmit={async (input) => {
        const preview = await previewing.mutateAsync(input);
        onPreview(input, preview, form.getValues());
      }}
      onCancel={onCancel}
      submitLabel="Preview"
      pendingLabel="Checking dates…"
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField control={control} name="name" label="Client Name" required autoComplete="off" />
        <PhoneField control={control} name="mobile_no" label="Mobile" required />
        <TextField control={control} name="email" label="Email" type="email" autoComplete="off" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField control={control} name="centre" label="Center" placeholder="All Centers" options={optionsOf(centres.data)} />
        <SelectField
          control={control}
          name="facility"
          label="Facility"
          required
          placeholder="Select facility"
          options={optionsOf(facilities.data)}
          loading={facilities.isPending}
        />
      </div>
      {facility && (
        <MultiSelectField
          control={control}
          name="time_slot_ids"
          label="Slots"
          required
          options={slotOptions}
          empty={template.isPending ? 'Loading slots…' : 'This facility has no active time slots.'}
        />
      )}
      <MultiSelectField control={control} name="weekdays" label="Weekdays" required options={WEEKDAY_OPTIONS} />
      <div className="grid gap-4 sm:grid-cols-3">
        <DateField control={control} name="start_date" label="Start Date" required />
        <DateField control={control} name="end_date" label="End Date" required />
        <TextField control={control} name="notes" label="Notes" maxLength={1000} />
      </div>
    </DialogForm>
  );
}
