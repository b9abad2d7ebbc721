import { format, parseISO } from 'date-fns';
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Chart } from '../../components/charts/Chart';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { StatCard } from '../../components/StatCard';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatMoney } from '../../lib/format';
import { useSidebar } from '../../state/sidebar';
import { useBookingDashboard } from './api';
import { BookingDetailDialog } from './BookingDetailDialog';
import { slotsText, StatusBadge } from './status';

/** Booking › Dashboard: today, this month, occupancy per facility, upcoming bookings and the last 30 days. */
export function BookingDashboardPage() {
  const centre = useSidebar((s) => s.selectedCentre);
  const { data, isPending, error, refetch } = useBookingDashboard(centre);
  const [viewing, setViewing] = useState<number | null>(null);

  if (isPending)
    return (
      <div>
        <PageHeader title="Booking Dashboard" />
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
        <Skeleton className="mt-4 h-72" />
      </div>
    );
  if (error || !data)
    return (
      <div>
        <PageHeader title="Booking Dashboard" />
        <Alert
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(error)}
        </Alert>
      </div>
    );

  const chart = data.chart.map((d) => ({ ...d, amount: Number(d.amount) }));

  return (
    <div className="space-y-5">
      <PageHeader title="Booking Dashboard" description={`Today is ${formatDate(data.today.date)}.`} />
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Bookings today" value={data.today.bookings} sub={`${data.today.slots_booked} slots booked`} />
        <StatCard label="Collections today" value={formatMoney(data.today.collections)} />
        <StatCard label="Bookings this month" value={data.month.bookings} />
        <StatCard label="Collections this month" value={formatMoney(data.month.collections)} />
      </div>

      <div className="grid gap-5 lg:grid-cols-[1fr_360px]">
        <Card className="p-4">
          <h2 className="mb-3 text-sm font-semibold">Last 30 days</h2>
          <Chart
            kind="bar"
            label="Bookings and amount booked per day over the last 30 days"
            data={chart}
            x="date"
            xFormat={(d) => format(parseISO(d), 'd MMM')}
            xTooltip={(d) => format(parseISO(d), 'EEE, d MMM yyyy')}
            series={[
              { key: 'bookings', label: 'Bookings', format: 'count' },
              { key: 'amount', label: 'Amount booked', kind: 'line', format: 'money', axis: 'right' },
            ]}
            xLabel="Date"
            yLabel="Bookings"
            y2Label="Amount booked"
          />
        </Card>
        <Card className="p-4">
          <h2 className="mb-3 text-sm font-semibold">Occupancy today</h2>
          {data.occupancy.length === 0 ? (
            <p className="text-sm text-muted">No facilities yet.</p>
          ) : (
            <ul className="space-y-3">
              {data.occupancy.map((o) => (
                <li key={o.facility}>
                  <div className="mb-1 flex justify-between gap-2 text-sm">
                    <span className="truncate">
                      {o.sport_name} - {o.facility_name}
                    </span>
                    <span className="shrink-0 text-muted tabular">
                      {o.booked}/{o.total} · {Math.round(o.percent)}%
                    </span>
                  </div>
                  <div
                    className="h-2 rounded-full bg-subtle"
                    role="progressbar"
                    aria-valuenow={Math.round(o.percent)}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-label={`${o.facility_name} occupancy`}
                  >
                    <div className="h-2 rounded-full bg-accent" style={{ width: `${Math.min(o.percent, 100)}%` }} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>

      <Card>
        <h2 className="border-b border-line px-4 py-3 text-sm font-semibold">Upcoming bookings</h2>
        {data.upcoming.length === 0 ? (
          <p className="px-4 py-6 text-sm text-muted">No upcoming bookings.</p>
        ) : (
          <ul className="divide-y divide-line">
            {data.upcoming.map((b) => (
              <li key={b.id}>
                <button
                  type="button"
                  onClick={() => setViewing(b.id)}
                  className="grid w-full grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 px-4 py-2.5 text-left text-sm hover:bg-subtle/60 sm:grid-cols-[6rem_7rem_minmax(0,1fr)_auto_6rem] sm:gap-x-4"
                >
                  <span className="order-1 truncate font-medium">
                    {formatDate(b.date)}
                    <span className="font-normal tabular text-muted sm:hidden"> · {slotsText(b)}</span>
                  </span>
                  <span className="hidden truncate tabular text-muted sm:order-2 sm:block">{slotsText(b)}</span>
                  <span className="order-3 truncate">
                    {b.name} · {b.sport_name} - {b.facility_name}
                  </span>
                  <span className="order-4">
                    <StatusBadge status={b.status} />
                  </span>
                  <span className="order-2 text-right tabular sm:order-5">{formatMoney(b.booking_amount)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <BookingDetailDialog bookingId={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
