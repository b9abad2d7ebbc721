import {
  bookingTransactionEndpoints as e,
  fromPaise,
  idSchema,
  paise,
  isoDateSchema,
  LEDGER_KIND_LABELS,
  z,
  type BookedTimeSlot,
  type bookingPaymentSchema,
} from '@arena/contracts';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { listRoute, showName, yesNo, type ListDefinition } from '../../platform/list.js';
import { displayDate } from '../../platform/time.js';
import { MODULE } from './constants.js';
import { saleMovementList } from '../money/index.js';
import { bookedTimeSlot, booking, facility } from './schema.js';

const tags = ['booking'];
type Payment = z.infer<typeof bookingPaymentSchema>;

/** Money movements of bookings on the one ledger: receipts, refunds and reversals (the money module's list over the booking's columns). */
const paymentList = () =>
  saleMovementList<Payment>('booking', {
    sourceKey: 'booking',
    sourceLabel: 'Booking',
    labelKey: 'booking_code',
    partyKey: 'name',
    map: (rows) =>
      rows.map((x) => ({
        id: x.id,
        booking: x.sourceId,
        booking_code: x.label,
        name: x.party,
        kind: x.kind,
        direction: x.direction,
        amount: x.amount,
        signed_amount: x.direction === 'out' ? fromPaise(-paise(x.amount)) : x.amount,
        payment_mode: x.paymentModeId,
        payment_mode_name: x.paymentModeName,
        reference: x.reference,
        paid_on: x.date,
        created_at: x.createdAt.toISOString(),
      })),
    export: {
      filename: 'booking-transactions',
      title: 'Booking transactions',
      columns: [
        { header: 'Paid on', value: (p) => p.paid_on, type: 'date' },
        { header: 'Booking', value: (p) => p.booking_code },
        { header: 'Client', value: (p) => p.name },
        { header: 'Kind', value: (p) => LEDGER_KIND_LABELS[p.kind] },
        { header: 'Payment mode', value: (p) => p.payment_mode_name },
        { header: 'Reference', value: (p) => p.reference },
        // Collections as they add up: money out (refunds) negative.
        { header: 'Amount', value: (p) => p.signed_amount, type: 'money', total: true },
        { header: 'Recorded at', value: (p) => p.created_at, type: 'datetime' },
      ],
    },
  });

const bookedSlotList: ListDefinition<{ s: typeof bookedTimeSlot.$inferSelect; code: string; facilityName: string }, BookedTimeSlot> = {
  from: (tx, fields) =>
    tx
      .select(fields)
      .from(bookedTimeSlot)
      .innerJoin(booking, eq(booking.id, bookedTimeSlot.bookingId))
      .innerJoin(facility, eq(facility.id, bookedTimeSlot.facilityId))
      .$dynamic(),
  fields: { s: bookedTimeSlot, code: booking.code, facilityName: facility.name },
  where: (ctx) => eq(bookedTimeSlot.organisationId, ctx.organisationId),
  search: [booking.code, booking.name],
  filters: {
    date: { schema: isoDateSchema, where: (v: string) => eq(bookedTimeSlot.date, v), label: 'Date', show: displayDate },
    facility: { schema: idSchema, where: (v: number) => eq(bookedTimeSlot.facilityId, v), label: 'Facility', show: showName(facility) },
    // Active slots unless asked otherwise: a cancelled booking's slots are history.
    active: {
      schema: z.stringbool().default(true),
      where: (v: boolean) => eq(bookedTimeSlot.isActive, v),
      label: 'Active',
      show: yesNo,
    },
  },
  ordering: { date: bookedTimeSlot.date, start_time: bookedTimeSlot.startTime, price: bookedTimeSlot.price },
  defaultOrdering: [desc(bookedTimeSlot.date), desc(bookedTimeSlot.id)],
  tiebreak: bookedTimeSlot.id,
  map: (_tx, _ctx, rows) =>
    rows.map(({ s, code, facilityName }) => ({
      id: s.id,
      booking: s.bookingId,
      booking_code: code,
      facility: s.facilityId,
      facility_name: facilityName,
      time_slot: s.timeSlotId,
      date: s.date,
      start_time: s.startTime,
      end_time: s.endTime,
      price: s.price,
      is_active: s.isActive,
    })),
  export: {
    filename: 'booked-slots',
    title: 'Booked slots',
    columns: [
      { header: 'Date', value: (s) => s.date, type: 'date' },
      { header: 'Start', value: (s) => s.start_time, type: 'time' },
      { header: 'End', value: (s) => s.end_time, type: 'time' },
      { header: 'Facility', value: (s) => s.facility_name },
      { header: 'Booking', value: (s) => s.booking_code },
      { header: 'Price', value: (s) => s.price, type: 'money' },
      { header: 'Active', value: (s) => s.is_active, type: 'boolean' },
    ],
  },
};

/** Money received against bookings, and the booked slots themselves. */
export async function transactionRoutes(app: FastifyInstance): Promise<void> {
  listRoute(app, e.payments, {
    module: MODULE,
    tags,
    summary: 'Money movements of bookings (receipts, refunds, reversals) on the ledger',
    list: paymentList(),
  });
  listRoute(app, e.bookedSlots, { module: MODULE, tags, summary: 'Booked slots (active ones by default)', list: bookedSlotList });
}
