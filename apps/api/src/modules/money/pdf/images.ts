/** The organisation's logo: only PNG and JPEG that pdfkit reads safely, fitted to a box. */
import { inflateSync } from 'node:zlib';
import { Doc } from './kit.js';

export interface OpenedImage {
  width: number;
  height: number;
  orientation?: number;
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
export const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];
/** 4096 × 4096: a logo, not a photo to decode into hundreds of megabytes. */
export const MAX_LOGO_PIXELS = 4096 * 4096;

/**
 * Whether pdfkit can embed a PNG without failing later: png-js decodes pixel data (images with
 * transparency or interlacing) in a zlib callback and throws there, which no caller can catch.
 */
export function isSafePng(bytes: Buffer): boolean {
  let header: Buffer | null = null;
  const data: Buffer[] = [];
  for (let pos = PNG_SIGNATURE.length; pos + 8 <= bytes.length;) {
    const length = bytes.readUInt32BE(pos);
    const type = bytes.toString('latin1', pos + 4, pos + 8);
    if (type === 'IHDR') header = bytes.subarray(pos + 8, pos + 8 + length);
    if (type === 'IDAT') data.push(bytes.subarray(pos + 8, pos + 8 + length));
    if (type === 'IEND') break;
    pos += length + 12;
  }
  if (!header || header.length < 13 || data.length === 0) return false;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const channels = PNG_CHANNELS[header[9]];
  if (!width || !height || !channels || width * height > MAX_LOGO_PIXELS) return false;
  let pixels: Buffer;
  try {
    // At most 16-bit RGBA (8 bytes a pixel) plus a filter byte a scanline (< 2 a row when interlaced).
    pixels = inflateSync(Buffer.concat(data), { maxOutputLength: 8 * MAX_LOGO_PIXELS + 2 * height });
  } catch {
    return false;
  }
  // Every scanline starts with a filter type 0–4.
  const bytesPerPixel = (header[8] * channels) / 8;
  let pos = 0;
  for (const [x0, y0, dx, dy] of header[12] === 1 ? ADAM7 : [[0, 0, 1, 1]]) {
    const rows = Math.ceil((height - y0) / dy);
    const scanline = Math.ceil(bytesPerPixel * Math.ceil((width - x0) / dx));
    for (let row = 0; row < rows && pos < pixels.length; row++, pos += scanline + 1) if (pixels[pos] > 4) return false;
  }
  return true;
}

export function isJpeg(bytes: Buffer): boolean {
  return bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8;
}

/** The logo opened in `doc`, or null when there is none or pdfkit cannot read it. */
export function openLogo(doc: Doc, bytes: Buffer | null | undefined): OpenedImage | null {
  if (!bytes?.length) return null;
  const isPng = bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE);
  if (!(isPng ? isSafePng(bytes) : isJpeg(bytes))) return null;
  try {
    // `openImage` is public pdfkit API that @types/pdfkit does not declare.
    const image = (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(bytes);
    return image.width > 0 && image.height > 0 ? image : null;
  } catch {
    return null;
  }
}

/** Width and height as shown (JPEG EXIF orientations 5–8 turn the picture a quarter). */
export function orientedSize(image: OpenedImage): [number, number] {
  return (image.orientation ?? 1) > 4 ? [image.height, image.width] : [image.width, image.height];
}

/** The size of `image` scaled to fit a box (never enlarged). */
export function fitImage(image: OpenedImage, maxWidth: number, maxHeight: number): { width: number; height: number } {
  const [width, height] = orientedSize(image);
  const scale = Math.min(maxWidth / width, maxHeight / height, 1);
  return { width: width * scale, height: height * scale };
}

/** Draws the logo; false (nothing drawn) when pdfkit fails to embed it. */
export function drawImage(doc: Doc, image: OpenedImage, x: number, y: number, size: { width: number; height: number }): boolean {
  try {
    doc.image(image as unknown as Buffer, x, y, size);
    return true;
  } catch {
    return false;
  }
}
