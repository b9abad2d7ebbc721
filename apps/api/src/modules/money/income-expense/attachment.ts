/**
 * The bills attached to entries: a PDF or an image, recognised by its first bytes (never by its
 * name or declared type), at most 5 MB. They are kept out of the public /uploads/ folder —
 * under DATA_DIR/private/org-{id}/bills/ — and served only by the entry's authenticated
 * `…/attachment/` route, with the content type of what the bytes are.
 */
import { ATTACHMENT_MAX_BYTES } from '@arena/contracts';
import type { Config } from '../../../platform/config.js';
import { fieldError } from '../../../platform/errors.js';
import { documentKind, documentName, DOCUMENT_TYPES, privateFiles, type DocumentKind, type UploadedFile } from '../../../platform/files.js';

export const ATTACHMENT_MESSAGE = 'The file must be a PDF or an image of at most 5 MB.';

export interface StoredAttachment {
  /** Path relative to the private root, `org-{id}/bills/{random}.{ext}`. */
  path: string;
  name: string;
}

/** Checks a bill (PDF/PNG/JPEG/WebP, ≤ 5 MB; else a 400 on `attachment`) and stores it in the organisation's folder. */
export async function saveAttachment(config: Config, organisationId: number, file: UploadedFile): Promise<StoredAttachment> {
  const kind = file.data.length <= ATTACHMENT_MAX_BYTES ? documentKind(file.data) : null;
  if (!kind) throw fieldError('attachment', ATTACHMENT_MESSAGE);
  return {
    path: await privateFiles.save(config, organisationId, 'bills', kind, file.data),
    name: documentName(file.filename, `bill.${kind}`),
  };
}

/** A stored bill's bytes and the content type they are (checked again on the way out); null when it is gone. */
export async function readAttachment(
  config: Pick<Config, 'DATA_DIR'>,
  organisationId: number,
  relative: string,
): Promise<{ data: Buffer; kind: DocumentKind; contentType: string } | null> {
  const data = await privateFiles.read(config, organisationId, relative);
  const kind = data ? documentKind(data) : null;
  return data && kind ? { data, kind, contentType: DOCUMENT_TYPES[kind] } : null;
}

/** Deletes a stored bill (a replaced one, or one whose entry was not written); a missing file is fine. */
export const removeAttachment = privateFiles.remove;
