import { memberPerformanceInputSchema } from '@arena/contracts/membership';
import { z } from '@arena/contracts/kit';
import { Activity, Plus } from 'lucide-react';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { actionsColumn, createdAtColumn } from '../../../components/columns';
import { DataTable, type Column } from '../../../components/DataTable';
import { FilterDate, FilterSelect } from '../../../components/FilterSelect';
import { DateField, NumberField, optionsOf, SelectField, TextareaField } from '../../../components/form';
import { FormDialog } from '../../../components/FormDialog';
import { MenuTabs } from '../../../components/MenuTabs';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/errors';
import { formatCount, formatDate } from '../../../lib/format';
import { requestSchema, type FormControl, type FormInput } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useFormDialog } from '../../../lib/resourceActions';
import { todayIso } from '../../../lib/today';
import type { ResolvedNode } from '../../../lib/web-module';
import { measurements, useCategoryOptions, useItemOptions, type MemberPerformance } from './api';
import { MemberPicker, memberPath, type PickedMember } from './parts';

/** "72.5 kg", "12 reps", "18 %" — a measurement with its unit. */
export function measureText(value: string | number, unit: string): string {
  const n = Number(value);
  const shown = Number.isFinite(n) ? formatCount(n) : String(value);
  return unit === '%' ? `${shown} %` : `${shown} ${unit}`;
}

const measurementFields = z.object({
  member: z.custom<PickedMember | null>(),
  item: z.string(),
  value: z.union([z.number(), z.nan()]),
  date: z.string(),
  notes: z.string(),
});
type MeasurementForm = FormInput<typeof measurementFormSchema>;
const measurementFormSchema = requestSchema(measurementFields, memberPerformanceInputSchema, (v, issue) => {
  if (!v.member) issue('member', 'Choose a member.');
  if (!v.item) issue('item', 'Choose what was measured.');
  if (!Number.isFinite(v.value)) issue('value', 'Enter the value.');
  return { member: v.member?.id, item: v.item || undefined, value: v.value, date: v.date || undefined, notes: v.notes };
});

/** The form's member: the picker, bound to the form (its error under it). */
function MemberField({ control }: { control: FormControl<MeasurementForm> }) {
  const { field, fieldState } = useController({ control, name: 'member' });
  return <MemberPicker value={field.value ?? null} onChange={field.onChange} error={fieldState.error?.message} />;
}

/** Membership › Performance › Assign Performance: record members' measurements (weight, 5 km run, push-ups) and see them. */
export function AssignPerformancePage({ node }: { node: ResolvedNode }) {
  const { create, update, remove } = measurements.useMutations();
  const { editing, formOpen, setFormOpen, openCreate, openEdit } = useFormDialog<MemberPerformance>();
  const [deleting, setDeleting] = useState<MemberPerformance | null>(null);
  const items = useItemOptions();
  const categories = useCategoryOptions();
  const [category, setCategory] = useState('');
  const [item, setItem] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const activeItems = (items.data ?? []).filter((i) => i.is_active || i.id === editing?.item);
  const unitOf = (id: string) => items.data?.find((i) => String(i.id) === id)?.unit;

  const columns: Column<MemberPerformance>[] = [
    {
      id: 'date',
      header: 'Date',
      sortKey: 'date',
      mobile: 'subtitle',
      cell: (m) => <span className="whitespace-nowrap">{formatDate(m.date)}</span>,
    },
    {
      id: 'member',
      header: 'Member',
      alwaysVisible: true,
      mobile: 'title',
      cell: (m) => (
        <Link to={`${memberPath(m.member)}/perfomence`} className="font-medium text-accent-text hover:underline">
          {m.member_name}
        </Link>
      ),
    },
    {
      id: 'item',
      header: 'Measurement',
      mobile: 'meta',
      cell: (m) => (
        <div>
          <div>{m.item_name}</div>
          <div className="text-xs text-muted">{m.category_name}</div>
        </div>
      ),
    },
    {
      id: 'value',
      header: 'Value',
      sortKey: 'value',
      align: 'right',
      mobile: 'badge',
      cell: (m) => <span className="whitespace-nowrap font-medium tabular">{measureText(m.value, m.unit)}</span>,
    },
    { id: 'notes', header: 'Notes', mobile: false, cell: (m) => <span className="line-clamp-2 text-muted">{m.notes || '—'}</span> },
    { ...createdAtColumn<MemberPerformance>(), header: 'Recorded', defaultHidden: true },
    actionsColumn((m) => (
      <>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Edit ${m.item_name} of ${m.member_name} on ${formatDate(m.date)}`}
          onClick={() => openEdit(m)}
        >
          Edit
        </Button>
        <Button
          size="sm"
          variant="ghost-danger"
          aria-label={`Delete ${m.item_name} of ${m.member_name} on ${formatDate(m.date)}`}
          onClick={() => setDeleting(m)}
        >
          Delete
        </Button>
      </>
    )),
  ];

  const defaults: MeasurementForm = editing
    ? {
        member: { id: editing.member, name: editing.member_name, code: '' },
        item: String(editing.item),
        value: Number(editing.value),
        date: editing.date,
        notes: editing.notes,
      }
    : { member: null, item: item || '', value: Number.NaN, date: todayIso(), notes: '' };

  const record = (
    <Button onClick={openCreate}>
      <Plus size={16} aria-hidden /> Record Measurement
    </Button>
  );

  return (
    <div>
      <PageHeader
        title="Performance"
        description="Members' measurements over time: weight, body fat, a timed run, a lift. Each member's page charts their progress."
        actions={record}
      />
      <MenuTabs node={node} />
      <DataTable
        title="Member measurements"
        queryKey={measurements.queryKey}
        fetchPage={measurements.fetchPage}
        exportPath={measurements.exportFrom}
        columns={columns}
        rowKey={(m) => m.id}
        searchPlaceholder="Search member or item"
        filters={{
          category: category || undefined,
          item: item || undefined,
          date_after: from || undefined,
          date_before: to || undefined,
        }}
        filterControls={
          <>
            <FilterSelect label="Category" value={category} onChange={setCategory} options={optionsOf(categories.data)} />
            <FilterSelect
              label="Item"
              value={item}
              onChange={setItem}
              options={optionsOf((items.data ?? []).filter((i) => !category || String(i.category) === category))}
            />
            <FilterDate label="From" value={from} onChange={setFrom} />
            <FilterDate label="To" value={to} onChange={setTo} />
          </>
        }
        onClearFilters={() => {
          setCategory('');
          setItem('');
          setFrom('');
          setTo('');
        }}
        empty={{
          icon: Activity,
          title: 'No measurements yet',
          description:
            (items.data?.length ?? 0) === 0
              ? 'First add what you measure under the Category and Item tabs (Body composition › Weight in kg), then record members’ values here.'
              : 'Record a member’s weight, body fat or a timed run to start their progress chart.',
          action: record,
        }}
      />
      <FormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        title={editing ? `Edit ${editing.item_name} of ${editing.member_name}` : 'Record Measurement'}
        schema={measurementFormSchema}
        defaultValues={defaults}
        onSubmit={async (input) => {
          if (editing) await update.mutateAsync({ id: editing.id, input });
          else await create.mutateAsync(input);
          notify.success(editing ? 'The measurement was updated.' : 'The measurement was recorded.');
        }}
        submitLabel={editing ? 'Save Changes' : 'Record'}
      >
        {({ control, watch }) => (
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <MemberField control={control} />
            </div>
            <SelectField
              control={control}
              name="item"
              label="Measurement"
              required
              placeholder="Select item"
              loading={items.isPending}
              options={activeItems.map((i) => ({ value: String(i.id), label: `${i.category_name} › ${i.name} (${i.unit})` }))}
              hint={activeItems.length === 0 && !items.isPending ? 'No items yet: add them under the Item tab.' : undefined}
            />
            <DateField control={control} name="date" label="Date" required max={todayIso()} />
            <NumberField
              control={control}
              name="value"
              label="Value"
              required
              integer={false}
              suffix={unitOf(watch('item')) ?? undefined}
            />
            <TextareaField control={control} name="notes" label="Notes" rows={2} maxLength={500} className="sm:col-span-2" />
          </div>
        )}
      </FormDialog>
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete this measurement?"
        confirmLabel="Delete"
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            notify.success('The measurement was deleted.');
          } catch (error) {
            notify.error(errorMessage(error));
          }
        }}
      >
        {deleting &&
          `${deleting.item_name} ${measureText(deleting.value, deleting.unit)} of ${deleting.member_name} on ${formatDate(deleting.date)}.`}
      </ConfirmDialog>
    </div>
  );
}
