/**
 * Reads an EAN-13 from one line of pixels across a barcode: the camera's fallback where the browser
 * has no BarcodeDetector (Firefox, Safari on iPhone, Chrome on a desktop). The line is cut into
 * bars and spaces at the mid-grey between its darkest and lightest, each digit's four widths are
 * matched to the nearest code, and the check digit decides: a misread line gives null, never a
 * wrong code.
 */

/** The left-hand (odd, "L") codes: 7 modules each, 1 = bar. The "R" codes are their complements, the "G" codes R reversed. */
const L_CODES = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
/** The first digit, from which of the left six digits are L (odd) or G (even). */
const FIRST_DIGIT_PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

/** Widths (in modules) of the four runs of a 7-module code. */
function runWidths(code: string): number[] {
  const out: number[] = [];
  let n = 1;
  for (let i = 1; i <= code.length; i++) {
    if (code[i] === code[i - 1]) n++;
    else {
      out.push(n);
      n = 1;
    }
  }
  return out;
}
const L_RUNS = L_CODES.map(runWidths);
/** A G code's runs are an L code's runs reversed (R and L share widths; G is R read backwards). */
const G_RUNS = L_RUNS.map((r) => [...r].reverse());

export function ean13CheckDigitOk(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  const sum = [...code.slice(0, 12)].reduce((n, d, i) => n + Number(d) * (i % 2 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === Number(code[12]);
}

/** The 95 modules of an EAN-13 as '1' (bar) and '0' (space): for tests and for drawing one. */
export function ean13Modules(code: string): string {
  const parity = FIRST_DIGIT_PARITY[Number(code[0])];
  const complement = (c: string) => [...c].map((b) => (b === '1' ? '0' : '1')).join('');
  let out = '101';
  for (let i = 1; i <= 6; i++) {
    const l = L_CODES[Number(code[i])];
    out += parity[i - 1] === 'L' ? l : [...complement(l)].reverse().join('');
  }
  out += '01010';
  for (let i = 7; i <= 12; i++) out += complement(L_CODES[Number(code[i])]);
  return out + '101';
}

interface Run {
  bar: boolean;
  width: number;
}

/** The line cut into runs of bar (dark) and space (light) at the mid-grey of its range; null when it has no contrast. */
function runsOf(luma: ArrayLike<number>): Run[] | null {
  let min = 255;
  let max = 0;
  for (let i = 0; i < luma.length; i++) {
    if (luma[i] < min) min = luma[i];
    if (luma[i] > max) max = luma[i];
  }
  if (max - min < 40) return null;
  const mid = (min + max) / 2;
  const runs: Run[] = [];
  for (let i = 0; i < luma.length; i++) {
    const bar = luma[i] < mid;
    // A pixel on an edge counts in part to each side: the widths stay true to a fraction of a pixel.
    const last = runs[runs.length - 1];
    if (last && last.bar === bar) last.width += 1;
    else runs.push({ bar, width: 1 });
  }
  return runs;
}

/** The nearest code to four widths (scaled to 7 modules) and how far it is, in modules. */
function nearest(widths: number[], table: number[][]): { digit: number; error: number } {
  const total = widths.reduce((a, b) => a + b, 0);
  const scaled = widths.map((w) => (w * 7) / total);
  let best = { digit: -1, error: Infinity };
  table.forEach((code, digit) => {
    const error = code.reduce((e, m, i) => e + Math.abs(m - scaled[i]), 0);
    if (error < best.error) best = { digit, error };
  });
  return best;
}

const MAX_DIGIT_ERROR = 1.6;
const guardOk = (runs: Run[], at: number, count: number, module: number) => {
  for (let i = 0; i < count; i++) {
    const w = runs[at + i]?.width;
    if (w === undefined || w < module * 0.4 || w > module * 2.2) return false;
  }
  return true;
};

/** The code read from runs starting at the start guard's first bar `at`, or null. */
function decodeAt(runs: Run[], at: number): string | null {
  if (at + 59 > runs.length || !runs[at].bar) return null;
  const span = runs.slice(at, at + 59).reduce((n, r) => n + r.width, 0);
  const module = span / 95;
  if (!guardOk(runs, at, 3, module) || !guardOk(runs, at + 27, 5, module) || !guardOk(runs, at + 56, 3, module)) return null;
  // The quiet zone before the start guard: a space at least a few modules wide (or the line's edge).
  if (at > 0 && runs[at - 1].width < module * 3) return null;
  let parity = '';
  let digits = '';
  for (let d = 0; d < 6; d++) {
    const widths = runs.slice(at + 3 + d * 4, at + 7 + d * 4).map((r) => r.width);
    const l = nearest(widths, L_RUNS);
    const g = nearest(widths, G_RUNS);
    const pick = l.error <= g.error ? { ...l, p: 'L' } : { ...g, p: 'G' };
    if (pick.error > MAX_DIGIT_ERROR) return null;
    parity += pick.p;
    digits += pick.digit;
  }
  for (let d = 0; d < 6; d++) {
    const widths = runs.slice(at + 32 + d * 4, at + 36 + d * 4).map((r) => r.width);
    const r = nearest(widths, L_RUNS);
    if (r.error > MAX_DIGIT_ERROR) return null;
    digits += r.digit;
  }
  const first = FIRST_DIGIT_PARITY.indexOf(parity);
  if (first < 0) return null;
  const code = `${first}${digits}`;
  return ean13CheckDigitOk(code) ? code : null;
}

/** An EAN-13 read from a line of luminance values (0 dark … 255 light) in either direction, or null. */
export function decodeEan13Line(luma: ArrayLike<number>): string | null {
  for (const line of [luma, Array.from(luma).reverse()]) {
    const runs = runsOf(line);
    if (!runs) return null;
    for (let at = 0; at < runs.length; at++) {
      if (!runs[at].bar) continue;
      const code = decodeAt(runs, at);
      if (code) return code;
    }
  }
  return null;
}

/** Luminance of RGBA pixels (an ImageData row). */
export function lumaOf(rgba: ArrayLike<number>): Uint8ClampedArray {
  const out = new Uint8ClampedArray(rgba.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = 0.299 * rgba[i * 4] + 0.587 * rgba[i * 4 + 1] + 0.114 * rgba[i * 4 + 2];
  return out;
}

/** Tries a few lines across the middle of a frame (a barcode held roughly level in the frame's centre). */
export function decodeEan13Frame(frame: { width: number; height: number; data: ArrayLike<number> }): string | null {
  const { width, height, data } = frame;
  for (const f of [0.5, 0.45, 0.55, 0.4, 0.6, 0.35, 0.65]) {
    const y = Math.floor(height * f);
    const row = Array.prototype.slice.call(data, y * width * 4, (y + 1) * width * 4) as number[];
    const code = decodeEan13Line(lumaOf(row));
    if (code) return code;
  }
  return null;
}
