/**
 * The point of sale's calls (Store › Billing, Invoice, Sold, Customers): the cart (scan, quote,
 * checkout), sales (list, one sale, return, collect), the sold lines, the customers lookup and the
 * sale's GST invoice (the money module's PDF and e-mail).
 */
import type { checkoutInputSchema, customerInputSchema, saleCollectInputSchema, saleReturnInputSchema } from '@arena/contracts/store';
import { invoiceEndpoints } from '@arena/contracts/money/routes';
import type { Customer, Quote, Sale, SaleListItem, SoldLine, SubProduct } from '@arena/contracts/store';
import { cartEndpoints, customerEndpoints, saleEndpoints, soldProductsEndpoint, subProductEndpoints } from '@arena/contracts/store/routes';
import type { z } from '@arena/contracts/kit';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../components/DataTable';
import { ApiError, call, fetchFile, saveBlob, type FileSource } from '../../lib/api';
import { lookupResource } from '../../lib/lookupResource';

export type { Customer, Quote, Sale, SaleListItem, SoldLine, SubProduct };
export type CheckoutInput = z.input<typeof checkoutInputSchema>;
export type SaleReturnInput = z.input<typeof saleReturnInputSchema>;
export type SaleCollectInput = z.input<typeof saleCollectInputSchema>;

/** Under the module's `['store', …]` keys, so a write anywhere in the store can refresh them all. */
export const salesKeys = {
  all: ['store', 'sale'] as const,
  list: ['store', 'sale', 'list'] as const,
  sale: (id: number) => ['store', 'sale', 'detail', id] as const,
  sold: ['store', 'sale', 'sold-products'] as const,
  quote: (body: unknown) => ['store', 'quote', body] as const,
  customers: ['store', 'customer'] as const,
  customerPick: (search: string) => ['store', 'customer', 'pick', search] as const,
  productSearch: (search: string, centre: string) => ['store', 'sub-product', 'pos-search', search, centre] as const,
  /** Stock figures change with every sale and return. */
  stock: ['store', 'sub-product'] as const,
};

// ---- the cart ----

/**
 * The one active variant a barcode or SKU names, or null when none does (the API's 404), so the
 * screen can search by text instead.
 */
export async function scanCode(code: string, centre?: string): Promise<SubProduct | null> {
  try {
    return await call(cartEndpoints.scan, { query: { code, centre: centre ? Number(centre) : undefined } });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** Active variants whose name, SKU or barcode match `search` (the picker under the search box). */
export const useProductSearch = (search: string, centre: string, enabled = true) =>
  useQuery({
    queryKey: salesKeys.productSearch(search, centre),
    queryFn: ({ signal }) =>
      call(subProductEndpoints.list, {
        query: { search, is_active: 'true', centre: centre || undefined, page: 1, page_size: 8 } as never,
        signal,
      }),
    select: (page) => page.results,
    enabled: enabled && search.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** The cart priced as the invoice would be (writes nothing); `body` null leaves it idle (an empty cart). */
export const useQuote = (body: CheckoutInput | null) =>
  useQuery({
    queryKey: salesKeys.quote(body),
    queryFn: ({ signal }) => call(cartEndpoints.quote, { body: body!, signal }),
    enabled: !!body && body.lines.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });

/** Refreshes what a sale or a return changes: sales, sold lines, customers (dues), stock, the money module's invoices. */
function useSaleWritten() {
  const queryClient = useQueryClient();
  return async (sale?: Sale) => {
    if (sale) queryClient.setQueryData(salesKeys.sale(sale.id), sale);
    await Promise.all(
      [salesKeys.list, salesKeys.sold, salesKeys.customers, salesKeys.stock, ['store', 'dashboard'], ['invoice']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  };
}

export function useCheckout() {
  const written = useSaleWritten();
  return useMutation({
    mutationFn: (body: CheckoutInput) => call(cartEndpoints.checkout, { body }),
    onSuccess: (sale) => written(sale),
  });
}

// ---- sales ----

export const fetchSales = (params: ListParams) => call(saleEndpoints.list, { query: params as never });
export const salesFile: FileSource = { endpoint: saleEndpoints.list };
export const fetchSoldLines = (params: ListParams) => call(soldProductsEndpoint, { query: params as never });
export const soldLinesFile: FileSource = { endpoint: soldProductsEndpoint };

export const useSale = (id: number | null) =>
  useQuery({
    queryKey: salesKeys.sale(id ?? 0),
    queryFn: () => call(saleEndpoints.retrieve, { params: { id: id! } }),
    enabled: !!id,
  });

/** The latest sales (the invoice screen without a sale, a customer's purchases). */
export const useRecentSales = (query: { customer?: number; page_size?: number } = {}) =>
  useQuery({
    queryKey: [...salesKeys.list, 'recent', query],
    queryFn: () => call(saleEndpoints.list, { query: { page: 1, page_size: query.page_size ?? 10, customer: query.customer } as never }),
  });

export function useReturnSale() {
  const written = useSaleWritten();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SaleReturnInput }) => call(saleEndpoints.return, { params: { id }, body }),
    onSuccess: (sale) => written(sale),
  });
}

export function useCollectDue() {
  const written = useSaleWritten();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SaleCollectInput }) => call(saleEndpoints.collect, { params: { id }, body }),
    onSuccess: (sale) => written(sale),
  });
}

// ---- customers ----

export const storeCustomers = lookupResource<Customer, z.output<typeof customerInputSchema>>(customerEndpoints, salesKeys.customers);

/** The first customers whose name, phone or e-mail match `search` (the billing screen's picker). */
export const useCustomerSearch = (search: string, enabled = true) =>
  useQuery({
    queryKey: salesKeys.customerPick(search),
    queryFn: ({ signal }) => call(customerEndpoints.list, { query: { search, is_active: 'true', page: 1, page_size: 6 } as never, signal }),
    select: (page) => page.results,
    enabled: enabled && search.length > 0,
    placeholderData: keepPreviousData,
  });

// ---- the sale's invoice (the money module's) ----

export type PdfLayout = 'a4' | 'receipt';

/** "INV/26-27/00017" → "INV-26-27-00017.pdf". */
export const invoiceFileName = (number: string) => `${number.replace(/[\\/:*?"<>|\s]+/g, '-')}.pdf`;

/**
 * Opens the invoice's PDF (A4, or the 80 mm receipt) in a new tab to print. The tab opens before
 * the file is fetched (the PDF needs the session's token, so it cannot be a plain link), while the
 * click still counts as the user's and no pop-up blocker stops it.
 */
export async function openInvoicePdf(id: number, layout: PdfLayout): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) tab.document.title = 'Loading…';
  try {
    const { blob } = await fetchFile(invoiceEndpoints.pdf, { params: { id }, query: { layout } as never }, 'application/pdf');
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

/** Saves the A4 PDF under the server's name (else the invoice's number); returns the name. */
export async function downloadInvoicePdf(invoice: { id: number; number: string }): Promise<string> {
  const file = await fetchFile(
    invoiceEndpoints.pdf,
    { params: { id: invoice.id }, query: { layout: 'a4', download: 'true' } as never },
    'application/pdf',
  );
  const name = file.name ?? invoiceFileName(invoice.number);
  saveBlob(file.blob, name);
  return name;
}

/** POST …/email/: '' sends it to the buyer's e-mail on the invoice. */
export const useEmailInvoice = () =>
  useMutation({
    mutationFn: ({ id, email }: { id: number; email: string }) => call(invoiceEndpoints.email, { params: { id }, body: { email } }),
  });
