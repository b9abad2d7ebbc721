import { type GstSummary, type Invoice, type InvoiceListItem, type PeriodReport, type ProfitLoss } from '@arena/contracts/money';
import { accountsReportEndpoints, invoiceEndpoints } from '@arena/contracts/money/routes';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ListParams } from '../../components/DataTable';
import { call, fetchFile, saveBlob, type FileSource } from '../../lib/api';
import { pdfFileName } from './invoice-format';

export type { GstSummary, Invoice, InvoiceListItem, PeriodReport, ProfitLoss };

export const invoiceKeys = {
  all: ['invoice'] as const,
  list: ['invoice', 'list'] as const,
  counts: ['invoice', 'counts'] as const,
  invoice: (id: number) => ['invoice', 'detail', id] as const,
  reports: ['invoice', 'reports'] as const,
};

/** The invoice list's export. */
export const invoicesFile: FileSource = { endpoint: invoiceEndpoints.list };

export const fetchInvoices = (params: ListParams) => call(invoiceEndpoints.list, { query: params });

/** How many invoices (or credit notes) match the filters: one row's page, read for its count. */
export const countInvoices = (params: Record<string, string | undefined>) =>
  call(invoiceEndpoints.list, { query: { ...params, page: 1, page_size: 1 } }).then((p) => p.count);

export const useInvoice = (id: number | null) =>
  useQuery({
    queryKey: invoiceKeys.invoice(id ?? 0),
    queryFn: () => call(invoiceEndpoints.retrieve, { params: { id: id! } }),
    enabled: !!id,
  });

/** POST …/email/: '' sends to the buyer's e-mail; a 400 `{email: […]}` lands under the field. */
export const useEmailInvoice = () =>
  useMutation({
    mutationFn: ({ id, email }: { id: number; email: string }) => call(invoiceEndpoints.email, { params: { id }, body: { email } }),
  });

// ---- PDFs ----

export type PdfLayout = 'a4' | 'receipt';

/** The invoice's PDF (see `fetchFile`: the file needs the session's headers, so it is fetched, not linked). */
const fetchPdf = (id: number, query: { layout?: PdfLayout; download?: string }) =>
  fetchFile(invoiceEndpoints.pdf, { params: { id }, query }, 'application/pdf');

/**
 * Opens the PDF (A4, or the 80 mm receipt) in a new tab to print. The tab is opened before the
 * file is fetched, while the click still counts as the user's, so no pop-up blocker stops it.
 */
export async function openInvoicePdf(id: number, layout: PdfLayout = 'a4'): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) tab.document.title = 'Loading…';
  try {
    const { blob } = await fetchPdf(id, layout === 'receipt' ? { layout: 'receipt' } : {});
    const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
    if (tab && !tab.closed) {
      tab.opener = null;
      tab.location.href = url;
    } else window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** Saves the A4 PDF as `INV-26-27-00017.pdf` (the number with "/" made "-"). */
export async function downloadInvoicePdf(invoice: { id: number; number: string }): Promise<string> {
  const { blob } = await fetchPdf(invoice.id, { download: '1' });
  const name = pdfFileName(invoice.number);
  saveBlob(blob, name);
  return name;
}

// ---- reports ----

/** The Accounts reports by their tab's id. */
export const ACCOUNTS_REPORTS = {
  'profit-loss': accountsReportEndpoints.profitLoss,
  income: accountsReportEndpoints.income,
  expense: accountsReportEndpoints.expense,
  profit: accountsReportEndpoints.profit,
  'gst-summary': accountsReportEndpoints.gstSummary,
};
export type AccountsReportKind = keyof typeof ACCOUNTS_REPORTS;

/** One report's query: a month for the GST summary, else the window and the centre. */
export type AccountsReportQuery = { month: string; gstin?: string } | { date_after: string; date_before: string; centre?: string };

export const fetchAccountsReport = (kind: AccountsReportKind, query: AccountsReportQuery) =>
  call(ACCOUNTS_REPORTS[kind], { query }) as Promise<ProfitLoss | PeriodReport | GstSummary>;
