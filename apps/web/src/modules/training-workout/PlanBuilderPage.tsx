import { Copy, UserPlus } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonClass } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { MenuTabs } from '../../components/MenuTabs';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { useCrumbName } from '../../lib/crumbs';
import { useScreenTitle } from '../../lib/document-title';
import { errorMessage } from '../../lib/errors';
import { countOf } from '../../lib/format';
import { notify } from '../../lib/notify';
import type { ResolvedNode } from '../../lib/web-module';
import { useCan } from '../../lib/useCan';
import { TRAINING_MODULE, TRAINING_PATHS, useCategoryOptions, usePlan, usePlanMutations } from './api';
import { builderStart, NEW_PLAN, PlanBuilder } from './PlanBuilder';

/** Training/Workout Plan › New Plan: the workout builder, empty. */
export function NewPlanPage({ node }: { node: ResolvedNode }) {
  const navigate = useNavigate();
  const { create } = usePlanMutations();
  const categories = useCategoryOptions();
  useScreenTitle('New Plan');
  return (
    <div className="space-y-4">
      <PageHeader
        title="New Workout Plan"
        description="Name the plan, add its days (Push, Pull, Legs…) and each day's exercises from the library, with sets, reps, rest and load."
      />
      <MenuTabs node={node} />
      <PlanBuilder
        start={{ values: NEW_PLAN, infos: {} }}
        categories={categories.data}
        submitLabel="Create Plan"
        onSubmit={async (values) => {
          const plan = await create.mutateAsync(values);
          notify.success(`Plan "${plan.name}" created.`);
          navigate(TRAINING_PATHS.plan(plan.id), { replace: true });
        }}
      />
    </div>
  );
}

/** Training/Workout Plan › a plan: the workout builder on a saved plan. */
export function EditPlanPage({ node }: { node: ResolvedNode }) {
  const id = Number(useParams().planId);
  const navigate = useNavigate();
  const plan = usePlan(Number.isInteger(id) && id > 0 ? id : null);
  const categories = useCategoryOptions();
  const { update, duplicate } = usePlanMutations();
  const canManage = useCan(TRAINING_MODULE, 'manage');
  const canOperate = useCan(TRAINING_MODULE, 'operate');
  useCrumbName(TRAINING_PATHS.plan(id), plan.data?.name);
  useScreenTitle(plan.data?.name);
  if (plan.isPending)
    return (
      <div className="space-y-4">
        <Skeleton className="h-10 w-72" />
        <Skeleton className="h-40" />
        <Skeleton className="h-96" />
      </div>
    );
  if (plan.error || !plan.data)
    return (
      <EmptyState
        title="Plan not found"
        action={
          <Link to={TRAINING_PATHS.plans} className={buttonClass('secondary')}>
            All plans
          </Link>
        }
      >
        {plan.error ? errorMessage(plan.error) : 'This plan does not exist or was deleted.'}
      </EmptyState>
    );
  const p = plan.data;
  return (
    <div className="space-y-4">
      <PageHeader
        title={p.name}
        description={`${countOf(p.days.length, 'day')}, ${countOf(
          p.days.reduce((n, d) => n + d.items.length, 0),
          'exercise',
        )} · ${countOf(p.members, 'member')} on it now. Saving changes the template; members keep their own copies.`}
        actions={
          <>
            {canManage && (
              <Button
                variant="secondary"
                onClick={() =>
                  void duplicate.mutateAsync({ id: p.id }).then(
                    (copy) => {
                      notify.success(`Copied as "${copy.name}".`);
                      navigate(TRAINING_PATHS.plan(copy.id));
                    },
                    (e: unknown) => notify.error(errorMessage(e)),
                  )
                }
              >
                <Copy size={16} aria-hidden /> Duplicate
              </Button>
            )}
            {canOperate && (
              <Link to={`${TRAINING_PATHS.assign}?plan=${p.id}`} className={buttonClass('primary')}>
                <UserPlus size={16} aria-hidden /> Assign to Members
              </Link>
            )}
          </>
        }
      />
      <MenuTabs node={node} />
      <PlanBuilder
        key={p.updated_at}
        start={builderStart(p)}
        categories={categories.data}
        submitLabel="Save Plan"
        readOnly={!canManage}
        onSubmit={async (values) => {
          const saved = await update.mutateAsync({ id: p.id, input: values });
          notify.success(`Plan "${saved.name}" saved.`);
        }}
      />
    </div>
  );
}
