import {
  endUserSettingsInputSchema,
  LOGIN_MODE_LABELS,
  LOGIN_MODES,
  MEMBER_FEATURES,
  type EndUserSettings,
  type MemberFeature,
} from '@arena/contracts/end-user';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { CheckboxField, Form, SelectField } from '../../../components/form';
import { PageHeader } from '../../../components/PageHeader';
import { Skeleton } from '../../../components/Skeleton';
import { PageQuery } from '../../../components/TileQuery';
import { useZodForm } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useCan } from '../../../lib/useCan';
import { END_USER_MODULE, useEndUserSettings, useSaveSettings } from './api';

const FEATURE_TEXT: Record<MemberFeature, { label: string; description: string }> = {
  pay_dues: { label: 'Pay dues', description: 'Members pay what they owe online.' },
  renew: { label: 'Renew', description: 'Members renew their membership online.' },
  invoices: { label: 'Invoices', description: 'Invoices and payment history with PDF downloads.' },
  check_in: { label: 'Check in', description: 'A rotating QR code on the phone that the desk scans.' },
  freeze_request: { label: 'Freeze request', description: 'Members ask for a freeze; the desk approves it.' },
  cancel_request: { label: 'Cancellation request', description: 'Members ask to cancel; the desk decides.' },
  book: { label: 'Book', description: 'Members book courts and slots and cancel their own bookings.' },
  plans: { label: 'Diet and workout plans', description: 'Plans assigned to them, with a workout log.' },
  edit_profile: { label: 'Edit profile', description: 'Their phone, e-mail (verified), photo and emergency contact.' },
  announcements: { label: 'Announcements', description: 'The announcements and feeds published to them.' },
};

/** End User Login › Settings: who may sign in to the member app, and which of its features are on. */
export function EndUserSettingsPage() {
  const settings = useEndUserSettings();
  const header = (
    <PageHeader
      title="Settings"
      description="Who may sign in to the member app on your address, and what members can do there. A feature switched off disappears from the app."
    />
  );
  return (
    <PageQuery query={settings} header={header} skeleton={<Skeleton className="h-64 w-full" />}>
      {(data) => (
        <div className="space-y-5">
          {header}
          <SettingsForm settings={data} />
        </div>
      )}
    </PageQuery>
  );
}

function SettingsForm({ settings }: { settings: EndUserSettings }) {
  const canManage = useCan(END_USER_MODULE, 'manage');
  const save = useSaveSettings();
  const form = useZodForm(endUserSettingsInputSchema, { defaultValues: settings });
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        const saved = await save.mutateAsync(values);
        form.reset(saved);
        notify.success('Member app settings saved.');
      }}
      footer={({ submitting }) =>
        canManage ? (
          <div className="flex justify-end">
            <Button type="submit" disabled={submitting}>
              {submitting ? 'Saving…' : 'Save settings'}
            </Button>
          </div>
        ) : null
      }
    >
      <div className="grid gap-5 lg:grid-cols-[minmax(0,360px)_minmax(0,1fr)]">
        <Card className="space-y-3 p-4">
          <h2 className="text-sm font-semibold">Member login</h2>
          <SelectField
            control={form.control}
            name="login_mode"
            label="Who may sign in"
            disabled={!canManage}
            options={LOGIN_MODES.map((m) => ({ value: m, label: LOGIN_MODE_LABELS[m] }))}
            hint="Members sign in with their phone and a one-time code, or their e-mail and a link."
          />
        </Card>
        <Card className="p-4">
          <h2 className="mb-3 text-sm font-semibold">What members can do</h2>
          <div className="grid gap-3 sm:grid-cols-2">
            {MEMBER_FEATURES.map((f) => (
              <CheckboxField
                key={f}
                control={form.control}
                name={f}
                label={FEATURE_TEXT[f].label}
                description={FEATURE_TEXT[f].description}
                disabled={!canManage}
              />
            ))}
          </div>
        </Card>
      </div>
    </Form>
  );
}
