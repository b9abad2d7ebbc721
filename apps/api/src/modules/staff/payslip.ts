/** A payroll row's payslip (A4 PDF): who, which month, attendance, each line with how it was computed, net pay. */
import { formatInr } from '@arena/contracts';
import type { Payroll } from '@arena/contracts/staff';
import PDFDocument from 'pdfkit';
import { displayDate } from '../../platform/time.js';
import { pdfBytes, pdfFonts } from '../../platform/pdf.js';

export async function payslipPdf(p: Payroll, organisation: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `Payslip ${p.month} · ${p.staff_name}`, Creator: 'Arena' } });
  const { regular, bold } = pdfFonts();
  doc.registerFont('R', regular);
  doc.registerFont('B', bold);
  const output = pdfBytes(doc);
  const width = doc.page.width - 96;
  doc.font('B').fontSize(16).text(organisation);
  doc.font('R').fontSize(11).fillColor('#475569').text(`Payslip for ${p.month}`);
  doc.moveDown();
  doc.fillColor('#111111').font('B').fontSize(11).text(`${p.staff_name} (${p.staff_code})`);
  doc
    .font('R')
    .fontSize(10)
    .text(`${p.category_name} · ${p.salary_type.replace('_', ' ')} · base ${formatInr(p.base_pay)}`);
  doc.text(
    `Working days ${p.working_days} · present ${p.present_days} (half days ${p.half_days}) · leave ${p.leave_days} (paid ${p.paid_leave_days}) · absent ${p.absent_days}` +
      (p.salary_type === 'hourly' ? ` · hours ${p.hours}` : '') +
      (p.salary_type === 'per_session' ? ` · sessions ${p.sessions}` : ''),
  );
  doc.moveDown();
  const amountWidth = 110;
  for (const line of p.computation) {
    const y = doc.y;
    doc
      .font('B')
      .fontSize(10)
      .text(line.label, 48, y, { width: width - amountWidth });
    doc
      .font('R')
      .fontSize(10)
      .text(formatInr(line.amount), 48 + width - amountWidth, y, { width: amountWidth, align: 'right' });
    doc
      .font('R')
      .fontSize(8.5)
      .fillColor('#475569')
      .text(line.formula, 48, doc.y, { width: width - amountWidth });
    doc.fillColor('#111111').moveDown(0.5);
  }
  doc.moveDown();
  doc
    .font('B')
    .fontSize(13)
    .text(`Net pay: ${formatInr(p.net)}`);
  doc.font('R').fontSize(10).text(`Status: ${p.status}`);
  if (p.paid_on)
    doc.text(
      `Paid on ${displayDate(p.paid_on)}${p.payment_mode_name ? ` by ${p.payment_mode_name}` : ''}${p.reference ? ` (ref. ${p.reference})` : ''}`,
    );
  doc.end();
  return output;
}
