/**
 * The endpoints of Accounts (module "Invoice Management"): the invoices and credit notes of every
 * module, their PDFs and e-mail, the books' reports, and the module's audit trail.
 */
import { z } from '../zod-config.js';
import { detailSchema, idParamsSchema, isoDateSchema } from '../common.js';
import { gstinSchema } from '../tax.js';
import { auditLogEndpoint, endpoint, listEndpoint, reportEndpoint } from '../endpoint.js';
import { gstSummarySchema, monthSchema, periodReportSchema, profitLossSchema } from '../income-expense/income-expense.js';
import { invoiceEmailInputSchema, invoiceListItemSchema, invoiceSchema } from './invoice.js';

/** `…/pdf/`: A4, or an 80 mm receipt with `layout=receipt`; `download` asks for an attachment rather than inline. */
export const invoicePdfQuerySchema = z.object({
  layout: z.enum(['a4', 'receipt']).default('a4'),
  download: z.stringbool().default(false),
});

const INVOICE = '/api/administrator/invoice/';
export const invoiceEndpoints = {
  list: listEndpoint(INVOICE, invoiceListItemSchema),
  retrieve: endpoint({ method: 'GET', path: `${INVOICE}:id/`, params: idParamsSchema, response: invoiceSchema }),
  pdf: endpoint({ method: 'GET', path: `${INVOICE}:id/pdf/`, params: idParamsSchema, query: invoicePdfQuerySchema, file: true }),
  /** No body (or no `email`) sends it to the buyer's e-mail. */
  email: endpoint({
    method: 'POST',
    path: `${INVOICE}:id/email/`,
    params: idParamsSchema,
    body: invoiceEmailInputSchema.nullish(),
    response: detailSchema,
  }),
};

/** Accounts › Logs. */
export const invoiceLogs = auditLogEndpoint('/api/administrator/invoice/logs/');

const ACCOUNTS_REPORTS = '/api/administrator/reports/accounts/';
export const accountsReportEndpoints = {
  /** The Accounts reports' own address answers with the profit and loss, its first report. */
  index: reportEndpoint(ACCOUNTS_REPORTS, profitLossSchema),
  profitLoss: reportEndpoint(`${ACCOUNTS_REPORTS}profit-loss/`, profitLossSchema),
  income: reportEndpoint(`${ACCOUNTS_REPORTS}income/`, periodReportSchema),
  expense: reportEndpoint(`${ACCOUNTS_REPORTS}expense/`, periodReportSchema),
  profit: reportEndpoint(`${ACCOUNTS_REPORTS}profit/`, periodReportSchema),
  /** One month (`month=YYYY-MM`, default this month) rather than a window: GSTR-1 is filed by month. */
  gstSummary: reportEndpoint(`${ACCOUNTS_REPORTS}gst-summary/`, gstSummarySchema, {
    // The registration (default the organisation's own GSTIN): one GSTR-1 per GSTIN.
    query: { month: monthSchema.optional(), gstin: gstinSchema.optional() },
    window: false,
  }),
};

/**
 * Accounts › Close books: the day up to which the books are closed (usually the last filed
 * month's end). No receipt, refund, expense, reversal, invoice or credit note may be dated on or
 * before it; cancellations after it credit in the open period. Null: nothing is closed.
 */
export const closeBooksSchema = z.object({
  books_locked_until: z.string().nullable(),
});
export type CloseBooks = z.infer<typeof closeBooksSchema>;
/** Not after today (checked in the organisation's zone): a period is closed once it has ended. */
export const closeBooksInputSchema = z.object({
  books_locked_until: isoDateSchema.nullable(),
});
export type CloseBooksInput = z.infer<typeof closeBooksInputSchema>;

const CLOSE_BOOKS = '/api/administrator/accounts/close-books/';
export const closeBooksEndpoints = {
  retrieve: endpoint({ method: 'GET', path: CLOSE_BOOKS, response: closeBooksSchema }),
  update: endpoint({ method: 'PUT', path: CLOSE_BOOKS, body: closeBooksInputSchema, response: closeBooksSchema }),
};
