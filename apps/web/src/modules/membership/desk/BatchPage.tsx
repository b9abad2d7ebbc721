import { batchInputSchema } from '@arena/contracts/membership';
import { z } from '@arena/contracts/kit';
import { ClipboardCheck, Users } from 'lucide-react';
import { Link } from 'react-router';
import { useState } from 'react';
import { Button, buttonClass } from '../../../components/Button';
import { statusColumn } from '../../../components/columns';
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
import { LookupListPage, statusFilter } from '../../../components/LookupListPage';
import { formatCount } from '../../../lib/format';
import { requestSchema, type FormInput } from '../../../lib/form';
import { useCentres, useSports } from '../../../lib/lookups';
import { useSidebar } from '../../../state/sidebar';
import { batches, type Batch } from './api';
import { BatchMembersDialog, rollCallPath } from './BatchMembersDialog';
import { SeatsCell } from './parts';
import { SeatRulesButton } from './SeatRulesDialog';
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
  /** The batch's coach (a staff member), kept as it is: the form has no coach field yet. */
  coach: z.number().nullable(),
});
type BatchForm = FormInput<typeof batchFormSchema>;

/** The batch request of the contracts, from the form: ids held as select text, no sport as empty. */
const batchFormSchema = requestSchema(batchFields, batchInputSchema, (v, issue) => {
  if (!v.centre) issue('centre', 'Choose a center.');
  if (!Number.isFinite(v.capacity)) issue('capacity', 'Enter how many members fit.');
  if (!v.start_time.trim()) issue('start_time', 'Enter the start time.');
  if (!v.end_time.trim()) issue('end_time', 'Enter the end time.');
  return { ...v, sport: v.sport || null, centre: v.centre || undefined };
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
        coach: b.coach,
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
        coach: null,
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
  const centres = useCentres();
  const sports = useSports();
  const [membersOf, setMembersOf] = useState<Batch | null>(null);

  return (
    <LookupListPage
      resource={batches}
      title="Batch"
      description="Classes at fixed days and hours, with a limited number of seats. Times are 24-hour (17:00)."
      addLabel="Add Batch"
      tableTitle="Batches"
      headerActions={<SeatRulesButton />}
      searchPlaceholder="Search batch"
      columns={[
        {
          id: 'name',
          header: 'Batch',
          sortKey: 'name',
          alwaysVisible: true,
          mobile: 'title',
          cell: (b: Batch) => (
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
          cell: (b) => (
            <div>
              <SeatsCell members={b.members_count} capacity={b.capacity} left={b.seats_left} />
              {(b.lapsed_count > 0 || b.waitlist_count > 0) && (
                <p className="mt-1 text-xs text-muted">
                  {[
                    b.lapsed_count > 0 && `${formatCount(b.lapsed_count)} lapsed`,
                    b.waitlist_count > 0 && `${formatCount(b.waitlist_count)} waiting`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              )}
            </div>
          ),
        },
        statusColumn({ sortable: true }),
      ]}
      filters={[{ name: 'centre', centre: true }, { name: 'sport', label: 'Sport', options: optionsOf(sports.data) }, statusFilter]}
      empty={{
        icon: Users,
        title: 'No batches yet',
        description: 'Add your classes, such as Morning Yoga (Mon–Fri, 06:00–07:00, 20 seats) or Kids Badminton.',
      }}
      form={{
        schema: batchFormSchema,
        size: 'lg',
        description: (editing) =>
          editing ? `${formatCount(editing.members_count)} members are in it; the capacity cannot go below that.` : undefined,
        defaultValues: (editing, filters) => batchDefaults(editing, filters.centre || selectedCentre),
        createLabel: 'Create Batch',
        fields: ({ control, setValue }) => (
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
        ),
      }}
      leadingAction={(b) => (
        <>
          <Button size="sm" variant="secondary" aria-label={`Members of ${b.name}`} onClick={() => setMembersOf(b)}>
            <Users size={14} aria-hidden /> Members
          </Button>
          <Link to={rollCallPath(b.id)} className={buttonClass('secondary', 'sm')} aria-label={`Roll call of ${b.name}`}>
            <ClipboardCheck size={14} aria-hidden /> Roll call
          </Link>
        </>
      )}
      activeToggle="toggle"
      deleteNote="Only an empty batch can be deleted. Remove its members first, or deactivate it instead."
    >
      <BatchMembersDialog batch={membersOf} onClose={() => setMembersOf(null)} />
    </LookupListPage>
  );
}
