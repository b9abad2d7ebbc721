import { maintenanceDoneInputSchema, type Maintenance } from '@arena/contracts/asset';
import { z } from '@arena/contracts/kit';
import { FormDialog } from '../../components/FormDialog';
import { DateField, MoneyField, optionsOf, SelectField, TextareaField } from '../../components/form';
import { requestSchema } from '../../lib/form';
import { capitalise } from '../../lib/format';
import { usePaymentModes } from '../../lib/lookups';
import { notify } from '../../lib/notify';
import { todayIso } from '../../lib/today';
import { useMaintenanceMutations } from './api';

const doneFormSchema = requestSchema(
  z.object({ date: z.string(), cost: z.string(), notes: z.string(), payment_mode: z.string() }),
  maintenanceDoneInputSchema,
  (v) => ({ ...v, cost: v.cost || '0', payment_mode: v.payment_mode ? Number(v.payment_mode) : null }),
);

/**
 * Mark done (the asset's page and the maintenance list): the date, what it cost and how it was paid;
 * a cost is entered as an expense under Maintenance.
 */
export function DoneDialog({ entry, onClose }: { entry: Maintenance; onClose: () => void }) {
  const m = useMaintenanceMutations(entry.asset);
  const modes = usePaymentModes();
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${capitalise(entry.kind)} done: ${entry.asset_code}`}
      description={entry.every_days ? `The next service is scheduled ${entry.every_days} days after this one.` : undefined}
      schema={doneFormSchema}
      defaultValues={{
        date: entry.date <= todayIso() ? entry.date : todayIso(),
        cost: '',
        notes: entry.notes,
        payment_mode: '',
      }}
      submitLabel="Mark done"
      onSubmit={async (values) => {
        await m.done.mutateAsync({ id: entry.id, input: values });
        notify.success(`${capitalise(entry.kind)} of ${entry.asset_code} marked done.`);
      }}
    >
      {({ control }) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField control={control} name="date" label="Done on" required />
          <MoneyField control={control} name="cost" label="Cost" />
          <SelectField
            control={control}
            name="payment_mode"
            label="Payment Mode"
            placeholder="Select mode"
            options={optionsOf(modes.data)}
          />
          <TextareaField control={control} name="notes" label="Notes" rows={2} maxLength={1000} className="sm:col-span-2" />
        </div>
      )}
    </FormDialog>
  );
}
