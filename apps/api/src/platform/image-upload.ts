/**
 * A row's public image (an asset's or a product's picture) replaced from an upload or removed, as
 * one flow: the new file is saved before the tenant's transaction, the row's write names it, and
 * the file it replaced is removed once that has committed (the new one when it failed).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from './db/client.js';
import { badRequest } from './errors.js';
import { organisationFolder, readFormBody, removeUpload, saveImage } from './files.js';
import { inTenant, type Ctx } from './request-context.js';

/** What a write of a row's image answers: the row as the API shows it, and the file it replaced. */
export interface ImageChange<T> {
  out: T;
  replaced: string | null;
}
type SetImage<T> = (tx: Tx, ctx: Ctx, path: string | null) => Promise<ImageChange<T>>;

/** The multipart upload's `field` (PNG, JPEG, GIF or WebP, at most 2 MB) becomes the row's image through `set`. */
export async function replaceImage<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  field: string,
  set: SetImage<T>,
  missing = 'Choose a picture to upload.',
): Promise<T> {
  const form = await readFormBody(request);
  const file = form.files[field];
  if (!file) throw badRequest({ [field]: [missing] });
  const saved = await saveImage(app.config, organisationFolder(request.organisation!.id), file, field);
  try {
    const { out, replaced } = await inTenant(request, (tx, ctx) => set(tx, ctx, saved));
    await removeUpload(app.config, replaced);
    return out;
  } catch (err) {
    await removeUpload(app.config, saved);
    throw err;
  }
}

/** The row's image cleared through `set` (with `null`), then its file removed. */
export async function removeImage<T>(app: FastifyInstance, request: FastifyRequest, set: SetImage<T>): Promise<T> {
  const { out, replaced } = await inTenant(request, (tx, ctx) => set(tx, ctx, null));
  await removeUpload(app.config, replaced);
  return out;
}
