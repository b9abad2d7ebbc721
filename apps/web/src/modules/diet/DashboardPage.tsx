import type { Assignment, DietDashboard } from '@arena/contracts/diet';
import { Salad, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { Chart } from '../../components/charts/Chart';
import { PageHeader } from '../../components/PageHeader';
import { DashboardSkeleton } from '../../components/Skeleton';
import { StatCard } from '../../components/StatCard';
import { PageQuery } from '../../components/TileQuery';
import { formatCount, formatDate } from '../../lib/format';
import { useCan } from '../../lib/useCan';
import { DIET_MODULE, DIET_PATHS, useDietDashboard } from './api';

/** Diet Management › Dashboard: members with and without a diet, plans by popularity, diets starting and ending this week. */
export function DietDashboardPage() {
  const dashboard = useDietDashboard(7);
  const canAssign = useCan(DIET_MODULE, 'operate');
  const canManage = useCan(DIET_MODULE, 'manage');
  const header = (
    <PageHeader
      title="Diet Dashboard"
      description="How many running members follow a diet, which plans they are on, and whose diet starts or ends in the next 7 days."
      actions={
        <>
          {canManage && (
            <Link to={DIET_PATHS.newPlan} className={buttonClass('secondary')}>
              <Salad size={16} aria-hidden /> New Diet Plan
            </Link>
          )}
          {canAssign && (
            <Link to={DIET_PATHS.assign} className={buttonClass('primary')}>
              <UserPlus size={16} aria-hidden /> Assign Diet
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

function Body({ data, header }: { data: DietDashboard; header: ReactNode }) {
  const share = data.members_total > 0 ? Math.round((data.members_with_plan * 100) / data.members_total) : 0;
  return (
    <div className="space-y-5">
      {header}
      <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-4">
        <StatCard
          label="Members with a diet"
          value={formatCount(data.members_with_plan)}
          sub={`${share} % of ${formatCount(data.members_total)} running members`}
        />
        <StatCard
          label="Members without a diet"
          value={formatCount(data.members_without_plan)}
          sub={
            <Link to={DIET_PATHS.assign} className="text-accent-text hover:underline">
              Assign them a plan
            </Link>
          }
        />
        <StatCard label="Active diets" value={formatCount(data.active_diets)} sub="Members’ copies running today" />
        <StatCard
          label="Active plans"
          value={formatCount(data.plans)}
          sub={
            <Link to={DIET_PATHS.plans} className="text-accent-text hover:underline">
              See the plans
            </Link>
          }
        />
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Card className="p-4">
          <h2 className="mb-3 text-sm font-semibold">Plans by popularity</h2>
          {data.popular_plans.length === 0 ? (
            <p className="py-6 text-sm text-muted">No member has a diet yet.</p>
          ) : (
            <Chart
              kind="bar"
              horizontal
              label="Members on each diet plan, most followed first"
              data={data.popular_plans.map((p) => ({ name: p.name, members: p.members }))}
              x="name"
              series={[{ key: 'members', label: 'Members', format: 'count' }]}
              xLabel="Members"
            />
          )}
        </Card>
        <Card className="p-4">
          <h2 className="mb-3 text-sm font-semibold">With a diet and without</h2>
          <Chart
            kind="bar"
            horizontal
            stacked
            label="Running members with a diet and without one"
            data={[{ label: 'Running members', with_plan: data.members_with_plan, without_plan: data.members_without_plan }]}
            x="label"
            series={[
              { key: 'with_plan', label: 'With a diet', format: 'count' },
              { key: 'without_plan', label: 'Without', format: 'count' },
            ]}
            xLabel="Members"
            height={120}
          />
        </Card>
      </div>
      <div className="grid gap-5 lg:grid-cols-2">
        <SoonList
          title="Starting in the next 7 days"
          rows={data.starting_soon}
          date={(a) => a.start_date}
          empty="No diet starts this week."
        />
        <SoonList
          title="Ending in the next 7 days"
          rows={data.ending_soon}
          date={(a) => a.end_date ?? ''}
          empty="No diet ends this week."
        />
      </div>
    </div>
  );
}

function SoonList({ title, rows, date, empty }: { title: string; rows: Assignment[]; date: (a: Assignment) => string; empty: string }) {
  return (
    <Card>
      <h2 className="border-b border-line px-4 py-3 text-sm font-semibold">{title}</h2>
      {rows.length === 0 ? (
        <p className="px-4 py-6 text-sm text-muted">{empty}</p>
      ) : (
        <table className="w-full text-sm" aria-label={title}>
          <thead>
            <tr className="text-left text-xs text-muted">
              <th className="px-4 py-2 font-medium">Member</th>
              <th className="px-2 py-2 font-medium">Diet</th>
              <th className="px-4 py-2 text-right font-medium">On</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.map((a) => (
              <tr key={a.id}>
                <td className="px-4 py-2">
                  <Link to={DIET_PATHS.memberDiet(a.id)} className="hover:underline">
                    {a.member_name}
                  </Link>
                </td>
                <td className="px-2 py-2">{a.name}</td>
                <td className="whitespace-nowrap px-4 py-2 text-right">{formatDate(date(a))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
