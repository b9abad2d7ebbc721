/**
 * A member's card as a PDF the size of a bank card (85.6 × 54 mm): organisation, name, code,
 * photo, plan, end date, and the QR code the desk scans at check-in (it holds the member code).
 */
import type { Member } from '@arena/contracts';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../platform/config.js';
import { uploadsRoot } from '../../platform/files.js';
import { displayDate } from '../../platform/time.js';
import { pdfBytes, pdfFonts } from '../../platform/pdf.js';

const MM = 72 / 25.4;
const WIDTH = 85.6 * MM;
const HEIGHT = 54 * MM;
const ACCENT = '#0f766e';

/** The photo's bytes when it is a PNG or JPEG (what pdfkit draws); else null. */
async function photoBytes(config: Config, relative: string | null): Promise<Buffer | null> {
  if (!relative || !/\.(png|jpe?g)$/i.test(relative)) return null;
  const root = path.resolve(uploadsRoot(config));
  const file = path.resolve(root, relative);
  if (!file.startsWith(root + path.sep)) return null;
  return fs.readFile(file).catch(() => null);
}

export async function memberCardPdf(config: Config, card: { member: Member; photo: string | null; organisation: string }): Promise<Buffer> {
  const m = card.member;
  const doc = new PDFDocument({ size: [WIDTH, HEIGHT], margin: 0, info: { Title: `${m.full_name} (${m.member_code})`, Creator: 'Arena' } });
  const { regular, bold } = pdfFonts();
  doc.registerFont('R', regular);
  doc.registerFont('B', bold);
  const output = pdfBytes(doc);

  doc.rect(0, 0, WIDTH, 16).fill(ACCENT);
  doc
    .font('B')
    .fontSize(8)
    .fillColor('#ffffff')
    .text(card.organisation, 8, 4.5, { width: WIDTH - 16, lineBreak: false, ellipsis: true });

  const photoSize = 52;
  const photo = await photoBytes(config, card.photo);
  if (photo) {
    try {
      doc.image(photo, 8, 24, { fit: [photoSize, photoSize], align: 'center', valign: 'center' });
    } catch {
      doc.rect(8, 24, photoSize, photoSize).stroke('#cccccc');
    }
  } else {
    doc.rect(8, 24, photoSize, photoSize).fillAndStroke('#f1f5f9', '#cbd5e1');
    const initials = `${m.first_name[0] ?? ''}${m.last_name[0] ?? ''}`.toUpperCase();
    doc
      .font('B')
      .fontSize(18)
      .fillColor('#475569')
      .text(initials, 8, 24 + photoSize / 2 - 10, { width: photoSize, align: 'center' });
  }

  const qrSize = 62;
  const qrX = WIDTH - qrSize - 8;
  const qrY = 22;
  const qr = QRCode.create(m.member_code, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = qrSize / (n + 2);
  doc.rect(qrX, qrY, qrSize, qrSize).fill('#ffffff');
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) if (qr.modules.get(y, x)) doc.rect(qrX + (x + 1) * cell, qrY + (y + 1) * cell, cell, cell);
  doc.fill('#000000');

  const textX = 8 + photoSize + 8;
  const textWidth = qrX - textX - 6;
  doc.font('B').fontSize(9).fillColor('#111111').text(m.full_name, textX, 26, { width: textWidth, height: 24, ellipsis: true });
  doc
    .font('B')
    .fontSize(8)
    .fillColor(ACCENT)
    .text(m.member_code, textX, doc.y + 1, { width: textWidth });
  const cur = m.current_membership;
  doc.font('R').fontSize(6.5).fillColor('#334155');
  doc.text(cur ? cur.plan_name : 'No running plan', textX, doc.y + 3, { width: textWidth, ellipsis: true, height: 9 });
  if (cur) doc.text(`Valid till ${displayDate(cur.end_date)}`, textX, doc.y + 1, { width: textWidth });
  doc.text(m.phone, textX, doc.y + 1, { width: textWidth });
  doc
    .font('R')
    .fontSize(5.5)
    .fillColor('#64748b')
    .text('Show this card at the desk to check in.', 8, HEIGHT - 12, { width: WIDTH - 16 });
  doc.end();
  return output;
}
