/**
 * A member's workout as an A4 PDF for the fridge: the member, the plan, each day with its exercises
 * (sets × reps, rest, tempo, load, notes), in the platform's fonts (Devanagari runs in Noto Sans
 * Devanagari, so a trainer's Hindi notes print).
 */
import type { MemberPlan } from '@arena/contracts/training-workout';
import PDFDocument from 'pdfkit';
import { pdfBytes, registerPdfFonts, writeText } from '../../platform/pdf.js';

const loadText = (kind: string, load: number) => (kind === 'kg' ? `${load} kg` : kind === 'percent_1rm' ? `${load}% 1RM` : '');

export async function memberPlanPdf(p: MemberPlan, organisationName: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `${p.name} · ${p.member_name}` } });
  const done = pdfBytes(doc);
  registerPdfFonts(doc);
  const width = doc.page.width - 80;
  const para = (text: string, size: number, opts: { bold?: boolean; color?: string } = {}) =>
    writeText(doc, text, 40, doc.y, { size, width, wrap: true, ...opts });
  para(p.name, 16, { bold: true });
  para(`${p.member_name}${p.member_code ? ` (${p.member_code})` : ''} · ${organisationName}`, 10, { color: '#555555' });
  para(
    `From ${p.start_date}${p.end_date ? ` to ${p.end_date}` : ''} · ${p.days_per_week} days a week · ${p.weeks} weeks · ${p.level}`,
    10,
    { color: '#555555' },
  );
  if (p.notes) para(p.notes, 10, { color: '#555555' });
  doc.fillColor('#111111').moveDown(0.5);
  const cols = [
    { title: 'Exercise', w: 0.36 },
    { title: 'Sets × reps', w: 0.16 },
    { title: 'Rest', w: 0.1 },
    { title: 'Tempo', w: 0.1 },
    { title: 'Load', w: 0.12 },
    { title: 'Notes', w: 0.16 },
  ];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    let x = 40;
    let bottom = y;
    cells.forEach((c, i) => {
      const w = cols[i].w * width;
      writeText(doc, c, x, y, { size: 9, bold, width: w - 4, wrap: true });
      bottom = Math.max(bottom, doc.y);
      x += w;
    });
    doc.x = 40;
    doc.y = bottom + 2;
    if (doc.y > doc.page.height - 60) doc.addPage();
  };
  for (const day of p.days) {
    if (doc.y > doc.page.height - 120) doc.addPage();
    doc.moveDown(0.4);
    para(`Day ${day.day} · ${day.name}`, 12, { bold: true });
    doc.moveDown(0.2);
    row(
      cols.map((c) => c.title),
      true,
    );
    for (const it of day.items)
      row([
        `${it.superset ? `${it.superset} · ` : ''}${it.exercise_name}`,
        `${it.sets} × ${it.reps}`,
        `${it.rest_seconds} s`,
        it.tempo,
        loadText(it.load_kind, it.load),
        it.notes,
      ]);
    if (!day.items.length) row(['Rest or free training', '', '', '', '', '']);
  }
  doc.end();
  return done;
}
