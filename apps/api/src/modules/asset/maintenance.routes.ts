/** Maintenance of an asset (scheduled and done, preventive and repair), every entry as a list, and "report a fault". */
import {
  MAINTENANCE_KINDS,
  MAINTENANCE_STATUSES,
  locationText,
  maintenanceEndpoints as e,
  maintenanceListEndpoint,
  type Maintenance,
  type MaintenanceKind,
  type MaintenanceStatus,
} from '@arena/contracts/asset';
import { dateNearTodaySchema, idSchema } from '@arena/contracts/kit';
import { and, asc, desc, eq, gte, lt, lte, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listRoute, showName, yesNo, type ListDefinition } from '../../platform/list.js';
import { inTenant, type Ctx } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { displayDate } from '../../platform/time.js';
import { centre } from '../administrator/index.js';
import { MODULE, tags } from './constants.js';
import {
  createMaintenance,
  maintenanceFields,
  maintenanceFrom,
  maintenanceJson,
  maintenanceOf,
  markDone,
  removeMaintenance,
  reportFault,
  type MaintenanceJoin,
} from './asset.service.js';
import { asset, assetCategory, assetMaintenance } from './schema.js';

/** A window's end: maintenance is dated within ten years of today, so is a window over it. */
const windowDate = dateNearTodaySchema(3650, 3650, 'Enter a date within ten years of today.');

export const maintenanceList: ListDefinition<MaintenanceJoin, Maintenance> = {
  from: (tx, fields) => maintenanceFrom(tx, fields),
  fields: maintenanceFields,
  where: (ctx) => eq(assetMaintenance.organisationId, ctx.organisationId),
  search: [asset.code, asset.name, assetMaintenance.notes],
  filters: {
    asset: { schema: idSchema, where: (v: number) => eq(assetMaintenance.assetId, v), label: 'Asset' },
    status: { schema: z.enum(MAINTENANCE_STATUSES), where: (v: MaintenanceStatus) => eq(assetMaintenance.status, v), label: 'Status' },
    kind: { schema: z.enum(MAINTENANCE_KINDS), where: (v: MaintenanceKind) => eq(assetMaintenance.kind, v), label: 'Kind' },
    centre: { schema: idSchema, where: (v: number) => eq(asset.centreId, v), label: 'Center', show: showName(centre) },
    category: { schema: idSchema, where: (v: number) => eq(asset.categoryId, v), label: 'Category', show: showName(assetCategory) },
    overdue: {
      schema: z.stringbool(),
      where: (v: boolean, ctx: Ctx) =>
        v
          ? and(eq(assetMaintenance.status, 'scheduled'), lt(assetMaintenance.date, ctx.now.today))
          : or(eq(assetMaintenance.status, 'done'), gte(assetMaintenance.date, ctx.now.today)),
      label: 'Overdue',
      show: yesNo,
    },
    date_after: { schema: windowDate, where: (v: string) => gte(assetMaintenance.date, v), label: 'From', show: displayDate },
    date_before: { schema: windowDate, where: (v: string) => lte(assetMaintenance.date, v), label: 'To', show: displayDate },
  },
  ordering: {
    date: assetMaintenance.date,
    cost: assetMaintenance.cost,
    asset: asset.code,
    created_at: assetMaintenance.createdAt,
  },
  defaultOrdering: [desc(assetMaintenance.date)],
  // What is still to do comes soonest first (the overdue at the top); history latest first.
  defaultOrderingFor: (params) => (params.status === 'scheduled' ? [asc(assetMaintenance.date)] : undefined),
  tiebreak: assetMaintenance.id,
  map: (_tx, ctx, rows) => rows.map((r) => maintenanceJson(r, ctx.now.today)),
  export: {
    filename: 'asset-maintenance',
    title: 'Asset maintenance',
    columns: [
      { header: 'Date', value: (m) => m.date, type: 'date' },
      { header: 'Asset', value: (m) => `${m.asset_code} ${m.asset_name}` },
      { header: 'Center', value: (m) => m.centre_name },
      { header: 'Location', value: (m) => locationText(m.location) },
      { header: 'Kind', value: (m) => m.kind },
      { header: 'Status', value: (m) => (m.overdue ? 'overdue' : m.status) },
      { header: 'Vendor', value: (m) => m.vendor_name },
      { header: 'Cost', value: (m) => m.cost, type: 'money', total: true },
      { header: 'Notes', value: (m) => m.notes },
      { header: 'Next due', value: (m) => m.next_due, type: 'date' },
    ],
  },
};

export async function maintenanceRoutes(app: FastifyInstance): Promise<void> {
  listRoute(app, maintenanceListEndpoint, { module: MODULE, tags, summary: 'Every maintenance entry', list: maintenanceList });

  route(app, e.list, {
    module: MODULE,
    tags,
    summary: "An asset's maintenance, latest first",
    handler: async (request) => {
      const page = request.query.page ?? 1;
      const size = request.query.page_size ?? 50;
      const { count, results } = await inTenant(request, (tx, ctx) => maintenanceOf(tx, ctx, request.params.id, page, size));
      const at = (p: number) => `${e.list.path.replace(':id', String(request.params.id))}?page=${p}&page_size=${size}`;
      return { count, next: page * size < count ? at(page + 1) : null, previous: page > 1 ? at(page - 1) : null, results };
    },
  });

  route(app, e.create, {
    module: MODULE,
    tags,
    summary: 'Schedule or record maintenance (done with a cost posts an expense; preventive every N days schedules the next)',
    handler: async (request, reply) => {
      const out = await inTenant(request, (tx, ctx) => createMaintenance(tx, ctx, request.params.id, request.body));
      return reply.status(201).send(out);
    },
  });

  route(app, e.done, {
    module: MODULE,
    tags,
    summary: 'Mark scheduled maintenance done',
    handler: async (request) =>
      inTenant(request, (tx, ctx) => markDone(tx, ctx, request.params.id, request.params.maintenance, request.body)),
  });

  route(app, e.remove, {
    module: MODULE,
    tags,
    summary: 'Remove scheduled maintenance',
    handler: async (request, reply) => {
      await inTenant(request, (tx, ctx) => removeMaintenance(tx, ctx, request.params.id, request.params.maintenance));
      return reply.status(204).send(null);
    },
  });

  route(app, e.reportFault, {
    module: MODULE,
    tags,
    summary: 'Report a fault: a repair for today and the asset under maintenance',
    handler: async (request, reply) => {
      const out = await inTenant(request, (tx, ctx) => reportFault(tx, ctx, request.params.id, request.body.notes));
      return reply.status(201).send(out);
    },
  });
}
