import type { MembershipStatusReport } from '@arena/contracts/membership';
import { Chart } from '../../../../components/charts/Chart';
import { countCell, periodText, ReportChart, ReportFigures, ReportTableCard } from '../../../../components/report/ReportParts';
import { StatCard } from '../../../../components/StatCard';
import { formatCount, formatDate } from '../../../../lib/format';
import { monthText } from '../rules';

/** Reports › Membership › Status Month Wise: headline figures, a chart, and the table with its totals. */
export function StatusReportView({ report }: { report: MembershipStatusReport }) {
  const t = report.total;
  return (
    <>
      <ReportFigures>
        <StatCard label="Joined" value={formatCount(t.joined)} sub={periodText(report)} />
        <StatCard label="Renewed" value={formatCount(t.renewed)} />
        <StatCard label="Lapsed" value={formatCount(t.expired)} sub={`${formatCount(t.cancelled)} cancelled`} />
        <StatCard label="Active at the end" value={formatCount(t.active)} sub={formatDate(report.to)} />
      </ReportFigures>
      <ReportChart title="Joined, renewed and lapsed per month">
        <Chart
          kind="bar"
          label="Members joined, renewed and lapsed per month, with active members at each month's end"
          data={report.rows}
          x="month"
          xFormat={(m) => monthText(String(m))}
          xTooltip={(m) => monthText(String(m), true)}
          series={[
            { key: 'joined', label: 'Joined' },
            { key: 'renewed', label: 'Renewed' },
            { key: 'expired', label: 'Lapsed' },
            { key: 'active', label: 'Active at month end', kind: 'line', axis: 'right' },
          ]}
          xLabel="Month"
          yLabel="Members"
          y2Label="Active"
        />
      </ReportChart>
      <ReportTableCard
        label="Status month wise report"
        columns={[
          { header: 'Month' },
          { header: 'Joined', numeric: true },
          { header: 'Renewed', numeric: true },
          { header: 'Lapsed', numeric: true },
          { header: 'Cancelled', numeric: true },
          { header: 'Active at end', numeric: true },
        ]}
        rows={report.rows.map((r) => ({
          key: r.month,
          cells: [r.label, countCell(r.joined), countCell(r.renewed), countCell(r.expired), countCell(r.cancelled), formatCount(r.active)],
        }))}
        total={[
          'Total',
          formatCount(t.joined),
          formatCount(t.renewed),
          formatCount(t.expired),
          formatCount(t.cancelled),
          formatCount(t.active),
        ]}
      />
    </>
  );
}
