import { format, parseISO } from 'date-fns';
import type { ReactNode } from 'react';
import { Chart } from '../../components/charts/Chart';
import { TileQuery } from '../../components/TileQuery';
import { countOf, formatDate, formatMoney } from '../../lib/format';
import { useBookingDashboard, type BookingDashboard } from './api';
import { slotsText } from './status';

/**
 * Booking's tiles on the main dashboard (its manifest lists them). They share one request,
 * GET /api/booking/dashboard/?centre=, through the query cache.
 */
function WithDashboard({ centre, skeleton, children }: { centre: string; skeleton: string; children: (d: BookingDashboard) => ReactNode }) {
  return (
    <TileQuery query={useBookingDashboard(centre)} skeleton={skeleton}>
      {children}
    </TileQuery>
  );
}

const Figure = ({ value, sub }: { value: ReactNode; sub?: ReactNode }) => (
  <div>
    <p className="text-2xl font-semibold tabular text-fg">{value}</p>
    {sub && <p className="mt-1 text-xs text-muted">{sub}</p>}
  </div>
);

export function TodayTile({ centre }: { centre: string }) {
  return (
    <WithDashboard centre={centre} skeleton="h-14">
      {(d) => (
        <Figure
          value={d.today.bookings}
          sub={`${d.today.slots_booked} slot${d.today.slots_booked === 1 ? '' : 's'} booked on ${formatDate(d.today.date)}`}
        />
      )}
    </WithDashboard>
  );
}

export function OccupancyTile({ centre }: { centre: string }) {
  return (
    <WithDashboard centre={centre} skeleton="h-24">
      {(d) => {
        if (d.occupancy.length === 0) return <p className="text-sm text-muted">No facilities yet. Add one under Booking › Settings.</p>;
        const booked = d.occupancy.reduce((sum, o) => sum + o.booked, 0);
        const total = d.occupancy.reduce((sum, o) => sum + o.total, 0);
        const busiest = [...d.occupancy].sort((a, b) => b.percent - a.percent).slice(0, 4);
        return (
          <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
            <Figure value={`${total ? Math.round((100 * booked) / total) : 0}%`} sub={`${booked} of ${total} slots booked`} />
            <ul className="min-w-0 space-y-2.5">
              {busiest.map((o) => (
                <li key={o.facility}>
                  <div className="mb-1 flex justify-between gap-2 text-xs">
                    <span className="truncate">
                      {o.sport_name} - {o.facility_name}
                    </span>
                    <span className="shrink-0 tabular text-muted">{Math.round(o.percent)}%</span>
                  </div>
                  <div
                    className="h-1.5 rounded-full bg-subtle"
                    role="progressbar"
                    aria-valuenow={Math.round(o.percent)}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-label={`${o.facility_name} occupancy`}
                  >
                    <div className="h-1.5 rounded-full bg-accent" style={{ width: `${Math.min(o.percent, 100)}%` }} />
                  </div>
                </li>
              ))}
            </ul>
          </div>
        );
      }}
    </WithDashboard>
  );
}

export function ThirtyDaysTile({ centre }: { centre: string }) {
  return (
    <WithDashboard centre={centre} skeleton="h-52">
      {(d) => (
        <Chart
          kind="bar"
          data={d.chart.map((c) => ({ date: c.date, bookings: c.bookings, amount: Number(c.amount) }))}
          x="date"
          xFormat={(v) => format(parseISO(String(v)), 'd MMM')}
          series={[
            { key: 'bookings', label: 'Bookings', format: 'count' },
            { key: 'amount', label: 'Booked amount', kind: 'line', format: 'money', axis: 'right' },
          ]}
          xLabel="Date"
          yLabel="Bookings"
          y2Label="Booked amount"
          height={200}
          label="Bookings and booked amount per day over the last 30 days"
        />
      )}
    </WithDashboard>
  );
}

/** One upcoming booking: its time leads, so the list reads in the order the courts are played. */
function UpcomingRow({ b, withDate }: { b: BookingDashboard['upcoming'][number]; withDate: boolean }) {
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 px-1 py-2 text-sm">
      <span className="truncate font-medium">
        <span className="tabular">{withDate ? `${formatDate(b.date)} · ${slotsText(b)}` : slotsText(b)}</span> · {b.name}
      </span>
      <span className="text-right tabular">{formatMoney(b.booking_amount)}</span>
      <span className="truncate text-xs text-muted">
        {b.sport_name} - {b.facility_name}
      </span>
      <span className="text-right text-xs text-muted">{b.code}</span>
    </li>
  );
}

export function UpcomingTile({ centre }: { centre: string }) {
  return (
    <WithDashboard centre={centre} skeleton="h-40">
      {(d) => {
        if (d.upcoming.length === 0)
          return <p className="text-sm text-muted">No upcoming bookings. New desk and online bookings will show here.</p>;
        const today = d.upcoming.filter((b) => b.date === d.today.date);
        const later = d.upcoming.filter((b) => b.date !== d.today.date).slice(0, today.length ? 3 : 5);
        return (
          <div className="space-y-3">
            {today.length > 0 && (
              <section aria-label="Still to play today">
                <h3 className="text-xs font-medium uppercase tracking-wide text-muted">
                  Today · {countOf(today.length, 'booking')} to play
                </h3>
                {/* Every booking of today stays on the tile (it scrolls), in time order across courts. */}
                {/* Focusable so a keyboard user can scroll it (axe: scrollable-region-focusable). */}
                <ul
                  className="-mx-1 max-h-72 divide-y divide-line overflow-y-auto rounded focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent"
                  tabIndex={0}
                  aria-label="Bookings still to play today"
                >
                  {today.map((b) => (
                    <UpcomingRow key={b.id} b={b} withDate={false} />
                  ))}
                </ul>
              </section>
            )}
            {later.length > 0 && (
              <section aria-label="Later">
                <h3 className="text-xs font-medium uppercase tracking-wide text-muted">Later</h3>
                <ul className="-mx-1 divide-y divide-line">
                  {later.map((b) => (
                    <UpcomingRow key={b.id} b={b} withDate />
                  ))}
                </ul>
              </section>
            )}
          </div>
        );
      }}
    </WithDashboard>
  );
}
