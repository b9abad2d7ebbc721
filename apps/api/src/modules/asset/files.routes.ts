/**
 * An asset's files: its picture (public upload, as products' and staff photos are), its purchase
 * invoice (PDF or image, kept private and served only here), its QR label and sheets of labels.
 */
import { assetFileEndpoints as e, locationText, type Asset } from '@arena/contracts/asset';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { record } from '../../platform/audit.js';
import { organisationOrigin } from '../../platform/config.js';
import { inIds, type Tx } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { documentKind, documentName, DOCUMENT_TYPES, privateFiles, readFormBody } from '../../platform/files.js';
import { removeImage, replaceImage, type ImageChange } from '../../platform/image-upload.js';
import { inTenant, type Ctx } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { centre } from '../administrator/index.js';
import { assetFields, assetFrom, assetJson, type AssetJoin } from './asset.routes.js';
import { MODULE, tags } from './constants.js';
import { assetPageUrl, labelPdf, labelSheetPdf, type Label } from './label.js';
import { asset } from './schema.js';

const INVOICE_MAX_BYTES = 5 * 1024 * 1024;
const INVOICE_MESSAGE = 'The invoice must be a PDF or an image (PNG, JPEG, WebP) of at most 5 MB.';

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
): Promise<ImageChange<Asset>> {
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
  return { out: after, replaced: column === 'picture' ? current.picture : current.invoice };
}

async function labelsOf(tx: Tx, ctx: Ctx, ids: number[]): Promise<Label[]> {
  const rows = await tx
    .select({ id: asset.id, code: asset.code, name: asset.name, floor: asset.floor, zone: asset.zone, centre: centre.name })
    .from(asset)
    .innerJoin(centre, and(eq(centre.organisationId, asset.organisationId), eq(centre.id, asset.centreId)))
    .where(and(eq(asset.organisationId, ctx.organisationId), inIds(asset.id, ids)))
    .orderBy(asset.id);
  const origin = organisationOrigin(ctx.config, ctx.organisation.subdomain);
  return rows.map((r) => ({
    code: r.code ?? '',
    name: r.name,
    centre: r.centre,
    location: locationText(r),
    url: assetPageUrl(origin, r.id),
  }));
}

export async function fileRoutes(app: FastifyInstance): Promise<void> {
  /** The labels of the assets named (in the tenant's transaction) and the organisation printed on them. */
  const labelsFor = (request: FastifyRequest, ids: number[]) =>
    inTenant(request, async (tx, ctx) => ({ labels: await labelsOf(tx, ctx, ids), organisation: ctx.organisation.displayName }));
  const sendPdf = (reply: FastifyReply, pdf: Buffer, filename: string) =>
    reply
      .type('application/pdf')
      .header('Content-Disposition', `inline; filename="${filename}"`)
      .header('Cache-Control', 'private, no-store')
      .send(pdf);

  route(app, e.label, {
    module: MODULE,
    tags,
    summary: "The asset's QR label (PDF): code, name, centre, floor and zone, and a QR code of its page (report a fault)",
    handler: async (request, reply) => {
      const { labels, organisation } = await labelsFor(request, [request.params.id]);
      if (!labels.length) throw notFound();
      return sendPdf(reply, await labelPdf(organisation, labels[0]), `${labels[0].code}-label.pdf`);
    },
  });

  route(app, e.labels, {
    module: MODULE,
    tags,
    summary: 'A sheet of QR labels (A4) for the assets named in `ids`',
    handler: async (request, reply) => {
      const { labels, organisation } = await labelsFor(request, request.query.ids);
      if (labels.length !== request.query.ids.length) throw badRequest({ ids: ['Some of these assets do not exist.'] });
      return sendPdf(reply, await labelSheetPdf(organisation, labels), 'asset-labels.pdf');
    },
  });

  route(app, e.pictureUpload, {
    module: MODULE,
    tags,
    summary: "Replace an asset's picture (multipart/form-data, `picture`: PNG, JPEG, GIF or WebP, at most 2 MB)",
    handler: async (request) =>
      replaceImage(app, request, 'picture', (tx, ctx, saved) => setFile(tx, ctx, request.params.id, 'picture', { path: saved })),
  });
  route(app, e.pictureRemove, {
    module: MODULE,
    tags,
    summary: "Remove an asset's picture",
    handler: async (request) => removeImage(app, request, (tx, ctx) => setFile(tx, ctx, request.params.id, 'picture', { path: null })),
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
      const kind = file.data.length <= INVOICE_MAX_BYTES ? documentKind(file.data) : null;
      if (!kind) throw badRequest({ invoice_file: [INVOICE_MESSAGE] });
      const saved = await privateFiles.save(app.config, org, 'asset-invoices', kind, file.data);
      const name = documentName(file.filename, `invoice.${kind}`);
      try {
        const { out, replaced } = await inTenant(request, (tx, ctx) =>
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
      const { out, replaced } = await inTenant(request, (tx, ctx) => setFile(tx, ctx, request.params.id, 'invoice', { path: null }));
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
      const kind = data ? documentKind(data) : null;
      if (!data || !kind) throw notFound();
      return reply
        .type(DOCUMENT_TYPES[kind])
        .header('Content-Disposition', `inline; filename="${row.name.replace(/["\\]/g, '')}"`)
        .header('x-content-type-options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(data);
    },
  });
}
