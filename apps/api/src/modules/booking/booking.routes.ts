import {
  BOOKING_SOURCES,
  BOOKING_STATUSES,
  bookingCancelSchema,
  bookingCancelSlotsSchema,
  bookingCreditRefundSchema,
  bookingMoveSchema,
  bookingSchema,
  bookingUpdateSchema,
  clientCreditSchema,
  deskBookingInputSchema,
  idParamsSchema,
  idSchema,
  isoDateSchema,
  paymentInputSchema,
  z,
  type Booking,
} from '@arena/contracts';
import { desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listRoute, showName, type ListDefinition } from '../../platform/list.js';
import type { Tx } from '../../platform/db/client.js';
import { ctxOf, inTenant, type Ctx } from '../../platform/request-context.js';
import { displayDate } from '../../platform/time.js';
import { centre } from '../administrator/index.js';
import { bookingsJson, bookingJson, clientCredit, type BookingRow } from './booking.queries.js';
import { cancelSlots, moveBooking } from './booking-changes.service.js';
import { closeBooking, payBooking, refundCredit, updateBooking, type FinalStatus } from './booking-status.service.js';
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
  defaultOrdering: [desc(booking.date), desc(booking.id)],
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
      { header: 'Amount', value: (b) => b.booking_amount, type: 'money' },
      { header: 'Paid', value: (b) => b.paid_amount, type: 'money' },
      { header: 'Due', value: (b) => b.due_amount, type: 'money' },
      { header: 'Booked on', value: (b) => b.created_at, type: 'datetime' },
    ],
  },
};

export async function bookingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { module: MODULE } as const;

  listRoute(app, '/api/booking/booking/', {
    module: MODULE,
    tags,
    summary: 'Bookings with filters and search',
    item: bookingSchema,
    list: bookingList,
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
      const created = await guardSlotRace(() =>
        inTenant(request, async (tx, ctx) => createdBookingJson(await bookAtDesk(tx, ctx, request.body))),
      );
      await sendBookingConfirmation(app, ctxOf(request).organisation, created);
      return reply.status(201).send(created);
    },
  });

  r.get('/api/booking/booking/:id/', {
    config,
    schema: { tags, summary: 'A booking', params: idParamsSchema, response: { 200: bookingSchema } },
    handler: async (request) => inTenant(request, (tx, ctx) => bookingJson(tx, ctx, request.params.id)),
  });

  r.patch('/api/booking/booking/:id/', {
    config,
    schema: {
      tags,
      summary: 'Change the discount or notes of a booking',
      params: idParamsSchema,
      body: bookingUpdateSchema,
      response: { 200: bookingSchema },
    },
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => bookingJson(tx, ctx, await updateBooking(tx, ctx, { id: request.params.id, ...request.body }))),
  });

  const transition = (path: string, to: FinalStatus, summary: string) =>
    r.post(`/api/booking/booking/:id/${path}/`, {
      config,
      schema: {
        tags,
        summary,
        params: idParamsSchema,
        /** Cancelling only: `refund`, money given back (never more than paid), as a ledger refund with a credit note; the rest stays as credit. */
        body: bookingCancelSchema.nullish(),
        response: { 200: bookingSchema },
      },
      handler: async (request) =>
        inTenant(request, async (tx, ctx) =>
          bookingJson(
            tx,
            ctx,
            await closeBooking(tx, ctx, { id: request.params.id, to, reason: request.body?.reason, refund: request.body?.refund }),
          ),
        ),
    });
  transition('cancel', 'cancelled', 'Cancel a booking and free its slots');
  transition('complete', 'completed', 'Mark a booking completed');
  transition('no-show', 'no_show', 'Mark a booking as a no-show');

  /** A POST on one booking: its body goes to one service with the booking's id, and the booking comes back. */
  const bookingAction = <B extends z.ZodTypeAny>(
    path: string,
    summary: string,
    body: B,
    service: (tx: Tx, ctx: Ctx, id: number, input: z.infer<B>) => Promise<BookingRow>,
    opts: { slotRace?: boolean } = {},
  ) =>
    r.post(`/api/booking/booking/:id/${path}/`, {
      config,
      schema: { tags, summary, params: idParamsSchema, body, response: { 200: bookingSchema } },
      handler: async (request) => {
        const run = () =>
          inTenant(request, async (tx, ctx) => bookingJson(tx, ctx, await service(tx, ctx, request.params.id, request.body as z.infer<B>)));
        return opts.slotRace ? guardSlotRace(run) : run();
      },
    });
  bookingAction(
    'cancel-slots',
    'Cancel some slots of a booking: they are freed, the total recomputed, the excess paid refunded (as asked) or kept as credit',
    bookingCancelSlotsSchema,
    (tx, ctx, id, input) => cancelSlots(tx, ctx, { id, ...input }),
  );
  bookingAction(
    'move',
    'Move a booking to other free slots (a date, a facility of its centre); 409 when one is taken',
    bookingMoveSchema,
    (tx, ctx, id, input) => moveBooking(tx, ctx, { id, ...input }),
    { slotRace: true },
  );
  bookingAction(
    'refund',
    'Refund (part of) the credit a booking holds, with a credit note',
    bookingCreditRefundSchema,
    (tx, ctx, id, input) => refundCredit(tx, ctx, { id, ...input }),
  );
  bookingAction('payments', 'Record a payment against a booking', paymentInputSchema, (tx, ctx, id, input) =>
    payBooking(tx, ctx, { ...input, booking: id }),
  );

  r.get('/api/booking/client/:id/credit/', {
    config,
    schema: {
      tags,
      summary: "A client's credit: the sum over their bookings",
      params: idParamsSchema,
      response: { 200: clientCreditSchema },
    },
    handler: async (request) => inTenant(request, (tx, ctx) => clientCredit(tx, ctx, request.params.id)),
  });
}
