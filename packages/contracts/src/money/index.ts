/** `@arena/contracts/money`: invoices, receipts, credit notes, sale rules, the books' reports. */
export * from './invoice.js';
export * from './invoice-text.js';
export * from './sale.js';
export * from './endpoints.js';
/** The Accounts reports' answers: declared beside Income/Expenses' reports, whose periods and totals they share. */
export {
  GST_EXEMPT_KINDS,
  gstSummarySchema,
  monthSchema,
  periodReportSchema,
  profitLossSchema,
  type GstSummary,
  type PeriodReport,
  type ProfitLoss,
} from '../income-expense/income-expense.js';
