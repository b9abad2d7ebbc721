import { describe, expect, it } from 'vitest';
import { decodeEan13Frame, decodeEan13Line, ean13CheckDigitOk, ean13Modules } from './ean13';

/**
 * A camera's line across a printed barcode: `quiet` light pixels, the 95 modules at `module` pixels
 * each (a pixel on an edge is the mix of both sides, as a lens blurs it), light again; then noise,
 * and the bars never quite black nor the paper quite white.
 */
function scanline(code: string, { module = 3, quiet = 30, noise = 0, seed = 1 } = {}): number[] {
  const modules = ean13Modules(code);
  const width = Math.ceil(quiet * 2 + 95 * module);
  let s = seed;
  const random = () => ((s = (s * 16807) % 2147483647) / 2147483647) * 2 - 1;
  const out: number[] = [];
  for (let x = 0; x < width; x++) {
    // How much of pixel x is bar.
    let dark = 0;
    for (let k = 0; k < 10; k++) {
      const m = Math.floor((x + k / 10 - quiet) / module);
      if (m >= 0 && m < 95 && modules[m] === '1') dark += 0.1;
    }
    out.push(Math.max(0, Math.min(255, 220 - dark * 180 + random() * noise)));
  }
  return out;
}

describe('EAN-13 from the camera', () => {
  const codes = ['8900010000019', '8901030865275', '4006381333931', '0012345678905', '5901234123457'];

  it('draws the standard pattern (guards, 95 modules)', () => {
    const m = ean13Modules('5901234123457');
    expect(m).toHaveLength(95);
    expect(m.slice(0, 3)).toBe('101');
    expect(m.slice(45, 50)).toBe('01010');
    expect(m.slice(92)).toBe('101');
  });

  it('reads clean lines at several sizes', () => {
    for (const code of codes) for (const module of [2, 2.6, 3, 4.3, 7]) expect(decodeEan13Line(scanline(code, { module }))).toBe(code);
  });

  it('reads a barcode held upside down', () => {
    for (const code of codes) expect(decodeEan13Line(scanline(code, { module: 3.4 }).reverse())).toBe(code);
  });

  it('reads through noise', () => {
    for (const [i, code] of codes.entries()) expect(decodeEan13Line(scanline(code, { module: 3.2, noise: 25, seed: i + 7 }))).toBe(code);
  });

  it('gives null, never a wrong code, for a blank or a cut line', () => {
    expect(decodeEan13Line(new Array(400).fill(200))).toBeNull();
    const line = scanline('8900010000019', { module: 3 });
    expect(decodeEan13Line(line.slice(0, 200))).toBeNull();
    expect(ean13CheckDigitOk('8900010000018')).toBe(false);
  });

  it('finds the barcode on a line across the middle of a frame', () => {
    const row = scanline('8901030865275', { module: 3 });
    const width = row.length;
    const height = 40;
    const data = new Uint8ClampedArray(width * height * 4);
    for (let y = 12; y < 30; y++) for (let x = 0; x < width; x++) data.set([row[x], row[x], row[x], 255], (y * width + x) * 4);
    expect(decodeEan13Frame({ width, height, data })).toBe('8901030865275');
  });
});
