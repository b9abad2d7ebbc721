import type { StoreDashboard } from '@arena/contracts/store';
import { format, parseISO } from 'date-fns';
import { ScanBarcode, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { Chart } from '../../components/charts/Chart';
import { monthLabel } from '../../components/MonthStepper';
import { PageHeader } from '../../components/PageHeader';
import { DashboardSkeleton } from '../../components/Skeleton';
import { StatCard } from '../../components/StatCard';
import { PageQuery } from '../../components/TileQuery';
import { formatCount, formatMoney } from '../../lib/format';
import { useSidebar } from '../../state/sidebar';
import { STORE_PATHS, useStoreDashboard } from './api';

/** Store › Dashboard: today's and this month's sales, margin, stock value, what needs attention, top products, 12 months. */
export function StoreDashboardPage() {
  const centre = useSidebar((s) => s.selectedCentre);
  const dashboard = useStoreDashboard(centre);
  const header = (
    <PageHeader
      title="Store Dashboard"
      description="What the counter sold today and this month, what the stock is worth, and what needs reordering or is about to expire."
      actions={
        <>
          <Link to={STORE_PATHS.newPurchase} className={buttonClass('secondary')}>
            <Truck size={16} aria-hidden /> New Purchase
          </Link>
          <Link to="/store/billing" className={buttonClass('primary')}>
            <ScanBarcode size={16} aria-hidden /> Billing
          </Link>
        </>
      }
    />
  );
  return (
    <PageQuery query={dashboard} header={header} skeleton={<DashboardSkeleton />}>
      {(data) => <Body data={data} header={header} />}
    </PageQuery>
  );
}

function Body({ data, header }: { data: StoreDashboard; header: ReactNode }) {
  const m = data.month;
  const marginRate = Number(m.taxable) > 0 ? Math.round((Number(m.margin) * 1000) / Number(m.taxable)) / 10 : null;
  const attention = (to: string, n: number, text: string, danger: boolean) => (
    <Link
      to={to}
      className={
        n > 0 && danger
          ? 'font-medium text-danger-text hover:underline'
          : n > 0
            ? 'font-medium text-accent-text hover:underline'
            : 'text-muted hover:underline'
      }
    >
      {formatCount(n)} {text}
    </Link>
  );
  return (
    <div className="space-y-5">
      {header}
      <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-4">
        <StatCard label="Today's sales" value={formatMoney(data.today.amount)} sub={`${formatCount(data.today.sales)} bills`} />
        <StatCard
          label={`Sales in ${monthLabel(m.month)}`}
          value={formatMoney(m.amount)}
          sub={`${formatCount(m.sales)} bills · ${formatMoney(m.taxable)} before GST`}
        />
        <StatCard
          label="Margin this month"
          value={formatMoney(m.margin)}
          sub={marginRate === null ? 'No sales yet' : `${marginRate} % of sales before GST, at batch cost`}
        />
        <StatCard
          label="Stock value at cost"
          value={formatMoney(data.stock_value)}
          sub={
            <span className="flex flex-wrap gap-x-3 gap-y-1">
              {attention(STORE_PATHS.lowStock, data.low_stock, 'low', false)}
              {attention(STORE_PATHS.nearToExpire, data.near_expiry, 'near expiry', true)}
              {attention(`${STORE_PATHS.nearToExpire}?expired=1`, data.expired, 'expired', true)}
            </span>
          }
        />
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_360px]">
        <Card className="p-4">
          <h2 className="mb-3 text-sm font-semibold">Sales and margin, last 12 months</h2>
          <Chart
            kind="bar"
            money
            label="Store sales and margin per month over the last 12 months"
            data={data.monthly.map((r) => ({ ...r, amount: Number(r.amount), margin: Number(r.margin) }))}
            x="month"
            xFormat={(v) => format(parseISO(`${String(v)}-01`), 'MMM ’yy')}
            xTooltip={(v) => monthLabel(String(v))}
            series={[
              { key: 'amount', label: 'Sales' },
              { key: 'margin', label: 'Margin', kind: 'line' },
            ]}
            xLabel="Month"
            yLabel="Amount"
          />
        </Card>
        <Card>
          <div className="border-b border-line px-4 py-3">
            <h2 className="text-sm font-semibold">Top products</h2>
          </div>
          {data.top_products.length === 0 ? (
            <p className="px-4 py-6 text-sm text-muted">Nothing sold yet.</p>
          ) : (
            <table className="w-full text-sm" aria-label="Top products">
              <thead>
                <tr className="text-left text-xs text-muted">
                  <th className="px-4 py-2 font-medium">Product</th>
                  <th className="px-2 py-2 text-right font-medium">Units</th>
                  <th className="px-4 py-2 text-right font-medium">Sales</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {data.top_products.map((p) => (
                  <tr key={p.sub_product}>
                    <td className="px-4 py-2">{p.label}</td>
                    <td className="px-2 py-2 text-right tabular">{formatCount(p.quantity)}</td>
                    <td className="px-4 py-2 text-right tabular">{formatMoney(p.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>
      </div>
    </div>
  );
}
