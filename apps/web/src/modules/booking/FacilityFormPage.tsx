import type { Facility } from '@arena/contracts/booking';
import { GST_RATES } from '@arena/contracts/kit';
import { useNavigate, useSearchParams } from 'react-router';
import type { ResolvedNode } from '../../lib/web-module';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { MenuTabs } from '../../components/MenuTabs';
import { PageHeader } from '../../components/PageHeader';
import { CheckboxField, Form, NumberField, optionsOf, SelectField, TextareaField, TextField } from '../../components/form';
import { Skeleton } from '../../components/Skeleton';
import { errorMessage } from '../../lib/errors';
import { useZodForm } from '../../lib/form';
import { useCentres, useSports } from '../../lib/lookups';
import { notify } from '../../lib/notify';
import { useSidebar } from '../../state/sidebar';
import { useFacility, useFacilityMutations } from './api';
import { facilityDefaults, facilityFormSchema } from './facility-form';
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
  const centres = useCentres();
  const sports = useSports();
  const { create, update } = useFacilityMutations();
  const form = useZodForm(facilityFormSchema, { defaultValues: facilityDefaults(facility, selectedCentre) });
  const { control } = form;
  const back = () => void navigate('/booking/settings');

  return (
    <div className="max-w-5xl">
      <PageHeader
        title={facility ? `Edit ${facility.name}` : 'Add Facility'}
        description={
          facility
            ? `${facility.sport_name} at ${facility.centre_name}. Template changes apply to new bookings only.`
            : 'A facility is something people book by the slot: a court, a turf, a lane.'
        }
      />
      <MenuTabs node={node} />
      <Form
        form={form}
        className="space-y-6"
        invalidMessage="Please correct the highlighted fields."
        onSubmit={async (input) => {
          if (facility) await update.mutateAsync({ id: facility.id, input });
          else await create.mutateAsync(input);
          notify.success(facility ? `${input.name} was updated.` : `${input.name} was created.`);
          back();
        }}
        footer={({ submitting }) => (
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={back} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" disabled={submitting}>
              {submitting ? 'Saving…' : facility ? 'Save Changes' : 'Create Facility'}
            </Button>
          </div>
        )}
      >
        <Card className="p-5 sm:p-6">
          <h2 className="mb-4 text-sm font-semibold">Facility</h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <TextField control={control} name="name" label="Facility Name" required placeholder="e.g. Court 1" />
            <SelectField
              control={control}
              name="centre"
              label="Center"
              required
              placeholder="Select center"
              options={optionsOf(centres.data)}
              loading={centres.isPending}
            />
            <SelectField
              control={control}
              name="sport"
              label="Sport"
              required
              placeholder="Select sport"
              options={optionsOf(sports.data)}
              loading={sports.isPending}
            />
            <NumberField control={control} name="capacity" label="Capacity" hint="People or teams per slot; 1 for a court." />
            <NumberField control={control} name="advance_booking_days" label="Bookable Days Ahead" suffix="days" />
            <SelectField
              control={control}
              name="gst_rate"
              label="GST Rate"
              required
              options={GST_RATES.map((r) => ({ value: String(r), label: `${r} %` }))}
              hint="Prices are GST-inclusive; a new rate applies from today, earlier invoices keep theirs."
            />
            <TextField control={control} name="sac_code" label="SAC Code" hint="999652 for renting sports facilities." maxLength={8} />
            <TextareaField
              control={control}
              name="description"
              label="Description"
              rows={2}
              maxLength={2000}
              className="sm:col-span-2 lg:col-span-3"
            />
            <CheckboxField
              control={control}
              name="enable_online_booking"
              label="Enable online booking"
              description="Visitors can book it on the online portal."
            />
            <CheckboxField
              control={control}
              name="payment_required"
              label="Require online payment on the portal"
              description="Visitors pay online to confirm; their slots are held for 10 minutes while they pay."
            />
            <CheckboxField control={control} name="is_active" label="Active" description="Offered for new bookings." />
          </div>
        </Card>
        <Card className="p-5 sm:p-6">
          <h2 className="text-sm font-semibold">Slot groups and time slots</h2>
          <p className="mb-4 mt-1 text-sm text-muted">
            Slots of a group may not overlap. Leave the weekend price empty to charge the same on Saturdays and Sundays. Times are 24-hour
            (17:00).
          </p>
          <SlotGroupsEditor control={control} clearErrors={form.clearErrors} />
        </Card>
      </Form>
    </div>
  );
}
