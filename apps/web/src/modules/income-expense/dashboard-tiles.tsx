import type { IncomeExpenseDashboard } from '@arena/contracts/income-expense';
import { TileQuery } from '../../components/TileQuery';
import { formatMoney } from '../../lib/format';
import { useIncomeExpenseDashboard } from './api';
import { monthLabel } from './rules';
import { ChangeLine } from '../../components/ChangeLine';

/** The main dashboard's tile (the manifest lists it): this month's income, expense and net, from GET /api/income-expense/dashboard/. */
export function MonthTile({ centre }: { centre: string }) {
  return (
    <TileQuery query={useIncomeExpenseDashboard(centre)} skeleton="h-24">
      {(data) => <FiguresMonthTile data={data} />}
    </TileQuery>
  );
}

function FiguresMonthTile({ data }: { data: IncomeExpenseDashboard }) {
  const { this_month: now, last_month: before } = data;
  const row = 'flex items-baseline justify-between gap-3';
  return (
    <div>
      <dl className="space-y-1.5 text-sm">
        <div className={row}>
          <dt className="text-muted">Income</dt>
          <dd className="font-semibold tabular text-success">{formatMoney(now.income)}</dd>
        </div>
        <div className={row}>
          <dt className="text-muted">Expense</dt>
          <dd className="font-semibold tabular text-danger-text">{formatMoney(now.expense)}</dd>
        </div>
        <div className={`${row} border-t border-line pt-1.5`}>
          <dt className="text-muted">Net</dt>
          <dd className="text-lg font-semibold tabular">{formatMoney(now.net)}</dd>
        </div>
      </dl>
      <p className="mt-1 text-xs text-muted">
        <ChangeLine current={now.net} previous={before.net} since={monthLabel(before.month)} />
      </p>
    </div>
  );
}
