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
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import {
  formatDateText,
  formatInr,
  GST_STATES,
  GSTIN_PATTERN,
  INVOICE_STATUS_LABELS,
  sameState,
  type Invoice,
  type InvoiceLine,
} from '@arena/contracts';

export type InvoiceLayout = 'a4' | 'receipt';

export interface InvoicePdfOptions {
  layout: InvoiceLayout;
  /** PNG or JPEG bytes of the organisation's picture; left out when pdfkit cannot read it. */
  logo?: Buffer | null;
  organisationName: string;
}

/** The invoice as a PDF document. */
export async function renderInvoicePdf(invoice: Invoice, options: InvoicePdfOptions): Promise<Buffer> {
  return options.layout === 'receipt' ? renderReceipt(invoice, options) : renderA4(invoice, options);
}

// ---- document, fonts, text ----

type Doc = PDFKit.PDFDocument;
type Align = 'left' | 'center' | 'right';

const REGULAR = 'DejaVuSans';
const BOLD = 'DejaVuSans-Bold';
const INK = '#111111';
const MUTED = '#555555';
const RULE = '#c8c8c8';
const HEADER_FILL = '#eeeeee';

let fontFiles: { regular: Buffer; bold: Buffer } | null = null;

/** The DejaVu Sans files, read once per process. */
export function fonts(): { regular: Buffer; bold: Buffer } {
  if (!fontFiles) {
    const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    fontFiles = { regular: readFileSync(path.join(dir, 'DejaVuSans.ttf')), bold: readFileSync(path.join(dir, 'DejaVuSans-Bold.ttf')) };
  }
  return fontFiles;
}

function createDocument(invoice: Invoice, options: InvoicePdfOptions, layout: PDFKit.PDFDocumentOptions): Doc {
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

interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
  align?: Align;
}

function useStyle(doc: Doc, style: TextStyle): Doc {
  return doc
    .font(style.bold ? BOLD : REGULAR)
    .fontSize(style.size)
    .fillColor(style.color ?? INK);
}

/** The height `value` takes wrapped to `width`. */
function measure(doc: Doc, value: string, width: number, style: TextStyle): number {
  return value ? useStyle(doc, style).heightOfString(value, { width }) : 0;
}

function textWidth(doc: Doc, value: string, style: TextStyle): number {
  return useStyle(doc, style).widthOfString(value);
}

/** Writes `value` wrapped to `width` at (x, y); returns the height it took. */
function write(doc: Doc, value: string, x: number, y: number, width: number, style: TextStyle): number {
  if (!value) return 0;
  useStyle(doc, style).text(value, x, y, { width, align: style.align ?? 'left' });
  return doc.heightOfString(value, { width });
}

function hline(doc: Doc, x1: number, x2: number, y: number, color = RULE, lineWidth = 0.5): void {
  doc.save().moveTo(x1, y).lineTo(x2, y).lineWidth(lineWidth).strokeColor(color).stroke().restore();
}

// ---- values as printed ----

const nonZero = (amount: string) => Number(amount) !== 0;

/** "2026-11-23" (or an ISO timestamp) → "23 Nov 2026". */
const displayDate = (value: string) => formatDateText(value.slice(0, 10)) || value;

/** "1500.00" → "1,500.00": the Indian grouping of `formatInr` without the sign, for table cells under "Amounts in ₹". */
const plainAmount = (amount: string) => formatInr(amount).replace('₹', '');

/** "2.000" → "2", "1.50" → "1.5". */
const displayQuantity = (quantity: string) => (quantity.includes('.') ? quantity.replace(/\.?0+$/, '') : quantity);

/** "Karnataka" → "Karnataka (29)", the state code GST documents carry. */
function stateWithCode(state: string): string {
  const code = Object.entries(GST_STATES).find(([, name]) => sameState(name, state))?.[0];
  return code ? `${state} (${code})` : state;
}

function documentNoun(invoice: Invoice): string {
  return invoice.kind === 'credit_note' ? 'credit note' : 'invoice';
}

function againstText(invoice: Invoice): string {
  // No-break spaces keep the date on one line when the sentence wraps.
  const date = displayDate(invoice.against?.date ?? '').replaceAll(' ', '\u00a0');
  return invoice.against ? `Against invoice ${invoice.against.number} dated ${date}` : '';
}

/** Which tax columns and totals the document shows. */
function taxColumns(invoice: Invoice): { split: boolean; igst: boolean } {
  if (invoice.bill_of_supply) return { split: false, igst: false };
  const split = invoice.lines.some((l) => nonZero(l.cgst) || nonZero(l.sgst)) || nonZero(invoice.cgst) || nonZero(invoice.sgst);
  const igst = invoice.lines.some((l) => nonZero(l.igst)) || nonZero(invoice.igst);
  if (split || igst) return { split, igst };
  // No tax at all (0 % lines): show the columns the supply would carry.
  const intraState = sameState(invoice.seller.state, invoice.place_of_supply);
  return { split: intraState, igst: !intraState };
}

interface SummaryRow {
  label: string;
  value: string;
  bold?: boolean;
}

/** Taxable value, the taxes, round off, total, paid and due, as both layouts list them. */
function summaryRows(invoice: Invoice): { before: SummaryRow[]; total: SummaryRow; after: SummaryRow[] } {
  const before: SummaryRow[] = [
    { label: invoice.bill_of_supply ? 'Value of supply' : 'Taxable value', value: formatInr(invoice.taxable_value) },
  ];
  if (!invoice.bill_of_supply) {
    for (const [label, amount] of [
      ['CGST', invoice.cgst],
      ['SGST', invoice.sgst],
      ['IGST', invoice.igst],
    ] as const)
      if (nonZero(amount)) before.push({ label, value: formatInr(amount) });
  }
  if (nonZero(invoice.round_off)) before.push({ label: 'Round off', value: formatInr(invoice.round_off) });
  return {
    before,
    total: { label: 'Total', value: formatInr(invoice.total), bold: true },
    after: [
      { label: 'Paid', value: formatInr(invoice.paid) },
      { label: 'Due', value: formatInr(invoice.due), bold: nonZero(invoice.due) },
    ],
  };
}

// ---- logo ----

interface OpenedImage {
  width: number;
  height: number;
  orientation?: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];
/** 4096 × 4096: a logo, not a photo to decode into hundreds of megabytes. */
const MAX_LOGO_PIXELS = 4096 * 4096;

/**
 * Whether pdfkit can embed a PNG without failing later: png-js decodes pixel data (images with
 * transparency or interlacing) in a zlib callback and throws there, which no caller can catch.
 */
function isSafePng(bytes: Buffer): boolean {
  let header: Buffer | null = null;
  const data: Buffer[] = [];
  for (let pos = PNG_SIGNATURE.length; pos + 8 <= bytes.length;) {
    const length = bytes.readUInt32BE(pos);
    const type = bytes.toString('latin1', pos + 4, pos + 8);
    if (type === 'IHDR') header = bytes.subarray(pos + 8, pos + 8 + length);
    if (type === 'IDAT') data.push(bytes.subarray(pos + 8, pos + 8 + length));
    if (type === 'IEND') break;
    pos += length + 12;
  }
  if (!header || header.length < 13 || data.length === 0) return false;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const channels = PNG_CHANNELS[header[9]];
  if (!width || !height || !channels || width * height > MAX_LOGO_PIXELS) return false;
  let pixels: Buffer;
  try {
    // At most 16-bit RGBA (8 bytes a pixel) plus a filter byte a scanline (< 2 a row when interlaced).
    pixels = inflateSync(Buffer.concat(data), { maxOutputLength: 8 * MAX_LOGO_PIXELS + 2 * height });
  } catch {
    return false;
  }
  // Every scanline starts with a filter type 0–4.
  const bytesPerPixel = (header[8] * channels) / 8;
  let pos = 0;
  for (const [x0, y0, dx, dy] of header[12] === 1 ? ADAM7 : [[0, 0, 1, 1]]) {
    const rows = Math.ceil((height - y0) / dy);
    const scanline = Math.ceil(bytesPerPixel * Math.ceil((width - x0) / dx));
    for (let row = 0; row < rows && pos < pixels.length; row++, pos += scanline + 1) if (pixels[pos] > 4) return false;
  }
  return true;
}

function isJpeg(bytes: Buffer): boolean {
  return bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8;
}

/** The logo opened in `doc`, or null when there is none or pdfkit cannot read it. */
function openLogo(doc: Doc, bytes: Buffer | null | undefined): OpenedImage | null {
  if (!bytes?.length) return null;
  const isPng = bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE);
  if (!(isPng ? isSafePng(bytes) : isJpeg(bytes))) return null;
  try {
    // `openImage` is public pdfkit API that @types/pdfkit does not declare.
    const image = (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(bytes);
    return image.width > 0 && image.height > 0 ? image : null;
  } catch {
    return null;
  }
}

/** Width and height as shown (JPEG EXIF orientations 5–8 turn the picture a quarter). */
function orientedSize(image: OpenedImage): [number, number] {
  return (image.orientation ?? 1) > 4 ? [image.height, image.width] : [image.width, image.height];
}

/** The size of `image` scaled to fit a box (never enlarged). */
function fitImage(image: OpenedImage, maxWidth: number, maxHeight: number): { width: number; height: number } {
  const [width, height] = orientedSize(image);
  const scale = Math.min(maxWidth / width, maxHeight / height, 1);
  return { width: width * scale, height: height * scale };
}

/** Draws the logo; false (nothing drawn) when pdfkit fails to embed it. */
function drawImage(doc: Doc, image: OpenedImage, x: number, y: number, size: { width: number; height: number }): boolean {
  try {
    doc.image(image as unknown as Buffer, x, y, size);
    return true;
  } catch {
    return false;
  }
}

// ---- page flow ----

/** Where the next block goes, and what a page break does. */
interface Flow {
  doc: Doc;
  y: number;
  top: number;
  /** The lowest y content may reach. */
  bottom: number;
  left: number;
  width: number;
  onNewPage?: () => void;
}

const right = (flow: Flow) => flow.left + flow.width;

/** Starts a new page unless `height` more fits on this one (or the page is still empty); true when it did. */
function ensureSpace(flow: Flow, height: number): boolean {
  if (flow.y + height <= flow.bottom || flow.y === flow.top) return false;
  flow.doc.addPage();
  flow.y = flow.top;
  flow.onNewPage?.();
  return true;
}

// ---- tables ----

interface Column<T> {
  header: string;
  align: Align;
  cell: (row: T, index: number) => string;
  /** Takes the width the other columns leave. */
  flex?: boolean;
}

const CELL_PAD_X = 2.5;
const CELL_PAD_Y = 3;

/** Column widths: each fixed column as wide as its widest cell (or header word), the flexible one the rest. */
function columnWidths<T>(doc: Doc, columns: Column<T>[], rows: T[], width: number, size: number): number[] {
  const widths = columns.map((column) => {
    if (column.flex) return 0;
    const headerWords = column.header.split(' ').map((word) => textWidth(doc, word, { size, bold: true }));
    const cells = rows.map((row, i) => textWidth(doc, column.cell(row, i), { size }));
    return Math.ceil(Math.max(...headerWords, ...cells)) + 2 * CELL_PAD_X + 0.5;
  });
  const fixed = widths.reduce((sum, w) => sum + w, 0);
  return widths.map((w, i) => (columns[i].flex ? Math.max(width - fixed, 0) : w));
}

function rowHeight(doc: Doc, cells: string[], widths: number[], style: TextStyle): number {
  return Math.max(...cells.map((cell, i) => measure(doc, cell, widths[i] - 2 * CELL_PAD_X, style)), style.size) + 2 * CELL_PAD_Y;
}

function drawRow<T>(flow: Flow, columns: Column<T>[], cells: string[], widths: number[], style: TextStyle, height: number): void {
  let x = flow.left;
  cells.forEach((cell, i) => {
    write(flow.doc, cell, x + CELL_PAD_X, flow.y + CELL_PAD_Y, widths[i] - 2 * CELL_PAD_X, { ...style, align: columns[i].align });
    x += widths[i];
  });
  flow.y += height;
}

function drawHeaderRow<T>(flow: Flow, columns: Column<T>[], widths: number[], size: number): void {
  const style = { size, bold: true };
  const cells = columns.map((c) => c.header);
  const height = rowHeight(flow.doc, cells, widths, style);
  const tableWidth = widths.reduce((sum, w) => sum + w, 0);
  flow.doc.save().rect(flow.left, flow.y, tableWidth, height).fill(HEADER_FILL).restore();
  drawRow(flow, columns, cells, widths, style, height);
  hline(flow.doc, flow.left, flow.left + tableWidth, flow.y, MUTED);
}

/** A table whose rows continue on further pages under a repeated header row. */
function drawTable<T>(flow: Flow, columns: Column<T>[], rows: T[], widths: number[], size: number): void {
  const style = { size };
  const tableWidth = widths.reduce((sum, w) => sum + w, 0);
  const headerHeight = rowHeight(
    flow.doc,
    columns.map((c) => c.header),
    widths,
    { size, bold: true },
  );
  rows.forEach((row, index) => {
    const cells = columns.map((c) => c.cell(row, index));
    const height = rowHeight(flow.doc, cells, widths, style);
    const newPage = ensureSpace(flow, (index === 0 ? headerHeight : 0) + height);
    if (index === 0 || newPage) drawHeaderRow(flow, columns, widths, size);
    drawRow(flow, columns, cells, widths, style, height);
    hline(flow.doc, flow.left, flow.left + tableWidth, flow.y, index === rows.length - 1 ? MUTED : RULE);
  });
}

// ---- A4 ----

const A4_MARGIN = 36;
const A4_FOOTER = 24;
const BODY = 9;
const SMALL = 8;
const META_WIDTH = 220;
const META_LABEL_WIDTH = 86;
const TOTALS_WIDTH = 230;
/** Table font sizes tried in turn until the description column is at least this wide. */
const TABLE_SIZES = [9, 8.5, 8, 7.5];
const MIN_DESCRIPTION_WIDTH = 100;

async function renderA4(invoice: Invoice, options: InvoicePdfOptions): Promise<Buffer> {
  const doc = createDocument(invoice, options, { size: 'A4', margin: A4_MARGIN, bufferPages: true });
  const output = collect(doc);
  const flow: Flow = {
    doc,
    y: A4_MARGIN,
    top: A4_MARGIN,
    bottom: doc.page.height - A4_MARGIN - A4_FOOTER,
    left: A4_MARGIN,
    width: doc.page.width - 2 * A4_MARGIN,
  };
  flow.onNewPage = () => drawContinuationHeader(flow, invoice);
  drawA4Header(flow, invoice, openLogo(doc, options.logo));
  drawBuyer(flow, invoice);
  drawLines(flow, invoice);
  drawTotalsAndWords(flow, invoice);
  drawPayments(flow, invoice);
  drawFooters(doc, invoice);
  doc.end();
  return output;
}

/** A square-ish logo goes beside the seller's name (up to 60pt high), a wide one above it. */
function headerLogoPlacement(logo: OpenedImage): { size: { width: number; height: number }; beside: boolean } {
  const [width, height] = orientedSize(logo);
  return width <= 1.6 * height ? { size: fitImage(logo, 96, 60), beside: true } : { size: fitImage(logo, 220, 48), beside: false };
}

function sellerLines(invoice: Invoice): string[] {
  const { seller } = invoice;
  const code = GSTIN_PATTERN.exec(seller.gstin)?.[1];
  return [
    seller.address,
    seller.gstin && `GSTIN: ${seller.gstin}`,
    seller.state && `State: ${code ? `${seller.state} (${code})` : seller.state}`,
    seller.phone && `Phone: ${seller.phone}`,
    seller.email && `Email: ${seller.email}`,
  ].filter(Boolean);
}

/** Logo and seller on the left; title, number, date, place of supply and status on the right. */
function drawA4Header(flow: Flow, invoice: Invoice, logo: OpenedImage | null): void {
  const { doc } = flow;
  const top = flow.y;
  const metaX = right(flow) - META_WIDTH;
  let sellerX = flow.left;
  let sellerY = top;
  let logoBottom = top;
  if (logo) {
    const { size, beside } = headerLogoPlacement(logo);
    if (drawImage(doc, logo, flow.left, top, size)) {
      if (beside) sellerX += size.width + 12;
      else sellerY += size.height + 8;
      logoBottom = top + size.height;
    }
  }
  const sellerWidth = metaX - 20 - sellerX;
  let y = sellerY + write(doc, invoice.seller.name, sellerX, sellerY, sellerWidth, { size: 14, bold: true }) + 3;
  for (const line of sellerLines(invoice)) y += write(doc, line, sellerX, y, sellerWidth, { size: BODY, color: MUTED }) + 1;

  const metaBottom = drawDocumentDetails(flow, invoice, metaX, top);
  flow.y = Math.max(y, logoBottom, metaBottom) + 10;
  hline(doc, flow.left, right(flow), flow.y, MUTED, 0.75);
  flow.y += 10;
}

function documentDetails(invoice: Invoice): [string, string][] {
  const rows: [string, string][] = [
    [invoice.kind === 'credit_note' ? 'Credit note no.' : 'Invoice no.', invoice.number],
    ['Date', displayDate(invoice.date)],
    ['Place of supply', invoice.place_of_supply ? stateWithCode(invoice.place_of_supply) : ''],
    ['Status', INVOICE_STATUS_LABELS[invoice.status] ?? invoice.status],
  ];
  if (invoice.centre_name) rows.push(['Centre', invoice.centre_name]);
  return rows.filter(([, value]) => value);
}

/** The right-hand block: title, then label/value rows; returns the y below it. */
function drawDocumentDetails(flow: Flow, invoice: Invoice, x: number, top: number): number {
  const { doc } = flow;
  let y = top + write(doc, invoice.title, x, top, META_WIDTH, { size: 16, bold: true }) + 4;
  const valueWidth = META_WIDTH - META_LABEL_WIDTH;
  for (const [label, value] of documentDetails(invoice)) {
    write(doc, label, x, y, META_LABEL_WIDTH, { size: BODY, color: MUTED });
    y += Math.max(write(doc, value, x + META_LABEL_WIDTH, y, valueWidth, { size: BODY, bold: label.endsWith('no.') }), BODY) + 2;
  }
  if (invoice.kind === 'credit_note') {
    y += 2 + write(doc, againstText(invoice), x, y + 2, META_WIDTH, { size: BODY });
    if (invoice.reason) y += 2 + write(doc, `Reason: ${invoice.reason}`, x, y + 2, META_WIDTH, { size: BODY, color: MUTED });
  }
  return y;
}

/** On pages after the first: which document this page continues. */
function drawContinuationHeader(flow: Flow, invoice: Invoice): void {
  const label = `${invoice.title} ${invoice.number} (continued)`;
  flow.y += write(flow.doc, label, flow.left, flow.y, flow.width, { size: SMALL, color: MUTED }) + 8;
}

function drawBuyer(flow: Flow, invoice: Invoice): void {
  const { doc } = flow;
  const { buyer } = invoice;
  const details = [
    buyer.address,
    buyer.phone && `Phone: ${buyer.phone}`,
    buyer.email && `Email: ${buyer.email}`,
    buyer.gstin && `GSTIN: ${buyer.gstin}`,
  ].filter(Boolean);
  const width = flow.width / 2;
  flow.y += write(doc, 'Bill to', flow.left, flow.y, width, { size: SMALL, bold: true, color: MUTED }) + 2;
  flow.y += write(doc, buyer.name || '—', flow.left, flow.y, width, { size: 10.5, bold: true }) + 2;
  for (const line of details) flow.y += write(doc, line, flow.left, flow.y, width, { size: BODY }) + 1;
  flow.y += 12;
}

function lineColumns(invoice: Invoice): Column<InvoiceLine>[] {
  const money = (header: string, pick: (line: InvoiceLine) => string): Column<InvoiceLine> => ({
    header,
    align: 'right',
    cell: (line) => plainAmount(pick(line)),
  });
  const tax = taxColumns(invoice);
  const showTax = !invoice.bill_of_supply;
  return [
    { header: '#', align: 'right', cell: (_, i) => String(i + 1) },
    { header: 'Description', align: 'left', cell: (line) => line.description, flex: true },
    { header: 'SAC/HSN', align: 'left', cell: (line) => line.sac_code },
    { header: 'Qty', align: 'right', cell: (line) => displayQuantity(line.quantity) },
    money('Rate', (line) => line.unit_price),
    money('Discount', (line) => line.discount),
    money('Taxable value', (line) => line.taxable_value),
    ...(showTax ? [{ header: 'GST\u00a0%', align: 'right', cell: (line) => `${line.gst_rate}%` } satisfies Column<InvoiceLine>] : []),
    ...(showTax && tax.split ? [money('CGST', (line) => line.cgst), money('SGST', (line) => line.sgst)] : []),
    ...(showTax && tax.igst ? [money('IGST', (line) => line.igst)] : []),
    money('Amount', (line) => line.total),
  ];
}

/** The largest table font size that leaves the description column readable, and the widths at it. */
function tableLayout<T>(doc: Doc, columns: Column<T>[], rows: T[], width: number): { size: number; widths: number[] } {
  const flexIndex = columns.findIndex((c) => c.flex);
  let layout = { size: TABLE_SIZES[0], widths: [] as number[] };
  for (const size of TABLE_SIZES) {
    layout = { size, widths: columnWidths(doc, columns, rows, width, size) };
    if (layout.widths[flexIndex] >= MIN_DESCRIPTION_WIDTH) break;
  }
  return layout;
}

function drawLines(flow: Flow, invoice: Invoice): void {
  const columns = lineColumns(invoice);
  const { size, widths } = tableLayout(flow.doc, columns, invoice.lines, flow.width);
  ensureSpace(flow, 60);
  flow.y += write(flow.doc, 'Amounts in ₹', flow.left, flow.y, flow.width, { size: SMALL, color: MUTED, align: 'right' }) + 2;
  drawTable(flow, columns, invoice.lines, widths, size);
  flow.y += 10;
}

/** The totals on the right and the amount in words beside them. */
function drawTotalsAndWords(flow: Flow, invoice: Invoice): void {
  const { doc } = flow;
  const summary = summaryRows(invoice);
  const wordsWidth = flow.width - TOTALS_WIDTH - 24;
  const words = `Amount in words: ${invoice.amount_in_words}`;
  const rowStep = BODY + 6;
  const totalsHeight = (summary.before.length + summary.after.length) * rowStep + 22;
  ensureSpace(flow, Math.max(totalsHeight, measure(doc, words, wordsWidth, { size: BODY })));

  const top = flow.y;
  doc.font(BOLD).fontSize(BODY).fillColor(INK).text('Amount in words: ', flow.left, top, { width: wordsWidth, continued: true });
  doc.font(REGULAR).text(invoice.amount_in_words);
  const wordsBottom = doc.y;

  const x = right(flow) - TOTALS_WIDTH;
  let y = top;
  const row = (r: SummaryRow, size: number) => {
    write(doc, r.label, x, y, TOTALS_WIDTH / 2, { size, bold: r.bold });
    write(doc, r.value, x + TOTALS_WIDTH / 2, y, TOTALS_WIDTH / 2, { size, bold: r.bold, align: 'right' });
    y += size + 6;
  };
  summary.before.forEach((r) => row(r, BODY));
  hline(doc, x, right(flow), y, MUTED);
  y += 5;
  row(summary.total, 11);
  hline(doc, x, right(flow), y - 1, MUTED);
  y += 4;
  summary.after.forEach((r) => row(r, BODY));
  flow.y = Math.max(y, wordsBottom) + 14;
}

interface PaymentRow {
  date: string;
  mode: string;
  reference: string;
  amount: string;
}

function drawPayments(flow: Flow, invoice: Invoice): void {
  if (invoice.payments.length === 0) return;
  const rows: PaymentRow[] = invoice.payments.map((p) => ({
    date: displayDate(p.date),
    mode: p.kind === 'refund' ? `${p.payment_mode_name} (refund)` : p.payment_mode_name,
    reference: p.reference || '—',
    amount: formatInr(p.amount),
  }));
  const columns: Column<PaymentRow>[] = [
    { header: 'Date', align: 'left', cell: (r) => r.date },
    { header: 'Mode', align: 'left', cell: (r) => r.mode },
    { header: 'Reference', align: 'left', cell: (r) => r.reference, flex: true },
    { header: 'Amount', align: 'right', cell: (r) => r.amount },
  ];
  const width = Math.min(flow.width, 340);
  ensureSpace(flow, 50);
  flow.y += write(flow.doc, 'Payments received', flow.left, flow.y, width, { size: BODY, bold: true }) + 4;
  drawTable(flow, columns, rows, columnWidths(flow.doc, columns, rows, width, SMALL + 0.5), SMALL + 0.5);
}

/** "This is a computer-generated invoice." and "Page n of m" on every page (plus a mark on a cancelled one). */
function drawFooters(doc: Doc, invoice: Invoice): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // text below the margin would otherwise start a new page
    const width = doc.page.width - 2 * A4_MARGIN;
    const y = doc.page.height - A4_MARGIN - 10;
    hline(doc, A4_MARGIN, A4_MARGIN + width, y - 5);
    const style = { size: SMALL, color: MUTED };
    write(doc, `This is a computer-generated ${documentNoun(invoice)}.`, A4_MARGIN, y, width, style);
    write(doc, `Page ${i - start + 1} of ${count}`, A4_MARGIN, y, width, { ...style, align: 'right' });
    if (invoice.status === 'cancelled') drawCancelledMark(doc);
    doc.page.margins.bottom = bottomMargin;
  }
}

function drawCancelledMark(doc: Doc): void {
  const { width, height } = doc.page;
  doc.save().rotate(-35, { origin: [width / 2, height / 2] });
  useStyle(doc, { size: 90, bold: true, color: '#cc0000' })
    .opacity(0.12)
    .text('CANCELLED', 0, height / 2 - 50, { width, align: 'center', lineBreak: false });
  doc.restore();
}

// ---- receipt ----

/** 80 mm in points. */
const RECEIPT_WIDTH = 226.77;
const RECEIPT_MARGIN = 10;
/** The largest page a PDF viewer must support. */
const MAX_PAGE_HEIGHT = 14_400;
const RECEIPT_BODY = 8.5;

async function renderReceipt(invoice: Invoice, options: InvoicePdfOptions): Promise<Buffer> {
  const probe = receiptDocument(invoice, options, MAX_PAGE_HEIGHT);
  const height = drawReceipt(receiptFlow(probe), invoice, options) + RECEIPT_MARGIN;
  probe.end();
  const doc = receiptDocument(invoice, options, Math.min(Math.ceil(height), MAX_PAGE_HEIGHT));
  const output = collect(doc);
  drawReceipt(receiptFlow(doc), invoice, options);
  doc.end();
  return output;
}

function receiptDocument(invoice: Invoice, options: InvoicePdfOptions, height: number): Doc {
  const margins = { top: RECEIPT_MARGIN, left: RECEIPT_MARGIN, right: RECEIPT_MARGIN, bottom: 0 };
  return createDocument(invoice, options, { size: [RECEIPT_WIDTH, height], margins });
}

function receiptFlow(doc: Doc): Flow {
  return {
    doc,
    y: RECEIPT_MARGIN,
    top: RECEIPT_MARGIN,
    bottom: doc.page.height,
    left: RECEIPT_MARGIN,
    width: RECEIPT_WIDTH - 2 * RECEIPT_MARGIN,
  };
}

/** Draws the whole receipt; returns the y where it ends. */
function drawReceipt(flow: Flow, invoice: Invoice, options: InvoicePdfOptions): number {
  drawReceiptHeader(flow, invoice, openLogo(flow.doc, options.logo));
  dashedRule(flow);
  for (const line of invoice.lines) drawReceiptLine(flow, invoice, line);
  dashedRule(flow);
  drawReceiptSummary(flow, invoice);
  dashedRule(flow);
  centred(flow, 'Thank you!', { size: 9.5, bold: true });
  return flow.y;
}

function centred(flow: Flow, value: string, style: TextStyle, gap = 1.5): void {
  if (!value) return;
  const height = measure(flow.doc, value, flow.width, style);
  ensureSpace(flow, height);
  flow.y += write(flow.doc, value, flow.left, flow.y, flow.width, { ...style, align: 'center' }) + gap;
}

function dashedRule(flow: Flow): void {
  flow.y += 3;
  flow.doc.save().moveTo(flow.left, flow.y).lineTo(right(flow), flow.y).lineWidth(0.6).dash(2, { space: 2 }).strokeColor(MUTED).stroke();
  flow.doc.undash().restore();
  flow.y += 5;
}

/** `left` and, aligned right on its first line, `value`. */
function pair(flow: Flow, left: string, value: string, style: TextStyle, gap = 2): void {
  const { doc } = flow;
  const valueWidth = Math.min(textWidth(doc, value, style) + 1, flow.width);
  const leftWidth = flow.width - valueWidth - 6;
  const height = Math.max(measure(doc, left, leftWidth, style), measure(doc, value, valueWidth, style));
  ensureSpace(flow, height);
  write(doc, left, flow.left, flow.y, leftWidth, style);
  write(doc, value, right(flow) - valueWidth, flow.y, valueWidth, { ...style, align: 'right' });
  flow.y += height + gap;
}

function drawReceiptHeader(flow: Flow, invoice: Invoice, logo: OpenedImage | null): void {
  if (logo) {
    const size = fitImage(logo, 100, 40);
    if (drawImage(flow.doc, logo, flow.left + (flow.width - size.width) / 2, flow.y, size)) flow.y += size.height + 4;
  }
  const { seller, buyer } = invoice;
  centred(flow, seller.name, { size: 11, bold: true }, 2);
  centred(flow, seller.address, { size: SMALL });
  centred(flow, seller.gstin && `GSTIN: ${seller.gstin}`, { size: SMALL });
  centred(flow, [seller.phone, seller.email].filter(Boolean).join('  ·  '), { size: SMALL });
  dashedRule(flow);
  centred(flow, invoice.title, { size: 10, bold: true }, 1);
  centred(flow, invoice.number, { size: RECEIPT_BODY });
  centred(flow, `Date: ${displayDate(invoice.date)}`, { size: RECEIPT_BODY });
  if (invoice.kind === 'credit_note') {
    centred(flow, againstText(invoice), { size: SMALL });
    centred(flow, invoice.reason && `Reason: ${invoice.reason}`, { size: SMALL });
  }
  if (buyer.name || buyer.phone) {
    flow.y += 3;
    pair(flow, `Bill to: ${buyer.name || '—'}`, buyer.phone, { size: RECEIPT_BODY });
    if (buyer.gstin) pair(flow, `GSTIN: ${buyer.gstin}`, '', { size: SMALL });
  }
}

function drawReceiptLine(flow: Flow, invoice: Invoice, line: InvoiceLine): void {
  const description = measure(flow.doc, line.description, flow.width, { size: RECEIPT_BODY, bold: true });
  ensureSpace(flow, description + RECEIPT_BODY * 1.3);
  flow.y += write(flow.doc, line.description, flow.left, flow.y, flow.width, { size: RECEIPT_BODY, bold: true }) + 1;
  const parts = [`${displayQuantity(line.quantity)} × ${formatInr(line.unit_price)}`];
  if (nonZero(line.discount)) parts.push(`less\u00a0${formatInr(line.discount)}`);
  if (!invoice.bill_of_supply) parts.push(`GST\u00a0${line.gst_rate}%`);
  pair(flow, parts.join(' · '), formatInr(line.taxable_value), { size: RECEIPT_BODY, color: MUTED }, 4);
}

function drawReceiptSummary(flow: Flow, invoice: Invoice): void {
  const summary = summaryRows(invoice);
  for (const row of summary.before) pair(flow, row.label, row.value, { size: RECEIPT_BODY });
  flow.y += 2;
  pair(flow, summary.total.label, summary.total.value, { size: 10.5, bold: true }, 4);
  for (const row of summary.after) pair(flow, row.label, row.value, { size: RECEIPT_BODY, bold: row.bold });
  for (const payment of invoice.payments) {
    const mode = [displayDate(payment.date), payment.payment_mode_name, payment.reference].filter(Boolean).join(' · ');
    pair(flow, `  ${mode}`, formatInr(payment.amount), { size: SMALL - 0.5, color: MUTED }, 1);
  }
  flow.y += 4;
  const words = measure(flow.doc, invoice.amount_in_words, flow.width, { size: SMALL });
  ensureSpace(flow, words);
  flow.y += write(flow.doc, invoice.amount_in_words, flow.left, flow.y, flow.width, { size: SMALL, color: MUTED }) + 2;
}
