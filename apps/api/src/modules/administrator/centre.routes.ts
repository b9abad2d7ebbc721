import {
  centreEndpoints,
  centreGstWarning,
  centreSealEndpoints,
  gstinStateMismatch,
  SEAL_MAX_BYTES,
  SEAL_MESSAGE,
  type Centre,
} from '@arena/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { record } from '../../platform/audit.js';
import { registerCrud, statusColumn } from '../../platform/crud.js';
import type { Tx } from '../../platform/db/client.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { readFormBody } from '../../platform/files.js';
import { ensureWithinPlan } from '../../platform/module.js';
import { activeFilter } from '../../platform/list.js';
import { inTenant, type Ctx } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { inputToValues, rowToJson } from '../../platform/serialize.js';
import { readSeal, removeSeal, saveSeal } from './centre-seal.js';
import { MODULE } from './constants.js';
import { centre } from './schema.js';

type CentreRow = typeof centre.$inferSelect;

/** A centre as the API shows it: its seal as `has_seal` (the stored path stays inside), and its GST warning. */
function centreJson(row: CentreRow, org: { gstin: string; state: string }): Centre {
  const { sealPicture, ...rest } = row;
  return {
    ...rowToJson(rest),
    has_seal: !!sealPicture,
    gst_warning: centreGstWarning(org, row),
  } as Centre;
}

/** The organisation's centre, locked for a change; 404 when it is not the organisation's. */
async function lockCentre(tx: Tx, ctx: Ctx, id: number) {
  const [row] = await tx
    .select()
    .from(centre)
    .where(and(eq(centre.organisationId, ctx.organisationId), eq(centre.id, id)))
    .for('update');
  if (!row) throw notFound();
  return { row };
}

export async function centreRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, {
    endpoints: centreEndpoints,
    module: MODULE,
    resource: 'centre',
    table: centre,
    // The organisation's registration beside each centre: a centre in another state needs its own GSTIN.
    // The organisation's registration from the request's organisation (no join on the hot list).
    toOutput: ({ row }: { row: CentreRow }, ctx) => centreJson(row, ctx.organisation),
    toValues: inputToValues,
    // The plan's centres: a new active centre, or an inactive one activated again, needs a free slot.
    beforeWrite: async (tx, ctx, { input, before }) => {
      const activates = before ? !before.is_active && input.is_active === true : input.is_active !== false;
      if (activates) await ensureWithinPlan(tx, ctx, 'centre');
    },
    check: (c) => {
      const mismatch = gstinStateMismatch(c.gstin, c.state);
      if (mismatch) throw fieldError('gstin', mismatch);
    },
    label: (c) => c.name,
    search: [centre.name, centre.code, centre.city],
    ordering: {
      id: centre.id,
      name: centre.name,
      code: centre.code,
      city: centre.city,
      created_at: centre.createdAt,
      is_active: centre.isActive,
    },
    defaultOrdering: [asc(centre.name)],
    filters: {
      is_active: activeFilter(centre.isActive),
    },
    // Every signed-in user of the organisation needs the centre selector of the sidebar.
    dropdown: { label: centre.name, where: eq(centre.isActive, true), module: null },
    unique: { centre_org_name_key: { field: 'name', message: 'A center with this name already exists.' } },
    export: {
      filename: 'centers',
      title: 'Centers',
      columns: [
        { header: 'Name', value: (c) => c.name },
        { header: 'Code', value: (c) => c.code },
        { header: 'City', value: (c) => c.city },
        { header: 'State', value: (c) => c.state },
        { header: 'Phone', value: (c) => c.phone },
        { header: 'Email', value: (c) => c.email },
        { header: 'GSTIN', value: (c) => c.gstin },
        statusColumn,
        { header: 'Created', value: (c) => c.created_at, type: 'datetime' },
      ],
    },
  });

  sealRoutes(app);
}

/**
 * A centre's seal picture: upload (replacing the one before), read and remove, guarded like the
 * centre itself. The file is written before the row changes and removed again when the change is
 * not made; the replaced one is deleted once the change is committed.
 */
function sealRoutes(app: FastifyInstance): void {
  const tags = ['centre'];
  const change = async (request: Parameters<typeof inTenant>[0], id: number, seal: string | null) =>
    inTenant(request, async (tx, ctx) => {
      const before = await lockCentre(tx, ctx, id);
      await tx
        .update(centre)
        .set({ sealPicture: seal, updatedAt: new Date() })
        .where(and(eq(centre.organisationId, ctx.organisationId), eq(centre.id, id)));
      await record(tx, ctx.actor, {
        module: MODULE,
        resource: 'centre',
        objectId: id,
        label: before.row.name,
        action: 'update',
        before: { seal_picture: before.row.sealPicture ? 'set' : null },
        after: { seal_picture: seal ? 'set' : null },
      });
      return { replaced: before.row.sealPicture, json: centreJson({ ...before.row, sealPicture: seal }, ctx.organisation) };
    });

  route(app, centreSealEndpoints.upload, {
    module: MODULE,
    tags,
    summary: "Upload a centre's seal picture, drawn above “Authorised Signatory” on its A4 invoices",
    description: 'multipart/form-data with the picture in `seal_picture` (PNG or JPEG, at most 1 MB).',
    handler: async (request) => {
      const form = await readFormBody(request, { maxFileBytes: SEAL_MAX_BYTES, tooLarge: SEAL_MESSAGE });
      const file = form.files.seal_picture;
      if (!file) throw fieldError('seal_picture', 'Choose the picture of the seal to upload.');
      const orgId = request.organisation!.id;
      const stored = await saveSeal(app.config, orgId, file);
      let result: Awaited<ReturnType<typeof change>>;
      try {
        result = await change(request, request.params.id, stored);
      } catch (err) {
        await removeSeal(app.config, orgId, stored).catch(() => undefined);
        throw err;
      }
      if (result.replaced) await removeSeal(app.config, orgId, result.replaced).catch(() => undefined);
      return result.json;
    },
  });

  route(app, centreSealEndpoints.remove, {
    module: MODULE,
    tags,
    summary: "Remove a centre's seal picture",
    handler: async (request) => {
      const result = await change(request, request.params.id, null);
      if (result.replaced) await removeSeal(app.config, request.organisation!.id, result.replaced).catch(() => undefined);
      return result.json;
    },
  });

  route(app, centreSealEndpoints.retrieve, {
    module: MODULE,
    tags,
    summary: "A centre's seal picture (PNG or JPEG)",
    handler: async (request, reply) => {
      const stored = await inTenant(request, async (tx, ctx) => {
        const [row] = await tx
          .select({ seal: centre.sealPicture })
          .from(centre)
          .where(and(eq(centre.organisationId, ctx.organisationId), eq(centre.id, request.params.id)));
        return row?.seal ?? null;
      });
      const file = await readSeal(app.config, request.organisation!.id, stored);
      if (!file) throw notFound();
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', 'inline; filename="seal"')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  });
}
