/** The 80 mm thermal receipt: one page as tall as its text. */
import { billOfSupplyNote, formatInr, fromPaise, lineTaxRates, paise, type Invoice, type InvoiceLine } from '@arena/contracts';
import { InvoicePdfOptions } from '../pdf.js';
import { Flow, ensureSpace, right } from './flow.js';
import { OpenedImage, drawImage, fitImage, openLogo } from './images.js';
import { Doc, MUTED, TextStyle, collect, createDocument, measure, textWidth, write } from './kit.js';
import { REVERSE_CHARGE_TEXT, SMALL } from './a4.js';
import { againstText, codeText, supplementsText, displayDate, displayQuantity, nonZero, stateWithCode, summaryRows } from './text.js';

/** 80 mm in points. */
export const RECEIPT_WIDTH = 226.77;
export const RECEIPT_MARGIN = 10;
/** The largest page a PDF viewer must support. */
export const MAX_PAGE_HEIGHT = 14_400;
export const RECEIPT_BODY = 8.5;

export async function renderReceipt(invoice: Invoice, options: InvoicePdfOptions): Promise<Buffer> {
  const probe = receiptDocument(invoice, options, MAX_PAGE_HEIGHT);
  const height = drawReceipt(receiptFlow(probe), invoice, options) + RECEIPT_MARGIN;
  probe.end();
  const doc = receiptDocument(invoice, options, Math.min(Math.ceil(height), MAX_PAGE_HEIGHT));
  const output = collect(doc);
  drawReceipt(receiptFlow(doc), invoice, options);
  doc.end();
  return output;
}

export function receiptDocument(invoice: Invoice, options: InvoicePdfOptions, height: number): Doc {
  const margins = { top: RECEIPT_MARGIN, left: RECEIPT_MARGIN, right: RECEIPT_MARGIN, bottom: 0 };
  return createDocument(invoice, options, { size: [RECEIPT_WIDTH, height], margins });
}

export function receiptFlow(doc: Doc): Flow {
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
export function drawReceipt(flow: Flow, invoice: Invoice, options: InvoicePdfOptions): number {
  drawReceiptHeader(flow, invoice, openLogo(flow.doc, options.logo));
  dashedRule(flow);
  for (const line of invoice.lines) drawReceiptLine(flow, invoice, line);
  dashedRule(flow);
  drawReceiptSummary(flow, invoice);
  dashedRule(flow);
  centred(flow, 'Thank you!', { size: 9.5, bold: true });
  return flow.y;
}

export function centred(flow: Flow, value: string, style: TextStyle, gap = 1.5): void {
  if (!value) return;
  const height = measure(flow.doc, value, flow.width, style);
  ensureSpace(flow, height);
  flow.y += write(flow.doc, value, flow.left, flow.y, flow.width, { ...style, align: 'center' }) + gap;
}

export function dashedRule(flow: Flow): void {
  flow.y += 3;
  flow.doc.save().moveTo(flow.left, flow.y).lineTo(right(flow), flow.y).lineWidth(0.6).dash(2, { space: 2 }).strokeColor(MUTED).stroke();
  flow.doc.undash().restore();
  flow.y += 5;
}

/** `left` and, aligned right on its first line, `value`. */
export function pair(flow: Flow, left: string, value: string, style: TextStyle, gap = 2): void {
  const { doc } = flow;
  const valueWidth = Math.min(textWidth(doc, value, style) + 1, flow.width);
  const leftWidth = flow.width - valueWidth - 6;
  const height = Math.max(measure(doc, left, leftWidth, style), measure(doc, value, valueWidth, style));
  ensureSpace(flow, height);
  write(doc, left, flow.left, flow.y, leftWidth, style);
  write(doc, value, right(flow) - valueWidth, flow.y, valueWidth, { ...style, align: 'right' });
  flow.y += height + gap;
}

/**
 * Seller, document and buyer: with the seller's GSTIN, the place of supply and (on a tax invoice)
 * the reverse-charge line, and each line's SAC/HSN below, the receipt is a tax invoice by itself.
 */
export function drawReceiptHeader(flow: Flow, invoice: Invoice, logo: OpenedImage | null): void {
  if (logo) {
    const size = fitImage(logo, 100, 40);
    if (drawImage(flow.doc, logo, flow.left + (flow.width - size.width) / 2, flow.y, size)) flow.y += size.height + 4;
  }
  const { seller, buyer } = invoice;
  centred(flow, seller.name, { size: 11, bold: true }, 2);
  centred(flow, seller.address, { size: SMALL });
  centred(flow, seller.gstin && `GSTIN: ${seller.gstin}`, { size: SMALL, bold: true });
  centred(flow, [seller.phone, seller.email].filter(Boolean).join('  ·  '), { size: SMALL });
  dashedRule(flow);
  centred(flow, invoice.title, { size: 10, bold: true }, 1);
  centred(flow, invoice.number, { size: RECEIPT_BODY });
  centred(flow, `Date: ${displayDate(invoice.date)}`, { size: RECEIPT_BODY });
  centred(flow, invoice.place_of_supply && `Place of supply: ${stateWithCode(invoice.place_of_supply)}`, { size: RECEIPT_BODY });
  if (invoice.kind !== 'credit_note' && !invoice.bill_of_supply) centred(flow, REVERSE_CHARGE_TEXT, { size: SMALL });
  centred(flow, billOfSupplyNote(invoice), { size: SMALL });
  centred(flow, supplementsText(invoice), { size: SMALL });
  if (invoice.kind === 'credit_note') {
    centred(flow, againstText(invoice), { size: SMALL });
    centred(flow, invoice.reason && `Reason: ${invoice.reason}`, { size: SMALL });
  }
  if (buyer.name || buyer.phone) {
    flow.y += 3;
    pair(flow, `Bill to: ${buyer.name || '—'}`, buyer.phone, { size: RECEIPT_BODY });
    if (buyer.address) pair(flow, buyer.address, '', { size: SMALL });
    if (buyer.gstin) pair(flow, `GSTIN: ${buyer.gstin}`, '', { size: SMALL });
  }
}

/**
 * A line: its description; its SAC/HSN, quantity × price (less a discount) and taxable value; then
 * the rate of each tax head and the tax ("CGST 2.5 % + SGST 2.5 %", or "Nil rated").
 */
export function drawReceiptLine(flow: Flow, invoice: Invoice, line: InvoiceLine): void {
  const description = measure(flow.doc, line.description, flow.width, { size: RECEIPT_BODY, bold: true });
  ensureSpace(flow, description + RECEIPT_BODY * 2.6);
  flow.y += write(flow.doc, line.description, flow.left, flow.y, flow.width, { size: RECEIPT_BODY, bold: true }) + 1;
  const parts = [codeText(line.sac_code), `${displayQuantity(line.quantity)} × ${formatInr(line.unit_price)}`].filter(Boolean);
  if (nonZero(line.discount)) parts.push(`less\u00a0${formatInr(line.discount)}`);
  const style = { size: RECEIPT_BODY, color: MUTED };
  const rates = lineTaxRates(invoice, line);
  pair(flow, parts.join(' · '), formatInr(line.taxable_value), style, rates.length ? 1 : 4);
  if (!rates.length) return;
  const tax = paise(line.cgst) + paise(line.sgst) + paise(line.igst);
  pair(flow, rates.join(' + '), tax ? formatInr(fromPaise(tax)) : '', style, 4);
}

export function drawReceiptSummary(flow: Flow, invoice: Invoice): void {
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
