import { format, parseISO } from 'date-fns';
import { useState } from 'react';
import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatMoney } from '../../lib/format';
import { useSidebar } from '../../state/sidebar';
import { useBookingDashboard } from './api';
import { BookingDetailDialog } from './BookingDetailDialog';
import { slotsText, StatusBadge } from './status';

function Kpi({ label, value, sub }: { label: string; value: string | number; sub?: string }) {
  return (
    <Card className="min-w-0 p-3 sm:p-4">
      <p className="text-[11px] font-medium uppercase tracking-wide text-muted sm:text-xs">{label}</p>
      <p className="mt-1.5 break-words text-lg font-semibold tabular sm:text-2xl">{value}</p>
      {sub && <p className="mt-0.5 text-xs text-muted">{sub}</p>}
    </Card>
  );
}

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

  const chart = data.chart.map((d) => ({ ...d, label: format(parseISO(d.date), 'd MMM'), amount: Number(d.amount) }));

  return (
    <div className="space-y-5">
      <PageHeader title="Booking Dashboard" description={`Today is ${formatDate(data.today.date)}.`} />
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Kpi label="Bookings today" value={data.today.bookings} sub={`${data.today.slots_booked} slots booked`} />
        <Kpi label="Collections today" value={formatMoney(data.today.collections)} />
        <Kpi label="Bookings this month" value={data.month.bookings} />
        <Kpi label="Collections this month" value={formatMoney(data.month.collections)} />
      </div>

      <div className="grid gap-5 lg:grid-cols-[1fr_360px]">
        <Card className="p-4">
          <h2 className="mb-3 text-sm font-semibold">Last 30 days</h2>
          <div className="h-64" role="img" aria-label="Bookings and collections over the last 30 days">
            <ResponsiveContainer width="100%" height="100%">
              <ComposedChart data={chart} margin={{ top: 5, right: 5, bottom: 0, left: -10 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="var(--color-line)" vertical={false} />
                <XAxis dataKey="label" tick={{ fontSize: 11, fill: 'var(--color-muted)' }} interval="preserveStartEnd" minTickGap={16} />
                <YAxis yAxisId="b" allowDecimals={false} tick={{ fontSize: 11, fill: 'var(--color-muted)' }} />
                <YAxis
                  yAxisId="a"
                  orientation="right"
                  tick={{ fontSize: 11, fill: 'var(--color-muted)' }}
                  tickFormatter={(v: number) => (v >= 1000 ? `${Math.round(v / 1000)}k` : String(v))}
                />
                <Tooltip
                  formatter={(value, name) => (name === 'Collections' ? formatMoney(Number(value)) : value)}
                  contentStyle={{
                    background: 'var(--color-surface)',
                    border: '1px solid var(--color-line)',
                    borderRadius: 8,
                    fontSize: 12,
                  }}
                />
                <Bar
                  yAxisId="b"
                  dataKey="bookings"
                  name="Bookings"
                  fill="var(--color-accent)"
                  radius={[3, 3, 0, 0]}
                  isAnimationActive={false}
                />
                <Line
                  yAxisId="a"
                  dataKey="amount"
                  name="Collections"
                  stroke="#16a34a"
                  strokeWidth={2}
                  dot={false}
                  isAnimationActive={false}
                />
              </ComposedChart>
            </ResponsiveContainer>
          </div>
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
