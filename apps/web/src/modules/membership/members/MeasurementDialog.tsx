import { memberPerformanceInputSchema } from '@arena/contracts/membership';
import { z } from '@arena/contracts/kit';
import { DateField, SelectField, TextField, TextareaField } from '../../../components/form';
import { FormDialog } from '../../../components/FormDialog';
import { requestSchema } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { todayIso } from '../../../lib/today';
import { useAddMeasurement, usePerformanceItems } from './api';

function measurementSchema(member: number) {
  return requestSchema(
    z.object({ item: z.string(), value: z.string(), date: z.string(), notes: z.string() }),
    memberPerformanceInputSchema,
    (v, issue) => {
      if (!v.item) issue('item', 'Choose what was measured.');
      if (!v.value.trim()) issue('value', 'Enter the value.');
      if (!v.date) issue('date', 'Date is required.');
      else if (v.date > todayIso()) issue('date', 'A measurement cannot be in the future.');
      return { member, item: v.item || undefined, value: v.value.trim().replace(',', '.'), date: v.date || undefined, notes: v.notes };
    },
  );
}

/** Record a measurement of the member (weight, a 5 km run, push-ups …) on a day. */
export function MeasurementDialog({
  member,
  open,
  onOpenChange,
  item,
}: {
  member: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The item to measure, preselected (from its chart). */
  item?: number;
}) {
  const items = usePerformanceItems();
  const add = useAddMeasurement();
  const options = (items.data ?? []).map((i) => ({ value: String(i.id), label: `${i.category_name} › ${i.name} (${i.unit})` }));
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add measurement"
      schema={measurementSchema(member)}
      defaultValues={{ item: item ? String(item) : '', value: '', date: todayIso(), notes: '' }}
      submitLabel="Save"
      onSubmit={async (input) => {
        const saved = await add.mutateAsync(input);
        notify.success(`${saved.item_name}: ${saved.value} ${saved.unit} recorded.`);
      }}
    >
      {({ control }) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            control={control}
            name="item"
            label="Item"
            required
            placeholder="Select item"
            options={options}
            loading={items.isPending}
            className="sm:col-span-2"
            hint={!items.isPending && options.length === 0 ? 'Add items under Membership › Performance › Item first.' : undefined}
          />
          <TextField control={control} name="value" label="Value" required inputMode="decimal" autoComplete="off" />
          <DateField control={control} name="date" label="Date" required max={todayIso()} />
          <TextareaField control={control} name="notes" label="Notes" rows={2} maxLength={500} className="sm:col-span-2" />
        </div>
      )}
    </FormDialog>
  );
}
