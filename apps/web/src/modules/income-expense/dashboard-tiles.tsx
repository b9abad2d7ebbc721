import { Button } from '../../components/Button';
import { Skeleton } from '../../components/Skeleton';
import { errorMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { useIncomeExpenseDashboard } from './api';
import { monthLabel } from './rules';
import { ChangeLine } from '../../components/ChangeLine';

/** The main dashboard's tile (the manifest lists it): this month's income, expense and net, from GET /api/income-expense/dashboard/. */
export function MonthTile({ centre }: { centre: string }) {
  const { data, isPending, error, refetch } = useIncomeExpenseDashboard(centre);
  if (isPending) return <Skeleton className="h-24" />;
  if (error || !data)
    return (
      <div className="flex flex-wrap items-center gap-3 text-sm text-muted">
        <span>{errorMessage(error)}</span>
        <Button size="sm" variant="secondary" onClick={() => void refetch()}>
          Retry
        </Button>
      </div>
    );
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
