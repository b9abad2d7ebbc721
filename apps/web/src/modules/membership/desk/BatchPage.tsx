import { batchInputSchema, z } from '@arena/contracts';
import { Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { CentreFilter } from '../../../components/CentreFilter';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ACTIVE_OPTIONS, rowActionsColumn, statusColumn } from '../../../components/columns';
import { DataTable, type Column } from '../../../components/DataTable';
import { FilterSelect } from '../../../components/FilterSelect';
import {
  CheckboxField,
  MultiSelectField,
  NumberField,
  optionsOf,
  SelectField,
  TextareaField,
  TextField,
  TimeField,
} from '../../../components/form';
import { FormDialog } from '../../../components/FormDialog';
import { PageHeader } from '../../../components/PageHeader';
import { formatCount } from '../../../lib/format';
import { requestSchema, type FormInput } from '../../../lib/form';
import { useCentres, useSports } from '../../../lib/lookups';
import { saveResource, setActiveWith, useDeleteResource, useFormDialog } from '../../../lib/resourceActions';
import { useSidebar } from '../../../state/sidebar';
import { fetchBatches, membershipKeys, useBatchMutations, type Batch } from './api';
import { BatchMembersDialog } from './BatchMembersDialog';
import { SeatsCell } from './parts';
import { hhmm, timeRange, WEEKDAYS, weekdaysText } from './rules';

const batchFields = z.object({
  name: z.string(),
  sport: z.string(),
  centre: z.string(),
  weekdays: z.array(z.number()),
  start_time: z.string(),
  end_time: z.string(),
  capacity: z.union([z.number(), z.nan()]),
  description: z.string(),
  is_active: z.boolean(),
});
type BatchForm = FormInput<typeof batchFormSchema>;

/** The batch request of the contracts, from the form: ids held as select text, no sport as empty. */
const batchFormSchema = requestSchema(batchFields, batchInputSchema, (v, issue) => {
  if (!v.centre) issue('centre', 'Choose a center.');
  if (!Number.isFinite(v.capacity)) issue('capacity', 'Enter how many members fit.');
  if (!v.start_time.trim()) issue('start_time', 'Enter the start time.');
  if (!v.end_time.trim()) issue('end_time', 'Enter the end time.');
  return { ...v, sport: v.sport || null, centre: v.centre || undefined, coach: null };
});

const batchDefaults = (b: Batch | null, centre: string): BatchForm =>
  b
    ? {
        name: b.name,
        sport: b.sport ? String(b.sport) : '',
        centre: String(b.centre),
        weekdays: b.weekdays,
        start_time: hhmm(b.start_time),
        end_time: hhmm(b.end_time),
        capacity: b.capacity,
        description: b.description,
        is_active: b.is_active,
      }
    : {
        name: '',
        sport: '',
        centre,
        weekdays: [1, 2, 3, 4, 5],
        start_time: '06:00',
        end_time: '07:00',
        capacity: 20,
        description: '',
        is_active: true,
      };

const DAY_OPTIONS = WEEKDAYS.map((d) => ({ value: d.value, label: d.short }));
const PRESETS = [
  { label: 'Mon–Fri', days: [1, 2, 3, 4, 5] },
  { label: 'Mon, Wed, Fri', days: [1, 3, 5] },
  { label: 'Tue, Thu, Sat', days: [2, 4, 6] },
  { label: 'Weekends', days: [6, 7] },
  { label: 'Every day', days: [1, 2, 3, 4, 5, 6, 7] },
];

/** Membership › Batch: group classes at fixed days and hours (Morning Yoga, Evening Zumba), with their members and seats. */
export function BatchPage() {
  const selectedCentre = useSidebar((s) => s.selectedCentre);
  const { create, update, remove } = useBatchMutations();
  const { editing, formOpen, setFormOpen, openCreate, openEdit } = useFormDialog<Batch>();
  const deletion = useDeleteResource<Batch>(remove);
  const setActive = setActiveWith(update);
  const centres = useCentres();
  const sports = useSports();
  const [centre, setCentre] = useState(selectedCentre);
  const [sport, setSport] = useState('');
  const [status, setStatus] = useState('');
  const [membersOf, setMembersOf] = useState<Batch | null>(null);

  const columns: Column<Batch>[] = [
    {
      id: 'name',
      header: 'Batch',
      sortKey: 'name',
      alwaysVisible: true,
      mobile: 'title',
      cell: (b) => (
        <div className="min-w-[150px]">
          <div className="font-medium">{b.name}</div>
          <div className="text-xs text-muted">{[b.sport_name, b.centre_name].filter(Boolean).join(' · ')}</div>
        </div>
      ),
    },
    {
      id: 'schedule',
      header: 'Schedule',
      mobile: 'subtitle',
      cell: (b) => (
        <div className="whitespace-nowrap">
          <div className="tabular">{timeRange(b.start_time, b.end_time)}</div>
          <div className="text-xs text-muted">{weekdaysText(b.weekdays)}</div>
        </div>
      ),
    },
    { id: 'coach', header: 'Coach', mobile: false, defaultHidden: true, cell: (b) => b.coach_name || '—' },
    {
      id: 'seats',
      header: 'Members / seats',
      mobile: 'meta',
      cell: (b) => <SeatsCell members={b.members_count} capacity={b.capacity} left={b.seats_left} />,
    },
    statusColumn({ sortable: true }),
    rowActionsColumn({
      onEdit: openEdit,
      onDelete: deletion.askDelete,
      leading: (b) => (
        <Button size="sm" variant="secondary" aria-label={`Members of ${b.name}`} onClick={() => setMembersOf(b)}>
          <Users size={14} aria-hidden /> Members
        </Button>
      ),
      afterEdit: (b) => (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`${b.is_active ? 'Deactivate' : 'Activate'} ${b.name}`}
          onClick={() => void setActive(b, !b.is_active)}
        >
          {b.is_active ? 'Deactivate' : 'Activate'}
        </Button>
      ),
    }),
  ];

  return (
    <div>
      <PageHeader
        title="Batch"
        description="Classes at fixed days and hours, with a limited number of seats. Times are 24-hour (17:00)."
        actions={
          <Button onClick={openCreate}>
            <Plus size={16} aria-hidden /> Add Batch
          </Button>
        }
      />
      <DataTable
        title="Batches"
        queryKey={membershipKeys.batches}
        fetchPage={fetchBatches}
        exportPath="/member-management/batch/"
        columns={columns}
        rowKey={(b) => b.id}
        searchPlaceholder="Search batch"
        filters={{ centre: centre || undefined, sport: sport || undefined, is_active: status || undefined }}
        filterControls={
          <>
            <CentreFilter value={centre} onChange={setCentre} />
            <FilterSelect label="Sport" value={sport} onChange={setSport} options={optionsOf(sports.data)} />
            <FilterSelect label="Status" value={status} onChange={setStatus} options={ACTIVE_OPTIONS} />
          </>
        }
        onClearFilters={() => {
          setCentre('');
          setSport('');
          setStatus('');
        }}
        empty={{
          icon: Users,
          title: 'No batches yet',
          description: 'Add your classes, such as Morning Yoga (Mon–Fri, 06:00–07:00, 20 seats) or Kids Badminton.',
          action: (
            <Button onClick={openCreate}>
              <Plus size={16} aria-hidden /> Add Batch
            </Button>
          ),
        }}
      />
      <FormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        size="lg"
        title={editing ? `Edit ${editing.name}` : 'Add Batch'}
        description={editing ? `${formatCount(editing.members_count)} members are in it; the capacity cannot go below that.` : undefined}
        schema={batchFormSchema}
        defaultValues={batchDefaults(editing, centre || selectedCentre)}
        onSubmit={saveResource(editing, { create, update })}
        submitLabel={editing ? 'Save Changes' : 'Create Batch'}
      >
        {({ control, setValue }) => (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={control} name="name" label="Name" required maxLength={100} placeholder="e.g. Morning Yoga" />
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
              placeholder="No sport"
              options={optionsOf(sports.data)}
              loading={sports.isPending}
            />
            <NumberField control={control} name="capacity" label="Capacity" required suffix="seats" />
            <div className="sm:col-span-2">
              <MultiSelectField control={control} name="weekdays" label="Days" required options={DAY_OPTIONS} />
              <div className="mt-2 flex flex-wrap items-center gap-1.5 text-xs">
                <span className="text-muted">Quick pick:</span>
                {PRESETS.map((p) => (
                  <button
                    key={p.label}
                    type="button"
                    onClick={() => setValue('weekdays', p.days, { shouldValidate: true, shouldDirty: true })}
                    className="rounded-full border border-line px-2.5 py-0.5 text-accent-text hover:bg-accent-soft"
                  >
                    {p.label}
                  </button>
                ))}
              </div>
            </div>
            <TimeField control={control} name="start_time" label="Start time" required />
            <TimeField control={control} name="end_time" label="End time" required />
            <TextareaField control={control} name="description" label="Description" rows={2} maxLength={1000} className="sm:col-span-2" />
            <CheckboxField
              control={control}
              name="is_active"
              label="Active"
              description="Members can be added to it."
              className="sm:col-span-2"
            />
          </div>
        )}
      </FormDialog>
      <ConfirmDialog {...deletion.dialogProps} title={`Delete ${deletion.deleting?.name ?? 'batch'}?`}>
        Only an empty batch can be deleted. Remove its members first, or deactivate it instead.
      </ConfirmDialog>
      <BatchMembersDialog batch={membersOf} onClose={() => setMembersOf(null)} />
    </div>
  );
}
