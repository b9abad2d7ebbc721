import type { OccupancyCell, OccupancyReport } from '@arena/contracts/booking';
import { Card } from '../../components/Card';
import { periodText, ReportFigures } from '../../components/report/ReportParts';
import { StatCard } from '../../components/StatCard';

const percent = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });
const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const hoursText = (h: number) => `${percent.format(h)} ${h === 1 ? 'hour' : 'hours'}`;

/**
 * A cell shaded by its share booked: the accent mixed into the surface up to 60 %, so the figure
 * in the theme's text colour stays readable (contrast ≥ 4.5:1) in light and dark themes.
 */
function Cell({
  cell,
  where,
  strong = false,
}: {
  cell: Pick<OccupancyCell, 'booked_hours' | 'offered_hours' | 'percent'>;
  where: string;
  strong?: boolean;
}) {
  if (cell.percent === null)
    return (
      <td className="border-b border-l border-line bg-subtle/60 px-2 py-2 text-center text-muted" title={`${where}: no slots offered`}>
        <span aria-hidden>—</span>
        <span className="sr-only">Not offered</span>
      </td>
    );
  return (
    <td
      className={`border-b border-l border-line px-2 py-2 text-center tabular ${strong ? 'font-semibold' : ''}`}
      style={{ background: `color-mix(in srgb, var(--color-accent) ${Math.round(cell.percent * 0.6)}%, var(--color-surface))` }}
      title={`${where}: ${hoursText(cell.booked_hours)} booked of ${hoursText(cell.offered_hours)} offered`}
    >
      {percent.format(cell.percent)}%
    </td>
  );
}

/** Reports › Booking › Occupancy: facilities down, hours of the day across, each cell the share of its slot-hours booked. */
export function OccupancyHeatmap({ report }: { report: OccupancyReport }) {
  const period = periodText(report);
  const busiest = report.by_hour.reduce<OccupancyCell | null>(
    (best, c) => (c.percent !== null && (!best || (c.percent ?? 0) > (best.percent ?? 0)) ? c : best),
    null,
  );
  const facilities = report.facilities.filter((f) => f.offered_hours > 0 || f.booked_hours > 0);

  return (
    <>
      <ReportFigures columns={3}>
        <StatCard
          className="max-lg:col-span-2"
          label="Occupancy"
          value={report.total.percent === null ? '—' : `${percent.format(report.total.percent)}%`}
          sub={period}
        />
        <StatCard
          label="Hours booked"
          value={percent.format(report.total.booked_hours)}
          sub={`of ${hoursText(report.total.offered_hours)} offered`}
        />
        <StatCard
          label="Busiest hour"
          value={busiest ? hourText(busiest.hour) : '—'}
          sub={busiest ? `${percent.format(busiest.percent ?? 0)}% booked` : undefined}
        />
      </ReportFigures>
      <Card className="overflow-hidden">
        <div className="overflow-auto" tabIndex={0} role="region" aria-label="Occupancy heat map">
          <table className="w-full border-separate border-spacing-0 text-sm">
            <caption className="sticky left-0 max-w-[calc(100vw-3rem)] px-4 pb-2 pt-3 text-left text-sm font-semibold text-fg sm:max-w-none">
              Occupancy by facility and hour, {period}
              <span className="mt-0.5 block text-xs font-normal text-muted">
                Share of each hour’s slot time booked; — where the facility offers no slot at that hour.
              </span>
            </caption>
            <thead>
              <tr>
                <th
                  scope="col"
                  className="sticky left-0 z-[1] border-b border-line bg-subtle px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-muted"
                >
                  Facility
                </th>
                {report.hours.map((h) => (
                  <th
                    key={h}
                    scope="col"
                    className="border-b border-l border-line bg-subtle px-2 py-2 text-center text-xs font-semibold tabular text-muted"
                  >
                    {hourText(h)}
                  </th>
                ))}
                <th
                  scope="col"
                  className="border-b border-l border-line bg-subtle px-2 py-2 text-center text-xs font-semibold uppercase tracking-wide text-muted"
                >
                  All day
                </th>
              </tr>
            </thead>
            <tbody>
              {facilities.map((f) => {
                const name = `${f.sport_name} - ${f.facility_name}`;
                return (
                  <tr key={f.facility}>
                    <th
                      scope="row"
                      className="sticky left-0 z-[1] min-w-[9rem] border-b border-line bg-surface px-3 py-2 text-left font-medium sm:whitespace-nowrap"
                    >
                      {name}
                    </th>
                    {f.cells.map((c) => (
                      <Cell key={c.hour} cell={c} where={`${name} at ${hourText(c.hour)}`} />
                    ))}
                    <Cell cell={f} where={`${name}, all day`} strong />
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" className="sticky left-0 z-[1] bg-subtle px-3 py-2 text-left font-semibold">
                  All facilities
                </th>
                {report.by_hour.map((c) => (
                  <Cell key={c.hour} cell={c} where={`All facilities at ${hourText(c.hour)}`} strong />
                ))}
                <Cell cell={report.total} where="All facilities, all day" strong />
              </tr>
            </tfoot>
          </table>
        </div>
        <div className="flex items-center gap-2 border-t border-line px-4 py-2.5 text-xs text-muted" aria-hidden>
          <span>0%</span>
          <span
            className="h-2.5 w-32 rounded-sm border border-line"
            style={{
              background:
                'linear-gradient(to right, var(--color-surface), color-mix(in srgb, var(--color-accent) 60%, var(--color-surface)))',
            }}
          />
          <span>100%</span>
        </div>
      </Card>
    </>
  );
}
