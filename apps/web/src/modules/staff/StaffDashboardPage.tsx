import { format, parseISO } from 'date-fns';
import { ArrowRight, CalendarCheck, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import type { StaffDashboard } from '@arena/contracts/staff';
import type { ReactNode } from 'react';
import { Alert } from '../../components/Alert';
import { buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { Chart } from '../../components/charts/Chart';
import { MenuTabs } from '../../components/MenuTabs';
import { PageHeader } from '../../components/PageHeader';
import { DashboardSkeleton } from '../../components/Skeleton';
import { StatCard } from '../../components/StatCard';
import { PageQuery } from '../../components/TileQuery';
import { countOf, formatCount, formatMoney } from '../../lib/format';
import type { ResolvedNode } from '../../lib/web-module';
import { useSidebar } from '../../state/sidebar';
import { useStaffDashboard } from './api';
import { monthLabel } from '../../components/MonthStepper';
import { staffPath } from './paths';
import { ADD_STAFF_PATH } from './StaffListPage';

/** Staff Management › Dashboard: head count, who is in today, this month's payroll, commission leaders, a year of salaries paid. */
export function StaffDashboardPage({ node }: { node: ResolvedNode }) {
  const centre = useSidebar((s) => s.selectedCentre);
  const dashboard = useStaffDashboard(centre);
  const header = (
    <>
      <PageHeader
        title="Staff Dashboard"
        description="Your team today and this month's payroll."
        actions={
          <Link to={ADD_STAFF_PATH} className={buttonClass('primary')}>
            <UserPlus size={16} aria-hidden /> Add Staff
          </Link>
        }
      />
      <MenuTabs node={node} />
    </>
  );
  return (
    <PageQuery query={dashboard} header={header} skeleton={<DashboardSkeleton />}>
      {(data) => <DashboardBody data={data} header={header} />}
    </PageQuery>
  );
}

function DashboardBody({ data, header }: { data: StaffDashboard; header: ReactNode }) {
  const { head_count: heads, today, payroll_this_month: pay } = data;
  const marked = today.present + today.half_day + today.leave + today.absent;
  return (
    <div className="space-y-5">
      {header}
      <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-4">
        <StatCard
          label="Staff"
          value={formatCount(heads.total)}
          sub={heads.by_category.map((c) => `${formatCount(c.count)} ${c.category_name}`).join(' · ') || 'No active staff'}
        />
        <StatCard
          label="Present today"
          value={<span className="text-success">{formatCount(today.present + today.half_day)}</span>}
          sub={
            <Link to="/staff-management/attendance" className="text-accent-text hover:underline">
              {today.unmarked ? `${countOf(today.unmarked, 'staff member')} not marked` : `${formatCount(marked)} marked`}
              {today.leave ? ` · ${formatCount(today.leave)} on leave` : ''}
              {today.absent ? ` · ${formatCount(today.absent)} absent` : ''}
            </Link>
          }
        />
        <StatCard
          label={`Payroll, ${monthLabel(pay.month)}`}
          value={formatMoney(Number(pay.draft.amount) + Number(pay.approved.amount) + Number(pay.paid.amount))}
          sub={`${formatCount(pay.draft.count)} draft · ${formatCount(pay.approved.count)} approved · ${formatCount(pay.paid.count)} paid`}
        />
        <StatCard
          label="Still to pay"
          value={<span className="text-danger-text">{formatMoney(Number(pay.draft.amount) + Number(pay.approved.amount))}</span>}
          sub={
            <Link to="/staff-management/payroll" className="text-accent-text hover:underline">
              Open payroll
            </Link>
          }
        />
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_360px]">
        <Card className="p-4">
          <h2 className="mb-3 text-sm font-semibold">Salaries paid, last 12 months</h2>
          <Chart
            kind="bar"
            money
            label="Net salaries paid per month over the last 12 months"
            data={data.payroll_chart.map((m) => ({ month: m.month, amount: Number(m.amount) }))}
            x="month"
            xFormat={(m) => format(parseISO(`${String(m)}-01`), 'MMM ’yy')}
            xTooltip={(m) => monthLabel(String(m))}
            series={[{ key: 'amount', label: 'Paid' }]}
            xLabel="Month"
          />
        </Card>
        <Card>
          <div className="flex items-center justify-between border-b border-line px-4 py-3">
            <h2 className="text-sm font-semibold">Commission leaders, this month</h2>
            <Link
              to="/reports/staff?report=commission"
              className="inline-flex items-center gap-1 text-xs font-medium text-accent-text hover:underline"
            >
              Report <ArrowRight size={12} aria-hidden />
            </Link>
          </div>
          {data.commission_leaders.length === 0 ? (
            <p className="px-4 py-6 text-sm text-muted">
              No sales credited to staff this month yet. Choose “Sold by” when selling a plan or a booking.
            </p>
          ) : (
            <ol className="divide-y divide-line" aria-label="Commission leaders">
              {data.commission_leaders.map((l, i) => (
                <li key={l.staff} className="flex items-center justify-between gap-3 px-4 py-2.5 text-sm">
                  <span className="min-w-0">
                    <span className="mr-2 text-muted tabular">{i + 1}.</span>
                    <Link to={staffPath(l.staff)} className="font-medium hover:text-accent-text hover:underline">
                      {l.staff_name}
                    </Link>
                    <span className="block pl-5 text-xs text-muted">Sales {formatMoney(l.sales)}</span>
                  </span>
                  <span className="font-semibold tabular">{formatMoney(l.commission)}</span>
                </li>
              ))}
            </ol>
          )}
        </Card>
      </div>
      {marked === 0 && heads.total > 0 && (
        <Alert
          tone="info"
          action={
            <Link to="/staff-management/attendance" className={buttonClass('secondary', 'sm')}>
              <CalendarCheck size={15} aria-hidden /> Mark attendance
            </Link>
          }
        >
          Nobody’s attendance is marked for today yet.
        </Alert>
      )}
    </div>
  );
}
