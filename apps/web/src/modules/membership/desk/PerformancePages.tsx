import {
  memberPerformanceInputSchema,
  PERFORMANCE_UNITS,
  performanceCategoryInputSchema,
  performanceItemInputSchema,
  z,
} from '@arena/contracts';
import { Activity, FolderTree, Plus, Ruler } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ACTIVE_OPTIONS, actionsColumn, createdAtColumn, rowActionsColumn, statusColumn } from '../../../components/columns';
import { DataTable, type Column } from '../../../components/DataTable';
import { FilterDate, FilterSelect } from '../../../components/FilterSelect';
import { CheckboxField, DateField, NumberField, optionsOf, SelectField, TextareaField, TextField } from '../../../components/form';
import { FormDialog } from '../../../components/FormDialog';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/errors';
import { formatCount, formatDate } from '../../../lib/format';
import { requestSchema, type FormControl, type FormInput } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { saveResource, setActiveWith, useDeleteResource, useFormDialog } from '../../../lib/resourceActions';
import { todayIso } from '../../../lib/today';
import type { ResolvedNode } from '../../../lib/web-module';
import {
  fetchCategories,
  fetchItems,
  fetchMeasurements,
  membershipKeys,
  useCategoryMutations,
  useCategoryOptions,
  useItemMutations,
  useItemOptions,
  useMeasurementMutations,
  type MemberPerformance,
  type PerformanceCategory,
  type PerformanceItem,
} from './api';
import { DeskTabs, MemberPicker, memberPath, type PickedMember } from './parts';

const UNIT_OPTIONS = PERFORMANCE_UNITS.map((u) => ({ value: u, label: u }));

/** "72.5 kg", "12 reps", "18 %" — a measurement with its unit. */
export function measureText(value: string | number, unit: string): string {
  const n = Number(value);
  const shown = Number.isFinite(n) ? formatCount(n) : String(value);
  return unit === '%' ? `${shown} %` : `${shown} ${unit}`;
}

function PerformanceHeader({ node, action, description }: { node: ResolvedNode; action?: ReactNode; description: string }) {
  return (
    <>
      <PageHeader title="Performance" description={description} actions={action} />
      <DeskTabs node={node} />
    </>
  );
}

// ---- Assign Performance: measurements of members ----
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
  const { create, update, remove } = useMeasurementMutations();
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
      <PerformanceHeader
        node={node}
        action={record}
        description="Members' measurements over time: weight, body fat, a timed run, a lift. Each member's page charts their progress."
      />
      <DataTable
        title="Member measurements"
        queryKey={membershipKeys.measurements}
        fetchPage={fetchMeasurements}
        exportPath="/member-management/member-performance/"
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

// ---- Category ----
/** Membership › Performance › Category: groups of measurements (Strength, Cardio, Body composition). */
export function PerformanceCategoryPage({ node }: { node: ResolvedNode }) {
  const { create, update, remove } = useCategoryMutations();
  const { editing, formOpen, setFormOpen, openCreate, openEdit } = useFormDialog<PerformanceCategory>();
  const deletion = useDeleteResource<PerformanceCategory>(remove);
  const setActive = setActiveWith(update);
  const [status, setStatus] = useState('');

  const columns: Column<PerformanceCategory>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      alwaysVisible: true,
      mobile: 'title',
      cell: (c) => (
        <div className="min-w-[140px]">
          <div className="font-medium">{c.name}</div>
          {c.description && <div className="line-clamp-1 text-xs text-muted">{c.description}</div>}
        </div>
      ),
    },
    statusColumn({ sortable: true }),
    createdAtColumn(),
    rowActionsColumn({
      onEdit: openEdit,
      onDelete: deletion.askDelete,
      afterEdit: (c) => (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`${c.is_active ? 'Deactivate' : 'Activate'} ${c.name}`}
          onClick={() => void setActive(c, !c.is_active)}
        >
          {c.is_active ? 'Deactivate' : 'Activate'}
        </Button>
      ),
    }),
  ];
  const add = (
    <Button onClick={openCreate}>
      <Plus size={16} aria-hidden /> Add Category
    </Button>
  );

  return (
    <div>
      <PerformanceHeader node={node} action={add} description="Groups of measurements, such as Strength, Cardio and Body composition." />
      <DataTable
        title="Performance categories"
        queryKey={membershipKeys.categories}
        fetchPage={fetchCategories}
        exportPath="/member-management/performance-category/"
        columns={columns}
        rowKey={(c) => c.id}
        searchPlaceholder="Search name"
        filters={{ is_active: status || undefined }}
        filterControls={<FilterSelect label="Status" value={status} onChange={setStatus} options={ACTIVE_OPTIONS} />}
        onClearFilters={() => setStatus('')}
        empty={{
          icon: FolderTree,
          title: 'No categories yet',
          description: 'Add Strength, Cardio or Body composition to group what you measure.',
          action: add,
        }}
      />
      <FormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        title={editing ? `Edit ${editing.name}` : 'Add Category'}
        schema={performanceCategoryInputSchema}
        defaultValues={
          editing
            ? { name: editing.name, description: editing.description, is_active: editing.is_active }
            : { name: '', description: '', is_active: true }
        }
        onSubmit={saveResource(editing, { create, update })}
        submitLabel={editing ? 'Save Changes' : 'Create'}
      >
        {({ control }) => (
          <div className="grid gap-4">
            <TextField control={control} name="name" label="Name" required maxLength={100} placeholder="e.g. Body composition" />
            <TextareaField control={control} name="description" label="Description" rows={2} maxLength={500} />
            <CheckboxField
              control={control}
              name="is_active"
              label="Active"
              description="Its items are offered when recording measurements."
            />
          </div>
        )}
      </FormDialog>
      <ConfirmDialog {...deletion.dialogProps} title={`Delete ${deletion.deleting?.name ?? 'category'}?`}>
        Only a category without items can be deleted. If it is in use, deactivate it instead.
      </ConfirmDialog>
    </div>
  );
}

// ---- Item ----
const itemFields = z.object({ name: z.string(), category: z.string(), unit: z.string(), description: z.string(), is_active: z.boolean() });
const itemFormSchema = requestSchema(itemFields, performanceItemInputSchema, (v, issue) => {
  if (!v.category) issue('category', 'Choose a category.');
  if (!v.unit) issue('unit', 'Choose a unit.');
  return { ...v, category: v.category || undefined, unit: v.unit as (typeof PERFORMANCE_UNITS)[number] };
});

/** Membership › Performance › Item: what is measured, in which unit (Weight in kg, Push-ups in reps). */
export function PerformanceItemPage({ node }: { node: ResolvedNode }) {
  const { create, update, remove } = useItemMutations();
  const { editing, formOpen, setFormOpen, openCreate, openEdit } = useFormDialog<PerformanceItem>();
  const deletion = useDeleteResource<PerformanceItem>(remove);
  const setActive = setActiveWith(update);
  const categories = useCategoryOptions();
  const [category, setCategory] = useState('');
  const [status, setStatus] = useState('');

  const columns: Column<PerformanceItem>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      alwaysVisible: true,
      mobile: 'title',
      cell: (i) => (
        <div className="min-w-[140px]">
          <div className="font-medium">{i.name}</div>
          {i.description && <div className="line-clamp-1 text-xs text-muted">{i.description}</div>}
        </div>
      ),
    },
    { id: 'category', header: 'Category', sortKey: 'category', mobile: 'subtitle', cell: (i) => i.category_name },
    { id: 'unit', header: 'Unit', sortKey: 'unit', mobile: 'meta', cell: (i) => <span className="tabular">{i.unit}</span> },
    statusColumn({ sortable: true }),
    createdAtColumn(),
    rowActionsColumn({
      onEdit: openEdit,
      onDelete: deletion.askDelete,
      afterEdit: (i) => (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`${i.is_active ? 'Deactivate' : 'Activate'} ${i.name}`}
          onClick={() => void setActive(i, !i.is_active)}
        >
          {i.is_active ? 'Deactivate' : 'Activate'}
        </Button>
      ),
    }),
  ];
  const add = (
    <Button onClick={openCreate}>
      <Plus size={16} aria-hidden /> Add Item
    </Button>
  );

  return (
    <div>
      <PerformanceHeader
        node={node}
        action={add}
        description="What is measured and in which unit: Weight in kg, Waist in cm, Push-ups in reps."
      />
      <DataTable
        title="Performance items"
        queryKey={membershipKeys.items}
        fetchPage={fetchItems}
        exportPath="/member-management/performance-item/"
        columns={columns}
        rowKey={(i) => i.id}
        searchPlaceholder="Search name"
        filters={{ category: category || undefined, is_active: status || undefined }}
        filterControls={
          <>
            <FilterSelect label="Category" value={category} onChange={setCategory} options={optionsOf(categories.data)} />
            <FilterSelect label="Status" value={status} onChange={setStatus} options={ACTIVE_OPTIONS} />
          </>
        }
        onClearFilters={() => {
          setCategory('');
          setStatus('');
        }}
        empty={{
          icon: Ruler,
          title: 'No items yet',
          description:
            (categories.data?.length ?? 0) === 0
              ? 'Add a category first (Category tab), then what you measure in it.'
              : 'Add what you measure, such as Weight (kg) or 5 km run (min).',
          action: add,
        }}
      />
      <FormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        title={editing ? `Edit ${editing.name}` : 'Add Item'}
        schema={itemFormSchema}
        defaultValues={
          editing
            ? {
                name: editing.name,
                category: String(editing.category),
                unit: editing.unit,
                description: editing.description,
                is_active: editing.is_active,
              }
            : { name: '', category: category || '', unit: 'kg', description: '', is_active: true }
        }
        onSubmit={saveResource(editing, { create, update })}
        submitLabel={editing ? 'Save Changes' : 'Create'}
      >
        {({ control }) => (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              control={control}
              name="name"
              label="Name"
              required
              maxLength={100}
              placeholder="e.g. Weight"
              className="sm:col-span-2"
            />
            <SelectField
              control={control}
              name="category"
              label="Category"
              required
              placeholder="Select category"
              loading={categories.isPending}
              options={optionsOf((categories.data ?? []).filter((c) => c.is_active || c.id === editing?.category))}
            />
            <SelectField control={control} name="unit" label="Unit" required options={UNIT_OPTIONS} />
            <TextareaField control={control} name="description" label="Description" rows={2} maxLength={500} className="sm:col-span-2" />
            <CheckboxField
              control={control}
              name="is_active"
              label="Active"
              description="Offered when recording measurements."
              className="sm:col-span-2"
            />
          </div>
        )}
      </FormDialog>
      <ConfirmDialog {...deletion.dialogProps} title={`Delete ${deletion.deleting?.name ?? 'item'}?`}>
        Only an item with no measurements can be deleted. If it is in use, deactivate it instead.
      </ConfirmDialog>
    </div>
  );
}
