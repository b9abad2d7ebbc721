import {
  BOOKING_SOURCES,
  BOOKING_STATUSES,
  bookingPaymentSchema,
  bookingSchema,
  deskBookingInputSchema,
  idParamsSchema,
  idSchema,
  isoDateSchema,
  listQuerySchema,
  moneySchema,
  paginatedSchema,
  paymentInputSchema,
  publicBookingRequestSchema,
  text,
  toPaise,
  z,
} from '@arena/contracts';
import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, record } from '../../platform/audit.js';
import { withTenant } from '../../platform/db/client.js';
import { badRequest, conflict, fieldError, tooManyRequests } from '../../platform/errors.js';
import { orderingClause, pageOfTable, paginate, searchCondition } from '../../platform/pagination.js';
import { bookedTimeSlot, booking, bookingPayment, paymentMode } from '../../db/schema/index.js';
import { bookingsJson, loadBooking } from './booking.queries.js';
import { addPayment, createBooking, guardSlotRace, MODULE } from './booking.service.js';
import { loadFacility } from './facility.service.js';
import { sendBookingConfirmation } from './notify.js';
import { invalidateSlotsOnWrite } from './availability-cache.js';

const tags = ['booking'];
const bookingListQuery = listQuerySchema.extend({
  date: isoDateSchema.optional(),
  date_after: isoDateSchema.optional(),
  date_before: isoDateSchema.optional(),
  facility: idSchema.optional(),
  centre: idSchema.optional(),
  client: idSchema.optional(),
  status: z.enum(BOOKING_STATUSES).optional(),
  source: z.enum(BOOKING_SOURCES).optional(),
});

export async function bookingRoutes(app: FastifyInstance): Promise<void> {
  invalidateSlotsOnWrite(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { module: MODULE } as const;
  const one = async (request: FastifyRequest, id: number) =>
    withTenant(
      app.db,
      request.organisation!.id,
      async (tx) => (await bookingsJson(tx, request.organisation!.id, [await loadBooking(tx, request.organisation!.id, id)]))[0],
    );

  r.get('/api/booking/booking/', {
    config,
    schema: {
      tags,
      summary: 'Bookings with filters and search',
      querystring: bookingListQuery,
      response: { 200: paginatedSchema(bookingSchema) },
    },
    handler: async (request) => {
      const q = request.query;
      const org = request.organisation!.id;
      const where = and(
        eq(booking.organisationId, org),
        q.date ? eq(booking.date, q.date) : undefined,
        q.date_after ? gte(booking.date, q.date_after) : undefined,
        q.date_before ? lte(booking.date, q.date_before) : undefined,
        q.facility ? eq(booking.facilityId, q.facility) : undefined,
        q.centre ? eq(booking.centreId, q.centre) : undefined,
        q.client ? eq(booking.clientId, q.client) : undefined,
        q.status ? eq(booking.status, q.status) : undefined,
        q.source ? eq(booking.source, q.source) : undefined,
        searchCondition(q.search, [booking.code, booking.name, booking.mobile, booking.email]),
      ) as SQL;
      const order = orderingClause(
        q.ordering,
        {
          date: booking.date,
          created_at: booking.createdAt,
          code: booking.code,
          booking_amount: booking.bookingAmount,
          name: booking.name,
        },
        [desc(booking.date), desc(booking.id)],
      );
      return withTenant(app.db, org, (tx) =>
        paginate(request, q, {
          count: async () => (await tx.select({ n: count() }).from(booking).where(where))[0].n,
          rows: async (limit, offset) =>
            bookingsJson(
              tx,
              org,
              await tx
                .select()
                .from(booking)
                .where(where)
                .orderBy(...order)
                .limit(limit)
                .offset(offset),
            ),
        }),
      );
    },
  });

  r.post('/api/booking/booking/', {
    config,
    schema: {
      tags,
      summary: 'Book slots at the desk for a client (optionally with a payment)',
      body: deskBookingInputSchema,
      response: { 201: bookingSchema },
    },
    handler: async (request, reply) => {
      const b = request.body;
      const org = request.organisation!;
      if (!b.client && !b.name) throw badRequest({ name: ['Name is required'] });
      const created = await guardSlotRace(() =>
        withTenant(app.db, org.id, async (tx) => {
          const facility = await loadFacility(tx, org.id, b.facility).catch(() => {
            throw fieldError('facility', `Invalid pk "${b.facility}" - object does not exist.`);
          });
          if (!facility.isActive) throw fieldError('facility', 'This facility is not active.');
          const row = await createBooking(tx, org.id, actorOf(request), {
            facility,
            date: b.date,
            slotIds: b.time_slot_ids,
            source: 'desk',
            timeZone: org.timeZone,
            client: b.client ? { id: b.client } : { name: b.name!, email: b.email ?? '', mobile: b.mobile_no ?? '' },
            discount: b.discount,
            notes: b.notes,
            payment: b.payment,
            ignoreWindow: true,
          });
          return (await bookingsJson(tx, org.id, [row]))[0];
        }),
      );
      await sendBookingConfirmation(app, org, created);
      return reply.status(201).send(created);
    },
  });

  r.get('/api/booking/booking/:id/', {
    config,
    schema: { tags, summary: 'A booking', params: idParamsSchema, response: { 200: bookingSchema } },
    handler: async (request) => one(request, request.params.id),
  });

  r.patch('/api/booking/booking/:id/', {
    config,
    schema: {
      tags,
      summary: 'Change the discount or notes of a booking',
      params: idParamsSchema,
      body: z.object({ discount: moneySchema.optional(), notes: text(1000).optional() }),
      response: { 200: bookingSchema },
    },
    handler: async (request) => {
      const org = request.organisation!.id;
      await withTenant(app.db, org, async (tx) => {
        const before = await loadBooking(tx, org, request.params.id, true);
        const changes: Partial<typeof booking.$inferInsert> = {};
        if (request.body.notes !== undefined) changes.notes = request.body.notes;
        if (request.body.discount !== undefined) {
          if (before.status === 'cancelled') throw conflict('A cancelled booking cannot be changed.');
          const discount = toPaise(request.body.discount)!;
          const sub = toPaise(before.subTotal)!;
          if (discount > sub) throw fieldError('discount', 'The discount cannot exceed the slot total.');
          if (sub - discount < toPaise(before.paidAmount)!)
            throw fieldError('discount', 'The booking amount cannot fall below what has been paid.');
          changes.discount = request.body.discount;
          changes.bookingAmount = sql`${booking.subTotal} - ${request.body.discount}::numeric` as unknown as string;
        }
        const [after] = await tx
          .update(booking)
          .set({ ...changes, updatedAt: new Date() })
          .where(and(eq(booking.organisationId, org), eq(booking.id, before.id)))
          .returning();
        await record(tx, actorOf(request), {
          module: MODULE,
          resource: 'booking',
          objectId: before.id,
          action: 'update',
          before: { discount: before.discount, notes: before.notes },
          after: { discount: after.discount, notes: after.notes },
        });
      });
      return one(request, request.params.id);
    },
  });

  const transition = (path: string, to: 'cancelled' | 'completed' | 'no_show', summary: string) =>
    r.post(`/api/booking/booking/:id/${path}/`, {
      config,
      schema: {
        tags,
        summary,
        params: idParamsSchema,
        body: z.object({ reason: text(500).optional() }).nullish(),
        response: { 200: bookingSchema },
      },
      handler: async (request) => {
        const org = request.organisation!.id;
        await withTenant(app.db, org, async (tx) => {
          const row = await loadBooking(tx, org, request.params.id, true);
          if (row.status !== 'confirmed')
            throw conflict(`Only a confirmed booking can be marked ${to.replace('_', '-')}; this one is ${row.status.replace('_', '-')}.`);
          await tx
            .update(booking)
            .set({
              status: to,
              updatedAt: new Date(),
              ...(to === 'cancelled' ? { cancelledAt: new Date(), cancelReason: request.body?.reason ?? '' } : {}),
            })
            .where(and(eq(booking.organisationId, org), eq(booking.id, row.id)));
          // Cancelling frees the slots for new bookings; a completed or no-show booking keeps them.
          if (to === 'cancelled')
            await tx
              .update(bookedTimeSlot)
              .set({ isActive: false })
              .where(and(eq(bookedTimeSlot.organisationId, org), eq(bookedTimeSlot.bookingId, row.id)));
          await record(tx, actorOf(request), {
            module: MODULE,
            resource: 'booking',
            objectId: row.id,
            action: 'update',
            before: { status: row.status },
            after: { status: to, reason: request.body?.reason ?? null },
          });
        });
        return one(request, request.params.id);
      },
    });
  transition('cancel', 'cancelled', 'Cancel a booking and free its slots');
  transition('complete', 'completed', 'Mark a booking completed');
  transition('no-show', 'no_show', 'Mark a booking as a no-show');

  r.post('/api/booking/booking/:id/payments/', {
    config,
    schema: {
      tags,
      summary: 'Record a payment against a booking',
      params: idParamsSchema,
      body: paymentInputSchema,
      response: { 200: bookingSchema },
    },
    handler: async (request) => {
      const org = request.organisation!;
      await withTenant(app.db, org.id, async (tx) =>
        addPayment(tx, org.id, actorOf(request), await loadBooking(tx, org.id, request.params.id, true), request.body, org.timeZone),
      );
      return one(request, request.params.id);
    },
  });

  const txQuery = listQuerySchema.extend({
    date_after: isoDateSchema.optional(),
    date_before: isoDateSchema.optional(),
    payment_mode: idSchema.optional(),
    centre: idSchema.optional(),
    booking: idSchema.optional(),
  });
  r.get('/api/booking/booking-transaction/', {
    config,
    schema: {
      tags,
      summary: 'Payments received against bookings',
      querystring: txQuery,
      response: { 200: paginatedSchema(bookingPaymentSchema) },
    },
    handler: async (request) => {
      const q = request.query;
      const org = request.organisation!.id;
      const where = and(
        eq(bookingPayment.organisationId, org),
        q.date_after ? gte(bookingPayment.paidOn, q.date_after) : undefined,
        q.date_before ? lte(bookingPayment.paidOn, q.date_before) : undefined,
        q.payment_mode ? eq(bookingPayment.paymentModeId, q.payment_mode) : undefined,
        q.booking ? eq(bookingPayment.bookingId, q.booking) : undefined,
        q.centre ? eq(booking.centreId, q.centre) : undefined,
        searchCondition(q.search, [booking.code, booking.name, bookingPayment.reference]),
      ) as SQL;
      return withTenant(app.db, org, (tx) => {
        const base = () =>
          tx
            .select({ p: bookingPayment, code: booking.code, name: booking.name, mode: paymentMode.name })
            .from(bookingPayment)
            .innerJoin(booking, eq(booking.id, bookingPayment.bookingId))
            .innerJoin(paymentMode, eq(paymentMode.id, bookingPayment.paymentModeId))
            .where(where);
        return paginate(request, q, {
          count: async () =>
            (
              await tx.select({ n: count() }).from(bookingPayment).innerJoin(booking, eq(booking.id, bookingPayment.bookingId)).where(where)
            )[0].n,
          rows: async (limit, offset) =>
            (await base().orderBy(desc(bookingPayment.id)).limit(limit).offset(offset)).map((x) => ({
              id: x.p.id,
              booking: x.p.bookingId,
              booking_code: x.code,
              name: x.name,
              amount: x.p.amount,
              payment_mode: x.p.paymentModeId,
              payment_mode_name: x.mode,
              reference: x.p.reference,
              paid_on: x.p.paidOn,
              created_at: x.p.createdAt.toISOString(),
            })),
        });
      });
    },
  });

  r.get('/api/booking/booked-time-slot/', {
    config,
    schema: {
      tags,
      summary: 'Booked slots (active ones by default)',
      querystring: listQuerySchema.extend({
        date: isoDateSchema.optional(),
        facility: idSchema.optional(),
        active: z.stringbool().optional(),
      }),
      response: {
        200: paginatedSchema(
          z.object({
            id: z.number(),
            booking: z.number(),
            facility: z.number(),
            time_slot: z.number(),
            date: z.string(),
            start_time: z.string(),
            end_time: z.string(),
            price: z.string(),
            is_active: z.boolean(),
          }),
        ),
      },
    },
    handler: async (request) => {
      const q = request.query;
      const org = request.organisation!.id;
      const where = and(
        eq(bookedTimeSlot.organisationId, org),
        q.date ? eq(bookedTimeSlot.date, q.date) : undefined,
        q.facility ? eq(bookedTimeSlot.facilityId, q.facility) : undefined,
        eq(bookedTimeSlot.isActive, q.active ?? true),
      );
      return withTenant(app.db, org, (tx) =>
        pageOfTable(request, q, tx, bookedTimeSlot, where, [desc(bookedTimeSlot.date), desc(bookedTimeSlot.id)], (s) => ({
          id: s.id,
          booking: s.bookingId,
          facility: s.facilityId,
          time_slot: s.timeSlotId,
          date: s.date,
          start_time: s.startTime,
          end_time: s.endTime,
          price: s.price,
          is_active: s.isActive,
        })),
      );
    },
  });

  // ---- the public portal ----
  r.post('/api/public/bookings/', {
    config: {
      auth: 'none',
      rateLimit: {
        max: app.config.BOOKING_RATE_LIMIT_PER_MINUTE,
        timeWindow: 60_000,
        errorResponseBuilder: (_req: unknown, ctx: { ttl: number }) =>
          tooManyRequests(
            `Too many booking requests from this address. Try again in ${Math.max(1, Math.ceil(ctx.ttl / 1000))} seconds.`,
            Math.max(1, Math.ceil(ctx.ttl / 1000)),
          ),
      },
    },
    schema: {
      tags: ['public'],
      summary: 'Book slots from the online portal (no login)',
      security: [],
      body: publicBookingRequestSchema,
      response: { 201: bookingSchema },
    },
    handler: async (request, reply) => {
      const b = request.body;
      const org = request.organisation!;
      if (b.time_slots.length > app.config.BOOKING_MAX_SLOTS)
        throw fieldError('time_slots', `At most ${app.config.BOOKING_MAX_SLOTS} slots can be booked at once.`);
      if (b.time_slots.some((s) => s.date !== b.date)) throw fieldError('time_slots', 'Every slot must be on the booking date.');
      const created = await guardSlotRace(() =>
        withTenant(app.db, org.id, async (tx) => {
          const facility = await loadFacility(tx, org.id, b.facility).catch(() => {
            throw fieldError('facility', `Invalid pk "${b.facility}" - object does not exist.`);
          });
          if (!facility.isActive || !facility.enableOnlineBooking)
            throw fieldError('facility', 'This facility is not open for online booking.');
          if (facility.centreId !== b.centre) throw fieldError('facility', 'This facility is not in the selected centre.');
          const [{ n }] = await tx
            .select({ n: count() })
            .from(booking)
            .where(
              and(
                eq(booking.organisationId, org.id),
                eq(booking.mobile, b.mobile_no),
                eq(booking.date, b.date),
                eq(booking.source, 'online'),
                eq(booking.status, 'confirmed'),
              ),
            );
          if (n >= app.config.BOOKING_MAX_PER_PHONE_PER_DAY)
            throw tooManyRequests(
              `This phone number already has ${n} open online bookings for this date. Please call the centre to book more.`,
            );
          const row = await createBooking(
            tx,
            org.id,
            { ...actorOf(request), actorId: null, actorEmail: null },
            {
              facility,
              date: b.date,
              slotIds: b.time_slots.map((s) => s.slot),
              source: 'online',
              timeZone: org.timeZone,
              client: { name: b.name, email: b.email, mobile: b.mobile_no },
              expected: { booking_amount: b.booking_amount, sub_total: b.sub_total },
            },
          );
          return (await bookingsJson(tx, org.id, [row]))[0];
        }),
      );
      await sendBookingConfirmation(app, org, created);
      return reply.status(201).send(created);
    },
  });
}
