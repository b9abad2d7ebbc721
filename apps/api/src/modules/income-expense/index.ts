/**
 * What other modules may use of Income/Expenses Management. Its categories, vendors, entries and
 * the ledger screens belong to the money module (which serves them under this module's URLs and
 * permission); this module keeps its dashboard and reports.
 */
export { correctEntry, createEntry, reverseEntry } from '../money/index.js';
/** The ledger as the Transactions screens read it (module payment histories reuse it). */
export { ledgerAlias, ledgerFields, ledgerFrom, ledgerJson, type LedgerSelectRow } from '../money/index.js';
