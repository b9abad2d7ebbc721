/**
 * QR labels: each 70 × 36 mm with the organisation, the asset's code, name and centre, and a QR
 * code of the asset's page in the web app (which offers "Report a fault"). One label is a page of
 * its own size; a sheet is A4 with 3 × 8 labels a page.
 */
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { pdfBytes, registerPdfFonts, writeText } from '../../platform/pdf.js';

const MM = 72 / 25.4;
const W = 70 * MM;
const H = 36 * MM;
const ACCENT = '#0f766e';

export interface Label {
  code: string;
  name: string;
  centre: string;
  location: string;
  url: string;
}

/** The web page an asset's QR code opens. */
export const assetPageUrl = (origin: string, id: number) => `${origin}/asset-management/my-assets/${id}?fault=1`;

type Doc = PDFKit.PDFDocument;

function drawLabel(doc: Doc, organisation: string, l: Label, x: number, y: number): void {
  doc.rect(x, y, W, H).lineWidth(0.5).stroke('#cbd5e1');
  const qrSize = H - 6 * MM;
  const qrX = x + W - qrSize - 3 * MM;
  const qrY = y + 3 * MM;
  const qr = QRCode.create(l.url, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = qrSize / (n + 2);
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) if (qr.modules.get(r, c)) doc.rect(qrX + (c + 1) * cell, qrY + (r + 1) * cell, cell, cell);
  doc.fill('#000000');
  const tx = x + 3 * MM;
  const tw = qrX - tx - 2 * MM;
  writeText(doc, organisation, tx, y + 3 * MM, { size: 6.5, width: tw, color: '#64748b' });
  writeText(doc, l.code, tx, y + 7.5 * MM, { size: 13, bold: true, width: tw, color: ACCENT });
  writeText(doc, l.name, tx, y + 14 * MM, { size: 8, bold: true, width: tw });
  writeText(doc, l.centre, tx, y + 19 * MM, { size: 7, width: tw, color: '#334155' });
  if (l.location) writeText(doc, l.location, tx, y + 23 * MM, { size: 7, width: tw, color: '#334155' });
  writeText(doc, 'Scan to report a fault', tx, y + H - 6 * MM, { size: 6, width: tw, color: '#64748b' });
}

/** One label, a page of its own size. */
export async function labelPdf(organisation: string, label: Label): Promise<Buffer> {
  const doc = new PDFDocument({ size: [W, H], margin: 0, info: { Title: `${label.code} label`, Creator: 'Arena' } });
  registerPdfFonts(doc);
  const out = pdfBytes(doc);
  drawLabel(doc, organisation, label, 0, 0);
  doc.end();
  return out;
}

/** A sheet of labels on A4: 2 across, 7 down, a page per fourteen. */
export async function labelSheetPdf(organisation: string, labels: Label[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 0, info: { Title: 'Asset labels', Creator: 'Arena' } });
  registerPdfFonts(doc);
  const out = pdfBytes(doc);
  const across = 2;
  const down = 7;
  const gap = 6 * MM;
  const left = (doc.page.width - across * W - (across - 1) * gap) / 2;
  const top = (doc.page.height - down * H - (down - 1) * gap) / 2;
  labels.forEach((l, i) => {
    const slot = i % (across * down);
    if (i > 0 && slot === 0) doc.addPage({ size: 'A4', margin: 0 });
    drawLabel(doc, organisation, l, left + (slot % across) * (W + gap), top + Math.floor(slot / across) * (H + gap));
  });
  doc.end();
  return out;
}
