import type { MembershipPlanReport } from '@arena/contracts/membership';
import { Chart } from '../../../../components/charts/Chart';
import { countCell, moneyCell, periodText, ReportChart, ReportFigures, ReportTableCard } from '../../../../components/report/ReportParts';
import { StatCard } from '../../../../components/StatCard';
import { formatCount, formatMoney } from '../../../../lib/format';

/** Reports › Membership › Active Plan: headline figures, a chart, and the table with its totals. */
export function PlanReportView({ report }: { report: MembershipPlanReport }) {
  const t = report.total;
  const top = [...report.rows].sort((a, b) => b.running - a.running)[0];
  return (
    <>
      <ReportFigures>
        <StatCard label="Running memberships" value={formatCount(t.running)} sub={`${formatCount(t.expiring)} expiring`} />
        <StatCard label="Sold" value={formatCount(t.sold)} sub={periodText(report)} />
        <StatCard label="Sales value" value={formatMoney(t.amount)} sub="Price − discount + joining fee" />
        <StatCard
          label="Most members"
          value={top && top.running > 0 ? top.plan : '—'}
          sub={top && top.running > 0 ? `${formatCount(top.running)} running` : undefined}
        />
      </ReportFigures>
      <ReportChart title="Memberships per plan">
        <Chart
          kind="bar"
          horizontal
          label="Running memberships and memberships sold in the period, per plan"
          data={report.rows}
          x="plan"
          series={[
            { key: 'running', label: 'Running now' },
            { key: 'sold', label: 'Sold in period' },
          ]}
          xLabel="Memberships"
        />
      </ReportChart>
      <ReportTableCard
        label="Active plan report"
        columns={[
          { header: 'Plan' },
          { header: 'Price', numeric: true },
          { header: 'Running', numeric: true },
          { header: 'Expiring', numeric: true },
          { header: 'Sold', numeric: true },
          { header: 'Sales value', numeric: true },
        ]}
        rows={report.rows.map((r) => ({
          key: String(r.plan_id),
          cells: [
            <span>
              {r.plan}
              <span className="block text-xs font-normal text-muted">
                {[r.sport, r.is_active ? null : 'Inactive'].filter(Boolean).join(' · ') || 'Any sport'}
              </span>
            </span>,
            formatMoney(r.price),
            countCell(r.running),
            countCell(r.expiring),
            countCell(r.sold),
            moneyCell(r.amount),
          ],
        }))}
        total={['Total', '', formatCount(t.running), formatCount(t.expiring), formatCount(t.sold), formatMoney(t.amount)]}
      />
    </>
  );
}
