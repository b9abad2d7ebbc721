/** The money platform other modules use: the ledger, invoices and credit notes. */
export { invoice, invoiceLine, ledgerEntry, moneyCategory, type InvoiceRow, type LedgerRow, type SellerSnapshot } from './schema.js';
export {
  buildInvoice,
  invoiceOfSource,
  issueCreditNote,
  issueInvoice,
  SELLER_COLUMNS,
  sellerFor,
  sellerOf,
  type Buyer,
  type InvoiceLineValues,
  type NewSale,
  type SaleItem,
  type SellerFacts,
} from './invoice.service.js';
export {
  cancelSaleInvoice,
  receive,
  recordMovement,
  refund,
  registerSaleSource,
  reverse,
  type MoneyInput,
  type Movement,
  type RefundInput,
  type SaleRef,
} from './ledger.service.js';
export {
  categoryRows,
  CATEGORY_NAME,
  EXPENSE,
  INCOME,
  periodRows,
  totalsOf,
  where as booksWhere,
  type BooksFilter,
  type PeriodRow,
} from './books.js';
export { periodColumns } from './reports/profit-loss.js';
/** The PDF fonts (DejaVu Sans, for ₹) and pdfkit's bytes, for other documents (member cards). */
export { collect as pdfBytes, fonts as pdfFonts } from './pdf.js';
