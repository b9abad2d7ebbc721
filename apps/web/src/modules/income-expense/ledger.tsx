import { ENTRY_TYPE_LABELS, ENTRY_TYPES } from '@arena/contracts/income-expense';
import type { LedgerEntry } from '@arena/contracts/money';

/** The Income/Expense choice of filters and forms. */
export const TYPE_OPTIONS = ENTRY_TYPES.map((t) => ({ value: t, label: ENTRY_TYPE_LABELS[t] }));

/** The modules whose money reaches the ledger (the `module` filter of the transactions). */
export const LEDGER_MODULES = [
  'Booking Management',
  'Membership Management',
  'Store Management',
  'Accommodation Management',
  'Asset Management',
  'Income/Expenses Management',
] as const;
export const MODULE_OPTIONS = LEDGER_MODULES.map((m) => ({ value: m, label: moduleLabel(m) }));

/** "Booking Management" → "Booking"; "Income/Expenses Management" → "Income/Expenses". */
export function moduleLabel(module: string): string {
  return module.replace(/\s+Management$/, '');
}

/** Who or what a movement is about: the party, else its source ("Booking BK-2026-000311"). */
export const partyOf = (e: Pick<LedgerEntry, 'party' | 'source'>) => e.party || e.source.label || '—';
