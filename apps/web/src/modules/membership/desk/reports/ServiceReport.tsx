import type { MembershipServiceReport } from '@arena/contracts/membership';
import { Chart } from '../../../../components/charts/Chart';
import { countCell, moneyCell, periodText, ReportChart, ReportFigures, ReportTableCard } from '../../../../components/report/ReportParts';
import { StatCard } from '../../../../components/StatCard';
import { formatCount, formatMoney } from '../../../../lib/format';

/** Reports › Membership › Service: headline figures, a chart, and the table with its totals. */
export function ServiceReportView({ report }: { report: MembershipServiceReport }) {
  const t = report.total;
  return (
    <>
      <ReportFigures>
        <StatCard label="Sold" value={formatCount(t.sold)} sub={periodText(report)} />
        <StatCard label="Running now" value={formatCount(t.running)} />
        <StatCard label="Sales value" value={formatMoney(t.amount)} sub={`${formatMoney(t.paid)} paid`} />
        <StatCard label="Due" value={<span className={Number(t.due) > 0 ? 'text-danger-text' : ''}>{formatMoney(t.due)}</span>} />
      </ReportFigures>
      <ReportChart title="Paid and due per service">
        <Chart
          kind="bar"
          horizontal
          stacked
          money
          label="Amount paid and due per service sold in the period"
          data={report.rows.map((r) => ({ service: r.service, paid: Number(r.paid), due: Number(r.due) }))}
          x="service"
          series={[
            { key: 'paid', label: 'Paid' },
            { key: 'due', label: 'Due' },
          ]}
          xLabel="Amount"
        />
      </ReportChart>
      <ReportTableCard
        label="Service report"
        columns={[
          { header: 'Service' },
          { header: 'Price', numeric: true },
          { header: 'Sold', numeric: true },
          { header: 'Running', numeric: true },
          { header: 'Amount', numeric: true },
          { header: 'Paid', numeric: true },
          { header: 'Due', numeric: true },
        ]}
        rows={report.rows.map((r) => ({
          key: String(r.service_id),
          cells: [
            <span>
              {r.service}
              {!r.is_active && <span className="block text-xs font-normal text-muted">Inactive</span>}
            </span>,
            formatMoney(r.price),
            countCell(r.sold),
            countCell(r.running),
            moneyCell(r.amount),
            moneyCell(r.paid),
            moneyCell(r.due),
          ],
        }))}
        total={['Total', '', formatCount(t.sold), formatCount(t.running), formatMoney(t.amount), formatMoney(t.paid), formatMoney(t.due)]}
      />
    </>
  );
}
