import { accommodationSettingsInputSchema } from '@arena/contracts/accommodation';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { CheckboxField, Form, NumberField, TimeField } from '../../components/form';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { PageQuery } from '../../components/TileQuery';
import { useZodForm } from '../../lib/form';
import { notify } from '../../lib/notify';
import { useAccommodationSettings, useSaveSettings, type AccommodationSettings } from './api';

/** Accommodation › Settings: check-in and check-out times, deposit rules, and when rent falls due. */
export function AccommodationSettingsPage() {
  const settings = useAccommodationSettings();
  const header = (
    <PageHeader
      title="Settings"
      description="When guests check in and out, which stays take a deposit (the room type's amount, held and refunded or adjusted at check-out), and how many days after a month's start rent is due."
    />
  );
  return (
    <PageQuery query={settings} header={header} skeleton={<Skeleton className="h-72 w-full max-w-2xl" />}>
      {(data) => (
        <div>
          {header}
          <SettingsForm settings={data} />
        </div>
      )}
    </PageQuery>
  );
}

const hhmm = (t: string) => t.slice(0, 5);

function SettingsForm({ settings }: { settings: AccommodationSettings }) {
  const save = useSaveSettings();
  const form = useZodForm(accommodationSettingsInputSchema, {
    defaultValues: {
      check_in_time: hhmm(settings.check_in_time),
      check_out_time: hhmm(settings.check_out_time),
      deposit_required: settings.deposit_required,
      deposit_for_nightly: settings.deposit_for_nightly,
      rent_due_days: settings.rent_due_days,
    },
  });
  const { control } = form;
  return (
    <Card className="max-w-2xl p-5">
      <Form
        form={form}
        onSubmit={async (values) => {
          const saved = await save.mutateAsync(values);
          form.reset({ ...saved, check_in_time: hhmm(saved.check_in_time), check_out_time: hhmm(saved.check_out_time) });
          notify.success('Accommodation settings saved.');
        }}
        footer={({ submitting }) => (
          <div className="flex justify-end">
            <Button type="submit" disabled={submitting}>
              {submitting ? 'Saving…' : 'Save Settings'}
            </Button>
          </div>
        )}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <TimeField control={control} name="check_in_time" label="Check-in time" required hint="From when a room is ready" />
          <TimeField control={control} name="check_out_time" label="Check-out time" required hint="By when guests leave" />
          <fieldset className="grid gap-3 rounded-lg border border-line p-3 sm:col-span-2">
            <legend className="px-1 text-sm font-medium">Deposits</legend>
            <CheckboxField
              control={control}
              name="deposit_required"
              label="Stays take a deposit"
              description="The room type's deposit by default, taken at check-in and held (not income) until check-out."
            />
            <CheckboxField control={control} name="deposit_for_nightly" label="Nightly guests pay a deposit too" />
          </fieldset>
          <NumberField
            control={control}
            name="rent_due_days"
            label="Rent due after (days)"
            required
            hint="Days after a month's start; the rent-due message goes then"
          />
        </div>
      </Form>
    </Card>
  );
}
