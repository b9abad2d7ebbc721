import {
  daySlotGroupSchema,
  availableSlotGroupSchema,
  dropdownSchema,
  facilityInputSchema,
  facilitySchema,
  idParamsSchema,
  idSchema,
  listQuerySchema,
  paginatedSchema,
  z,
} from '@arena/contracts';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, record } from '../../platform/audit.js';
import { partialWithoutDefaults } from '../../platform/crud.js';
import { withTenant, type Tx } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { orderingClause, paginate, searchCondition } from '../../platform/pagination.js';
import { bookedTimeSlot, booking, centre, facility, sport } from '../../db/schema/index.js';
import { nowIn, parsePathDate, slotPrice, slotStatus } from './availability.js';
import { paymentStatus } from './booking.queries.js';
import { MODULE } from './booking.service.js';
import { cachedSlots, invalidateSlotsOnWrite } from './availability-cache.js';
import {
  createFacility,
  deleteFacility,
  facilitiesJson,
  loadFacility,
  loadFacilityRows,
  loadTemplates,
  uniqueFacilityError,
  updateFacility,
  type FacilityRow,
} from './facility.service.js';

const tags = ['booking'];
const bool = z.stringbool().optional();
const listQuery = listQuerySchema.extend({
  centre: idSchema.optional(),
  sport: idSchema.optional(),
  is_active: bool,
  enable_online_booking: bool,
});
const dayParams = z.object({ id: idSchema, date: z.string().max(20) });

/** Slot groups of a facility on a date with each slot's status (and, for staff, who booked it). */
async function dayView(tx: Tx, organisationId: number, f: FacilityRow, dateParam: string, timeZone: string, withBookings: boolean) {
  const date = parsePathDate(dateParam);
  if (!date) throw notFound('Invalid date; use dd-MM-yyyy.');
  const { groups, slots } = await loadTemplates(tx, organisationId, [f.id]);
  const booked = await tx
    .select({ slotId: bookedTimeSlot.timeSlotId, b: booking })
    .from(bookedTimeSlot)
    .innerJoin(booking, eq(booking.id, bookedTimeSlot.bookingId))
    .where(
      and(
        eq(bookedTimeSlot.organisationId, organisationId),
        eq(bookedTimeSlot.facilityId, f.id),
        eq(bookedTimeSlot.date, date),
        eq(bookedTimeSlot.isActive, true),
      ),
    );
  const bookedIds = new Set(booked.map((b) => b.slotId));
  const ctx = { date, ...nowIn(timeZone), advanceDays: f.advanceBookingDays };
  return groups
    .map((g) => ({
      id: g.id,
      name: g.name,
      time_slots: slots
        .filter((s) => s.slotGroupId === g.id && (withBookings || s.isActive))
        .map((s) => {
          const base = {
            id: s.id,
            start_time: s.startTime,
            end_time: s.endTime,
            price: slotPrice(s, date),
            booking_status: slotStatus({ ...s, groupId: g.id }, ctx, bookedIds),
          };
          if (!withBookings) return base;
          const hit = booked.find((b) => b.slotId === s.id)?.b;
          return {
            ...base,
            booking: hit
              ? {
                  id: hit.id,
                  code: hit.code,
                  name: hit.name,
                  mobile: hit.mobile,
                  status: hit.status,
                  source: hit.source,
                  payment_status: paymentStatus(hit.bookingAmount, hit.paidAmount),
                }
              : null,
          };
        }),
    }))
    .filter((g) => g.time_slots.length);
}

export async function facilityRoutes(app: FastifyInstance): Promise<void> {
  invalidateSlotsOnWrite(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { module: MODULE } as const;

  r.get('/api/booking/facility/', {
    config,
    schema: {
      tags,
      summary: 'Facilities with their slot templates',
      querystring: listQuery,
      response: { 200: paginatedSchema(facilitySchema) },
    },
    handler: async (request) => {
      const q = request.query;
      const org = request.organisation!.id;
      const where = and(
        eq(facility.organisationId, org),
        q.centre ? eq(facility.centreId, q.centre) : undefined,
        q.sport ? eq(facility.sportId, q.sport) : undefined,
        q.is_active === undefined ? undefined : eq(facility.isActive, q.is_active),
        q.enable_online_booking === undefined ? undefined : eq(facility.enableOnlineBooking, q.enable_online_booking),
        searchCondition(q.search, [facility.name, sport.name, centre.name]),
      ) as SQL;
      const order = orderingClause(
        q.ordering,
        { name: facility.name, id: facility.id, created_at: facility.createdAt, sport: sport.name, centre: centre.name },
        [asc(centre.name), asc(facility.name)],
      );
      return withTenant(app.db, org, async (tx) => {
        const base = () =>
          tx
            .select({ id: facility.id })
            .from(facility)
            .innerJoin(sport, eq(sport.id, facility.sportId))
            .innerJoin(centre, eq(centre.id, facility.centreId))
            .where(where);
        return paginate(request, q, {
          count: async () => (await base()).length,
          rows: async (limit, offset) => {
            const ids = (
              await base()
                .orderBy(...order)
                .limit(limit)
                .offset(offset)
            ).map((x) => x.id);
            const rows = await loadFacilityRows(tx, org, ids);
            return facilitiesJson(
              tx,
              org,
              ids.map((id) => rows.find((x) => x.id === id)!),
            );
          },
        });
      });
    },
  });

  r.get('/api/booking/facility/dropdown/', {
    config,
    schema: {
      tags,
      summary: 'Active facilities as "sport - facility"',
      querystring: z.object({ centre: idSchema.optional() }),
      response: { 200: dropdownSchema },
    },
    handler: async (request) => {
      const org = request.organisation!.id;
      const rows = await withTenant(app.db, org, (tx) =>
        tx
          .select({ id: facility.id, name: facility.name, sportName: sport.name })
          .from(facility)
          .innerJoin(sport, eq(sport.id, facility.sportId))
          .where(
            and(
              eq(facility.organisationId, org),
              eq(facility.isActive, true),
              request.query.centre ? eq(facility.centreId, request.query.centre) : undefined,
            ),
          )
          .orderBy(asc(sport.name), asc(facility.name)),
      );
      return { results: rows.map((x) => ({ id: x.id, name: `${x.sportName} - ${x.name}` })) };
    },
  });

  r.post('/api/booking/facility/', {
    config,
    schema: {
      tags,
      summary: 'Create a facility (optionally with its slot groups)',
      body: facilityInputSchema,
      response: { 201: facilitySchema },
    },
    handler: async (request, reply) => {
      const org = request.organisation!.id;
      const out = await withTenant(app.db, org, async (tx) => {
        const id = await createFacility(tx, org, request.body);
        const [json] = await facilitiesJson(tx, org, [await loadFacility(tx, org, id)]);
        await record(tx, actorOf(request), { module: MODULE, resource: 'facility', objectId: id, action: 'create', after: json });
        return json;
      }).catch(uniqueFacilityError);
      return reply.status(201).send(out);
    },
  });

  r.get('/api/booking/facility/:id/', {
    config,
    schema: { tags, summary: 'A facility with its slot template', params: idParamsSchema, response: { 200: facilitySchema } },
    handler: async (request) => {
      const org = request.organisation!.id;
      return withTenant(app.db, org, async (tx) => (await facilitiesJson(tx, org, [await loadFacility(tx, org, request.params.id)]))[0]);
    },
  });

  for (const method of ['put', 'patch'] as const) {
    r[method]('/api/booking/facility/:id/', {
      config,
      schema: {
        tags,
        summary: method === 'put' ? 'Replace a facility' : 'Update part of a facility; slot_groups, when sent, replaces the template',
        params: idParamsSchema,
        body: method === 'put' ? facilityInputSchema : partialWithoutDefaults(facilityInputSchema),
        response: { 200: facilitySchema },
      },
      handler: async (request) => {
        const org = request.organisation!.id;
        const id = request.params.id;
        return withTenant(app.db, org, async (tx) => {
          const [before] = await facilitiesJson(tx, org, [await loadFacility(tx, org, id)]);
          await updateFacility(tx, org, id, request.body as Parameters<typeof updateFacility>[3]);
          const [after] = await facilitiesJson(tx, org, [await loadFacility(tx, org, id)]);
          await record(tx, actorOf(request), { module: MODULE, resource: 'facility', objectId: id, action: 'update', before, after });
          return after;
        }).catch(uniqueFacilityError);
      },
    });
  }

  r.delete('/api/booking/facility/:id/', {
    config,
    schema: { tags, summary: 'Delete a facility that has no bookings', params: idParamsSchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      const org = request.organisation!.id;
      await withTenant(app.db, org, async (tx) => {
        await deleteFacility(tx, org, request.params.id);
        await record(tx, actorOf(request), { module: MODULE, resource: 'facility', objectId: request.params.id, action: 'delete' });
      });
      return reply.status(204).send(null);
    },
  });

  r.get('/api/booking/facility/:id/available-slots/:date/', {
    config,
    schema: {
      tags,
      summary: 'Staff day view: every slot of a date with its status and booking',
      params: dayParams,
      response: { 200: z.array(daySlotGroupSchema) },
    },
    handler: async (request) => {
      const org = request.organisation!;
      return withTenant(
        app.db,
        org.id,
        async (tx) =>
          (await dayView(
            tx,
            org.id,
            await loadFacility(tx, org.id, request.params.id),
            request.params.date,
            org.timeZone,
            true,
          )) as z.infer<typeof daySlotGroupSchema>[],
      );
    },
  });

  r.get('/api/booking/facility/:id/online-available-slots/:date/', {
    config: { auth: 'none' },
    schema: {
      tags: ['public'],
      summary: 'Slots of a date for the public portal (facility must be active and enabled for online booking)',
      security: [],
      params: dayParams,
      response: { 200: z.array(availableSlotGroupSchema) },
    },
    handler: async (request) => {
      const org = request.organisation!;
      return cachedSlots(org.id, request.params.id, request.params.date, () =>
        withTenant(app.db, org.id, async (tx) => {
          const f = await loadFacility(tx, org.id, request.params.id);
          if (!f.isActive || !f.enableOnlineBooking) throw notFound();
          return (await dayView(tx, org.id, f, request.params.date, org.timeZone, false)) as z.infer<typeof availableSlotGroupSchema>[];
        }),
      );
    },
  });

  r.get('/api/public/facilities/', {
    config: { auth: 'none' },
    schema: {
      tags: ['public'],
      summary: 'Facilities of a centre open for online booking',
      security: [],
      querystring: z.object({ centre: idSchema.optional(), enable_online_booking: bool }),
      response: { 200: z.object({ results: z.array(z.object({ id: z.number(), name: z.string(), sport_name: z.string() })) }) },
    },
    handler: async (request) => {
      const org = request.organisation!.id;
      const rows = await withTenant(app.db, org, (tx) =>
        tx
          .select({ id: facility.id, name: facility.name, sport_name: sport.name })
          .from(facility)
          .innerJoin(sport, eq(sport.id, facility.sportId))
          .innerJoin(centre, eq(centre.id, facility.centreId))
          .where(
            and(
              eq(facility.organisationId, org),
              eq(facility.isActive, true),
              eq(centre.isActive, true),
              // The portal only ever lists facilities open for online booking, whatever the query says.
              eq(facility.enableOnlineBooking, true),
              request.query.centre ? eq(facility.centreId, request.query.centre) : undefined,
            ),
          )
          .orderBy(asc(sport.name), asc(facility.name)),
      );
      return { results: rows };
    },
  });
}
