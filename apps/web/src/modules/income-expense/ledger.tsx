import { ENTRY_TYPE_LABELS, ENTRY_TYPES } from '@arena/contracts/income-expense';
import { LEDGER_KIND_LABELS, LEDGER_KINDS, type LedgerEntry } from '@arena/contracts/money';
import { clsx } from 'clsx';
import { Badge } from '../../components/Badge';
import { formatMoney } from '../../lib/format';

/** The Income/Expense choice of filters and forms. */
export const TYPE_OPTIONS = ENTRY_TYPES.map((t) => ({ value: t, label: ENTRY_TYPE_LABELS[t] }));
export const KIND_OPTIONS = LEDGER_KINDS.map((k) => ({ value: k, label: LEDGER_KIND_LABELS[k] }));

/** The modules whose money reaches the ledger (the `module` filter of the transactions). */
export const LEDGER_MODULES = ['Booking Management', 'Membership Management', 'Store Management', 'Income/Expenses Management'] as const;
export const MODULE_OPTIONS = LEDGER_MODULES.map((m) => ({ value: m, label: moduleLabel(m) }));

/** "Booking Management" → "Booking"; "Income/Expenses Management" → "Income/Expenses". */
export function moduleLabel(module: string): string {
  return module.replace(/\s+Management$/, '');
}

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

/** An entry's type: Income or Expense. */
export function TypeBadge({ type }: { type: 'income' | 'expense' }) {
  return <Badge tone={type === 'income' ? 'success' : 'danger'}>{ENTRY_TYPE_LABELS[type]}</Badge>;
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

/** Who or what a movement is about: the party, else its source ("Booking BK-2026-000311"). */
export const partyOf = (e: Pick<LedgerEntry, 'party' | 'source'>) => e.party || e.source.label || '—';
