import type { MembershipSportsReport } from '@arena/contracts/membership';
import { Chart } from '../../../../components/charts/Chart';
import { countCell, periodText, ReportChart, ReportFigures, ReportTableCard } from '../../../../components/report/ReportParts';
import { StatCard } from '../../../../components/StatCard';
import { formatCount } from '../../../../lib/format';

/** Reports › Membership › Sports Wise: headline figures, a chart, and the table with its totals. */
export function SportsReportView({ report }: { report: MembershipSportsReport }) {
  const t = report.total;
  const running = t.active + t.expiring + t.frozen;
  return (
    <>
      <ReportFigures>
        <StatCard label="Members" value={formatCount(t.members)} sub={periodText(report)} />
        <StatCard label="Running now" value={formatCount(running)} sub={`${formatCount(t.frozen)} frozen`} />
        <StatCard label="Expiring" value={formatCount(t.expiring)} />
        <StatCard label="Expired" value={formatCount(t.expired)} sub={`${formatCount(t.upcoming)} upcoming`} />
      </ReportFigures>
      <ReportChart title="Members by sport and status">
        <Chart
          kind="bar"
          horizontal
          stacked
          label="Members of each sport by the status of their membership"
          data={report.rows}
          x="sport"
          series={[
            { key: 'active', label: 'Active' },
            { key: 'expiring', label: 'Expiring' },
            { key: 'frozen', label: 'Frozen' },
            { key: 'expired', label: 'Expired' },
            { key: 'upcoming', label: 'Upcoming' },
          ]}
          xLabel="Members"
        />
      </ReportChart>
      <ReportTableCard
        label="Sports wise report"
        columns={[
          { header: 'Sport' },
          { header: 'Members', numeric: true },
          { header: 'Active', numeric: true },
          { header: 'Expiring', numeric: true },
          { header: 'Frozen', numeric: true },
          { header: 'Expired', numeric: true },
          { header: 'Upcoming', numeric: true },
        ]}
        rows={report.rows.map((r) => ({
          key: String(r.sport_id ?? r.sport),
          cells: [
            r.sport,
            formatCount(r.members),
            countCell(r.active),
            countCell(r.expiring),
            countCell(r.frozen),
            countCell(r.expired),
            countCell(r.upcoming),
          ],
        }))}
        total={[
          'Total',
          formatCount(t.members),
          formatCount(t.active),
          formatCount(t.expiring),
          formatCount(t.frozen),
          formatCount(t.expired),
          formatCount(t.upcoming),
        ]}
      />
    </>
  );
}
