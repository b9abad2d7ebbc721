import { subscriptionInputSchema } from '@arena/contracts';
import { addMonths, format } from 'date-fns';
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { inputClass, TextField } from '../../components/TextField';
import { fieldErrors, submitErrorText } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useSidebar } from '../../state/sidebar';
import { useCentreOptions, useFacility, useFacilityOptions, useSubscriptionMutations, type SubscriptionResult } from './api';
import { slotRange } from './status';

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** A recurring booking: the same slots on chosen weekdays between two dates; clashes are reported, never double-booked. */
export function SubscriptionDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const [result, setResult] = useState<SubscriptionResult | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        onOpenChange(o);
        if (!o) setResult(null);
      }}
      title={result ? 'Subscription created' : 'New Booking Subscription'}
      size="lg"
    >
      {open &&
        (result ? (
          <SubscriptionOutcome result={result} onClose={() => onOpenChange(false)} />
        ) : (
          <SubscriptionForm onCreated={setResult} onCancel={() => onOpenChange(false)} />
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

function SubscriptionForm({ onCreated, onCancel }: { onCreated: (r: SubscriptionResult) => void; onCancel: () => void }) {
  const selectedCentre = useSidebar((s) => s.selectedCentre);
  const centres = useCentreOptions();
  const [centre, setCentre] = useState(selectedCentre);
  const facilities = useFacilityOptions(centre);
  const [facility, setFacility] = useState('');
  const template = useFacility(facility ? Number(facility) : null);
  const { create } = useSubscriptionMutations();
  const [contact, setContact] = useState({ name: '', mobile_no: '', email: '' });
  const [slotIds, setSlotIds] = useState<number[]>([]);
  const [weekdays, setWeekdays] = useState<number[]>([]);
  const [start, setStart] = useState(format(new Date(), 'yyyy-MM-dd'));
  const [end, setEnd] = useState(format(addMonths(new Date(), 1), 'yyyy-MM-dd'));
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const toggle = (list: number[], v: number) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v].sort((a, b) => a - b));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setFormError(null);
    const found: Record<string, string> = {};
    if (!contact.name.trim()) found.name = 'Name is required';
    if (!/^\d{10}$/.test(contact.mobile_no.replace(/\s+/g, '')))
      found.mobile_no = contact.mobile_no.trim() ? 'Phone number must be 10 digits' : 'Phone number is required';
    if (!facility) found.facility = 'Choose a facility.';
    const parsed = subscriptionInputSchema.safeParse({
      name: contact.name.trim(),
      mobile_no: contact.mobile_no.replace(/\s+/g, ''),
      email: contact.email.trim(),
      facility: Number(facility) || undefined,
      time_slot_ids: slotIds,
      weekdays,
      start_date: start,
      end_date: end,
      notes,
    });
    if (!parsed.success) for (const i of parsed.error.issues) found[String(i.path[0])] ??= i.message;
    setErrors(found);
    if (Object.keys(found).length || !parsed.success) return;
    try {
      const result = await create.mutateAsync(parsed.data);
      notify.success('Booking subscription created.');
      onCreated(result);
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors(fields);
      setFormError(submitErrorText(error, fields));
    }
  }

  const groups = template.data?.slot_groups ?? [];

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Client Name"
          required
          value={contact.name}
          onChange={(e) => setContact({ ...contact, name: e.target.value })}
          error={errors.name}
        />
        <TextField
          label="Mobile"
          required
          type="tel"
          inputMode="numeric"
          value={contact.mobile_no}
          onChange={(e) => setContact({ ...contact, mobile_no: e.target.value })}
          error={errors.mobile_no}
        />
        <TextField
          label="Email"
          type="email"
          value={contact.email}
          onChange={(e) => setContact({ ...contact, email: e.target.value })}
          error={errors.email}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="text-sm">
          <span className="mb-1.5 block font-medium">Centre</span>
          <select
            value={centre}
            onChange={(e) => {
              setCentre(e.target.value);
              setFacility('');
              setSlotIds([]);
            }}
            className={inputClass()}
          >
            <option value="">All centres</option>
            {centres.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <div className="text-sm">
          <label htmlFor="sub-facility" className="mb-1.5 block font-medium">
            Facility
          </label>
          <select
            id="sub-facility"
            value={facility}
            onChange={(e) => {
              setFacility(e.target.value);
              setSlotIds([]);
            }}
            className={inputClass(!!errors.facility)}
          >
            <option value="">Select facility</option>
            {facilities.data?.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
          {errors.facility && <p className="mt-1.5 text-xs font-medium text-danger-text">{errors.facility}</p>}
        </div>
      </div>
      {facility && (
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium">Slots</legend>
          {groups.map((g) => (
            <div key={g.id} className="mb-2">
              <p className="mb-1 text-xs font-semibold text-muted">{g.name}</p>
              <div className="flex flex-wrap gap-1.5">
                {g.time_slots
                  .filter((s) => s.is_active)
                  .map((s) => (
                    <label
                      key={s.id}
                      className={`cursor-pointer rounded-md border px-2 py-1 text-xs tabular ${slotIds.includes(s.id) ? 'border-green-600 bg-green-600 text-white' : 'border-line-strong hover:bg-subtle'}`}
                    >
                      <input
                        type="checkbox"
                        className="sr-only"
                        checked={slotIds.includes(s.id)}
                        onChange={() => setSlotIds((l) => toggle(l, s.id))}
                      />
                      {slotRange(s)}
                    </label>
                  ))}
              </div>
            </div>
          ))}
          {errors.time_slot_ids && <p className="text-xs font-medium text-danger-text">{errors.time_slot_ids}</p>}
        </fieldset>
      )}
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium">Weekdays</legend>
        <div className="flex flex-wrap gap-1.5">
          {WEEKDAYS.map((d, i) => (
            <label
              key={d}
              className={`cursor-pointer rounded-md border px-3 py-1.5 text-sm ${weekdays.includes(i + 1) ? 'border-accent bg-accent text-accent-fg' : 'border-line-strong hover:bg-subtle'}`}
            >
              <input
                type="checkbox"
                className="sr-only"
                checked={weekdays.includes(i + 1)}
                onChange={() => setWeekdays((l) => toggle(l, i + 1))}
              />
              {d}
            </label>
          ))}
        </div>
        {errors.weekdays && <p className="mt-1.5 text-xs font-medium text-danger-text">{errors.weekdays}</p>}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="Start Date" type="date" value={start} onChange={(e) => setStart(e.target.value)} error={errors.start_date} />
        <TextField label="End Date" type="date" value={end} onChange={(e) => setEnd(e.target.value)} error={errors.end_date} />
        <TextField label="Notes" value={notes} onChange={(e) => setNotes(e.target.value)} error={errors.notes} />
      </div>
      <div className="-mx-5 -mb-4 flex justify-end gap-2 border-t border-line px-5 py-3">
        <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create Subscription'}
        </Button>
      </div>
    </form>
  );
}
