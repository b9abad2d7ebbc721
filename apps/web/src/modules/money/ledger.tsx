/**
 * Pieces of the one ledger's screens (Income/Expenses › Transactions, a module's Income/Expense
 * page): a movement's signed amount, its kind and side, the filters' options and the totals strip.
 */
import { GST_RATES } from '@arena/contracts/kit';
import {
  LEDGER_KIND_LABELS,
  LEDGER_KINDS,
  LEDGER_TYPE_LABELS,
  LEDGER_TYPES,
  type LedgerEntry,
  type LedgerTotals,
  type LedgerType,
} from '@arena/contracts/money';
import type { UseQueryResult } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Badge } from '../../components/Badge';
import { Card } from '../../components/Card';
import type { Column } from '../../components/DataTable';
import { Skeleton } from '../../components/Skeleton';
import { errorMessage } from '../../lib/errors';
import { formatCount, formatMoney } from '../../lib/format';

/** The GST rates a price may carry, for a select ("18 %"). */
export const GST_RATE_OPTIONS = GST_RATES.map((r) => ({ value: String(r), label: `${r} %` }));
export const KIND_OPTIONS = LEDGER_KINDS.map((k) => ({ value: k, label: LEDGER_KIND_LABELS[k] }));
/** The ledger's sides for its filter: income, expense, money held (deposits). */
export const LEDGER_TYPE_OPTIONS = LEDGER_TYPES.map((t) => ({ value: t, label: LEDGER_TYPE_LABELS[t] }));

/**
 * A movement's amount with its direction: "+ ₹1,500.00" in green for money in, "− ₹800.00" in
 * red for money out. The sign says it too, so colour is never the only clue.
 */
export function SignedAmount({ direction, amount, className }: { direction: 'in' | 'out'; amount: string; className?: string }) {
  const out = direction === 'out';
  return (
    <span className={clsx('whitespace-nowrap font-medium tabular', out ? 'text-danger-text' : 'text-success', className)}>
      <span className="sr-only">{out ? 'Out ' : 'In '}</span>
      <span aria-hidden>{out ? '− ' : '+ '}</span>
      {formatMoney(amount)}
    </span>
  );
}

/** A ledger list's Amount column: the movement's signed amount, sortable. */
export const ledgerAmountColumn: Column<LedgerEntry> = {
  id: 'amount',
  header: 'Amount',
  sortKey: 'amount',
  align: 'right',
  mobile: 'amount',
  cell: (e) => <SignedAmount direction={e.direction} amount={e.amount} />,
};

/** A movement's side: Income or Expense, or money held for someone (a deposit: neither). */
export function TypeBadge({ type }: { type: LedgerType }) {
  return <Badge tone={type === 'income' ? 'success' : type === 'expense' ? 'danger' : 'info'}>{LEDGER_TYPE_LABELS[type]}</Badge>;
}

/** A movement's kind, and whether it was undone: a reversal, or a movement a reversal undid. */
export function KindBadge({ entry }: { entry: Pick<LedgerEntry, 'kind' | 'reversed_by'> }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={entry.kind === 'reversal' ? 'info' : 'neutral'}>{LEDGER_KIND_LABELS[entry.kind]}</Badge>
      {entry.reversed_by !== null && <Badge tone="danger">Reversed</Badge>}
    </span>
  );
}

function Figure({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
      <dd className={clsx('mt-0.5 text-lg font-semibold tabular', className)}>{value}</dd>
    </div>
  );
}

/**
 * Income, expense, net and the number of movements the filters select (the search narrows only
 * the rows), and the deposits held when any money is held (neither income nor expense). `labels`
 * renames the two sides (a module's payments: Received, Refunded); a query answering null (no
 * totals for these filters) shows nothing.
 */
export function LedgerTotalsStrip({
  query,
  label,
  labels = {},
}: {
  query: UseQueryResult<LedgerTotals | null | undefined>;
  label: string;
  labels?: { income?: string; expense?: string };
}) {
  const t = query.data;
  if (query.isSuccess && !t) return null;
  const held = t?.held && Number(t.held) !== 0 ? t.held : null;
  return (
    <Card className="mb-4 px-4 py-3" aria-busy={query.isFetching || undefined}>
      {query.isPending ? (
        <Skeleton className="h-11" />
      ) : query.isError || !t ? (
        <p className="text-sm text-danger-text">Totals could not be loaded: {errorMessage(query.error)}</p>
      ) : (
        <dl className={clsx('grid grid-cols-2 gap-x-6 gap-y-3', held ? 'sm:grid-cols-5' : 'sm:grid-cols-4')} aria-label={label}>
          <Figure label={labels.income ?? 'Income'} value={formatMoney(t.income)} className="text-success" />
          <Figure label={labels.expense ?? 'Expense'} value={formatMoney(t.expense)} className="text-danger-text" />
          <Figure label="Net" value={formatMoney(t.net)} />
          {held && <Figure label="Deposits held" value={formatMoney(held)} />}
          <Figure label="Movements" value={formatCount(t.count)} />
        </dl>
      )}
    </Card>
  );
}
