/**
 * What every PDF of the app shares (pdfkit): the fonts — DejaVu Sans for Latin text and ₹ (the
 * standard PDF fonts have no ₹), Noto Sans Devanagari for Hindi and Marathi — read once per
 * process, text written in runs of one script each, and the finished document's bytes.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

type Doc = PDFKit.PDFDocument;
interface FontPair {
  regular: Buffer;
  bold: Buffer;
}

/** The names `registerPdfFonts` gives the fonts. */
export const PDF_FONT = {
  regular: 'DejaVuSans',
  bold: 'DejaVuSans-Bold',
  devanagari: 'NotoSansDevanagari',
  devanagariBold: 'NotoSansDevanagari-Bold',
} as const;

const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));
let dejavu: FontPair | null = null;
let noto: FontPair | null = null;

/** The DejaVu Sans files (Latin, ₹), read once per process. */
export function pdfFonts(): FontPair {
  if (!dejavu) {
    const dir = path.join(packageDir('dejavu-fonts-ttf'), 'ttf');
    dejavu = { regular: readFileSync(path.join(dir, 'DejaVuSans.ttf')), bold: readFileSync(path.join(dir, 'DejaVuSans-Bold.ttf')) };
  }
  return dejavu;
}

/** The Noto Sans Devanagari files, read once per process. */
export function devanagariFonts(): FontPair {
  if (!noto) {
    const dir = path.join(packageDir('@fontsource/noto-sans-devanagari'), 'files');
    noto = {
      regular: readFileSync(path.join(dir, 'noto-sans-devanagari-devanagari-400-normal.woff')),
      bold: readFileSync(path.join(dir, 'noto-sans-devanagari-devanagari-700-normal.woff')),
    };
  }
  return noto;
}

/** Registers the four fonts under `PDF_FONT`'s names and starts in the regular one. */
export function registerPdfFonts(doc: Doc): Doc {
  doc.registerFont(PDF_FONT.regular, pdfFonts().regular);
  doc.registerFont(PDF_FONT.bold, pdfFonts().bold);
  doc.registerFont(PDF_FONT.devanagari, devanagariFonts().regular);
  doc.registerFont(PDF_FONT.devanagariBold, devanagariFonts().bold);
  return doc.font(PDF_FONT.regular);
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

/**
 * Writes `text` at (x, y) with each script's font (after `registerPdfFonts`): one line cut with
 * "…" (`wrap: false`, the default) or wrapped within `width`.
 */
export function writeText(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  opts: { size: number; bold?: boolean; width?: number; color?: string; wrap?: boolean },
): Doc {
  doc.fontSize(opts.size).fillColor(opts.color ?? '#111111');
  const latin = opts.bold ? PDF_FONT.bold : PDF_FONT.regular;
  const indic = opts.bold ? PDF_FONT.devanagariBold : PDF_FONT.devanagari;
  const flow = opts.wrap ? { width: opts.width } : { width: opts.width, lineBreak: false, ellipsis: true };
  const runs = scriptRuns(text);
  if (runs.length <= 1 && !runs[0]?.devanagari) return doc.font(latin).text(text, x, y, flow);
  runs.forEach((r, i) => {
    doc.font(r.devanagari ? indic : latin);
    const o = { ...flow, continued: i < runs.length - 1 };
    if (i === 0) doc.text(r.text, x, y, o);
    else doc.text(r.text, o);
  });
  return doc.font(latin);
}

/** The bytes pdfkit writes, once it has finished. */
export function pdfBytes(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
