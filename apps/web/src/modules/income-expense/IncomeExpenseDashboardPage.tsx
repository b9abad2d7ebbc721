import type { IncomeExpenseDashboard } from '@arena/contracts/income-expense';
import { clsx } from 'clsx';
import { ArrowRight, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Chart } from '../../components/charts/Chart';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { StatCard } from '../../components/StatCard';
import { PageQuery } from '../../components/TileQuery';
import { formatDate, formatMoney } from '../../lib/format';
import { useSidebar } from '../../state/sidebar';
import { useIncomeExpenseDashboard } from './api';
import { EntryFormDialog } from './EntryForm';
import { SignedAmount } from '../money/public';
import { moduleLabel, partyOf } from './ledger';
import { ChangeLine } from '../../components/ChangeLine';
import { monthLabel, shareOf } from './rules';

/** Income/Expenses › Dashboard: this month against last, twelve months of income and expense, where the money went, the latest movements. */
export function IncomeExpenseDashboardPage() {
  const centre = useSidebar((s) => s.selectedCentre);
  const dashboard = useIncomeExpenseDashboard(centre);
  const [adding, setAdding] = useState(false);
  const header = (description?: string) => (
    <PageHeader
      title="Income/Expenses Dashboard"
      description={description}
      actions={
        <Button onClick={() => setAdding(true)}>
          <Plus size={16} aria-hidden /> Add Income/Expense
        </Button>
      }
    />
  );

  return (
    <PageQuery
      query={dashboard}
      header={
        <>
          {header()}
          <EntryFormDialog open={adding} onOpenChange={setAdding} entry={null} />
        </>
      }
      skeleton={
        <>
          <div className="grid gap-3 sm:grid-cols-3 sm:gap-4">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-28" />
            ))}
          </div>
          <Skeleton className="mt-4 h-80" />
        </>
      }
    >
      {(data) => <DashboardBody data={data} header={header} adding={adding} setAdding={setAdding} />}
    </PageQuery>
  );
}

function DashboardBody({
  data,
  header,
  adding,
  setAdding,
}: {
  data: IncomeExpenseDashboard;
  header: (description?: string) => ReactNode;
  adding: boolean;
  setAdding: (open: boolean) => void;
}) {
  const { this_month: now, last_month: before } = data;
  return (
    <div className="space-y-5">
      {header(`${monthLabel(now.month, { long: true })} so far, against ${monthLabel(before.month, { long: true })}.`)}
      <div className="grid gap-3 sm:grid-cols-3 sm:gap-4">
        <StatCard
          label="Income this month"
          value={<span className="text-success">{formatMoney(now.income)}</span>}
          sub={<ChangeLine current={now.income} previous={before.income} since={monthLabel(before.month)} />}
        />
        <StatCard
          label="Expense this month"
          value={<span className="text-danger-text">{formatMoney(now.expense)}</span>}
          sub={<ChangeLine current={now.expense} previous={before.expense} since={monthLabel(before.month)} upIsGood={false} />}
        />
        <StatCard
          label="Net this month"
          value={formatMoney(now.net)}
          sub={<ChangeLine current={now.net} previous={before.net} since={monthLabel(before.month)} />}
        />
      </div>

      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_360px]">
        <Card className="p-4">
          <h2 className="mb-3 text-sm font-semibold">Last 12 months</h2>
          <MonthsChart monthly={data.monthly} />
        </Card>
        <Card className="p-4">
          <h2 className="mb-3 text-sm font-semibold">Expense by category, this month</h2>
          <CategoryBars rows={data.expense_by_category} />
        </Card>
      </div>

      <Card>
        <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
          <h2 className="text-sm font-semibold">Latest movements</h2>
          <Link
            to="/income-expense/transactions"
            className="inline-flex items-center gap-1 text-xs font-medium text-accent-text hover:underline"
          >
            Open transactions <ArrowRight size={12} aria-hidden />
          </Link>
        </div>
        <RecentTable rows={data.recent.slice(0, 10)} />
      </Card>
      <EntryFormDialog open={adding} onOpenChange={setAdding} entry={null} />
    </div>
  );
}

function MonthsChart({ monthly, height }: { monthly: IncomeExpenseDashboard['monthly']; height?: number }) {
  return (
    <Chart
      kind="bar"
      money
      label="Income and expense per month over the last 12 months"
      data={monthly.map((m) => ({ month: m.month, income: Number(m.income), expense: Number(m.expense) }))}
      x="month"
      xFormat={(m) => monthLabel(String(m)).replace(/ (\d\d)(\d\d)$/, ' ’$2')}
      xTooltip={(m) => monthLabel(String(m), { long: true })}
      series={[
        { key: 'income', label: 'Income' },
        { key: 'expense', label: 'Expense' },
      ]}
      xLabel="Month"
      yLabel="Amount"
      height={height}
    />
  );
}

function CategoryBars({ rows }: { rows: IncomeExpenseDashboard['expense_by_category'] }) {
  if (rows.length === 0) return <p className="text-sm text-muted">No expenses this month.</p>;
  const total = rows.reduce((sum, r) => sum + Number(r.amount), 0);
  const sorted = [...rows].sort((a, b) => Number(b.amount) - Number(a.amount));
  return (
    <ul className="space-y-3">
      {sorted.map((r) => {
        const share = shareOf(r.amount, total);
        return (
          <li key={r.category}>
            <div className="mb-1 flex justify-between gap-2 text-sm">
              <span className="truncate">{r.category}</span>
              <span className="shrink-0 tabular text-muted">
                {formatMoney(r.amount)} · {share}%
              </span>
            </div>
            <div
              className="h-2 rounded-full bg-subtle"
              role="meter"
              aria-valuenow={share}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-label={`${r.category}: ${share}% of this month's expense`}
            >
              <div className="h-2 rounded-full" style={{ width: `${Math.max(share, 1)}%`, background: 'var(--chart-2)' }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function RecentTable({ rows }: { rows: IncomeExpenseDashboard['recent'] }) {
  if (rows.length === 0) return <p className="px-4 py-6 text-sm text-muted">No money in or out yet.</p>;
  const th = 'px-4 py-2 text-left text-xs font-semibold uppercase tracking-wide text-muted';
  return (
    <table className="w-full table-fixed text-sm" aria-label="Latest movements">
      <thead className="bg-subtle">
        <tr>
          <th scope="col" className={clsx(th, 'hidden w-32 sm:table-cell')}>
            Date
          </th>
          <th scope="col" className={th}>
            Party / Source
          </th>
          <th scope="col" className={clsx(th, 'hidden w-40 md:table-cell')}>
            Module
          </th>
          <th scope="col" className={clsx(th, 'hidden w-36 sm:table-cell')}>
            Mode
          </th>
          <th scope="col" className={clsx(th, 'w-32 text-right sm:w-40')}>
            Amount
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {rows.map((e) => (
          <tr key={e.id}>
            <td className="hidden whitespace-nowrap px-4 py-2.5 text-muted sm:table-cell">{formatDate(e.date)}</td>
            <td className="px-4 py-2.5">
              <span className="block break-words">{partyOf(e)}</span>
              <span className="block text-xs text-muted">
                <span className="sm:hidden">
                  {formatDate(e.date)}
                  {e.payment_mode_name && ` · ${e.payment_mode_name}`}
                  {e.kind === 'reversal' && ' · '}
                </span>
                {e.kind === 'reversal' && 'Reversal'}
              </span>
            </td>
            <td className="hidden truncate px-4 py-2.5 md:table-cell">{moduleLabel(e.module)}</td>
            <td className="hidden truncate px-4 py-2.5 sm:table-cell">{e.payment_mode_name || '—'}</td>
            <td className="px-4 py-2.5 text-right align-top sm:align-middle">
              <SignedAmount direction={e.direction} amount={e.amount} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
