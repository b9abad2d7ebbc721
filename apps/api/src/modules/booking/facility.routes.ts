import { facilityEndpoints as e, idSchema, type DaySlotGroup, type Facility } from '@arena/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { activeFilter, listRoute, showName, type ListDefinition } from '../../platform/list.js';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { centre, sport } from '../administrator/index.js';
import { MODULE } from './constants.js';
import { dayView } from './day-view.js';
import {
  copySlotGroups,
  createFacility,
  deleteFacility,
  facilitiesJson,
  loadFacility,
  updateFacility,
  type FacilityRow,
} from './facility.service.js';
import { facility } from './schema.js';

const tags = ['booking'];

const facilityList: ListDefinition<{ f: typeof facility.$inferSelect; centreName: string; sportName: string }, Facility> = {
  from: (tx, fields) =>
    tx
      .select(fields)
      .from(facility)
      .innerJoin(sport, eq(sport.id, facility.sportId))
      .innerJoin(centre, eq(centre.id, facility.centreId))
      .$dynamic(),
  fields: { f: facility, centreName: centre.name, sportName: sport.name },
  where: (ctx) => eq(facility.organisationId, ctx.organisationId),
  search: [facility.name, sport.name, centre.name],
  filters: {
    centre: { schema: idSchema, where: (v: number) => eq(facility.centreId, v), label: 'Center', show: showName(centre) },
    sport: { schema: idSchema, where: (v: number) => eq(facility.sportId, v), label: 'Sport', show: showName(sport) },
    is_active: activeFilter(facility.isActive),
    enable_online_booking: activeFilter(facility.enableOnlineBooking, 'Online booking'),
  },
  ordering: { name: facility.name, id: facility.id, created_at: facility.createdAt, sport: sport.name, centre: centre.name },
  defaultOrdering: [asc(centre.name), asc(facility.name)],
  tiebreak: facility.id,
  map: (tx, ctx, rows) =>
    facilitiesJson(
      tx,
      ctx,
      rows.map((r): FacilityRow => ({ ...r.f, centreName: r.centreName, sportName: r.sportName })),
    ),
  export: {
    filename: 'facilities',
    title: 'Facilities',
    columns: [
      { header: 'Facility', value: (f) => f.name },
      { header: 'Sport', value: (f) => f.sport_name },
      { header: 'Center', value: (f) => f.centre_name },
      { header: 'Capacity', value: (f) => f.capacity, type: 'number' },
      { header: 'Slots', value: (f) => f.slot_groups.reduce((n, g) => n + g.time_slots.length, 0), type: 'number' },
      { header: 'Online booking', value: (f) => f.enable_online_booking, type: 'boolean' },
      { header: 'Booking window (days)', value: (f) => f.advance_booking_days, type: 'number' },
      { header: 'Active', value: (f) => f.is_active, type: 'boolean' },
    ],
  },
};

export async function facilityRoutes(app: FastifyInstance): Promise<void> {
  listRoute(app, e.list, { module: MODULE, tags, summary: 'Facilities with their slot templates', list: facilityList });

  route(app, e.dropdown, {
    module: MODULE,
    tags,
    summary: 'Active facilities as "sport - facility"',
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => {
        const rows = await tx
          .select({ id: facility.id, name: facility.name, sportName: sport.name })
          .from(facility)
          .innerJoin(sport, eq(sport.id, facility.sportId))
          .where(
            and(
              eq(facility.organisationId, ctx.organisationId),
              eq(facility.isActive, true),
              request.query.centre ? eq(facility.centreId, request.query.centre) : undefined,
            ),
          )
          .orderBy(asc(sport.name), asc(facility.name));
        return { results: rows.map((x) => ({ id: x.id, name: `${x.sportName} - ${x.name}` })) };
      }),
  });

  route(app, e.create, {
    module: MODULE,
    tags,
    summary: 'Create a facility (optionally with its slot groups)',
    handler: async (request, reply) => reply.status(201).send(await inTenant(request, (tx, ctx) => createFacility(tx, ctx, request.body))),
  });

  route(app, e.retrieve, {
    module: MODULE,
    tags,
    summary: 'A facility with its slot template',
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => (await facilitiesJson(tx, ctx, [await loadFacility(tx, ctx, request.params.id)]))[0]),
  });

  for (const [endpoint, summary] of [
    [e.update, 'Replace a facility'],
    [e.partialUpdate, 'Update part of a facility; slot_groups, when sent, replaces the template'],
  ] as const)
    route(app, endpoint, {
      module: MODULE,
      tags,
      summary,
      handler: async (request) => inTenant(request, (tx, ctx) => updateFacility(tx, ctx, { ...request.body, id: request.params.id })),
    });

  route(app, e.remove, {
    module: MODULE,
    tags,
    summary: 'Delete a facility that has no bookings',
    handler: async (request, reply) => {
      await inTenant(request, (tx, ctx) => deleteFacility(tx, ctx, { id: request.params.id }));
      return reply.status(204).send(null);
    },
  });

  route(app, e.copySlotGroups, {
    module: MODULE,
    tags,
    summary:
      'Copy every slot group of facility {id} (with its slots and prices) to to_facility, after its own groups; a group name it already has is refused',
    handler: async (request) =>
      inTenant(request, (tx, ctx) => copySlotGroups(tx, ctx, { from: request.params.id, to: request.body.to_facility })),
  });

  route(app, e.day, {
    module: MODULE,
    tags,
    summary: 'Staff day view: every slot of a date with its status and booking',
    handler: async (request) =>
      inTenant(
        request,
        async (tx, ctx) =>
          (await dayView(tx, ctx, await loadFacility(tx, ctx, request.params.id), request.params.date, true)) as DaySlotGroup[],
      ),
  });
}
