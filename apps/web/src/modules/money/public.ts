/**
 * What other modules use of Invoice Management: an invoice's status badge and its Print, Download
 * PDF and Email actions (the booking's details), and the query keys to refresh after a payment.
 */
export { invoiceKeys } from './api';
export { InvoiceActionButtons, InvoiceStatusBadge, type InvoiceRef } from './InvoiceActions';
/** The one ledger's screen pieces: signed amounts (and the Amount column), kind and side badges, filter options, the totals strip. */
export {
  GST_RATE_OPTIONS,
  KIND_OPTIONS,
  KindBadge,
  ledgerAmountColumn,
  LEDGER_TYPE_OPTIONS,
  LedgerTotalsStrip,
  SignedAmount,
  TypeBadge,
} from './ledger';
