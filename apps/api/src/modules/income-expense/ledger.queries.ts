/** The ledger as the Transactions screens read it, from the money module (which serves them): for this module's dashboard and reports. */
export { signedPaiseOr0 as paise } from '@arena/contracts';
export { ledgerAlias as l, ledgerFields, ledgerFrom, ledgerJson, monthsBefore, moneyOf, type LedgerSelectRow } from '../money/index.js';
