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
  batchesJson,
  createBatch,
  deleteBatch,
  joinBatch,
  leaveBatch,
  listBatchMembers,
  loadBatch,
  updateBatch,
  type BatchJoin,
} from './batch.service.js';
import { MEMBER_CHOOSERS, MODULE, tags } from './constants.js';
import { markRollCall, rollCall } from './roll-call.service.js';
import { batchSeatFields } from './seats.js';
import { confirmOffer, declineOffer, joinWaitlist, listWaitlist, removeFromWaitlist } from './waitlist.service.js';
import { batch } from './schema.js';

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const daysText = (weekdays: number[]) => weekdays.map((d) => DAYS[d - 1]).join(', ');

const seat = batchSeatFields('batch');
/** Seats a member can be added to (none while someone waits), as the batch's `seats_left`. */
const seatsLeft = sql`(case when ${batch.isActive} then ${batch.capacity} - ${seat.held} - ${seat.waiting} else 0 end)`;

const batchList: ListDefinition<BatchJoin, Batch> = {
  from: batchesFrom,
  fields: batchFields,
  where: (ctx) => eq(batch.organisationId, ctx.organisationId),
  search: [batch.name, centre.name, sport.name],
  filters: {
    centre: { schema: idSchema, where: (v: number) => eq(batch.centreId, v), label: 'Center', show: showName(centre) },
    sport: { schema: idSchema, where: (v: number) => eq(batch.sportId, v), label: 'Sport', show: showName(sport) },
    /** The batches a staff member coaches (their page's Assigned Members). */
    coach: { schema: idSchema, where: (v: number) => eq(batch.coachId, v), label: 'Coach' },
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
        sql`exists (select 1 from batch_member bm where bm.organisation_id = ${batch.organisationId} and bm.batch_id = ${batch.id} and bm.member_id = ${v} and bm.freed_on is null)`,
      label: 'Member',
      show: showMember,
    },
    has_seats: {
      schema: z.stringbool(),
      where: (v: boolean) => (v ? sql`${seatsLeft} > 0` : sql`${seatsLeft} <= 0`),
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
    members_count: seat.held,
    seats_left: seatsLeft,
    is_active: batch.isActive,
    created_at: batch.createdAt,
  },
  defaultOrdering: [asc(centre.name), asc(batch.startTime), asc(batch.name)],
  tiebreak: batch.id,
  map: batchesJson,
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
      { header: 'Lapsed', value: (b) => b.lapsed_count, type: 'number' },
      { header: 'Waiting', value: (b) => b.waitlist_count, type: 'number' },
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
    // Other modules choose members by batch (assigning a diet or a workout, a contact group).
    config: { anyModule: MEMBER_CHOOSERS },
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

  route(app, e.waitlist, {
    module,
    tags,
    summary: "A batch's waiting list: in line (waiting, offered), then the last closed entries",
    handler: async (request) => inTenant(request, (tx, ctx) => listWaitlist(tx, ctx, request.params.id)),
  });

  route(app, e.waitlistJoin, {
    module,
    tags,
    summary: "Put a member on a full batch's waiting list",
    handler: async (request, reply) =>
      reply.status(201).send(await inTenant(request, (tx, ctx) => joinWaitlist(tx, ctx, { batch: request.params.id, ...request.body }))),
  });

  route(app, e.waitlistRemove, {
    module,
    tags,
    summary: 'Take an entry off the waiting list (an offered seat goes to the next in line)',
    handler: async (request, reply) => {
      await inTenant(request, (tx, ctx) => removeFromWaitlist(tx, ctx, { batch: request.params.id, entry: request.params.entry }));
      return reply.status(204).send(null);
    },
  });

  route(app, e.waitlistConfirm, {
    module,
    tags,
    summary: 'Confirm an offered seat: the member joins the batch',
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await inTenant(request, (tx, ctx) => confirmOffer(tx, ctx, { batch: request.params.id, entry: request.params.entry }))),
  });

  route(app, e.waitlistDecline, {
    module,
    tags,
    summary: 'Decline an offered seat: the next in line is offered it',
    handler: async (request) =>
      inTenant(request, (tx, ctx) => declineOffer(tx, ctx, { batch: request.params.id, entry: request.params.entry })),
  });

  route(app, e.rollCall, {
    module,
    tags,
    summary: "A session's roll call (today's, or the next session, by default)",
    handler: async (request) => inTenant(request, (tx, ctx) => rollCall(tx, ctx, { batch: request.params.id, date: request.query.date })),
  });

  route(app, e.rollCallMark, {
    module,
    tags,
    summary: 'Mark a member of a session present, absent or unmarked',
    handler: async (request) =>
      inTenant(request, (tx, ctx) => markRollCall(tx, ctx, { batch: request.params.id, member: request.params.member, ...request.body })),
  });
}
