import { z } from '@arena/contracts/kit';
import { assignUpdateInputSchema } from '@arena/contracts/training-workout';
import { ClipboardList, FileDown } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/Badge';
import { Button, buttonClass } from '../../components/Button';
import { actionsColumn } from '../../components/columns';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterSelect } from '../../components/FilterSelect';
import { DateField, SelectField, TextareaField } from '../../components/form';
import { FormDialog } from '../../components/FormDialog';
import { MenuTabs } from '../../components/MenuTabs';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/errors';
import { requestSchema } from '../../lib/form';
import { formatCount, formatDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { todayIso } from '../../lib/today';
import { useCan } from '../../lib/useCan';
import type { ResolvedNode } from '../../lib/web-module';
import { memberPath } from '../membership/public';
import { adherencePercent } from './adherence';
import {
  assignedExport,
  fetchAssigned,
  openCopyPdf,
  TRAINING_MODULE,
  TRAINING_PATHS,
  trainingKeys,
  useAssignMutations,
  usePlanOptions,
  type MemberPlanListItem,
} from './api';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'ended', label: 'Ended' },
];

/** "Active" or "Ended", and "Ended" too for an active copy whose end date has passed. */
export function CopyStatus({ copy }: { copy: { status: string; end_date: string | null } }) {
  const over = copy.status === 'active' && copy.end_date !== null && copy.end_date < todayIso();
  return copy.status === 'active' && !over ? <Badge tone="success">Active</Badge> : <Badge>{over ? 'Ended (date passed)' : 'Ended'}</Badge>;
}

/** A percentage of adherence, coloured by how good it is. */
export function AdherenceCell({ value }: { value: number | null }) {
  if (value === null) return <span className="text-muted">—</span>;
  const tone = value >= 75 ? 'text-success' : value >= 40 ? 'text-fg' : 'text-danger-text';
  return <span className={`font-medium tabular ${tone}`}>{value} %</span>;
}

export const openPdf = (id: number) => void openCopyPdf(id).catch((e: unknown) => notify.error(errorMessage(e)));

/** Assign Training/Workout › Assigned Plans: every member's copy, with its dates, status, who assigned it and adherence. */
export function AssignedPage({ node }: { node: ResolvedNode }) {
  const [plan, setPlan] = useState('');
  const [status, setStatus] = useState('active');
  const [editing, setEditing] = useState<MemberPlanListItem | null>(null);
  const plans = usePlanOptions();
  const canOperate = useCan(TRAINING_MODULE, 'operate');
  const today = todayIso();

  const columns: Column<MemberPlanListItem>[] = [
    {
      id: 'member',
      header: 'Member',
      alwaysVisible: true,
      mobile: 'title',
      cell: (c) => (
        <div className="min-w-[150px]">
          <Link to={memberPath(c.member)} className="font-medium text-accent-text hover:underline">
            {c.member_name}
          </Link>
          <div className="text-xs tabular text-muted">{c.member_code}</div>
        </div>
      ),
    },
    {
      id: 'name',
      header: 'Plan',
      sortKey: 'name',
      mobile: 'subtitle',
      cell: (c) => (
        <Link to={TRAINING_PATHS.copy(c.id)} className="hover:underline">
          {c.name}
        </Link>
      ),
    },
    {
      id: 'start_date',
      header: 'Start',
      sortKey: 'start_date',
      mobile: 'meta',
      cell: (c) => <span className="whitespace-nowrap">{formatDate(c.start_date)}</span>,
    },
    {
      id: 'end_date',
      header: 'End',
      mobile: 'meta',
      cell: (c) => <span className="whitespace-nowrap">{c.end_date ? formatDate(c.end_date) : '—'}</span>,
    },
    { id: 'status', header: 'Status', sortKey: 'status', mobile: 'badge', cell: (c) => <CopyStatus copy={c} /> },
    { id: 'assigned_by', header: 'Assigned by', mobile: false, cell: (c) => c.assigned_by || '—' },
    { id: 'sessions', header: 'Sessions', align: 'right', mobile: false, cell: (c) => formatCount(c.sessions) },
    { id: 'adherence', header: 'Adherence', align: 'right', cell: (c) => <AdherenceCell value={adherencePercent(c, today)} /> },
    actionsColumn<MemberPlanListItem>((c) => (
      <>
        <Link to={TRAINING_PATHS.copy(c.id)} className={buttonClass('ghost', 'sm')} aria-label={`Open ${c.member_name}'s workout`}>
          Workout
        </Link>
        {canOperate && (
          <Button size="sm" variant="ghost" aria-label={`Edit dates of ${c.member_name}'s plan`} onClick={() => setEditing(c)}>
            Dates
          </Button>
        )}
        <Button size="sm" variant="ghost" aria-label={`PDF of ${c.member_name}'s workout`} onClick={() => openPdf(c.id)}>
          <FileDown size={14} aria-hidden /> PDF
        </Button>
      </>
    )),
  ];

  return (
    <div>
      <PageHeader
        title="Assigned Plans"
        description="Every member's own copy of a workout plan: its dates, who assigned it, the sessions logged and adherence (sessions against the plan's days per week)."
        actions={
          canOperate && (
            <Link to={TRAINING_PATHS.assign} className={buttonClass('primary')}>
              Assign a Plan
            </Link>
          )
        }
      />
      <MenuTabs node={node} />
      <DataTable
        title="Assigned workout plans"
        compactCards
        queryKey={trainingKeys.assigned}
        fetchPage={fetchAssigned}
        exportPath={assignedExport}
        columns={columns}
        rowKey={(c) => c.id}
        filters={{ plan: plan || undefined, status: status || undefined }}
        onClearFilters={() => {
          setPlan('');
          setStatus('');
        }}
        filterControls={
          <>
            <FilterSelect
              label="Plan"
              value={plan}
              onChange={setPlan}
              options={(plans.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
            />
            <FilterSelect label="Status" value={status} onChange={setStatus} options={STATUS_OPTIONS} />
          </>
        }
        searchPlaceholder="Search plan or assigned by"
        empty={{
          icon: ClipboardList,
          title: 'No plans assigned',
          description: 'Assign a workout plan to a batch or to members; each gets a copy of their own.',
          action: canOperate ? (
            <Link to={TRAINING_PATHS.assign} className={buttonClass('primary')}>
              Assign a Plan
            </Link>
          ) : undefined,
        }}
      />
      {editing && <AssignmentDialog copy={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

/** The end date is optional: an empty field sends none. */
const assignmentFormSchema = requestSchema(
  z.object({ start_date: z.string(), end_date: z.string(), notes: z.string(), status: z.enum(['active', 'ended']) }),
  assignUpdateInputSchema,
  (v) => ({ ...v, end_date: v.end_date || null }),
);

/** A member's plan's dates, notes and status (End it, or make it active again). */
export function AssignmentDialog({
  copy,
  onClose,
}: {
  copy: Pick<MemberPlanListItem, 'id' | 'member_name' | 'name' | 'start_date' | 'end_date' | 'notes' | 'status'>;
  onClose: () => void;
}) {
  const { update } = useAssignMutations();
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${copy.member_name}: ${copy.name}`}
      description="The dates, notes and status of this member's copy."
      schema={assignmentFormSchema}
      defaultValues={{ start_date: copy.start_date, end_date: copy.end_date ?? '', notes: copy.notes, status: copy.status }}
      submitLabel="Save Changes"
      onSubmit={async (values) => {
        await update.mutateAsync({ id: copy.id, input: values });
        notify.success(`${copy.member_name}'s plan saved.`);
      }}
    >
      {({ control }) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField control={control} name="start_date" label="Start date" required />
          <DateField control={control} name="end_date" label="End date" />
          <SelectField control={control} name="status" label="Status" options={STATUS_OPTIONS} className="sm:col-span-2" />
          <TextareaField control={control} name="notes" label="Notes" rows={2} maxLength={500} className="sm:col-span-2" />
        </div>
      )}
    </FormDialog>
  );
}
