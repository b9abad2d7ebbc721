/**
 * A member's diet chart on A4 (pdfkit with the platform's fonts: DejaVu Sans for Latin text and ₹,
 * Noto Sans Devanagari for Hindi/Marathi runs): the member, the plan and its targets, each meal's items
 * with grams and kcal, each meal's and the day's totals.
 */
import { MEASURES, type MemberDiet, type Nutrients } from '@arena/contracts/diet';
import PDFDocument from 'pdfkit';
import { pdfBytes, registerPdfFonts, writeText } from '../../platform/pdf.js';

const MUTED = '#555555';
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
  registerPdfFonts(doc);
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

  writeText(doc, organisationName, left, y, { size: 9, color: MUTED, width });
  y += 14;
  writeText(doc, diet.member_name, left, y, { size: 18, bold: true, width });
  y += 24;
  writeText(doc, `${diet.name}${diet.member_code ? ` · ${diet.member_code}` : ''}`, left, y, { size: 12, width });
  y += 16;
  const dates = `From ${diet.start_date}${diet.end_date ? ` to ${diet.end_date}` : ''}`;
  writeText(doc, [dates, diet.goal, diet.category_name].filter(Boolean).join(' · '), left, y, { size: 9, color: MUTED, width });
  y += 14;
  const targets = [
    diet.target_kcal != null ? `${diet.target_kcal} kcal` : '',
    diet.target_protein != null ? `protein ${diet.target_protein} g` : '',
    diet.target_carbohydrate != null ? `carbohydrate ${diet.target_carbohydrate} g` : '',
    diet.target_fat != null ? `fat ${diet.target_fat} g` : '',
  ].filter(Boolean);
  if (targets.length) {
    writeText(doc, `Target: ${targets.join(', ')}`, left, y, { size: 9, color: MUTED, width });
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
    writeText(doc, `${meal.label}${meal.time ? ` (${meal.time})` : ''}`, left, y, { size: 12, bold: true, width: width - 200 });
    writeText(doc, `${meal.totals.kcal} kcal`, left + width - 120, y + 2, { size: 9, color: MUTED, width: 120 });
    y += 18;
    for (const item of meal.items) {
      need(16);
      writeText(doc, `• ${item.food_name}${item.notes ? ` – ${item.notes}` : ''}`, left + 8, y, { size: 10, width: width - 230 });
      writeText(doc, quantity(item), left + width - 220, y, { size: 10, width: 140 });
      writeText(doc, `${item.kcal} kcal`, left + width - 70, y, { size: 10, width: 70 });
      y += 15;
    }
    writeText(doc, macros(meal.totals), left + 8, y, { size: 8, color: MUTED, width });
    y += 18;
  }
  need(40);
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor('#c8c8c8')
    .stroke();
  y += 8;
  writeText(doc, 'Day total', left, y, { size: 12, bold: true, width: 120 });
  y += 18;
  writeText(doc, macros(diet.totals), left, y, { size: 10, width });
  y += 18;
  if (diet.notes) writeText(doc, diet.notes.replace(/\s+/g, ' '), left, y, { size: 9, color: MUTED, width });
  doc.end();
  return bytes;
}
