import type { TransactionReport } from '@arena/contracts/booking';
import { format, parseISO } from 'date-fns';
import { Card } from '../../components/Card';
import { periodText, ReportChart, ReportFigures } from '../../components/report/ReportParts';
import { Chart } from '../../components/charts/Chart';
import { ReportTable } from '../../components/report/ReportTable';
import { StatCard } from '../../components/StatCard';
import { formatCount, formatDate, formatMoney } from '../../lib/format';
import { collectionPivot } from './collection-pivot';

const amount = (v: number) => (v === 0 ? <span className="text-muted">—</span> : formatMoney(v));
/** A refund reads as money going out: −₹300.00. */
const refund = (v: number) =>
  v === 0 ? <span className="text-muted">—</span> : <span className="text-danger-text">{formatMoney(-v)}</span>;

/** Reports › Booking › Collection: money received by payment mode, dates down and modes across, then the refunds and the net. */
export function CollectionReportView({ report }: { report: TransactionReport }) {
  const pivot = collectionPivot(report);
  const biggest = report.by_mode.reduce<TransactionReport['by_mode'][number] | null>(
    (best, m) => (!best || Number(m.received) > Number(best.received) ? m : best),
    null,
  );
  const chartData: Record<string, string | number>[] = pivot.rows.map((r) => ({
    date: r.date,
    ...Object.fromEntries(pivot.modes.map((_, i) => [`m${i}`, r.amounts[i]])),
    refunded: r.refunded,
  }));
  const refundedBy = report.by_mode.filter((m) => Number(m.refunded) > 0);

  return (
    <>
      <ReportFigures>
        <StatCard label="Collected (net)" value={formatMoney(report.total.amount)} sub={periodText(report)} />
        <StatCard
          label="Refunded"
          value={formatMoney(report.total.refunded)}
          sub={
            refundedBy.length
              ? refundedBy.map((m) => `${formatMoney(m.refunded)} by ${m.payment_mode}`).join(', ')
              : 'No refunds in this period'
          }
        />
        <StatCard
          label="Payments"
          value={formatCount(report.total.count)}
          sub={`on ${pivot.rows.length} ${pivot.rows.length === 1 ? 'day' : 'days'}`}
        />
        {biggest && <StatCard label="Most collected by" value={biggest.payment_mode} sub={`${formatMoney(biggest.received)} received`} />}
      </ReportFigures>
      <ReportChart title="Received per day by payment mode, and refunds">
        <Chart
          kind="bar"
          stacked
          money
          label="Money received per day, stacked by payment mode, with the refunds of each day as a line"
          data={chartData}
          x="date"
          xFormat={(d) => format(parseISO(String(d)), 'd MMM')}
          xTooltip={(d) => formatDate(String(d))}
          series={[
            ...pivot.modes.map((mode, i) => ({ key: `m${i}`, label: mode })),
            ...(pivot.refunded > 0 ? [{ key: 'refunded', label: 'Refunds', kind: 'line' as const, colour: 'var(--color-danger)' }] : []),
          ]}
          xLabel="Date"
          yLabel="Amount"
        />
      </ReportChart>
      <Card className="overflow-hidden">
        <ReportTable
          label="Collection report"
          columns={[
            { header: 'Date' },
            ...pivot.modes.map((m) => ({ header: m, numeric: true })),
            { header: 'Refunds', numeric: true },
            { header: 'Total', numeric: true },
          ]}
          rows={pivot.rows.map((r) => ({
            key: r.date,
            cells: [
              formatDate(r.date),
              ...r.amounts.map(amount),
              refund(r.refunded),
              <span className="font-medium">{formatMoney(r.total)}</span>,
            ],
          }))}
          total={['Total', ...pivot.modeTotals.map(formatMoney), refund(pivot.refunded), formatMoney(pivot.total)]}
        />
        <p className="border-t border-line px-4 py-2.5 text-xs text-muted">
          Payment mode columns show money received; refunds (by any mode) are taken off in Refunds; Total is the net.
        </p>
      </Card>
    </>
  );
}
