/** The pdfkit document: DejaVu Sans (for ₹), styles, measured text and rules. */
import PDFDocument from 'pdfkit';
import { pdfBytes as collect, pdfFonts } from '../../../platform/pdf.js';
export { collect };
import { type Invoice } from '@arena/contracts';
import { InvoicePdfOptions } from '../pdf.js';

export type Doc = PDFKit.PDFDocument;
export type Align = 'left' | 'center' | 'right';

export const REGULAR = 'DejaVuSans';
export const BOLD = 'DejaVuSans-Bold';
export const INK = '#111111';
export const MUTED = '#555555';
export const RULE = '#c8c8c8';
export const HEADER_FILL = '#eeeeee';

export function createDocument(invoice: Invoice, options: InvoicePdfOptions, layout: PDFKit.PDFDocumentOptions): Doc {
  const doc = new PDFDocument({
    ...layout,
    compress: true,
    info: { Title: `${invoice.title} ${invoice.number}`, Author: options.organisationName, Creator: 'Arena' },
  });
  doc.registerFont(REGULAR, pdfFonts().regular);
  doc.registerFont(BOLD, pdfFonts().bold);
  return doc.font(REGULAR).fillColor(INK);
}

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
  align?: Align;
}

export function useStyle(doc: Doc, style: TextStyle): Doc {
  return doc
    .font(style.bold ? BOLD : REGULAR)
    .fontSize(style.size)
    .fillColor(style.color ?? INK);
}

/** The height `value` takes wrapped to `width`. */
export function measure(doc: Doc, value: string, width: number, style: TextStyle): number {
  return value ? useStyle(doc, style).heightOfString(value, { width }) : 0;
}

export function textWidth(doc: Doc, value: string, style: TextStyle): number {
  return useStyle(doc, style).widthOfString(value);
}

/** Writes `value` wrapped to `width` at (x, y); returns the height it took. */
export function write(doc: Doc, value: string, x: number, y: number, width: number, style: TextStyle): number {
  if (!value) return 0;
  useStyle(doc, style).text(value, x, y, { width, align: style.align ?? 'left' });
  return doc.heightOfString(value, { width });
}

export function hline(doc: Doc, x1: number, x2: number, y: number, color = RULE, lineWidth = 0.5): void {
  doc.save().moveTo(x1, y).lineTo(x2, y).lineWidth(lineWidth).strokeColor(color).stroke().restore();
}

// ---- values as printed ----
