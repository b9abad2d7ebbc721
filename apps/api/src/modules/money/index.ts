/**
 * The money module's public API: other modules sell, receive, refund and read totals through
 * these functions and never name its tables (the `arena/table-ownership` lint rule holds it).
 */
export type { InvoiceRow, LedgerRow, SellerSnapshot } from './schema.js';
export {
  buildInvoice,
  buyerOf,
  chargedBy,
  checkedBilling,
  creditSale,
  invoiceOfSource,
  invoicesOfSource,
  issueCreditNote,
  issueCreditNote as creditNote,
  issueInvoice,
  issueSupplementaryInvoice,
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
  activeMode,
  cancelSaleInvoice,
  categoryNamed,
  creditExpense,
  holdMoney,
  keepHeld,
  payExpense,
  receive,
  recordMovement,
  refund,
  reverse,
  type HeldMoney,
  type MoneyInput,
  type Movement,
  type RefundInput,
  type SaleRef,
} from './ledger.service.js';
export { invoicesOf, lastReceiptMode, refundsOf, salePayments, supplementaryInvoicesOf } from './sale-reads.js';
export { saleMovementList, type SaleMovement } from './sale-movements.js';
export { duesOutstanding, type DuesOfSource } from './dues.js';
export { saleSummary, type SaleSummary } from './sale-summary.js';
export { ledgerTotals, type LedgerGroup, type LedgerTotalsQuery, type LedgerTotalsRow, type SaleAttribute } from './ledger-totals.js';
export {
  numberSales,
  priceSale,
  sell,
  sellNow,
  type PendingSale,
  type Sale,
  type SaleNumber,
  type SalePayment,
  type SoldSale,
} from './sale.service.js';
export {
  categoryRows,
  CATEGORY_NAME,
  EXPENSE,
  HELD,
  INCOME,
  periodRows,
  totalsOf,
  where as booksWhere,
  type BooksFilter,
  type PeriodRow,
} from './books.js';
export { periodColumns } from './reports/profit-loss.js';
/** Income/Expenses Management's categories, vendors, entries and ledger screens (served here: they are the books). */
export { incomeExpenseRoutes } from './income-expense/routes.js';
export { seedIncomeExpense } from './income-expense/seed.js';
export { correctEntry, createEntry, reverseEntry } from './income-expense/entry.service.js';
export { MODULE as INCOME_EXPENSE_MODULE, SOURCE_TYPE as MANUAL_ENTRY_SOURCE } from './income-expense/constants.js';
export {
  l as ledgerAlias,
  ledgerFields,
  ledgerFrom,
  ledgerJson,
  ledgerTotalFields,
  ledgerTotalsJson,
  monthsBefore,
  moneyOf,
  type LedgerSelectRow,
} from './income-expense/ledger.queries.js';
/** Sales credited to staff (commission) and salaries paid out. */
export { netTaxableBySeller, sellerTaxableSql, type SellerTotal } from './sellers.js';
/** A member's own documents (End User Login, issue 27): their sales' invoices, and the PDF for a reader who is not staff. */
export { invoiceOfSales, invoicesOfSales, type MemberInvoice, type SalesOf } from './member-invoices.js';
export { invoicePdfFor } from './invoice.routes.js';
