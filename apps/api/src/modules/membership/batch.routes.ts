import { batchEndpoints as e, idSchema, z, type Batch } from '@arena/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { activeFilter, listRoute, showName, type ListDefinition } from '../../platform/list.js';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { centre, sport } from '../administrator/index.js';
import { showMember } from './attendance.service.js';
import {
  batchesFrom,
  batchFields,
  batchJson,
  createBatch,
  deleteBatch,
  joinBatch,
  leaveBatch,
  listBatchMembers,
  loadBatch,
  updateBatch,
  type BatchJoin,
} from './batch.service.js';
import { MODULE, tags } from './constants.js';
import { batch } from './schema.js';

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const daysText = (weekdays: number[]) => weekdays.map((d) => DAYS[d - 1]).join(', ');

const batchList: ListDefinition<BatchJoin, Batch> = {
  from: batchesFrom,
  fields: batchFields,
  where: (ctx) => eq(batch.organisationId, ctx.organisationId),
  search: [batch.name, centre.name, sport.name],
  filters: {
    centre: { schema: idSchema, where: (v: number) => eq(batch.centreId, v), label: 'Center', show: showName(centre) },
    sport: { schema: idSchema, where: (v: number) => eq(batch.sportId, v), label: 'Sport', show: showName(sport) },
    is_active: activeFilter(batch.isActive),
    weekday: {
      schema: z.coerce.number().int().min(1).max(7),
      where: (v: number) => sql`${v}::int = any(${batch.weekdays})`,
      label: 'Day',
      show: (v: number) => DAYS[v - 1],
    },
    /** The batches a member is in. */
    member: {
      schema: idSchema,
      where: (v: number) =>
        sql`exists (select 1 from batch_member bm where bm.organisation_id = ${batch.organisationId} and bm.batch_id = ${batch.id} and bm.member_id = ${v})`,
      label: 'Member',
      show: showMember,
    },
    has_seats: {
      schema: z.stringbool(),
      where: (v: boolean) => (v ? sql`${batch.memberCount} < ${batch.capacity}` : sql`${batch.memberCount} >= ${batch.capacity}`),
      label: 'Seats left',
      show: (v: boolean) => (v ? 'Yes' : 'No'),
    },
  },
  ordering: {
    id: batch.id,
    name: batch.name,
    centre: centre.name,
    sport: sport.name,
    start_time: batch.startTime,
    capacity: batch.capacity,
    members_count: batch.memberCount,
    seats_left: sql`${batch.capacity} - ${batch.memberCount}`,
    is_active: batch.isActive,
    created_at: batch.createdAt,
  },
  defaultOrdering: [asc(centre.name), asc(batch.startTime), asc(batch.name)],
  tiebreak: batch.id,
  map: (_tx, _ctx, rows) => rows.map(batchJson),
  export: {
    filename: 'batches',
    title: 'Batches',
    columns: [
      { header: 'Name', value: (b) => b.name },
      { header: 'Sport', value: (b) => b.sport_name },
      { header: 'Center', value: (b) => b.centre_name },
      { header: 'Days', value: (b) => daysText(b.weekdays) },
      { header: 'Start', value: (b) => b.start_time, type: 'time' },
      { header: 'End', value: (b) => b.end_time, type: 'time' },
      { header: 'Capacity', value: (b) => b.capacity, type: 'number' },
      { header: 'Members', value: (b) => b.members_count, type: 'number' },
      { header: 'Seats left', value: (b) => b.seats_left, type: 'number' },
      { header: 'Status', value: (b) => (b.is_active ? 'Active' : 'Inactive') },
      { header: 'Created', value: (b) => b.created_at, type: 'datetime' },
    ],
  },
};

/** `batch/` and its members (`batch/{id}/members/`). */
export async function batchRoutes(app: FastifyInstance): Promise<void> {
  const module = MODULE;
  listRoute(app, e.list, { module, tags, summary: 'Batches with their seats', list: batchList });

  route(app, e.dropdown, {
    module,
    tags,
    summary: 'Active batches for selects ("Morning Yoga · 06:00"), of one centre with `centre`',
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => {
        const rows = await tx
          .select({ id: batch.id, name: batch.name, start: batch.startTime })
          .from(batch)
          .where(
            and(
              eq(batch.organisationId, ctx.organisationId),
              eq(batch.isActive, true),
              request.query.centre ? eq(batch.centreId, request.query.centre) : undefined,
            ),
          )
          .orderBy(asc(batch.startTime), asc(batch.name), asc(batch.id));
        return { results: rows.map((b) => ({ id: b.id, name: `${b.name} · ${b.start.slice(0, 5)}` })) };
      }),
  });

  route(app, e.create, {
    module,
    tags,
    summary: 'Create a batch',
    handler: async (request, reply) => reply.status(201).send(await inTenant(request, (tx, ctx) => createBatch(tx, ctx, request.body))),
  });

  route(app, e.retrieve, {
    module,
    tags,
    summary: 'A batch',
    handler: async (request) => inTenant(request, (tx, ctx) => loadBatch(tx, ctx, request.params.id)),
  });

  for (const [endpoint, summary] of [
    [e.update, 'Replace a batch'],
    [e.partialUpdate, 'Update part of a batch (the capacity never below its members)'],
  ] as const)
    route(app, endpoint, {
      module,
      tags,
      summary,
      handler: async (request) => inTenant(request, (tx, ctx) => updateBatch(tx, ctx, { ...request.body, id: request.params.id })),
    });

  route(app, e.remove, {
    module,
    tags,
    summary: 'Delete a batch nobody is in',
    handler: async (request, reply) => {
      await inTenant(request, (tx, ctx) => deleteBatch(tx, ctx, { id: request.params.id }));
      return reply.status(204).send(null);
    },
  });

  route(app, e.members, {
    module,
    tags,
    summary: 'The members of a batch',
    handler: async (request) => inTenant(request, (tx, ctx) => listBatchMembers(tx, ctx, request.params.id)),
  });

  route(app, e.join, {
    module,
    tags,
    summary: 'A member joins the batch (refused when it is full)',
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await inTenant(request, (tx, ctx) => joinBatch(tx, ctx, { batch: request.params.id, member: request.body.member }))),
  });

  route(app, e.leave, {
    module,
    tags,
    summary: 'A member leaves the batch',
    handler: async (request, reply) => {
      await inTenant(request, (tx, ctx) => leaveBatch(tx, ctx, { batch: request.params.id, member: request.params.member }));
      return reply.status(204).send(null);
    },
  });
}
