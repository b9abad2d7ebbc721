import {
  bookingPaymentSchema,
  fromPaise,
  idSchema,
  toPaise,
  isoDateSchema,
  LEDGER_KIND_LABELS,
  LEDGER_KINDS,
  z,
  type LedgerKind,
} from '@arena/contracts';
import { and, desc, eq, gte, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { listRoute, showName, yesNo, type ListDefinition } from '../../platform/list.js';
import { displayDate } from '../../platform/time.js';
import { centre, paymentMode } from '../administrator/index.js';
import { MODULE } from './constants.js';
import { ledgerEntry } from '../money/index.js';
import { bookedTimeSlot, booking, facility } from './schema.js';

const tags = ['booking'];
type Payment = z.infer<typeof bookingPaymentSchema>;

/** Money movements of bookings on the one ledger: receipts, refunds and reversals. */
const paymentList: ListDefinition<{ p: typeof ledgerEntry.$inferSelect; code: string; name: string; mode: string | null }, Payment> = {
  from: (tx, fields) =>
    tx
      .select(fields)
      .from(ledgerEntry)
      .innerJoin(booking, and(eq(booking.organisationId, ledgerEntry.organisationId), eq(booking.id, ledgerEntry.sourceId)))
      .leftJoin(paymentMode, eq(paymentMode.id, ledgerEntry.paymentModeId))
      .$dynamic(),
  fields: { p: ledgerEntry, code: booking.code, name: booking.name, mode: paymentMode.name },
  where: (ctx) => and(eq(ledgerEntry.organisationId, ctx.organisationId), eq(ledgerEntry.sourceType, 'booking'))!,
  search: [booking.code, booking.name, ledgerEntry.reference],
  filters: {
    date_after: { schema: isoDateSchema, where: (v: string) => gte(ledgerEntry.date, v), label: 'From', show: displayDate },
    date_before: { schema: isoDateSchema, where: (v: string) => lte(ledgerEntry.date, v), label: 'To', show: displayDate },
    payment_mode: {
      schema: idSchema,
      where: (v: number) => eq(ledgerEntry.paymentModeId, v),
      label: 'Payment mode',
      show: showName(paymentMode),
    },
    centre: { schema: idSchema, where: (v: number) => eq(booking.centreId, v), label: 'Center', show: showName(centre) },
    booking: { schema: idSchema, where: (v: number) => eq(ledgerEntry.sourceId, v), label: 'Booking' },
    kind: { schema: z.enum(LEDGER_KINDS), where: (v: LedgerKind) => eq(ledgerEntry.kind, v), label: 'Kind' },
  },
  ordering: {
    paid_on: ledgerEntry.date,
    amount: ledgerEntry.amount,
    booking_code: booking.code,
    name: booking.name,
    payment_mode_name: paymentMode.name,
    created_at: ledgerEntry.createdAt,
  },
  defaultOrdering: [desc(ledgerEntry.id)],
  tiebreak: ledgerEntry.id,
  map: (_tx, _ctx, rows) =>
    rows.map((x) => ({
      id: x.p.id,
      booking: x.p.sourceId!,
      booking_code: x.code,
      name: x.name,
      kind: x.p.kind,
      direction: x.p.direction,
      amount: x.p.amount,
      signed_amount: x.p.direction === 'out' ? fromPaise(-(toPaise(x.p.amount) ?? 0)) : x.p.amount,
      payment_mode: x.p.paymentModeId,
      payment_mode_name: x.mode ?? '',
      reference: x.p.reference,
      paid_on: x.p.date,
      created_at: x.p.createdAt.toISOString(),
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
      { header: 'Amount', value: (p) => p.signed_amount, type: 'money' },
      { header: 'Recorded at', value: (p) => p.created_at, type: 'datetime' },
    ],
  },
};

const bookedSlotSchema = z.object({
  id: z.number(),
  booking: z.number(),
  booking_code: z.string(),
  facility: z.number(),
  facility_name: z.string(),
  time_slot: z.number(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  price: z.string(),
  is_active: z.boolean(),
});
type BookedSlot = z.infer<typeof bookedSlotSchema>;

const bookedSlotList: ListDefinition<{ s: typeof bookedTimeSlot.$inferSelect; code: string; facilityName: string }, BookedSlot> = {
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
  listRoute(app, '/api/booking/booking-transaction/', {
    module: MODULE,
    tags,
    summary: 'Money movements of bookings (receipts, refunds, reversals) on the ledger',
    item: bookingPaymentSchema,
    list: paymentList,
  });
  listRoute(app, '/api/booking/booked-time-slot/', {
    module: MODULE,
    tags,
    summary: 'Booked slots (active ones by default)',
    item: bookedSlotSchema,
    list: bookedSlotList,
  });
}
