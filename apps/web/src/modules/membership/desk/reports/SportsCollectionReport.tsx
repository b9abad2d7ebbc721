import type { MembershipSportsCollectionReport } from '@arena/contracts/membership';
import { Chart } from '../../../../components/charts/Chart';
import { countCell, moneyCell, periodText, ReportChart, ReportFigures, ReportTableCard } from '../../../../components/report/ReportParts';
import { StatCard } from '../../../../components/StatCard';
import { formatCount, formatMoney } from '../../../../lib/format';
import { percentOf } from '../rules';

/** Reports › Membership › Sports Wise Collection: headline figures, a chart, and the table with its totals. */
export function SportsCollectionReportView({ report }: { report: MembershipSportsCollectionReport }) {
  const t = report.total;
  const rows = [...report.rows].sort((a, b) => Number(b.net) - Number(a.net));
  const top = rows[0];
  return (
    <>
      <ReportFigures>
        <StatCard label="Net collected" value={formatMoney(t.net)} sub={periodText(report)} />
        <StatCard label="Sales paid for" value={formatCount(t.sales)} sub={`${formatCount(t.count)} movements`} />
        <StatCard label="Refunds" value={formatMoney(t.refunds)} />
        <StatCard
          label="Top sport"
          value={top && Number(top.net) > 0 ? top.sport : '—'}
          sub={top && Number(top.net) > 0 ? `${formatMoney(top.net)} · ${percentOf(Number(top.net), Number(t.net))} %` : undefined}
        />
      </ReportFigures>
      <ReportChart title="Collected per sport">
        <Chart
          kind="bar"
          horizontal
          money
          label="Money collected per sport (receipts less refunds)"
          data={rows.map((r) => ({ sport: r.sport, net: Number(r.net) }))}
          x="sport"
          series={[{ key: 'net', label: 'Net collected' }]}
          xLabel="Amount"
        />
      </ReportChart>
      <ReportTableCard
        label="Sports wise collection report"
        columns={[
          { header: 'Sport' },
          { header: 'Sales', numeric: true },
          { header: 'Receipts', numeric: true },
          { header: 'Refunds', numeric: true },
          { header: 'Net', numeric: true },
          { header: 'Share', numeric: true },
        ]}
        rows={rows.map((r) => ({
          key: String(r.sport_id ?? r.sport),
          cells: [
            r.sport,
            countCell(r.sales),
            moneyCell(r.receipts),
            moneyCell(r.refunds),
            formatMoney(r.net),
            `${percentOf(Number(r.net), Number(t.net))} %`,
          ],
        }))}
        total={[
          'Total',
          formatCount(t.sales),
          formatMoney(t.receipts),
          formatMoney(t.refunds),
          formatMoney(t.net),
          Number(t.net) > 0 ? '100 %' : '',
        ]}
      />
    </>
  );
}
