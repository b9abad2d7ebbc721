import type { TransactionReport } from '@arena/contracts';
import { format, parseISO } from 'date-fns';
import { Card } from '../../components/Card';
import { Chart } from '../../components/charts/Chart';
import { ReportTable } from '../../components/ReportTable';
import { StatCard } from '../../components/StatCard';
import { formatCount, formatDate, formatMoney } from '../../lib/format';
import { collectionPivot } from './collection-pivot';

const amount = (v: number) => (v === 0 ? <span className="text-muted">—</span> : formatMoney(v));

/** Reports › Booking › Collection: money received, dates down and payment modes across. */
export function CollectionReportView({ report }: { report: TransactionReport }) {
  const pivot = collectionPivot(report);
  const biggest = report.by_mode.reduce<TransactionReport['by_mode'][number] | null>(
    (best, m) => (!best || Number(m.amount) > Number(best.amount) ? m : best),
    null,
  );
  const chartData: Record<string, string | number>[] = pivot.rows.map((r) => ({
    date: r.date,
    ...Object.fromEntries(pivot.modes.map((_, i) => [`m${i}`, r.amounts[i]])),
  }));

  return (
    <>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        <StatCard
          label="Collected"
          value={formatMoney(report.total.amount)}
          sub={`${formatDate(report.from)} – ${formatDate(report.to)}`}
        />
        <StatCard
          label="Payments"
          value={formatCount(report.total.count)}
          sub={`on ${pivot.rows.length} ${pivot.rows.length === 1 ? 'day' : 'days'}`}
        />
        {biggest && (
          <StatCard
            label="Most collected by"
            value={biggest.payment_mode}
            sub={`${formatMoney(biggest.amount)} in ${formatCount(biggest.count)} ${biggest.count === 1 ? 'payment' : 'payments'}`}
          />
        )}
      </div>
      <Card className="p-4">
        <h2 className="mb-3 text-sm font-semibold">Collected per day, by payment mode</h2>
        <Chart
          kind="bar"
          stacked
          money
          label="Money collected per day, stacked by payment mode"
          data={chartData}
          x="date"
          xFormat={(d) => format(parseISO(String(d)), 'd MMM')}
          xTooltip={(d) => formatDate(String(d))}
          series={pivot.modes.map((mode, i) => ({ key: `m${i}`, label: mode }))}
          xLabel="Date"
          yLabel="Collected"
        />
      </Card>
      <Card className="overflow-hidden">
        <ReportTable
          label="Collection report"
          columns={[{ header: 'Date' }, ...pivot.modes.map((m) => ({ header: m, numeric: true })), { header: 'Total', numeric: true }]}
          rows={pivot.rows.map((r) => ({
            key: r.date,
            cells: [formatDate(r.date), ...r.amounts.map(amount), <span className="font-medium">{formatMoney(r.total)}</span>],
          }))}
          total={['Total', ...pivot.modeTotals.map(formatMoney), formatMoney(pivot.total)]}
        />
      </Card>
    </>
  );
}
