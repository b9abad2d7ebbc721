import type { GstSummary, Invoice, InvoiceListItem, PeriodReport, ProfitLoss } from '@arena/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ListParams } from '../../components/DataTable';
import { api, fetchBlob, saveBlob, type Paginated } from '../../lib/api';
import { pdfFileName } from './invoice-format';

export type { GstSummary, Invoice, InvoiceListItem, PeriodReport, ProfitLoss };

export const invoiceKeys = {
  all: ['invoice'] as const,
  list: ['invoice', 'list'] as const,
  counts: ['invoice', 'counts'] as const,
  invoice: (id: number) => ['invoice', 'detail', id] as const,
  reports: ['invoice', 'reports'] as const,
};

export const INVOICE_PATH = '/administrator/invoice/';
export const ACCOUNTS_REPORTS_PATH = '/administrator/reports/accounts/';

export const fetchInvoices = (params: ListParams) => api.get<Paginated<InvoiceListItem>>(INVOICE_PATH, { params });

/** How many invoices (or credit notes) match the filters: one row's page, read for its count. */
export const countInvoices = (params: Record<string, string | undefined>) =>
  api.get<Paginated<InvoiceListItem>>(INVOICE_PATH, { params: { ...params, page: 1, page_size: 1 } }).then((p) => p.count);

export const useInvoice = (id: number | null) =>
  useQuery({ queryKey: invoiceKeys.invoice(id ?? 0), queryFn: () => api.get<Invoice>(`${INVOICE_PATH}${id}/`), enabled: !!id });

/** POST …/email/: '' sends to the buyer's e-mail; a 400 `{email: […]}` lands under the field. */
export const useEmailInvoice = () =>
  useMutation({
    mutationFn: ({ id, email }: { id: number; email: string }) => api.post<{ detail: string }>(`${INVOICE_PATH}${id}/email/`, { email }),
  });

// ---- PDFs ----

export type PdfLayout = 'a4' | 'receipt';

/** The invoice's PDF (see `fetchBlob`: the file needs the session's headers, so it is fetched, not linked). */
const fetchPdf = (id: number, params: Record<string, string>) => fetchBlob(`${INVOICE_PATH}${id}/pdf/`, params, 'application/pdf');

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

export type AccountsReportKind = 'profit-loss' | 'income' | 'expense' | 'profit' | 'gst-summary';
