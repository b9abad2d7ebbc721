import { freezeReasonInputSchema, type FreezeReason } from '@arena/contracts/membership';
import { Snowflake } from 'lucide-react';
import { createdAtColumn, nameColumn, statusColumn } from '../../../components/columns';
import { CheckboxField, TextareaField, TextField } from '../../../components/form';
import { LookupListPage, statusFilter } from '../../../components/LookupListPage';
import { freezeReasons } from '../members/api';

/**
 * Membership › Plan › Freeze Reasons: why members freeze (Travel, Medical, Exams). When the list has
 * an active reason, a freeze picks one of them; a freeze keeps the words it was given, so renaming
 * or deleting a reason never rewrites a freeze already made.
 */
export function FreezeReasonPage() {
  return (
    <LookupListPage
      resource={freezeReasons}
      title="Freeze Reasons"
      description="Why members freeze their membership. The freeze form offers these; keep the list short so reports group well."
      addLabel="Add Reason"
      tableTitle="Freeze reasons"
      searchPlaceholder="Search reasons"
      columns={[nameColumn<FreezeReason>((r) => r.description), statusColumn({ sortable: true }), createdAtColumn()]}
      filters={[statusFilter]}
      empty={{
        icon: Snowflake,
        title: 'No freeze reasons yet',
        description: 'Without a list, a freeze takes any words as its reason. Add Travel, Medical or Exams to keep reasons tidy.',
      }}
      form={{
        schema: freezeReasonInputSchema,
        defaultValues: (r) => ({ name: r?.name ?? '', description: r?.description ?? '', is_active: r?.is_active ?? true }),
        fields: ({ control }) => (
          <div className="grid gap-4">
            <TextField control={control} name="name" label="Reason" required maxLength={100} placeholder="e.g. Travel" />
            <TextareaField control={control} name="description" label="Description" rows={2} maxLength={500} />
            <CheckboxField control={control} name="is_active" label="Active" description="Offered when freezing a membership." />
          </div>
        ),
      }}
      activeToggle="toggle"
      deleteNote="Freezes keep the words of their reason: deleting or renaming a reason does not change them."
    />
  );
}
