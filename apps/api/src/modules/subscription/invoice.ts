/** A subscription payment's invoice from the provider (A4 PDF), drawn the way the payslip is (money's fonts and collector). */
import { formatInr, SUBSCRIPTION_TRANSACTION_KIND_LABELS, type SubscriptionTransaction } from '@arena/contracts';
import PDFDocument from 'pdfkit';
import { displayDate } from '../../platform/time.js';
import { pdfBytes, pdfFonts } from '../../platform/pdf.js';

export interface InvoiceParties {
  provider: string;
  organisation: { name: string; accountNumber: string; legalName: string; gstin: string; address: string; email: string };
}

export async function subscriptionInvoicePdf(t: SubscriptionTransaction, parties: InvoiceParties): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `Invoice ${t.number}`, Creator: parties.provider } });
  const { regular, bold } = pdfFonts();
  doc.registerFont('R', regular);
  doc.registerFont('B', bold);
  const output = pdfBytes(doc);
  const width = doc.page.width - 96;
  const org = parties.organisation;
  doc.font('B').fontSize(18).fillColor('#111111').text(parties.provider);
  doc.font('R').fontSize(10).fillColor('#475569').text('Subscription invoice');
  doc.moveDown();
  doc.fillColor('#111111').font('B').fontSize(11).text(`Invoice ${t.number}`);
  doc
    .font('R')
    .fontSize(10)
    .text(`Paid on ${displayDate(t.paid_at.slice(0, 10))}`);
  if (t.gateway_payment_id) doc.text(`Payment reference ${t.gateway_payment_id}`);
  doc.moveDown();
  doc.font('B').fontSize(10).text('Billed to');
  doc.font('R').text(org.legalName || org.name);
  doc.text(`Account ${org.accountNumber}`);
  if (org.gstin) doc.text(`GSTIN ${org.gstin}`);
  if (org.address) doc.text(org.address);
  if (org.email) doc.text(org.email);
  doc.moveDown(1.5);
  const amountWidth = 120;
  const line = (label: string, amount: string, font: 'R' | 'B' = 'R') => {
    const y = doc.y;
    doc
      .font(font)
      .fontSize(10)
      .text(label, 48, y, { width: width - amountWidth });
    doc
      .font(font)
      .fontSize(10)
      .text(amount, 48 + width - amountWidth, y, { width: amountWidth, align: 'right' });
    doc.moveDown(0.4);
  };
  doc
    .moveTo(48, doc.y)
    .lineTo(48 + width, doc.y)
    .strokeColor('#CBD5E1')
    .stroke();
  doc.moveDown(0.5);
  const period = t.period_from && t.period_to ? ` (${displayDate(t.period_from)} – ${displayDate(t.period_to)})` : '';
  const total = (Number(t.amount) + Number(t.credit_used)).toFixed(2);
  line(`${SUBSCRIPTION_TRANSACTION_KIND_LABELS[t.kind]}: ${t.description}${period}`, formatInr(total));
  if (Number(t.credit_used) > 0) line('Paid from the account balance', `− ${formatInr(t.credit_used)}`);
  doc
    .moveTo(48, doc.y)
    .lineTo(48 + width, doc.y)
    .strokeColor('#CBD5E1')
    .stroke();
  doc.moveDown(0.5);
  line('Amount paid', formatInr(t.amount), 'B');
  doc.moveDown(2);
  doc
    .font('R')
    .fontSize(8.5)
    .fillColor('#475569')
    .text(`Thank you for using ${parties.provider}. This invoice was generated electronically.`);
  doc.end();
  return output;
}
