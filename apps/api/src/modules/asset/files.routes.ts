/**
 * An asset's files: its picture (public upload, as products' and staff photos are), its purchase
 * invoice (PDF or image, kept private and served only here), its QR label and sheets of labels.
 */
import { assetFileEndpoints as e, type Asset } from '@arena/contracts/asset';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import { record } from '../../platform/audit.js';
import { organisationOrigin } from '../../platform/config.js';
import type { Tx } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { organisationFolder, privateFiles, readFormBody, removeUpload, saveImage } from '../../platform/files.js';
import { inTenant, type Ctx } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { centre } from '../administrator/index.js';
import { assetFields, assetFrom, assetJson, type AssetJoin } from './asset.routes.js';
import { MODULE, tags } from './constants.js';
import { assetPageUrl, labelPdf, labelSheetPdf, type Label } from './label.js';
import { asset } from './schema.js';

const INVOICE_MAX_BYTES = 5 * 1024 * 1024;
const INVOICE_MESSAGE = 'The invoice must be a PDF or an image (PNG, JPEG, WebP) of at most 5 MB.';
const CONTENT_TYPES = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
type Kind = keyof typeof CONTENT_TYPES;

/** What a file is by its first bytes (never by its name or declared type). */
function fileKind(data: Buffer): Kind | null {
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (data.length >= 12 && data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  return null;
}

async function loadAsset(tx: Tx, ctx: Ctx, id: number): Promise<Asset> {
  const [row] = (await assetFrom(tx, assetFields)
    .where(and(eq(asset.organisationId, ctx.organisationId), eq(asset.id, id)))
    .limit(1)) as AssetJoin[];
  if (!row) throw notFound();
  return assetJson(row, ctx);
}

/** Sets one file column; returns the asset and the file it replaced (removed once committed). */
async function setFile(
  tx: Tx,
  ctx: Ctx,
  id: number,
  column: 'picture' | 'invoice',
  value: { path: string | null; name?: string },
): Promise<{ asset: Asset; replaced: string | null }> {
  const byId = and(eq(asset.organisationId, ctx.organisationId), eq(asset.id, id));
  const [current] = await tx.select({ picture: asset.picture, invoice: asset.invoiceFile }).from(asset).where(byId).for('update');
  if (!current) throw notFound();
  const before = await loadAsset(tx, ctx, id);
  await tx
    .update(asset)
    .set(
      column === 'picture'
        ? { picture: value.path, updatedAt: ctx.now.instant }
        : { invoiceFile: value.path, invoiceFileName: value.name ?? '', updatedAt: ctx.now.instant },
    )
    .where(byId);
  const after = await loadAsset(tx, ctx, id);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'asset',
    objectId: id,
    label: `${after.code} ${after.name}`,
    action: 'update',
    before: column === 'picture' ? { picture: before.picture } : { invoice_file_name: before.invoice_file_name },
    after: column === 'picture' ? { picture: after.picture } : { invoice_file_name: after.invoice_file_name },
  });
  return { asset: after, replaced: column === 'picture' ? current.picture : current.invoice };
}

async function labelsOf(tx: Tx, ctx: Ctx, ids: number[]): Promise<Label[]> {
  const rows = await tx
    .select({ id: asset.id, code: asset.code, name: asset.name, location: asset.location, centre: centre.name })
    .from(asset)
    .innerJoin(centre, and(eq(centre.organisationId, asset.organisationId), eq(centre.id, asset.centreId)))
    .where(and(eq(asset.organisationId, ctx.organisationId), inArray(asset.id, ids)))
    .orderBy(asset.id);
  const origin = organisationOrigin(ctx.config, ctx.organisation.subdomain);
  return rows.map((r) => ({ code: r.code ?? '', name: r.name, centre: r.centre, location: r.location, url: assetPageUrl(origin, r.id) }));
}

export async function fileRoutes(app: FastifyInstance): Promise<void> {
  route(app, e.label, {
    module: MODULE,
    tags,
    summary: "The asset's QR label (PDF): code, name, centre and a QR code of its page (report a fault)",
    handler: async (request, reply) => {
      const { labels, organisation } = await inTenant(request, async (tx, ctx) => ({
        labels: await labelsOf(tx, ctx, [request.params.id]),
        organisation: ctx.organisation.displayName,
      }));
      if (!labels.length) throw notFound();
      const pdf = await labelPdf(organisation, labels[0]);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${labels[0].code}-label.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  });

  route(app, e.labels, {
    module: MODULE,
    tags,
    summary: 'A sheet of QR labels (A4) for the assets named in `ids`',
    handler: async (request, reply) => {
      const { labels, organisation } = await inTenant(request, async (tx, ctx) => ({
        labels: await labelsOf(tx, ctx, request.query.ids),
        organisation: ctx.organisation.displayName,
      }));
      if (labels.length !== request.query.ids.length) throw badRequest({ ids: ['Some of these assets do not exist.'] });
      const pdf = await labelSheetPdf(organisation, labels);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', 'inline; filename="asset-labels.pdf"')
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  });

  route(app, e.pictureUpload, {
    module: MODULE,
    tags,
    summary: "Replace an asset's picture (multipart/form-data, `picture`: PNG, JPEG, GIF or WebP, at most 2 MB)",
    handler: async (request) => {
      const form = await readFormBody(request);
      const file = form.files.picture;
      if (!file) throw badRequest({ picture: ['Choose a picture to upload.'] });
      const saved = await saveImage(app.config, organisationFolder(request.organisation!.id), file, 'picture');
      try {
        const { asset: out, replaced } = await inTenant(request, (tx, ctx) =>
          setFile(tx, ctx, request.params.id, 'picture', { path: saved }),
        );
        await removeUpload(app.config, replaced);
        return out;
      } catch (err) {
        await removeUpload(app.config, saved);
        throw err;
      }
    },
  });
  route(app, e.pictureRemove, {
    module: MODULE,
    tags,
    summary: "Remove an asset's picture",
    handler: async (request) => {
      const { asset: out, replaced } = await inTenant(request, (tx, ctx) => setFile(tx, ctx, request.params.id, 'picture', { path: null }));
      await removeUpload(app.config, replaced);
      return out;
    },
  });

  route(app, e.invoiceUpload, {
    module: MODULE,
    tags,
    summary: "Replace an asset's purchase invoice (multipart/form-data, `invoice_file`: PDF, PNG, JPEG or WebP, at most 5 MB)",
    handler: async (request) => {
      const org = request.organisation!.id;
      const form = await readFormBody(request, { maxFileBytes: INVOICE_MAX_BYTES, tooLarge: INVOICE_MESSAGE });
      const file = form.files.invoice_file;
      if (!file) throw badRequest({ invoice_file: ['Choose a file to upload.'] });
      const kind = file.data.length <= INVOICE_MAX_BYTES ? fileKind(file.data) : null;
      if (!kind) throw badRequest({ invoice_file: [INVOICE_MESSAGE] });
      const saved = await privateFiles.save(app.config, org, 'asset-invoices', kind, file.data);
      const name = (
        path
          .basename(file.filename.replace(/\\/g, '/'))
          .replace(/[\u0000-\u001f\u007f]+/g, ' ')
          .trim() || `invoice.${kind}`
      ).slice(0, 200);
      try {
        const { asset: out, replaced } = await inTenant(request, (tx, ctx) =>
          setFile(tx, ctx, request.params.id, 'invoice', { path: saved, name }),
        );
        await privateFiles.remove(app.config, org, replaced);
        return out;
      } catch (err) {
        await privateFiles.remove(app.config, org, saved);
        throw err;
      }
    },
  });
  route(app, e.invoiceRemove, {
    module: MODULE,
    tags,
    summary: "Remove an asset's purchase invoice",
    handler: async (request) => {
      const { asset: out, replaced } = await inTenant(request, (tx, ctx) => setFile(tx, ctx, request.params.id, 'invoice', { path: null }));
      await privateFiles.remove(app.config, request.organisation!.id, replaced);
      return out;
    },
  });
  route(app, e.invoice, {
    module: MODULE,
    tags,
    summary: "An asset's purchase invoice",
    handler: async (request, reply) => {
      const org = request.organisation!.id;
      const row = await inTenant(request, async (tx, ctx) => {
        const [r] = await tx
          .select({ file: asset.invoiceFile, name: asset.invoiceFileName })
          .from(asset)
          .where(and(eq(asset.organisationId, ctx.organisationId), eq(asset.id, request.params.id)));
        return r;
      });
      if (!row?.file) throw notFound();
      const data = await privateFiles.read(app.config, org, row.file);
      const kind = data ? fileKind(data) : null;
      if (!data || !kind) throw notFound();
      return reply
        .type(CONTENT_TYPES[kind])
        .header('Content-Disposition', `inline; filename="${row.name.replace(/["\\]/g, '')}"`)
        .header('x-content-type-options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(data);
    },
  });
}
