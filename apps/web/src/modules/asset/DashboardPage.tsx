import type { AssetDashboard } from '@arena/contracts/asset';
import { format, parseISO } from 'date-fns';
import { Plus } from 'lucide-react';
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
import { capitalise, formatCount, formatDate, formatMoney } from '../../lib/format';
import { useSidebar } from '../../state/sidebar';
import { ASSET_PATHS, useAssetDashboard } from './api';

/** Asset Management › Dashboard: what the centres own and what it is worth, what needs servicing, repairs, warranties, spend. */
export function AssetDashboardPage() {
  const centre = useSidebar((s) => s.selectedCentre);
  const dashboard = useAssetDashboard(centre);
  const header = (
    <PageHeader
      title="Asset Dashboard"
      description="What your centers own and what it is worth today, the maintenance due this week, repairs open, warranties ending and what maintenance costs."
      actions={
        <Link to={ASSET_PATHS.assets} className={buttonClass('primary')}>
          <Plus size={16} aria-hidden /> My Assets
        </Link>
      }
    />
  );
  return (
    <PageQuery query={dashboard} header={header} skeleton={<DashboardSkeleton />}>
      {(data) => <Body data={data} header={header} />}
    </PageQuery>
  );
}

function GroupTable({ title, rows }: { title: string; rows: AssetDashboard['by_category'] }) {
  return (
    <Card>
      <div className="border-b border-line px-4 py-3">
        <h2 className="text-sm font-semibold">{title}</h2>
      </div>
      {rows.length === 0 ? (
        <p className="px-4 py-6 text-sm text-muted">No assets yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-label={title}>
            <thead>
              <tr className="text-left text-xs text-muted">
                <th className="px-4 py-2 font-medium">Name</th>
                <th className="px-2 py-2 text-right font-medium">Assets</th>
                <th className="px-2 py-2 text-right font-medium">Cost</th>
                <th className="px-4 py-2 text-right font-medium">Book value</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {rows.map((r) => (
                <tr key={r.id}>
                  <td className="px-4 py-2">{r.name}</td>
                  <td className="px-2 py-2 text-right tabular">{formatCount(r.count)}</td>
                  <td className="px-2 py-2 text-right tabular">{formatMoney(r.cost)}</td>
                  <td className="px-4 py-2 text-right tabular">{formatMoney(r.book_value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

function Body({ data, header }: { data: AssetDashboard; header: ReactNode }) {
  const spendYear = data.maintenance_spend.reduce((n, m) => n + Number(m.amount), 0);
  return (
    <div className="space-y-5">
      {header}
      <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-4">
        <StatCard label="Assets in use" value={formatCount(data.total.count)} sub={`Cost ${formatMoney(data.total.cost)}`} />
        <StatCard label="Book value today" value={formatMoney(data.total.book_value)} sub="After depreciation" />
        <StatCard
          label="Under repair"
          value={formatCount(data.under_repair)}
          sub={
            <Link to={`${ASSET_PATHS.assets}?status=under_maintenance`} className="text-accent-text hover:underline">
              See them
            </Link>
          }
        />
        <StatCard
          label="Maintenance, 12 months"
          value={formatMoney(spendYear)}
          sub={`${formatCount(data.due_maintenance.length)} due this week`}
        />
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_380px]">
        <Card className="p-4">
          <h2 className="mb-3 text-sm font-semibold">Maintenance spend, last 12 months</h2>
          <Chart
            kind="bar"
            money
            label="Maintenance spend per month over the last 12 months"
            data={data.maintenance_spend.map((r) => ({ month: r.month, amount: Number(r.amount) }))}
            x="month"
            xFormat={(v) => format(parseISO(`${String(v)}-01`), 'MMM ’yy')}
            xTooltip={(v) => monthLabel(String(v))}
            series={[{ key: 'amount', label: 'Maintenance' }]}
            xLabel="Month"
            yLabel="Amount"
          />
        </Card>
        <Card>
          <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
            <h2 className="text-sm font-semibold">Due this week</h2>
            <Link to={ASSET_PATHS.maintenance} className="text-sm text-accent-text hover:underline">
              All maintenance
            </Link>
          </div>
          {data.due_maintenance.length === 0 ? (
            <p className="px-4 py-6 text-sm text-muted">Nothing due in the next 7 days.</p>
          ) : (
            <ul className="divide-y divide-line text-sm" aria-label="Maintenance due this week">
              {data.due_maintenance.map((m) => (
                <li key={m.id} className="flex items-center justify-between gap-3 px-4 py-2">
                  <Link to={ASSET_PATHS.asset(m.asset)} className="min-w-0 hover:underline">
                    <span className="block truncate font-medium">{m.asset_name}</span>
                    <span className="block text-xs text-muted">
                      {m.asset_code} · {capitalise(m.kind)}
                    </span>
                  </Link>
                  <span className="whitespace-nowrap text-xs text-muted">{formatDate(m.date)}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
      <div className="grid gap-5 lg:grid-cols-2">
        <GroupTable title="By category" rows={data.by_category} />
        <GroupTable title="By center" rows={data.by_centre} />
        <Card>
          <div className="border-b border-line px-4 py-3">
            <h2 className="text-sm font-semibold">Warranties ending in 30 days</h2>
          </div>
          {data.warranties_ending.length === 0 ? (
            <p className="px-4 py-6 text-sm text-muted">No warranty ends in the next 30 days.</p>
          ) : (
            <ul className="divide-y divide-line text-sm" aria-label="Warranties ending in 30 days">
              {data.warranties_ending.map((w) => (
                <li key={w.id} className="flex items-center justify-between gap-3 px-4 py-2">
                  <Link to={ASSET_PATHS.asset(w.id)} className="min-w-0 hover:underline">
                    <span className="block truncate font-medium">{w.name}</span>
                    <span className="block text-xs text-muted">
                      {w.code} · {w.centre_name}
                    </span>
                  </Link>
                  <span className="whitespace-nowrap text-xs text-muted">{formatDate(w.warranty_until)}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}
