/** The pdfkit document: DejaVu Sans (for ₹), styles, measured text and rules. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
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

let fontFiles: { regular: Buffer; bold: Buffer } | null = null;

/** The DejaVu Sans files, read once per process. */
export function fonts(): { regular: Buffer; bold: Buffer } {
  if (!fontFiles) {
    const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    fontFiles = { regular: readFileSync(path.join(dir, 'DejaVuSans.ttf')), bold: readFileSync(path.join(dir, 'DejaVuSans-Bold.ttf')) };
  }
  return fontFiles;
}

export function createDocument(invoice: Invoice, options: InvoicePdfOptions, layout: PDFKit.PDFDocumentOptions): Doc {
  const doc = new PDFDocument({
    ...layout,
    compress: true,
    info: { Title: `${invoice.title} ${invoice.number}`, Author: options.organisationName, Creator: 'Arena' },
  });
  doc.registerFont(REGULAR, fonts().regular);
  doc.registerFont(BOLD, fonts().bold);
  return doc.font(REGULAR).fillColor(INK);
}

/** The bytes pdfkit writes, once it has finished. */
export function collect(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
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
