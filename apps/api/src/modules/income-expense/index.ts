/** What other modules may use of Income/Expenses Management: its tables and the entry service. */
export { incomeExpense, vendor } from './schema.js';
export { createEntry, correctEntry, reverseEntry } from './entry.service.js';
/** The ledger as the Transactions screens read it (module payment histories reuse it). */
export { l as ledgerAlias, ledgerFields, ledgerFrom, ledgerJson, type LedgerSelectRow } from './ledger.queries.js';
