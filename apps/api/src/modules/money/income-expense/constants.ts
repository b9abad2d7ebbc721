import type { ModuleName } from '@arena/contracts';

export const MODULE: ModuleName = 'Income/Expenses Management';

/** The ledger's `source_type` of a manual entry. */
export const SOURCE_TYPE = 'income_expense';
