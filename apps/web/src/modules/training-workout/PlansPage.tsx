import { Dumbbell, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '../../components/Badge';
import { Button, buttonClass } from '../../components/Button';
import { ACTIVE_OPTIONS, rowActionsColumn, statusColumn } from '../../components/columns';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterSelect } from '../../components/FilterSelect';
import { optionsOf } from '../../components/form';
import { MenuTabs } from '../../components/MenuTabs';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/errors';
import { capitalise, countOf, formatCount } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useCan } from '../../lib/useCan';
import type { ResolvedNode } from '../../lib/web-module';
import {
  fetchPlans,
  plansExport,
  TRAINING_MODULE,
  TRAINING_PATHS,
  trainingKeys,
  useCategoryOptions,
  usePlanMutations,
  type PlanListItem,
} from './api';
import { LEVEL_OPTIONS } from './labels';

/** Training/Workout Plan › Plans: the templates, with search and filters, and the builder behind New Plan and each row. */
export function PlansPage({ node }: { node: ResolvedNode }) {
  const navigate = useNavigate();
  const [category, setCategory] = useState('');
  const [level, setLevel] = useState('');
  const [active, setActive] = useState('');
  const [deleting, setDeleting] = useState<PlanListItem | null>(null);
  const categories = useCategoryOptions();
  const { duplicate, remove } = usePlanMutations();
  const canManage = useCan(TRAINING_MODULE, 'manage');

  const columns: Column<PlanListItem>[] = [
    {
      id: 'name',
      header: 'Plan',
      sortKey: 'name',
      alwaysVisible: true,
      mobile: 'title',
      cell: (p) => (
        <div className="min-w-[160px]">
          <Link to={TRAINING_PATHS.plan(p.id)} className="font-medium text-accent-text hover:underline">
            {p.name}
          </Link>
          <div className="text-xs text-muted">
            {countOf(p.exercise_count, 'exercise')} over {countOf(p.day_count, 'day')}
          </div>
        </div>
      ),
    },
    { id: 'category', header: 'Category', mobile: 'subtitle', cell: (p) => p.category_name ?? <span className="text-muted">—</span> },
    { id: 'level', header: 'Level', sortKey: 'level', mobile: 'meta', cell: (p) => <Badge tone="info">{capitalise(p.level)}</Badge> },
    { id: 'days_per_week', header: 'Days/week', align: 'right', mobile: 'meta', cell: (p) => formatCount(p.days_per_week) },
    { id: 'weeks', header: 'Weeks', align: 'right', mobile: 'meta', cell: (p) => formatCount(p.weeks) },
    { id: 'members', header: 'Members', sortKey: 'members', align: 'right', cell: (p) => formatCount(p.members) },
    statusColumn(),
    ...(canManage
      ? [
          rowActionsColumn<PlanListItem>({
            onEdit: (p) => navigate(TRAINING_PATHS.plan(p.id)),
            afterEdit: (p) => (
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Duplicate ${p.name}`}
                onClick={() =>
                  void duplicate.mutateAsync({ id: p.id }).then(
                    (copy) => notify.success(`Copied as "${copy.name}".`),
                    (e: unknown) => notify.error(errorMessage(e)),
                  )
                }
              >
                Duplicate
              </Button>
            ),
            onDelete: setDeleting,
          }),
        ]
      : []),
  ];

  return (
    <div>
      <PageHeader
        title="Training/Workout Plan"
        description="Workout plans by day, each day's exercises with sets, reps, rest and load. Assign a plan and each member gets a copy of their own."
        actions={
          canManage && (
            <Link to={TRAINING_PATHS.newPlan} className={buttonClass('primary')}>
              <Plus size={16} aria-hidden /> New Plan
            </Link>
          )
        }
      />
      <MenuTabs node={node} />
      <DataTable
        title="Workout plans"
        queryKey={trainingKeys.plans}
        fetchPage={fetchPlans}
        exportPath={plansExport}
        columns={columns}
        rowKey={(p) => p.id}
        filters={{ category: category || undefined, level: level || undefined, is_active: active || undefined }}
        onClearFilters={() => {
          setCategory('');
          setLevel('');
          setActive('');
        }}
        filterControls={
          <>
            <FilterSelect label="Category" value={category} onChange={setCategory} options={optionsOf(categories.data)} />
            <FilterSelect label="Level" value={level} onChange={setLevel} options={LEVEL_OPTIONS} />
            <FilterSelect label="Status" value={active} onChange={setActive} options={ACTIVE_OPTIONS} />
          </>
        }
        searchPlaceholder="Search plans"
        empty={{
          icon: Dumbbell,
          title: 'No workout plans yet',
          description: 'Build a plan once (Push, Pull, Legs…) and assign it to a batch or to members.',
          action: canManage ? (
            <Link to={TRAINING_PATHS.newPlan} className={buttonClass('primary')}>
              <Plus size={16} aria-hidden /> New Plan
            </Link>
          ) : undefined,
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'plan'}?`}
        confirmLabel="Delete Plan"
        tone="danger"
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
          } catch (e) {
            notify.error(errorMessage(e));
            throw e;
          }
          notify.success(`Plan "${deleting.name}" deleted.`);
        }}
      >
        {deleting && deleting.members > 0
          ? `${countOf(deleting.members, 'member')} on it keep their own copies, with their logs; the template goes.`
          : 'The template goes. Members assigned it earlier keep their own copies.'}
      </ConfirmDialog>
    </div>
  );
}
