import type { MembershipBatchReport } from '@arena/contracts/membership';
import { Chart } from '../../../../components/charts/Chart';
import { countCell, periodText, ReportChart, ReportFigures, ReportTableCard } from '../../../../components/report/ReportParts';
import { StatCard } from '../../../../components/StatCard';
import { countOf, formatCount } from '../../../../lib/format';
import { timeRange, weekdaysText } from '../rules';

/** Reports › Membership › Active Batch Wise: headline figures, a chart, and the table with its totals. */
export function BatchReportView({ report }: { report: MembershipBatchReport }) {
  const t = report.total;
  const full = report.rows.filter((r) => r.seats_left <= 0).length;
  return (
    <>
      <ReportFigures>
        <StatCard label="Members in batches" value={formatCount(t.members)} sub={`of ${countOf(t.capacity, 'seat')}`} />
        <StatCard label="Occupancy" value={`${t.occupancy} %`} sub={`${countOf(t.seats_left, 'seat')} left`} />
        <StatCard label="Active members" value={formatCount(t.active_members)} sub="Active or expiring" />
        <StatCard label="Joined" value={formatCount(t.joined)} sub={`${periodText(report)}${full ? ` · ${full} full` : ''}`} />
      </ReportFigures>
      <ReportChart title="Seats taken and left per batch">
        <Chart
          kind="bar"
          horizontal
          stacked
          label="Members and seats left in each batch"
          data={report.rows}
          x="batch"
          series={[
            { key: 'members', label: 'Members' },
            { key: 'seats_left', label: 'Seats left' },
          ]}
          xLabel="Seats"
        />
      </ReportChart>
      <ReportTableCard
        label="Active batch wise report"
        columns={[
          { header: 'Batch' },
          { header: 'Schedule' },
          { header: 'Center' },
          { header: 'Capacity', numeric: true },
          { header: 'Members', numeric: true },
          { header: 'Seats left', numeric: true },
          { header: 'Active', numeric: true },
          { header: 'Joined', numeric: true },
          { header: 'Occupancy', numeric: true },
        ]}
        rows={report.rows.map((r) => ({
          key: String(r.batch_id),
          cells: [
            <span>
              {r.batch}
              {r.sport && <span className="block text-xs font-normal text-muted">{r.sport}</span>}
            </span>,
            <span className="tabular">
              {timeRange(r.start_time, r.end_time)}
              <span className="block text-xs text-muted">{weekdaysText(r.weekdays)}</span>
            </span>,
            r.centre,
            formatCount(r.capacity),
            formatCount(r.members),
            r.seats_left <= 0 ? <span className="font-medium text-danger-text">Full</span> : formatCount(r.seats_left),
            countCell(r.active_members),
            countCell(r.joined),
            `${r.occupancy} %`,
          ],
        }))}
        total={[
          'Total',
          '',
          '',
          formatCount(t.capacity),
          formatCount(t.members),
          formatCount(t.seats_left),
          formatCount(t.active_members),
          formatCount(t.joined),
          `${t.occupancy} %`,
        ]}
      />
    </>
  );
}
