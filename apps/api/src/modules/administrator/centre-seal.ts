/**
 * A centre's seal: the picture of its stamp, drawn above "Authorised Signatory" on the A4 invoices
 * and credit notes of its sales. A PNG or JPEG (what the PDF can embed), recognised by its first
 * bytes, at most 1 MB. A seal authenticates documents, so it is not a public upload: it is kept
 * under DATA_DIR/private/org-{id}/seals/ and served only by the centre's authenticated
 * `…/centre/{id}/seal/` route (and read by the invoice PDFs).
 */
import { SEAL_MAX_BYTES, SEAL_MESSAGE } from '@arena/contracts';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../platform/config.js';
import type { Tx } from '../../platform/db/client.js';
import { fieldError } from '../../platform/errors.js';
import { privateFiles, type UploadedFile } from '../../platform/files.js';
import type { Ctx } from '../../platform/request-context.js';
import { centre } from './schema.js';

const CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg' } as const;
type Kind = keyof typeof CONTENT_TYPES;

/** PNG or JPEG by the magic bytes; null for anything else. */
export function sealKind(data: Buffer): Kind | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  return null;
}

/** Checks a seal (PNG or JPEG, at most 1 MB; else a 400 on `seal_picture`) and stores it in the organisation's folder. */
export async function saveSeal(config: Config, organisationId: number, file: UploadedFile): Promise<string> {
  const kind = file.data.length <= SEAL_MAX_BYTES ? sealKind(file.data) : null;
  if (!kind) throw fieldError('seal_picture', SEAL_MESSAGE);
  return privateFiles.save(config, organisationId, 'seals', kind, file.data);
}

/** A stored seal's bytes and content type (checked again on the way out); null when it is gone or not a picture. */
export async function readSeal(
  config: Pick<Config, 'DATA_DIR'>,
  organisationId: number,
  relative: string | null,
): Promise<{ data: Buffer; contentType: string } | null> {
  const data = await privateFiles.read(config, organisationId, relative);
  const kind = data ? sealKind(data) : null;
  return data && kind ? { data, contentType: CONTENT_TYPES[kind] } : null;
}

/** Deletes a stored seal (a replaced or removed one, or one whose change was not made); a missing file is fine. */
export const removeSeal = privateFiles.remove;

/** The stored path of a centre's seal (null for none), or undefined when the centre is not the organisation's. */
export async function sealPathOf(tx: Tx, ctx: Ctx, centreId: number): Promise<string | null | undefined> {
  const [row] = await tx
    .select({ seal: centre.sealPicture })
    .from(centre)
    .where(and(eq(centre.organisationId, ctx.organisationId), eq(centre.id, centreId)));
  return row ? row.seal : undefined;
}
