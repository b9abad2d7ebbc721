import {
  BOOKING_SOURCES,
  BOOKING_STATUSES,
  bookingEndpoints as e,
  bookingClientEndpoints,
  idSchema,
  isoDateSchema,
  z,
  type Booking,
} from '@arena/contracts';
import { desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { listRoute, showName, type ListDefinition } from '../../platform/list.js';
import type { Tx } from '../../platform/db/client.js';
import { ctxOf, inTenant, type Ctx } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { displayDate, ORG_TODAY } from '../../platform/time.js';
import { centre } from '../administrator/index.js';
import { bookingsJson, bookingJson, clientCredit, type BookingRow } from './booking.queries.js';
import { cancelSlots, moveBooking } from './booking-changes.service.js';
import { closeBooking, payBooking, refundCredit, updateBooking } from './booking-status.service.js';
import { bookAtDesk } from './booking-entry.service.js';
import { createdBookingJson, guardSlotRace } from './booking.service.js';
import { MODULE } from './constants.js';
import { sendBookingConfirmation } from './notify.js';
import { booking, facility } from './schema.js';

const tags = ['booking'];

const bookingList: ListDefinition<{ row: BookingRow }, Booking> = {
  from: (tx, fields) => tx.select(fields).from(booking).$dynamic(),
  fields: { row: booking },
  where: (ctx) => eq(booking.organisationId, ctx.organisationId),
  // code, name, mobile or e-mail containing the text, through the trigram indexes (migration 0007)
  search: (pattern) => sql`${booking.id} in (select booking_search_ids(${pattern}))`,
  filters: {
    date: { schema: isoDateSchema, where: (v: string) => eq(booking.date, v), label: 'Date', show: displayDate },
    date_after: { schema: isoDateSchema, where: (v: string) => gte(booking.date, v), label: 'From', show: displayDate },
    date_before: { schema: isoDateSchema, where: (v: string) => lte(booking.date, v), label: 'To', show: displayDate },
    facility: { schema: idSchema, where: (v: number) => eq(booking.facilityId, v), label: 'Facility', show: showName(facility) },
    centre: { schema: idSchema, where: (v: number) => eq(booking.centreId, v), label: 'Center', show: showName(centre) },
    client: { schema: idSchema, where: (v: number) => eq(booking.clientId, v), label: 'Client' },
    status: { schema: z.enum(BOOKING_STATUSES), where: (v: Booking['status']) => eq(booking.status, v), label: 'Status' },
    source: { schema: z.enum(BOOKING_SOURCES), where: (v: Booking['source']) => eq(booking.source, v), label: 'Source' },
  },
  ordering: {
    date: booking.date,
    created_at: booking.createdAt,
    code: booking.code,
    booking_amount: booking.bookingAmount,
    paid_amount: booking.paidAmount,
    name: booking.name,
    status: booking.status,
  },
  // The date nearest today first: today and the days ahead in order, then the past, latest first.
  defaultOrdering: [
    sql`(${booking.date} < ${ORG_TODAY})`,
    sql`case when ${booking.date} >= ${ORG_TODAY} then ${booking.date} end`,
    desc(booking.date),
    desc(booking.id),
  ],
  tiebreak: booking.id,
  map: (tx, ctx, rows) =>
    bookingsJson(
      tx,
      ctx,
      rows.map((r) => r.row),
    ),
  export: {
    filename: 'bookings',
    title: 'Bookings',
    columns: [
      { header: 'Code', value: (b) => b.code },
      { header: 'Date', value: (b) => b.date, type: 'date' },
      {
        header: 'Slots',
        value: (b) =>
          b.time_slots
            .filter((s) => s.is_active || b.status === 'cancelled')
            .map((s) => `${s.start_time.slice(0, 5)}–${s.end_time.slice(0, 5)}`)
            .join(', '),
      },
      { header: 'Center', value: (b) => b.centre_name },
      { header: 'Facility', value: (b) => `${b.sport_name} - ${b.facility_name}` },
      { header: 'Client', value: (b) => b.name },
      { header: 'Mobile', value: (b) => b.mobile },
      { header: 'Source', value: (b) => b.source },
      { header: 'Status', value: (b) => b.status.replace('_', '-') },
      { header: 'Amount', value: (b) => b.booking_amount, type: 'money', total: true },
      { header: 'Paid', value: (b) => b.paid_amount, type: 'money', total: true },
      { header: 'Due', value: (b) => b.due_amount, type: 'money', total: true },
      { header: 'Booked on', value: (b) => b.created_at, type: 'datetime' },
    ],
  },
};

export async function bookingRoutes(app: FastifyInstance): Promise<void> {
  listRoute(app, e.list, { module: MODULE, tags, summary: 'Bookings with filters and search', list: bookingList });

  route(app, e.create, {
    module: MODULE,
    tags,
    summary: 'Book slots at the desk for a client (optionally with a payment)',
    handler: async (request, reply) => {
      const created = await guardSlotRace(() =>
        inTenant(request, async (tx, ctx) => createdBookingJson(await bookAtDesk(tx, ctx, request.body))),
      );
      await sendBookingConfirmation(app, ctxOf(request).organisation, created);
      return reply.status(201).send(created);
    },
  });

  route(app, e.retrieve, {
    module: MODULE,
    tags,
    summary: 'A booking',
    handler: async (request) => inTenant(request, (tx, ctx) => bookingJson(tx, ctx, request.params.id)),
  });

  route(app, e.update, {
    module: MODULE,
    tags,
    summary: 'Change the discount or notes of a booking',
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => bookingJson(tx, ctx, await updateBooking(tx, ctx, { id: request.params.id, ...request.body }))),
  });

  /** Runs one service on a booking in the request's transaction, and answers the booking. */
  const answer = (request: FastifyRequest, service: (tx: Tx, ctx: Ctx) => Promise<BookingRow>) =>
    inTenant(request, async (tx, ctx) => bookingJson(tx, ctx, await service(tx, ctx)));

  for (const [endpoint, to, summary] of [
    [e.cancel, 'cancelled', 'Cancel a booking and free its slots'],
    [e.complete, 'completed', 'Mark a booking completed'],
    [e.noShow, 'no_show', 'Mark a booking as a no-show'],
  ] as const)
    route(app, endpoint, {
      module: MODULE,
      tags,
      summary,
      handler: async (request) =>
        answer(request, (tx, ctx) =>
          closeBooking(tx, ctx, {
            id: request.params.id,
            to,
            reason: request.body?.reason,
            refund: request.body?.refund,
            tax_adjustment: request.body?.tax_adjustment,
          }),
        ),
    });

  route(app, e.cancelSlots, {
    module: MODULE,
    tags,
    summary: 'Cancel some slots of a booking: they are freed, the total recomputed, the excess paid refunded (as asked) or kept as credit',
    handler: async (request) => answer(request, (tx, ctx) => cancelSlots(tx, ctx, { id: request.params.id, ...request.body })),
  });

  route(app, e.move, {
    module: MODULE,
    tags,
    summary: 'Move a booking to other free slots (a date, a facility of its centre); 409 when one is taken',
    handler: async (request) =>
      guardSlotRace(() => answer(request, (tx, ctx) => moveBooking(tx, ctx, { id: request.params.id, ...request.body }))),
  });

  route(app, e.refund, {
    module: MODULE,
    tags,
    summary: 'Refund (part of) the credit a booking holds, with a credit note',
    handler: async (request) => answer(request, (tx, ctx) => refundCredit(tx, ctx, { id: request.params.id, ...request.body })),
  });

  route(app, e.pay, {
    module: MODULE,
    tags,
    summary: 'Record a payment against a booking',
    handler: async (request) => answer(request, (tx, ctx) => payBooking(tx, ctx, { ...request.body, booking: request.params.id })),
  });

  route(app, bookingClientEndpoints.credit, {
    module: MODULE,
    tags,
    summary: "A client's credit: the sum over their bookings",
    handler: async (request) => inTenant(request, (tx, ctx) => clientCredit(tx, ctx, request.params.id)),
  });
}
