import { format, parseISO } from 'date-fns';
import { CalendarPlus, LayoutGrid } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { Chart } from '../../components/charts/Chart';
import { monthLabel } from '../../components/MonthStepper';
import { PageHeader } from '../../components/PageHeader';
import { DashboardSkeleton } from '../../components/Skeleton';
import { StatCard } from '../../components/StatCard';
import { PageQuery } from '../../components/TileQuery';
import { formatCount, formatMoney } from '../../lib/format';
import { useSidebar } from '../../state/sidebar';
import { ACCOMMODATION_PATHS, useAccommodationDashboard, type AccommodationDashboard, type Stay } from './api';
import { bedText } from './parts';

/** Accommodation › Dashboard: occupancy today and by month, rent due, arrivals and departures today, revenue. */
export function AccommodationDashboardPage() {
  const centre = useSidebar((s) => s.selectedCentre);
  const dashboard = useAccommodationDashboard(centre);
  const header = (
    <PageHeader
      title="Accommodation Dashboard"
      description="How full the hostel is tonight and month by month, who arrives and leaves today, the rent due and what the rooms earned."
      actions={
        <>
          <Link to={ACCOMMODATION_PATHS.stays} className={buttonClass('secondary')}>
            <CalendarPlus size={16} aria-hidden /> Stays
          </Link>
          <Link to={ACCOMMODATION_PATHS.board} className={buttonClass('primary')}>
            <LayoutGrid size={16} aria-hidden /> Occupancy Board
          </Link>
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

function Body({ data, header }: { data: AccommodationDashboard; header: ReactNode }) {
  const free = Math.max(0, data.beds - data.occupied_beds);
  return (
    <div className="space-y-5">
      {header}
      <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-4">
        <StatCard
          label="Occupancy tonight"
          value={`${data.occupancy} %`}
          sub={`${formatCount(data.occupied_beds)} of ${formatCount(data.beds)} beds · ${formatCount(free)} free · ${formatCount(data.rooms)} rooms`}
        />
        <StatCard
          label="In house"
          value={formatCount(data.in_house)}
          sub={`${formatCount(data.arrivals_today.length)} arriving, ${formatCount(data.departures_today.length)} leaving today`}
        />
        <StatCard
          label="Rent due"
          value={formatMoney(data.rent_due)}
          sub={
            <Link
              to={`${ACCOMMODATION_PATHS.stays}?has_due=true`}
              className={data.rent_due_stays > 0 ? 'font-medium text-danger-text hover:underline' : 'text-muted hover:underline'}
            >
              {formatCount(data.rent_due_stays)} {data.rent_due_stays === 1 ? 'stay owes' : 'stays owe'}
            </Link>
          }
        />
        <StatCard
          label={`Revenue in ${monthLabel(data.today.slice(0, 7))}`}
          value={formatMoney(data.revenue_month)}
          sub={`Deposits held ${formatMoney(data.deposits_held)} (not income)`}
        />
      </div>
      <div className="grid gap-5 lg:grid-cols-2">
        <Card className="p-4">
          <h2 className="mb-3 text-sm font-semibold">Occupancy by month, last 12 months</h2>
          <Chart
            kind="bar"
            label="Bed occupancy per month over the last 12 months"
            data={data.monthly.map((m) => ({ month: m.month, occupancy: m.occupancy }))}
            x="month"
            xFormat={(v) => format(parseISO(`${String(v)}-01`), 'MMM ’yy')}
            xTooltip={(v) => monthLabel(String(v))}
            series={[{ key: 'occupancy', label: 'Occupancy %' }]}
            xLabel="Month"
            yLabel="Occupancy (%)"
          />
        </Card>
        <Card className="p-4">
          <h2 className="mb-3 text-sm font-semibold">Revenue by month, last 12 months</h2>
          <Chart
            kind="bar"
            money
            label="Accommodation revenue per month over the last 12 months"
            data={data.monthly.map((m) => ({ month: m.month, revenue: Number(m.revenue) }))}
            x="month"
            xFormat={(v) => format(parseISO(`${String(v)}-01`), 'MMM ’yy')}
            xTooltip={(v) => monthLabel(String(v))}
            series={[{ key: 'revenue', label: 'Revenue' }]}
            xLabel="Month"
            yLabel="Amount"
          />
        </Card>
      </div>
      <div className="grid gap-5 lg:grid-cols-2">
        <TodayList
          title="Arrivals today"
          stays={data.arrivals_today}
          empty="Nobody arrives today."
          link={`${ACCOMMODATION_PATHS.stays}?arriving=${data.today}`}
        />
        <TodayList
          title="Departures today"
          stays={data.departures_today}
          empty="Nobody leaves today."
          link={`${ACCOMMODATION_PATHS.stays}?departing=${data.today}`}
        />
      </div>
    </div>
  );
}

function TodayList({ title, stays, empty, link }: { title: string; stays: Stay[]; empty: string; link: string }) {
  return (
    <Card>
      <div className="flex items-center justify-between border-b border-line px-4 py-3">
        <h2 className="text-sm font-semibold">{title}</h2>
        <Link to={link} className="text-xs text-accent-text hover:underline">
          Open list
        </Link>
      </div>
      {stays.length === 0 ? (
        <p className="px-4 py-6 text-sm text-muted">{empty}</p>
      ) : (
        <ul className="divide-y divide-line text-sm" aria-label={title}>
          {stays.map((s) => (
            <li key={s.id} className="flex items-center justify-between gap-3 px-4 py-2">
              <Link to={ACCOMMODATION_PATHS.stay(s.id)} className="min-w-0 truncate font-medium hover:text-accent-text hover:underline">
                {s.client_name}
              </Link>
              <span className="shrink-0 text-muted tabular">{bedText(s.room_number, s.bed)}</span>
              {Number(s.due) > 0 && <span className="shrink-0 font-medium text-danger-text tabular">{formatMoney(s.due)} due</span>}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
