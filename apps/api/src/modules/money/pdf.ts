/**
 * PDF rendering of tax invoices, bills of supply and credit notes (pdfkit, with DejaVu Sans
 * embedded because the standard PDF fonts have no ₹ glyph).
 *
 * Two layouts:
 * - `a4`: A4 portrait for printing and e-mail. Seller and document details side by side, the
 *   buyer, a lines table that wraps long descriptions and continues on further pages under a
 *   repeated header, totals with the amount in words, payments received, and on every page a
 *   footer with "Page n of m".
 * - `receipt`: an 80 mm thermal roll (226.77pt wide). One page whose height is measured by
 *   drawing the receipt once on a throwaway document, so the roll ends where the text does.
 */
import type { Invoice } from '@arena/contracts';
import { renderA4 } from './pdf/a4.js';
import { renderReceipt } from './pdf/receipt.js';

export type InvoiceLayout = 'a4' | 'receipt';

export interface InvoicePdfOptions {
  layout: InvoiceLayout;
  /** PNG or JPEG bytes of the organisation's picture; left out when pdfkit cannot read it. */
  logo?: Buffer | null;
  /** PNG or JPEG bytes of the centre's seal, drawn above "Authorised Signatory" on A4; left out when pdfkit cannot read it. */
  seal?: Buffer | null;
  organisationName: string;
}

/** The invoice as a PDF document. */
export async function renderInvoicePdf(invoice: Invoice, options: InvoicePdfOptions): Promise<Buffer> {
  return options.layout === 'receipt' ? renderReceipt(invoice, options) : renderA4(invoice, options);
}
