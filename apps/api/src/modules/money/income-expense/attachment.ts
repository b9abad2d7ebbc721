/**
 * The bills attached to entries: a PDF or an image, recognised by its first bytes (never by its
 * name or declared type), at most 5 MB. They are kept out of the public /uploads/ folder —
 * under DATA_DIR/private/org-{id}/bills/ — and served only by the entry's authenticated
 * `…/attachment/` route, with the content type of what the bytes are.
 */
import path from 'node:path';
import { ATTACHMENT_MAX_BYTES } from '@arena/contracts';
import type { Config } from '../../../platform/config.js';
import { fieldError } from '../../../platform/errors.js';
import { privateFiles, type UploadedFile } from '../../../platform/files.js';

export const ATTACHMENT_MESSAGE = 'The file must be a PDF or an image of at most 5 MB.';

const CONTENT_TYPES = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
type Kind = keyof typeof CONTENT_TYPES;

/** What a file is by its magic bytes: PDF, PNG, JPEG or WebP; null for anything else. */
export function attachmentKind(data: Buffer): Kind | null {
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (data.length >= 12 && data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  return null;
}

/** The name shown for a file: its base name on one line, at most 200 characters. */
function displayName(filename: string, kind: Kind): string {
  const base = path
    .basename(filename.replace(/\\/g, '/'))
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim();
  return (base || `bill.${kind}`).slice(0, 200);
}

export interface StoredAttachment {
  /** Path relative to the private root, `org-{id}/bills/{random}.{ext}`. */
  path: string;
  name: string;
}

/** Checks a bill (PDF/PNG/JPEG/WebP, ≤ 5 MB; else a 400 on `attachment`) and stores it in the organisation's folder. */
export async function saveAttachment(config: Config, organisationId: number, file: UploadedFile): Promise<StoredAttachment> {
  const kind = file.data.length <= ATTACHMENT_MAX_BYTES ? attachmentKind(file.data) : null;
  if (!kind) throw fieldError('attachment', ATTACHMENT_MESSAGE);
  return { path: await privateFiles.save(config, organisationId, 'bills', kind, file.data), name: displayName(file.filename, kind) };
}

/** A stored bill's bytes and the content type they are (checked again on the way out); null when it is gone. */
export async function readAttachment(
  config: Pick<Config, 'DATA_DIR'>,
  organisationId: number,
  relative: string,
): Promise<{ data: Buffer; kind: Kind; contentType: string } | null> {
  const data = await privateFiles.read(config, organisationId, relative);
  const kind = data ? attachmentKind(data) : null;
  return data && kind ? { data, kind, contentType: CONTENT_TYPES[kind] } : null;
}

/** Deletes a stored bill (a replaced one, or one whose entry was not written); a missing file is fine. */
export const removeAttachment = privateFiles.remove;
