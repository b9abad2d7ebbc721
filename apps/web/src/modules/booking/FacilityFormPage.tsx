import type { Facility } from '@arena/contracts';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { ResolvedNode } from '../../app/menu';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { inputClass, TextField } from '../../components/TextField';
import { errorMessage, fieldErrors, generalError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useSidebar } from '../../state/sidebar';
import { useCentreOptions, useFacility, useFacilityMutations, useSportOptions } from './api';
import { BookingTabs } from './BookingTabs';
import { draftOf, serverErrorPaths, validateDraft, type DraftErrors, type FacilityDraft } from './facility-form';
import { SlotGroupsEditor } from './SlotGroupsEditor';

/** Booking › Settings › Add Facility (and edit, with ?id=). */
export function FacilityFormPage({ node }: { node: ResolvedNode }) {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const facility = useFacility(id);
  if (id && facility.isPending) return <Skeleton className="h-96 w-full max-w-4xl" />;
  if (id && facility.isError)
    return (
      <Alert
        tone="error"
        action={
          <Button size="sm" variant="secondary" onClick={() => void facility.refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(facility.error)}
      </Alert>
    );
  return <FacilityForm key={id ?? 'new'} node={node} facility={facility.data ?? null} />;
}

function FacilityForm({ node, facility }: { node: ResolvedNode; facility: Facility | null }) {
  const navigate = useNavigate();
  const selectedCentre = useSidebar((s) => s.selectedCentre);
  const centres = useCentreOptions();
  const sports = useSportOptions();
  const { create, update } = useFacilityMutations();
  const [draft, setDraft] = useState<FacilityDraft>(() => draftOf(facility, selectedCentre));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof FacilityDraft>(key: K, value: FacilityDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setFormError(null);
    const { input, errors: found } = validateDraft(draft);
    setErrors(found);
    if (!input) {
      setFormError('Please correct the highlighted fields.');
      return;
    }
    setSaving(true);
    try {
      if (facility) await update.mutateAsync({ id: facility.id, input });
      else await create.mutateAsync(input);
      notify.success(facility ? `${input.name} was updated.` : `${input.name} was created.`);
      void navigate('/booking/settings');
    } catch (error) {
      const fields = serverErrorPaths(fieldErrors(error));
      setErrors(fields);
      const known = ['name', 'centre', 'sport', 'description', 'capacity', 'advance_booking_days'];
      const unplaced = Object.entries(fields).filter(([k]) => !known.includes(k) && !k.startsWith('slot_groups.'));
      setFormError(
        [generalError(error), ...unplaced.map(([k, v]) => `${k}: ${v}`)].filter(Boolean).join('\n') ||
          (Object.keys(fields).length ? 'Please correct the highlighted fields.' : errorMessage(error)),
      );
    } finally {
      setSaving(false);
    }
  }

  const selectField = (key: 'centre' | 'sport', label: string, options: { id: number; name: string }[] | undefined) => (
    <div>
      <label htmlFor={`facility-${key}`} className="mb-1.5 block text-sm font-medium">
        {label}
        <span className="text-danger" aria-hidden>
          {' '}
          *
        </span>
      </label>
      <select
        id={`facility-${key}`}
        value={draft[key]}
        onChange={(e) => set(key, e.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        className={inputClass(!!errors[key])}
      >
        <option value="">Select {label.toLowerCase()}</option>
        {options?.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
      {errors[key] && <p className="mt-1.5 text-xs font-medium text-danger-text">{errors[key]}</p>}
    </div>
  );

  return (
    <div className="max-w-5xl">
      <PageHeader
        title={facility ? `Edit ${facility.name}` : 'Settings'}
        description={
          facility
            ? `${facility.sport_name} at ${facility.centre_name}. Template changes apply to new bookings only.`
            : 'A facility is something people book by the slot: a court, a turf, a lane.'
        }
      />
      <BookingTabs node={node} />
      <form noValidate onSubmit={(e) => void save(e)} className="space-y-6">
        {formError && <Alert tone="error">{formError}</Alert>}
        <Card className="p-5 sm:p-6">
          <h2 className="mb-4 text-sm font-semibold">Facility</h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <TextField
              label="Facility Name"
              required
              placeholder="e.g. Court 1"
              value={draft.name}
              onChange={(e) => set('name', e.target.value)}
              error={errors.name || undefined}
            />
            {selectField('centre', 'Centre', centres.data)}
            {selectField('sport', 'Sport', sports.data)}
            <TextField
              label="Capacity"
              type="number"
              min={1}
              value={draft.capacity}
              onChange={(e) => set('capacity', e.target.value)}
              error={errors.capacity || undefined}
              hint="People or teams per slot; 1 for a court."
            />
            <TextField
              label="Bookable Days Ahead"
              type="number"
              min={0}
              value={draft.advance_booking_days}
              onChange={(e) => set('advance_booking_days', e.target.value)}
              error={errors.advance_booking_days || undefined}
            />
            <div className="sm:col-span-2 lg:col-span-3">
              <label htmlFor="facility-description" className="mb-1.5 block text-sm font-medium">
                Description
              </label>
              <textarea
                id="facility-description"
                rows={2}
                value={draft.description}
                onChange={(e) => set('description', e.target.value)}
                className={`${inputClass(!!errors.description)} h-auto py-2`}
              />
            </div>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={draft.enable_online_booking}
                onChange={(e) => set('enable_online_booking', e.target.checked)}
                className="h-4 w-4 accent-[var(--color-accent)]"
              />
              Enable online booking
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={draft.is_active}
                onChange={(e) => set('is_active', e.target.checked)}
                className="h-4 w-4 accent-[var(--color-accent)]"
              />
              Active
            </label>
          </div>
        </Card>
        <Card className="p-5 sm:p-6">
          <h2 className="text-sm font-semibold">Slot groups and time slots</h2>
          <p className="mb-4 mt-1 text-sm text-muted">
            Slots of a group may not overlap. Leave the weekend price empty to charge the same on Saturdays and Sundays.
          </p>
          <SlotGroupsEditor groups={draft.slot_groups} onChange={(groups) => set('slot_groups', groups)} errors={errors} />
        </Card>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => void navigate('/booking/settings')} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : facility ? 'Save Changes' : 'Create Facility'}
          </Button>
        </div>
      </form>
    </div>
  );
}
