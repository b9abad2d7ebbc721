import { DIET_STATUSES, type Assignment } from '@arena/contracts/diet';
import { ClipboardList, FileDown } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/Button';
import { actionsColumn } from '../../components/columns';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterSelect } from '../../components/FilterSelect';
import { optionsOf } from '../../components/form';
import { MenuTabs } from '../../components/MenuTabs';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useCan } from '../../lib/useCan';
import type { ResolvedNode } from '../../lib/web-module';
import { memberPath } from '../membership/public';
import {
  assignmentsExport,
  DIET_MODULE,
  DIET_PATHS,
  dietKeys,
  downloadDietPdf,
  fetchAssignments,
  useAssignMutations,
  usePlanOptions,
} from './api';
import { DietStatusBadge } from './parts';

const STATUS_OPTIONS = DIET_STATUSES.map((s) => ({ value: s, label: s === 'active' ? 'Active' : s === 'upcoming' ? 'Upcoming' : 'Ended' }));

/** The PDF button of a member's diet (the API builds the chart). */
export function DietPdfButton({
  diet,
  size = 'sm',
  variant = 'ghost',
}: {
  diet: Pick<Assignment, 'id' | 'member_name' | 'member_code'>;
  size?: 'sm' | 'md';
  variant?: 'ghost' | 'secondary';
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size={size}
      variant={variant}
      disabled={busy}
      aria-label={`Download PDF of ${diet.member_name}’s diet`}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadDietPdf(diet.id, `diet-${diet.member_code || diet.id}.pdf`);
        } catch (error) {
          notify.error(errorMessage(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      <FileDown size={14} aria-hidden /> {busy ? 'Preparing…' : 'PDF'}
    </Button>
  );
}

/** Assign Diet › Assignments: every member's diet, current and past, with its copy, PDF and End. */
export function AssignmentsPage({ node }: { node: ResolvedNode }) {
  const canAssign = useCan(DIET_MODULE, 'operate');
  const plans = usePlanOptions();
  const [plan, setPlan] = useState('');
  const [status, setStatus] = useState('active');
  const [ending, setEnding] = useState<Assignment | null>(null);
  const { end } = useAssignMutations();
  const columns: Column<Assignment>[] = [
    {
      id: 'member',
      header: 'Member',
      alwaysVisible: true,
      mobile: 'title',
      cell: (a) => (
        <Link to={memberPath(a.member)} className="block min-w-[150px] hover:underline">
          <span className="block font-medium">{a.member_name}</span>
          <span className="block text-xs tabular text-muted">{a.member_code}</span>
        </Link>
      ),
    },
    {
      id: 'name',
      header: 'Diet',
      sortKey: 'name',
      mobile: 'subtitle',
      cell: (a) => (
        <span className="block min-w-[140px]">
          {a.name}
          {a.name !== a.plan_name && <span className="block text-xs text-muted">from {a.plan_name}</span>}
        </span>
      ),
    },
    {
      id: 'start_date',
      header: 'Start',
      sortKey: 'start_date',
      cell: (a) => <span className="whitespace-nowrap">{formatDate(a.start_date)}</span>,
    },
    {
      id: 'end_date',
      header: 'End',
      sortKey: 'end_date',
      cell: (a) => <span className="whitespace-nowrap">{a.end_date ? formatDate(a.end_date) : '—'}</span>,
    },
    { id: 'status', header: 'Status', mobile: 'badge', cell: (a) => <DietStatusBadge status={a.status} /> },
    { id: 'assigned_by', header: 'Assigned by', cell: (a) => a.assigned_by || '—' },
    actionsColumn((a) => (
      <>
        <Link to={DIET_PATHS.memberDiet(a.id)} className={buttonClass('ghost', 'sm')} aria-label={`Open ${a.member_name}’s diet`}>
          {canAssign && a.status !== 'ended' ? 'Edit' : 'Open'}
        </Link>
        <DietPdfButton diet={a} />
        {canAssign && a.status !== 'ended' && (
          <Button size="sm" variant="ghost-danger" aria-label={`End ${a.member_name}’s diet`} onClick={() => setEnding(a)}>
            End
          </Button>
        )}
      </>
    )),
  ];
  return (
    <div>
      <PageHeader
        title="Assignments"
        description="Members’ diets: who has which plan, from when to when, and who assigned it. Open one to adjust that member’s copy."
      />
      <MenuTabs node={node} />
      <DataTable
        title="Diet assignments"
        queryKey={dietKeys.assignments}
        fetchPage={fetchAssignments}
        exportPath={assignmentsExport}
        columns={columns}
        rowKey={(a) => a.id}
        searchPlaceholder="Search diet, plan or trainer"
        filters={{ plan: plan || undefined, status: status || undefined }}
        onClearFilters={() => {
          setPlan('');
          setStatus('');
        }}
        filterControls={
          <>
            <FilterSelect label="Plan" value={plan} onChange={setPlan} options={optionsOf(plans.data)} />
            <FilterSelect label="Status" value={status} onChange={setStatus} options={STATUS_OPTIONS} />
          </>
        }
        empty={{
          icon: ClipboardList,
          title: 'No diets assigned',
          description: 'Assign a plan to a batch or to members from Assign Diet.',
          action: canAssign ? (
            <Link to={DIET_PATHS.assign} className={buttonClass('primary')}>
              Assign Diet
            </Link>
          ) : undefined,
        }}
      />
      <ConfirmDialog
        open={!!ending}
        onOpenChange={(o) => !o && setEnding(null)}
        title={`End ${ending?.member_name ?? ''}’s diet?`}
        confirmLabel="End Diet"
        onConfirm={async () => {
          if (!ending) return;
          try {
            await end.mutateAsync(ending.id);
            notify.success(`${ending.member_name}’s ${ending.name} was ended.`);
          } catch (error) {
            notify.error(errorMessage(error));
            return false;
          }
        }}
      >
        {ending?.name} stops being the member’s current diet; it stays in their history.
      </ConfirmDialog>
    </div>
  );
}
