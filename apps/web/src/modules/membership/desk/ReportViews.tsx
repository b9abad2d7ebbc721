/** The eight membership reports: headline figures, a chart and a table with totals each. */
import type {
  MembershipBatchReport,
  MembershipCollectionReport,
  MembershipDueReport,
  MembershipPlanReport,
  MembershipServiceReport,
  MembershipSportsCollectionReport,
  MembershipSportsReport,
  MembershipStatusReport,
} from '@arena/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/Card';
import { Chart } from '../../../components/charts/Chart';
import { ReportTable } from '../../../components/ReportTable';
import { StatCard } from '../../../components/StatCard';
import { formatCount, formatDate, formatMoney } from '../../../lib/format';
import { memberPath } from './parts';
import { monthModePivot, monthText, percentOf, timeRange, weekdaysText } from './rules';

const period = (r: { from: string; to: string }) => `${formatDate(r.from)} – ${formatDate(r.to)}`;
const n = (v: number) => (v === 0 ? <span className="text-muted">—</span> : formatCount(v));
const money = (v: string | number) => (Number(v) === 0 ? <span className="text-muted">—</span> : formatMoney(v));

function Figures({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">{children}</div>;
}
function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-4">
      <h2 className="mb-3 text-sm font-semibold">{title}</h2>
      {children}
    </Card>
  );
}
function TableCard({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Card className="overflow-hidden">
      {title && <h2 className="border-b border-line px-4 py-3 text-sm font-semibold">{title}</h2>}
      {children}
    </Card>
  );
}

// ---- status month wise ----
export function StatusReportView({ report }: { report: MembershipStatusReport }) {
  const t = report.total;
  return (
    <>
      <Figures>
        <StatCard label="Joined" value={formatCount(t.joined)} sub={period(report)} />
        <StatCard label="Renewed" value={formatCount(t.renewed)} />
        <StatCard label="Lapsed" value={formatCount(t.expired)} sub={`${formatCount(t.cancelled)} cancelled`} />
        <StatCard label="Active at the end" value={formatCount(t.active)} sub={formatDate(report.to)} />
      </Figures>
      <ChartCard title="Joined, renewed and lapsed per month">
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
      </ChartCard>
      <TableCard>
        <ReportTable
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
            cells: [r.label, n(r.joined), n(r.renewed), n(r.expired), n(r.cancelled), formatCount(r.active)],
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
      </TableCard>
    </>
  );
}

// ---- sports wise ----
export function SportsReportView({ report }: { report: MembershipSportsReport }) {
  const t = report.total;
  const running = t.active + t.expiring + t.frozen;
  return (
    <>
      <Figures>
        <StatCard label="Members" value={formatCount(t.members)} sub={period(report)} />
        <StatCard label="Running now" value={formatCount(running)} sub={`${formatCount(t.frozen)} frozen`} />
        <StatCard label="Expiring" value={formatCount(t.expiring)} />
        <StatCard label="Expired" value={formatCount(t.expired)} sub={`${formatCount(t.upcoming)} upcoming`} />
      </Figures>
      <ChartCard title="Members by sport and status">
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
      </ChartCard>
      <TableCard>
        <ReportTable
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
            cells: [r.sport, formatCount(r.members), n(r.active), n(r.expiring), n(r.frozen), n(r.expired), n(r.upcoming)],
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
      </TableCard>
    </>
  );
}

// ---- active batch wise ----
export function BatchReportView({ report }: { report: MembershipBatchReport }) {
  const t = report.total;
  const full = report.rows.filter((r) => r.seats_left <= 0).length;
  return (
    <>
      <Figures>
        <StatCard label="Members in batches" value={formatCount(t.members)} sub={`of ${formatCount(t.capacity)} seats`} />
        <StatCard label="Occupancy" value={`${t.occupancy} %`} sub={`${formatCount(t.seats_left)} seats left`} />
        <StatCard label="Active members" value={formatCount(t.active_members)} sub="Active or expiring" />
        <StatCard label="Joined" value={formatCount(t.joined)} sub={`${period(report)}${full ? ` · ${full} full` : ''}`} />
      </Figures>
      <ChartCard title="Seats taken and left per batch">
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
      </ChartCard>
      <TableCard>
        <ReportTable
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
              n(r.active_members),
              n(r.joined),
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
      </TableCard>
    </>
  );
}

// ---- active plan ----
export function PlanReportView({ report }: { report: MembershipPlanReport }) {
  const t = report.total;
  const top = [...report.rows].sort((a, b) => b.running - a.running)[0];
  return (
    <>
      <Figures>
        <StatCard label="Running memberships" value={formatCount(t.running)} sub={`${formatCount(t.expiring)} expiring`} />
        <StatCard label="Sold" value={formatCount(t.sold)} sub={period(report)} />
        <StatCard label="Sales value" value={formatMoney(t.amount)} sub="Price − discount + joining fee" />
        <StatCard
          label="Most members"
          value={top && top.running > 0 ? top.plan : '—'}
          sub={top && top.running > 0 ? `${formatCount(top.running)} running` : undefined}
        />
      </Figures>
      <ChartCard title="Memberships per plan">
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
      </ChartCard>
      <TableCard>
        <ReportTable
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
              n(r.running),
              n(r.expiring),
              n(r.sold),
              money(r.amount),
            ],
          }))}
          total={['Total', '', formatCount(t.running), formatCount(t.expiring), formatCount(t.sold), formatMoney(t.amount)]}
        />
      </TableCard>
    </>
  );
}

// ---- service ----
export function ServiceReportView({ report }: { report: MembershipServiceReport }) {
  const t = report.total;
  return (
    <>
      <Figures>
        <StatCard label="Sold" value={formatCount(t.sold)} sub={period(report)} />
        <StatCard label="Running now" value={formatCount(t.running)} />
        <StatCard label="Sales value" value={formatMoney(t.amount)} sub={`${formatMoney(t.paid)} paid`} />
        <StatCard label="Due" value={<span className={Number(t.due) > 0 ? 'text-danger-text' : ''}>{formatMoney(t.due)}</span>} />
      </Figures>
      <ChartCard title="Paid and due per service">
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
      </ChartCard>
      <TableCard>
        <ReportTable
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
              n(r.sold),
              n(r.running),
              money(r.amount),
              money(r.paid),
              money(r.due),
            ],
          }))}
          total={['Total', '', formatCount(t.sold), formatCount(t.running), formatMoney(t.amount), formatMoney(t.paid), formatMoney(t.due)]}
        />
      </TableCard>
    </>
  );
}

// ---- month wise dues ----
export function DueReportView({ report }: { report: MembershipDueReport }) {
  const t = report.total;
  return (
    <>
      <Figures>
        <StatCard
          label="Due"
          value={<span className={Number(t.due) > 0 ? 'text-danger-text' : ''}>{formatMoney(t.due)}</span>}
          sub="Owed today"
        />
        <StatCard label="Sales" value={formatCount(t.sales)} sub={period(report)} />
        <StatCard label="Sales value" value={formatMoney(t.total)} />
        <StatCard label="Paid" value={formatMoney(t.paid)} sub={`${percentOf(Number(t.paid), Number(t.total))} % of the value`} />
      </Figures>
      <ChartCard title="Paid and due, by the month of sale">
        <Chart
          kind="bar"
          stacked
          money
          label="Amount paid and still due on the sales of each month"
          data={report.rows.map((r) => ({ month: r.month, paid: Number(r.paid), due: Number(r.due) }))}
          x="month"
          xFormat={(m) => monthText(String(m))}
          xTooltip={(m) => monthText(String(m), true)}
          series={[
            { key: 'paid', label: 'Paid' },
            { key: 'due', label: 'Due' },
          ]}
          xLabel="Month of sale"
          yLabel="Amount"
        />
      </ChartCard>
      <TableCard>
        <ReportTable
          label="Month wise dues report"
          columns={[
            { header: 'Month' },
            { header: 'Sales', numeric: true },
            { header: 'Value', numeric: true },
            { header: 'Paid', numeric: true },
            { header: 'Due', numeric: true },
          ]}
          rows={report.rows.map((r) => ({
            key: r.month,
            cells: [r.label, n(r.sales), money(r.total), money(r.paid), money(r.due)],
          }))}
          total={['Total', formatCount(t.sales), formatMoney(t.total), formatMoney(t.paid), formatMoney(t.due)]}
        />
      </TableCard>
      {report.members.length > 0 && (
        <TableCard title={`Members who owe (${formatCount(report.members.length)}${report.members.length >= 100 ? ', largest dues' : ''})`}>
          <ReportTable
            label="Members who owe"
            columns={[
              { header: 'Member' },
              { header: 'Phone' },
              { header: 'Sales', numeric: true },
              { header: 'Value', numeric: true },
              { header: 'Paid', numeric: true },
              { header: 'Due', numeric: true },
            ]}
            rows={report.members.map((m) => ({
              key: String(m.member_id),
              cells: [
                <Link to={`${memberPath(m.member_id)}/payment-history`} className="text-accent-text hover:underline">
                  {m.name}
                  <span className="block text-xs font-normal tabular text-muted">{m.member_code}</span>
                </Link>,
                <span className="tabular">{m.phone}</span>,
                formatCount(m.sales),
                formatMoney(m.total),
                formatMoney(m.paid),
                <span className="font-medium text-danger-text">{formatMoney(m.due)}</span>,
              ],
            }))}
          />
        </TableCard>
      )}
    </>
  );
}

// ---- month wise collection ----
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
      <Figures>
        <StatCard label="Net collected" value={formatMoney(t.net)} sub={period(report)} />
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
      </Figures>
      <ChartCard title="Received per month, by payment mode">
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
      </ChartCard>
      <TableCard>
        <ReportTable
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
              ...r.amounts.map((a) => money(a)),
              money(r.refunds),
              <span className="font-medium">{formatMoney(r.net)}</span>,
            ],
          }))}
          total={['Total', ...pivot.modeTotals.map((v) => formatMoney(v)), formatMoney(pivot.refunds), formatMoney(pivot.net)]}
        />
      </TableCard>
    </>
  );
}

// ---- sports wise collection ----
export function SportsCollectionReportView({ report }: { report: MembershipSportsCollectionReport }) {
  const t = report.total;
  const rows = [...report.rows].sort((a, b) => Number(b.net) - Number(a.net));
  const top = rows[0];
  return (
    <>
      <Figures>
        <StatCard label="Net collected" value={formatMoney(t.net)} sub={period(report)} />
        <StatCard label="Sales paid for" value={formatCount(t.sales)} sub={`${formatCount(t.count)} movements`} />
        <StatCard label="Refunds" value={formatMoney(t.refunds)} />
        <StatCard
          label="Top sport"
          value={top && Number(top.net) > 0 ? top.sport : '—'}
          sub={top && Number(top.net) > 0 ? `${formatMoney(top.net)} · ${percentOf(Number(top.net), Number(t.net))} %` : undefined}
        />
      </Figures>
      <ChartCard title="Collected per sport">
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
      </ChartCard>
      <TableCard>
        <ReportTable
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
              n(r.sales),
              money(r.receipts),
              money(r.refunds),
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
      </TableCard>
    </>
  );
}
