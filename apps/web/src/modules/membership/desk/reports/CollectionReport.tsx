import type { MembershipCollectionReport } from '@arena/contracts/membership';
import { Chart } from '../../../../components/charts/Chart';
import { moneyCell, periodText, ReportChart, ReportFigures, ReportTableCard } from '../../../../components/report/ReportParts';
import { StatCard } from '../../../../components/StatCard';
import { formatCount, formatMoney } from '../../../../lib/format';
import { monthModePivot, monthText, percentOf } from '../rules';

/** Reports › Membership › Month Wise Collection: headline figures, a chart, and the table with its totals. */
export function CollectionReportView({ report }: { report: MembershipCollectionReport }) {
  const t = report.total;
  const pivot = monthModePivot(report);
  const topMode = pivot.modes[0];
  const chartData: Record<string, string | number>[] = pivot.rows.map((r) => ({
    month: r.month,
    ...Object.fromEntries(pivot.modes.map((_, i) => [`m${i}`, r.amounts[i]])),
  }));
  return (
    <>
      <ReportFigures>
        <StatCard label="Net collected" value={formatMoney(t.net)} sub={periodText(report)} />
        <StatCard label="Receipts" value={formatMoney(t.receipts)} sub={`${formatCount(t.count)} movements`} />
        <StatCard label="Refunds" value={formatMoney(t.refunds)} />
        <StatCard
          label="Most collected by"
          value={topMode ?? '—'}
          sub={
            topMode
              ? `${formatMoney(pivot.modeTotals[0])} · ${percentOf(pivot.modeTotals[0], Number(t.receipts))} % of receipts`
              : undefined
          }
        />
      </ReportFigures>
      <ReportChart title="Received per month, by payment mode">
        <Chart
          kind="bar"
          stacked
          money
          label="Money received per month, stacked by payment mode"
          data={chartData}
          x="month"
          xFormat={(m) => monthText(String(m))}
          xTooltip={(m) => monthText(String(m), true)}
          series={pivot.modes.map((mode, i) => ({ key: `m${i}`, label: mode }))}
          xLabel="Month"
          yLabel="Received"
        />
      </ReportChart>
      <ReportTableCard
        label="Month wise collection report"
        columns={[
          { header: 'Month' },
          ...pivot.modes.map((m) => ({ header: m, numeric: true })),
          { header: 'Refunds', numeric: true },
          { header: 'Net', numeric: true },
        ]}
        rows={pivot.rows.map((r) => ({
          key: r.month,
          cells: [
            r.label,
            ...r.amounts.map((a) => moneyCell(a)),
            moneyCell(r.refunds),
            <span className="font-medium">{formatMoney(r.net)}</span>,
          ],
        }))}
        total={['Total', ...pivot.modeTotals.map((v) => formatMoney(v)), formatMoney(pivot.refunds), formatMoney(pivot.net)]}
      />
    </>
  );
}
