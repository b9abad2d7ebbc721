import type { MembershipDashboard } from '@arena/contracts/membership';
import { ArrowRight, LogIn, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { Chart } from '../../../components/charts/Chart';
import { MenuTabs } from '../../../components/MenuTabs';
import { PageHeader } from '../../../components/PageHeader';
import { Skeleton } from '../../../components/Skeleton';
import { PageQuery } from '../../../components/TileQuery';
import { errorMessage } from '../../../lib/errors';
import { formatCount, formatDate, formatMoney } from '../../../lib/format';
import { todayIso } from '../../../lib/today';
import type { ResolvedNode } from '../../../lib/web-module';
import { authStore } from '../../../state/auth';
import { useSidebar } from '../../../state/sidebar';
import { useMembershipDashboard, useRegister } from './api';
import { MemberAvatar, memberPath } from './parts';
import { clockTime, monthText } from './rules';

/** One headline figure that opens the list behind it. */
function LinkTile({ to, label, value, sub, tone }: { to: string; label: string; value: ReactNode; sub?: ReactNode; tone?: string }) {
  return (
    <Link
      to={to}
      className="group block min-w-0 rounded-lg border border-line bg-surface p-3 shadow-[0_1px_2px_rgba(16,24,40,0.04)] transition-colors hover:border-accent/50 hover:bg-subtle/40 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent/40 sm:p-4"
    >
      <p className="flex items-center justify-between gap-2 text-[11px] font-medium uppercase tracking-wide text-muted sm:text-xs">
        <span className="min-w-0">{label}</span>
        <ArrowRight size={13} className="shrink-0 opacity-0 transition-opacity group-hover:opacity-100" aria-hidden />
      </p>
      <p className={`mt-1.5 truncate text-lg font-semibold tabular sm:text-2xl ${tone ?? 'text-fg'}`}>{value}</p>
      {sub && <p className="mt-0.5 text-xs text-muted">{sub}</p>}
    </Link>
  );
}

function JoinsLapsesChart({ rows }: { rows: MembershipDashboard['joins_vs_lapses'] }) {
  return (
    <Chart
      kind="bar"
      label="New members and lapsed memberships per month over the last 12 months"
      data={rows.map((r) => ({ ...r, net: r.joins - r.lapses }))}
      x="month"
      xFormat={(m) => monthText(String(m))}
      xTooltip={(m) => monthText(String(m), true)}
      series={[
        { key: 'joins', label: 'Joined', format: 'count' },
        { key: 'lapses', label: 'Lapsed', format: 'count' },
      ]}
      xLabel="Month"
      yLabel="Members"
    />
  );
}

/** Membership › Dashboard: members, renewals due, lapses, today's door and the money, each opening its list; 12 months of joins against lapses. */
export function MembershipDashboardPage({ node }: { node: ResolvedNode }) {
  const centre = useSidebar((s) => s.selectedCentre);
  const dashboard = useMembershipDashboard(centre);
  const header = (
    <>
      <PageHeader
        title="Membership Dashboard"
        description={`Today is ${formatDate(todayIso())}.`}
        actions={
          <>
            <Link to="/membership/attendance" className={buttonClass('secondary')}>
              <LogIn size={16} aria-hidden /> Check In
            </Link>
            <Link to="/membership/add-member" className={buttonClass('primary')}>
              <UserPlus size={16} aria-hidden /> Add Member
            </Link>
          </>
        }
      />
      <MenuTabs node={node} />
    </>
  );

  return (
    <PageQuery
      query={dashboard}
      header={header}
      skeleton={
        <>
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} className="h-24" />
            ))}
          </div>
          <Skeleton className="mt-4 h-80" />
        </>
      }
    >
      {(data) => <DashboardBody data={data} header={header} centre={centre} />}
    </PageQuery>
  );
}

function DashboardBody({ data, header, centre }: { data: MembershipDashboard; header: ReactNode; centre: string }) {
  const year = data.joins_vs_lapses.reduce((t, r) => ({ joins: t.joins + r.joins, lapses: t.lapses + r.lapses }), { joins: 0, lapses: 0 });
  return (
    <div className="space-y-5">
      <div>{header}</div>
      <section aria-label="Members" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <LinkTile
          to="/membership/members?status=active"
          label="Active members"
          value={formatCount(data.active_members)}
          sub="Running memberships"
        />
        <LinkTile
          to="/reports/membership?report=status"
          label="New this month"
          value={formatCount(data.new_this_month)}
          sub="Joined since the 1st"
        />
        <LinkTile
          to="/membership/members?status=expiring"
          label="Expiring in 7 days"
          value={formatCount(data.expiring_7_days)}
          sub="Due for renewal"
          tone={data.expiring_7_days > 0 ? 'text-warning-text' : undefined}
        />
        <LinkTile
          to={`/membership/members?status=expired&ended_after=${data.expired_window.from}&ended_before=${data.expired_window.to}`}
          label="Expired, last 30 days"
          value={formatCount(data.expired_last_30_days)}
          sub="Not renewed yet"
          tone={data.expired_last_30_days > 0 ? 'text-danger-text' : undefined}
        />
        <LinkTile to="/membership/attendance" label="Check-ins today" value={formatCount(data.todays_checkins)} sub="Visits at the door" />
        <LinkTile to="/membership/attendance" label="In now" value={formatCount(data.in_now)} sub="Checked in, not out" />
        <LinkTile
          to="/reports/membership?report=dues"
          label="Dues outstanding"
          value={formatMoney(data.dues_outstanding)}
          sub="Owed on memberships and services"
          tone={Number(data.dues_outstanding) > 0 ? 'text-danger-text' : undefined}
        />
        <LinkTile
          to="/membership/transaction"
          label="Collected this month"
          value={formatMoney(data.collections_this_month)}
          sub="Receipts less refunds"
          tone="text-success"
        />
      </section>

      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_360px]">
        <Card className="p-4">
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-sm font-semibold">Joins vs lapses, last 12 months</h2>
            <p className="text-xs text-muted">
              {formatCount(year.joins)} joined · {formatCount(year.lapses)} lapsed
            </p>
          </div>
          <JoinsLapsesChart rows={data.joins_vs_lapses} />
        </Card>
        <LatestCheckIns centre={centre} />
      </div>
    </div>
  );
}

/** Today's latest arrivals (the register of today), with who is still in. */
function LatestCheckIns({ centre }: { centre: string }) {
  const register = useRegister(todayIso(), centre);
  const zone = authStore.get().organisation?.time_zone;
  const rows = [...(register.data?.results ?? [])].sort((a, b) => b.check_in.localeCompare(a.check_in)).slice(0, 8);
  return (
    <Card className="flex flex-col">
      <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
        <h2 className="text-sm font-semibold">Latest check-ins</h2>
        <Link to="/membership/attendance" className="inline-flex items-center gap-1 text-xs font-medium text-accent-text hover:underline">
          Open attendance <ArrowRight size={12} aria-hidden />
        </Link>
      </div>
      {register.isPending ? (
        <Skeleton className="m-4 h-40" />
      ) : register.isError ? (
        <p className="px-4 py-6 text-sm text-muted">{errorMessage(register.error)}</p>
      ) : rows.length === 0 ? (
        <p className="px-4 py-6 text-sm text-muted">Nobody has checked in yet today.</p>
      ) : (
        <ul className="divide-y divide-line">
          {rows.map((a) => (
            <li key={a.id} className="flex items-center gap-3 px-4 py-2.5">
              <MemberAvatar name={a.member_name} photo={a.photo} />
              <div className="min-w-0 flex-1">
                <Link to={memberPath(a.member)} className="block truncate text-sm font-medium hover:underline">
                  {a.member_name}
                </Link>
                <p className="truncate text-xs text-muted">{a.plan_name || a.member_code}</p>
              </div>
              <div className="shrink-0 text-right text-xs tabular">
                <p className="font-medium">{clockTime(a.check_in, zone)}</p>
                <p className={a.check_out ? 'text-muted' : 'text-success'}>
                  {a.check_out ? `out ${clockTime(a.check_out, zone)}` : 'in now'}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
