/** The A4 layout: seller and document details, buyer, lines, totals in words, payments, page footers. */
import {
  billOfSupplyNote,
  formatInr,
  GSTIN_PATTERN,
  INVOICE_STATUS_LABELS,
  lineTaxRates,
  type Invoice,
  type InvoiceLine,
} from '@arena/contracts';
import { InvoicePdfOptions } from '../pdf.js';
import { Column, Flow, columnWidths, drawTable, ensureSpace, right } from './flow.js';
import { OpenedImage, drawImage, fitImage, openLogo, orientedSize } from './images.js';
import { BOLD, Doc, INK, MUTED, REGULAR, collect, createDocument, hline, measure, useStyle, write } from './kit.js';
import {
  SummaryRow,
  againstText,
  supplementsText,
  displayDate,
  displayQuantity,
  documentNoun,
  nonZero,
  plainAmount,
  stateWithCode,
  summaryRows,
  taxColumns,
} from './text.js';

export const A4_MARGIN = 36;
export const A4_FOOTER = 24;
export const BODY = 9;
export const SMALL = 8;
export const META_WIDTH = 220;
export const META_LABEL_WIDTH = 86;
export const TOTALS_WIDTH = 230;
/** Table font sizes tried in turn until the description column is at least this wide. */
export const TABLE_SIZES = [9, 8.5, 8, 7.5];
export const MIN_DESCRIPTION_WIDTH = 100;

export async function renderA4(invoice: Invoice, options: InvoicePdfOptions): Promise<Buffer> {
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
  drawSignatory(flow, invoice, openLogo(doc, options.seal));
  drawFooters(doc, invoice);
  doc.end();
  return output;
}

/** A square-ish logo goes beside the seller's name (up to 60pt high), a wide one above it. */
export function headerLogoPlacement(logo: OpenedImage): { size: { width: number; height: number }; beside: boolean } {
  const [width, height] = orientedSize(logo);
  return width <= 1.6 * height ? { size: fitImage(logo, 96, 60), beside: true } : { size: fitImage(logo, 220, 48), beside: false };
}

export function sellerLines(invoice: Invoice): string[] {
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
export function drawA4Header(flow: Flow, invoice: Invoice, logo: OpenedImage | null): void {
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

export function documentDetails(invoice: Invoice): [string, string][] {
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
export function drawDocumentDetails(flow: Flow, invoice: Invoice, x: number, top: number): number {
  const { doc } = flow;
  let y = top + write(doc, invoice.title, x, top, META_WIDTH, { size: 16, bold: true }) + 4;
  const valueWidth = META_WIDTH - META_LABEL_WIDTH;
  for (const [label, value] of documentDetails(invoice)) {
    write(doc, label, x, y, META_LABEL_WIDTH, { size: BODY, color: MUTED });
    y += Math.max(write(doc, value, x + META_LABEL_WIDTH, y, valueWidth, { size: BODY, bold: label.endsWith('no.') }), BODY) + 2;
  }
  // Rule 46(p): every tax invoice says whether tax is payable on reverse charge (never, for our supplies);
  // a bill of supply says why it carries no tax.
  if (invoice.kind !== 'credit_note' && !invoice.bill_of_supply)
    y += 2 + write(doc, REVERSE_CHARGE_TEXT, x, y + 2, META_WIDTH, { size: BODY });
  if (invoice.bill_of_supply) y += 2 + write(doc, billOfSupplyNote(invoice), x, y + 2, META_WIDTH, { size: BODY });
  if (invoice.supplements) y += 2 + write(doc, supplementsText(invoice), x, y + 2, META_WIDTH, { size: BODY });
  if (invoice.kind === 'credit_note') {
    y += 2 + write(doc, againstText(invoice), x, y + 2, META_WIDTH, { size: BODY });
    if (invoice.reason) y += 2 + write(doc, `Reason: ${invoice.reason}`, x, y + 2, META_WIDTH, { size: BODY, color: MUTED });
  }
  return y;
}

/** On pages after the first: which document this page continues. */
export function drawContinuationHeader(flow: Flow, invoice: Invoice): void {
  const label = `${invoice.title} ${invoice.number} (continued)`;
  flow.y += write(flow.doc, label, flow.left, flow.y, flow.width, { size: SMALL, color: MUTED }) + 8;
}

export function drawBuyer(flow: Flow, invoice: Invoice): void {
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

export function lineColumns(invoice: Invoice): Column<InvoiceLine>[] {
  const money = (header: string, pick: (line: InvoiceLine) => string): Column<InvoiceLine> => ({
    header,
    align: 'right',
    cell: (line) => plainAmount(pick(line)),
  });
  const tax = taxColumns(invoice);
  const showTax = !invoice.bill_of_supply;
  // Each tax head's rate on its own line of the cell ("CGST 2.5 %" over "SGST 2.5 %"); a 0 % line reads "Nil rated".
  const rates: Column<InvoiceLine> = { header: 'Tax rate', align: 'right', cell: (line) => lineTaxRates(invoice, line).join('\n') };
  return [
    { header: '#', align: 'right', cell: (_, i) => String(i + 1) },
    { header: 'Description', align: 'left', cell: (line) => line.description, flex: true },
    { header: 'SAC/HSN', align: 'left', cell: (line) => line.sac_code },
    { header: 'Qty', align: 'right', cell: (line) => displayQuantity(line.quantity) },
    // The rate is the price agreed, GST included; the taxable value is without it: the headers say so.
    money(showTax ? 'Rate (incl. GST)' : 'Rate', (line) => line.unit_price),
    // Only when a line has one: the width goes to the description.
    ...(invoice.lines.some((line) => nonZero(line.discount)) ? [money('Discount', (line) => line.discount)] : []),
    money(invoice.bill_of_supply ? 'Value' : 'Taxable value (excl. GST)', (line) => line.taxable_value),
    ...(showTax ? [rates] : []),
    ...(showTax && tax.split ? [money('CGST', (line) => line.cgst), money('SGST', (line) => line.sgst)] : []),
    ...(showTax && tax.igst ? [money('IGST', (line) => line.igst)] : []),
    money('Amount', (line) => line.total),
  ];
}

/** The largest table font size that leaves the description column readable, and the widths at it. */
export function tableLayout<T>(doc: Doc, columns: Column<T>[], rows: T[], width: number): { size: number; widths: number[] } {
  const flexIndex = columns.findIndex((c) => c.flex);
  let layout = { size: TABLE_SIZES[0], widths: [] as number[] };
  for (const size of TABLE_SIZES) {
    layout = { size, widths: columnWidths(doc, columns, rows, width, size) };
    if (layout.widths[flexIndex] >= MIN_DESCRIPTION_WIDTH) break;
  }
  return layout;
}

export function drawLines(flow: Flow, invoice: Invoice): void {
  const columns = lineColumns(invoice);
  const { size, widths } = tableLayout(flow.doc, columns, invoice.lines, flow.width);
  ensureSpace(flow, 60);
  flow.y += write(flow.doc, 'Amounts in ₹', flow.left, flow.y, flow.width, { size: SMALL, color: MUTED, align: 'right' }) + 2;
  drawTable(flow, columns, invoice.lines, widths, size);
  flow.y += 10;
}

/** The totals on the right and the amount in words beside them. */
export function drawTotalsAndWords(flow: Flow, invoice: Invoice): void {
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

export interface PaymentRow {
  date: string;
  mode: string;
  reference: string;
  amount: string;
}

export function drawPayments(flow: Flow, invoice: Invoice): void {
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

export const REVERSE_CHARGE_TEXT = 'Whether tax is payable on reverse charge: No';

/** The largest a centre's seal is drawn: above the signature line, never enlarged. */
export const SEAL_BOX = { width: 150, height: 70 };

/**
 * Rule 46(q): "For <seller>" and a line for the authorised signatory, at the right; the centre's
 * seal (when it has one pdfkit can read) stands on the line.
 */
export function drawSignatory(flow: Flow, invoice: Invoice, seal: OpenedImage | null = null): void {
  if (!invoice.seller.name) return;
  const width = 220;
  const x = right(flow) - width;
  const lineLeft = x + 60;
  const size = seal ? fitImage(seal, SEAL_BOX.width, SEAL_BOX.height) : null;
  const space = size ? size.height + 8 : 28;
  ensureSpace(flow, 42 + space);
  flow.y += 10;
  flow.y += write(flow.doc, `For ${invoice.seller.name}`, x, flow.y, width, { size: BODY, bold: true, align: 'right' }) + 4;
  if (seal && size) drawImage(flow.doc, seal, lineLeft + (right(flow) - lineLeft - size.width) / 2, flow.y, size);
  flow.y += space - 4;
  hline(flow.doc, lineLeft, right(flow), flow.y, MUTED);
  flow.y += 4;
  flow.y += write(flow.doc, 'Authorised Signatory', x, flow.y, width, { size: BODY, color: MUTED, align: 'right' }) + 6;
}

/** "This is a computer-generated invoice." and "Page n of m" on every page (plus a mark on a cancelled one). */
export function drawFooters(doc: Doc, invoice: Invoice): void {
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

export function drawCancelledMark(doc: Doc): void {
  const { width, height } = doc.page;
  doc.save().rotate(-35, { origin: [width / 2, height / 2] });
  useStyle(doc, { size: 90, bold: true, color: '#cc0000' })
    .opacity(0.12)
    .text('CANCELLED', 0, height / 2 - 50, { width, align: 'center', lineBreak: false });
  doc.restore();
}
