import { Plus, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { Chart } from '../../components/charts/Chart';
import { PageHeader } from '../../components/PageHeader';
import { DashboardSkeleton } from '../../components/Skeleton';
import { StatCard } from '../../components/StatCard';
import { PageQuery } from '../../components/TileQuery';
import { formatCount } from '../../lib/format';
import { useCan } from '../../lib/useCan';
import { TRAINING_MODULE, TRAINING_PATHS, useTrainingDashboard, type TrainingDashboard } from './api';

const percent = (ratio: number) => `${Math.round(ratio * 100)} %`;

/** Training/Workout › Dashboard: members with and without a plan, plans by popularity, adherence this week. */
export function TrainingDashboardPage() {
  const dashboard = useTrainingDashboard();
  const canManage = useCan(TRAINING_MODULE, 'manage');
  const canOperate = useCan(TRAINING_MODULE, 'operate');
  const header = (
    <PageHeader
      title="Training/Workout Dashboard"
      description="Who has a workout plan and who does not, which plans members are on, and how well they keep to them this week."
      actions={
        <>
          {canManage && (
            <Link to={TRAINING_PATHS.newPlan} className={buttonClass('secondary')}>
              <Plus size={16} aria-hidden /> New Plan
            </Link>
          )}
          {canOperate && (
            <Link to={TRAINING_PATHS.assign} className={buttonClass('primary')}>
              <UserPlus size={16} aria-hidden /> Assign
            </Link>
          )}
        </>
      }
    />
  );
  return (
    <PageQuery query={dashboard} header={header} skeleton={<DashboardSkeleton />}>
      {(data) => <Body data={data} header={header} />}
    </PageQuery>
  );
}

function Body({ data, header }: { data: TrainingDashboard; header: ReactNode }) {
  const share = data.members > 0 ? Math.round((data.with_plan * 100) / data.members) : 0;
  return (
    <div className="space-y-5">
      {header}
      <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-4">
        <StatCard
          label="Members with a plan"
          value={formatCount(data.with_plan)}
          sub={`${share} % of ${formatCount(data.members)} running members`}
        />
        <StatCard
          label="Members without a plan"
          value={formatCount(data.without_plan)}
          sub={
            data.without_plan > 0 ? (
              <Link to={TRAINING_PATHS.assign} className="font-medium text-accent-text hover:underline">
                Assign them a plan
              </Link>
            ) : (
              'Everyone has a plan'
            )
          }
        />
        <StatCard label="Active member plans" value={formatCount(data.active_copies)} sub="Copies running today" />
        <StatCard
          label="Adherence this week"
          value={percent(data.adherence_this_week)}
          sub={`${formatCount(data.sessions_this_week)} sessions logged since Monday`}
        />
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_360px]">
        <Card className="p-4">
          <h2 className="mb-3 text-sm font-semibold">Plans by popularity</h2>
          {data.popular.length === 0 ? (
            <p className="py-10 text-center text-sm text-muted">No member is on a plan yet.</p>
          ) : (
            <Chart
              kind="bar"
              horizontal
              label="Members on each workout plan now, most popular first"
              data={data.popular.map((p) => ({ name: p.name, members: p.members }))}
              x="name"
              series={[{ key: 'members', label: 'Members' }]}
              xLabel="Members"
            />
          )}
        </Card>
        <Card>
          <div className="border-b border-line px-4 py-3">
            <h2 className="text-sm font-semibold">Members with and without a plan</h2>
          </div>
          <div className="px-4 py-4">
            <div className="flex h-3 overflow-hidden rounded-full bg-subtle" aria-hidden>
              <div className="bg-accent" style={{ width: `${share}%` }} />
            </div>
            <dl className="mt-4 space-y-2 text-sm">
              <div className="flex justify-between">
                <dt>With a plan</dt>
                <dd className="font-medium tabular">{formatCount(data.with_plan)}</dd>
              </div>
              <div className="flex justify-between">
                <dt>Without a plan</dt>
                <dd className="font-medium tabular">{formatCount(data.without_plan)}</dd>
              </div>
              <div className="flex justify-between border-t border-line pt-2 text-muted">
                <dt>Running members</dt>
                <dd className="tabular">{formatCount(data.members)}</dd>
              </div>
            </dl>
          </div>
          {data.popular.length > 0 && (
            <table className="w-full border-t border-line text-sm" aria-label="Plans by members">
              <thead>
                <tr className="text-left text-xs text-muted">
                  <th className="px-4 py-2 font-medium">Plan</th>
                  <th className="px-4 py-2 text-right font-medium">Members</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {data.popular.map((p) => (
                  <tr key={p.plan}>
                    <td className="px-4 py-2">
                      <Link to={TRAINING_PATHS.plan(p.plan)} className="hover:underline">
                        {p.name}
                      </Link>
                    </td>
                    <td className="px-4 py-2 text-right tabular">{formatCount(p.members)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>
      </div>
    </div>
  );
}
