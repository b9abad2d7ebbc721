/**
 * A member's diet chart on A4 (pdfkit, DejaVu Sans of the money module for Latin text and ₹, Noto
 * Sans Devanagari for Hindi/Marathi runs): the member, the plan and its targets, each meal's items
 * with grams and kcal, each meal's and the day's totals.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { MEASURES, type MemberDiet, type Nutrients } from '@arena/contracts/diet';
import PDFDocument from 'pdfkit';
import { pdfBytes, pdfFonts } from '../money/index.js';

const REGULAR = 'DejaVuSans';
const BOLD = 'DejaVuSans-Bold';
const DEVANAGARI = 'NotoSansDevanagari';
const DEVANAGARI_BOLD = 'NotoSansDevanagari-Bold';
const MUTED = '#555555';

let devanagari: { regular: Buffer; bold: Buffer } | null = null;
function devanagariFonts() {
  if (!devanagari) {
    const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-devanagari/package.json')), 'files');
    devanagari = {
      regular: readFileSync(path.join(dir, 'noto-sans-devanagari-devanagari-400-normal.woff')),
      bold: readFileSync(path.join(dir, 'noto-sans-devanagari-devanagari-700-normal.woff')),
    };
  }
  return devanagari;
}

/** Splits text into runs of Devanagari (U+0900–U+097F, U+A8E0–U+A8FF, with their joiners) and the rest. */
export function scriptRuns(text: string): { text: string; devanagari: boolean }[] {
  const runs: { text: string; devanagari: boolean }[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const dev = (cp >= 0x0900 && cp <= 0x097f) || (cp >= 0xa8e0 && cp <= 0xa8ff) || cp === 0x200c || cp === 0x200d;
    const last = runs[runs.length - 1];
    // Spaces stay with the run they are in, so words of one script keep together.
    if (last && (last.devanagari === dev || ch === ' ')) last.text += ch;
    else runs.push({ text: ch, devanagari: dev });
  }
  return runs;
}

type Doc = PDFKit.PDFDocument;

/** Writes a line whose Devanagari runs take the Noto font. */
function line(doc: Doc, text: string, x: number, y: number, opts: { size: number; bold?: boolean; width?: number; color?: string }) {
  doc.fontSize(opts.size).fillColor(opts.color ?? '#111111');
  const runs = scriptRuns(text);
  if (runs.length <= 1 && !runs[0]?.devanagari) {
    doc.font(opts.bold ? BOLD : REGULAR).text(text, x, y, { width: opts.width, lineBreak: false, ellipsis: true });
    return;
  }
  runs.forEach((r, i) => {
    doc.font(r.devanagari ? (opts.bold ? DEVANAGARI_BOLD : DEVANAGARI) : opts.bold ? BOLD : REGULAR);
    const o = { continued: i < runs.length - 1, lineBreak: false };
    if (i === 0) doc.text(r.text, x, y, o);
    else doc.text(r.text, o);
  });
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
const macros = (n: Nutrients) =>
  `${n.kcal} kcal · P ${fmt(n.protein)} g · C ${fmt(n.carbohydrate)} g · F ${fmt(n.fat)} g · Fibre ${fmt(n.fibre)} g`;

function quantity(i: MemberDiet['meals'][number]['items'][number]): string {
  if (i.measure === 'g' || i.measure === 'ml') return `${fmt(i.amount)} ${i.measure}`;
  return `${fmt(i.amount)} ${MEASURES[i.measure].label} (${fmt(i.grams)} g)`;
}

export async function dietPdf(diet: MemberDiet, organisationName: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    compress: true,
    info: { Title: `${diet.name} – ${diet.member_name}`, Author: organisationName, Creator: 'Arena' },
  });
  const bytes = pdfBytes(doc);
  doc.registerFont(REGULAR, pdfFonts().regular);
  doc.registerFont(BOLD, pdfFonts().bold);
  doc.registerFont(DEVANAGARI, devanagariFonts().regular);
  doc.registerFont(DEVANAGARI_BOLD, devanagariFonts().bold);
  const left = 40;
  const width = doc.page.width - 80;
  const bottom = doc.page.height - 50;
  let y = 40;
  const need = (h: number) => {
    if (y + h > bottom) {
      doc.addPage();
      y = 40;
    }
  };

  line(doc, organisationName, left, y, { size: 9, color: MUTED, width });
  y += 14;
  line(doc, diet.member_name, left, y, { size: 18, bold: true, width });
  y += 24;
  line(doc, `${diet.name}${diet.member_code ? ` · ${diet.member_code}` : ''}`, left, y, { size: 12, width });
  y += 16;
  const dates = `From ${diet.start_date}${diet.end_date ? ` to ${diet.end_date}` : ''}`;
  line(doc, [dates, diet.goal, diet.category_name].filter(Boolean).join(' · '), left, y, { size: 9, color: MUTED, width });
  y += 14;
  const targets = [
    diet.target_kcal != null ? `${diet.target_kcal} kcal` : '',
    diet.target_protein != null ? `protein ${diet.target_protein} g` : '',
    diet.target_carbohydrate != null ? `carbohydrate ${diet.target_carbohydrate} g` : '',
    diet.target_fat != null ? `fat ${diet.target_fat} g` : '',
  ].filter(Boolean);
  if (targets.length) {
    line(doc, `Target: ${targets.join(', ')}`, left, y, { size: 9, color: MUTED, width });
    y += 14;
  }
  y += 6;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor('#c8c8c8')
    .stroke();
  y += 10;

  for (const meal of diet.meals) {
    need(40);
    line(doc, `${meal.label}${meal.time ? ` (${meal.time})` : ''}`, left, y, { size: 12, bold: true, width: width - 200 });
    line(doc, `${meal.totals.kcal} kcal`, left + width - 120, y + 2, { size: 9, color: MUTED, width: 120 });
    y += 18;
    for (const item of meal.items) {
      need(16);
      line(doc, `• ${item.food_name}${item.notes ? ` – ${item.notes}` : ''}`, left + 8, y, { size: 10, width: width - 230 });
      line(doc, quantity(item), left + width - 220, y, { size: 10, width: 140 });
      line(doc, `${item.kcal} kcal`, left + width - 70, y, { size: 10, width: 70 });
      y += 15;
    }
    line(doc, macros(meal.totals), left + 8, y, { size: 8, color: MUTED, width });
    y += 18;
  }
  need(40);
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor('#c8c8c8')
    .stroke();
  y += 8;
  line(doc, 'Day total', left, y, { size: 12, bold: true, width: 120 });
  y += 18;
  line(doc, macros(diet.totals), left, y, { size: 10, width });
  y += 18;
  if (diet.notes) line(doc, diet.notes.replace(/\s+/g, ' '), left, y, { size: 9, color: MUTED, width });
  doc.end();
  return bytes;
}
