import { membershipSettingsInputSchema } from '@arena/contracts/membership';
import { Settings2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { FormDialog } from '../../../components/FormDialog';
import { NumberField } from '../../../components/form';
import { useCan } from '../../../lib/useCan';
import { notify } from '../../../lib/notify';
import { useMembershipSettings, useSaveMembershipSettings } from './api';

/**
 * Membership › Batch › Seat rules: how long a member whose membership ended keeps a batch seat
 * ("lapsed", so the desk can renew before the seat goes to the waiting list), and how many days
 * ahead a membership counts as expiring. Both are the organisation's membership settings.
 */
export function SeatRulesButton() {
  const [open, setOpen] = useState(false);
  const canManage = useCan('Membership Management', 'manage');
  const settings = useMembershipSettings(open);
  const save = useSaveMembershipSettings();
  if (!canManage) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Settings2 size={16} aria-hidden /> Seat rules
      </Button>
      <FormDialog
        open={open && settings.isSuccess}
        onOpenChange={setOpen}
        title="Seat rules"
        description="A seat is held by a running membership. When it ends, the member keeps the seat for the grace days, shown as lapsed, then the seat is offered to the waiting list."
        schema={membershipSettingsInputSchema}
        defaultValues={settings.data ?? {}}
        submitLabel="Save"
        onSubmit={async (values) => {
          await save.mutateAsync(values);
          notify.success('The seat rules were saved.');
        }}
      >
        {({ control }) => (
          <div className="grid gap-4">
            <NumberField
              control={control}
              name="batch_seat_grace_days"
              label="Lapsed members keep their seat for"
              suffix="days"
              required
              hint="0 frees the seat the day after the membership ends; at most 60."
            />
            <NumberField
              control={control}
              name="reminder_days"
              label="A membership is expiring when it ends within"
              suffix="days"
              required
              hint="The Expiring list, the dashboard's tile and today's reminders use this window (1–60)."
            />
          </div>
        )}
      </FormDialog>
    </>
  );
}
