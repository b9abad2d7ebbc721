import { fromPaise, toPaise, type Booking } from '@arena/contracts';
import { and, asc, eq, gt } from 'drizzle-orm';
import { inIds, type Tx } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { centre, sport } from '../administrator/index.js';
import { invoicesOf, refundsOf, supplementaryInvoicesOf } from '../money/index.js';
import { bookedTimeSlot, booking, bookingClient, facility } from './schema.js';

export type BookingRow = typeof booking.$inferSelect;
export type BookingInvoice = Booking['invoice'];

export function paymentStatus(amount: string, paid: string): 'unpaid' | 'partial' | 'paid' {
  const a = toPaise(amount) ?? 0;
  const p = toPaise(paid) ?? 0;
  if (p >= a) return 'paid';
  return p > 0 ? 'partial' : 'unpaid';
}

/** Bookings as API JSON, with names and their slots, in the order of `rows`. */
export async function bookingsJson(tx: Tx, ctx: Ctx, rows: BookingRow[]): Promise<Booking[]> {
  if (!rows.length) return [];
  const organisationId = ctx.organisationId;
  const ids = rows.map((r) => r.id);
  const facilityIds = [...new Set(rows.map((r) => r.facilityId))];
  const names = await tx
    .select({ id: facility.id, name: facility.name, sportName: sport.name, centreName: centre.name })
    .from(facility)
    .innerJoin(sport, eq(sport.id, facility.sportId))
    .innerJoin(centre, eq(centre.id, facility.centreId))
    .where(and(eq(facility.organisationId, organisationId), inIds(facility.id, facilityIds)));
  const slots = await tx
    .select()
    .from(bookedTimeSlot)
    .where(and(eq(bookedTimeSlot.organisationId, organisationId), inIds(bookedTimeSlot.bookingId, ids)))
    .orderBy(asc(bookedTimeSlot.startTime));
  const invoices = await invoicesOf(tx, ctx, 'booking', ids);
  const supplementary = await supplementaryInvoicesOf(tx, ctx, 'booking', ids);
  // Refunds on the ledger, net of reversed ones.
  const refunds = await refundsOf(tx, ctx, 'booking', ids);
  return rows.map((b) => {
    const inv = invoices.get(b.id);
    const refunded = refunds.get(b.id);
    return bookingJsonFrom(
      b,
      names.find((x) => x.id === b.facilityId),
      slots.filter((s) => s.bookingId === b.id),
      inv ? { id: inv.id, number: inv.number, status: inv.status } : null,
      refunded ? fromPaise(toPaise(refunded) ?? 0) : '0.00',
      supplementary.get(b.id) ?? [],
    );
  });
}

export type BookedSlotRow = typeof bookedTimeSlot.$inferSelect;

/** A booking as API JSON from what the caller already holds: its row, its facility's names and its slots. */
export function bookingJsonFrom(
  b: BookingRow,
  n: { name: string; sportName: string; centreName: string } | undefined,
  slots: BookedSlotRow[],
  inv: BookingInvoice,
  refunded = '0.00',
  supplementary: NonNullable<BookingInvoice>[] = [],
): Booking {
  return {
    id: b.id,
    code: b.code,
    centre: b.centreId,
    centre_name: n?.centreName ?? '',
    facility: b.facilityId,
    facility_name: n?.name ?? '',
    sport_name: n?.sportName ?? '',
    client: b.clientId,
    subscription: b.subscriptionId,
    date: b.date,
    source: b.source,
    status: b.status,
    payment_status: paymentStatus(b.bookingAmount, b.paidAmount),
    name: b.name,
    email: b.email,
    mobile: b.mobile,
    sub_total: b.subTotal,
    discount: b.discount,
    tax: b.tax,
    booking_amount: b.bookingAmount,
    paid_amount: b.paidAmount,
    // A cancelled booking owes nothing; what it holds is credit.
    due_amount: b.status === 'cancelled' ? '0.00' : fromPaise(Math.max(0, (toPaise(b.bookingAmount) ?? 0) - (toPaise(b.paidAmount) ?? 0))),
    credit_amount: b.creditAmount,
    refunded_amount: refunded,
    notes: b.notes,
    cancel_reason: b.cancelReason,
    time_slots: slots.map((s) => ({
      id: s.id,
      time_slot: s.timeSlotId,
      date: s.date,
      start_time: s.startTime,
      end_time: s.endTime,
      price: s.price,
      is_active: s.isActive,
    })),
    invoice: inv,
    supplementary_invoices: supplementary,
    created_at: b.createdAt.toISOString(),
  };
}

export async function loadBooking(tx: Tx, ctx: Ctx, id: number, lock = false): Promise<BookingRow> {
  const query = tx
    .select()
    .from(booking)
    .where(and(eq(booking.organisationId, ctx.organisationId), eq(booking.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** One booking as API JSON, from its row or its id. */
export async function bookingJson(tx: Tx, ctx: Ctx, rowOrId: BookingRow | number): Promise<Booking> {
  const row = typeof rowOrId === 'number' ? await loadBooking(tx, ctx, rowOrId) : rowOrId;
  return (await bookingsJson(tx, ctx, [row]))[0];
}

/** The active slots of a booking, earliest first. */
export async function activeSlotsOf(tx: Tx, ctx: Ctx, bookingId: number): Promise<BookedSlotRow[]> {
  return tx
    .select()
    .from(bookedTimeSlot)
    .where(
      and(
        eq(bookedTimeSlot.organisationId, ctx.organisationId),
        eq(bookedTimeSlot.bookingId, bookingId),
        eq(bookedTimeSlot.isActive, true),
      ),
    )
    .orderBy(asc(bookedTimeSlot.startTime));
}

/** A booking has started once its date is past, or it is today and its first slot's start has come. */
export function hasStarted(ctx: Ctx, row: Pick<BookingRow, 'date'>, firstStart: string | undefined): boolean {
  if (row.date < ctx.now.today) return true;
  return row.date === ctx.now.today && (firstStart === undefined || firstStart <= ctx.now.time);
}

/** A client's credit: the sum over their bookings that hold some, and those bookings. 404 for an unknown client. */
export async function clientCredit(tx: Tx, ctx: Ctx, clientId: number) {
  const organisationId = ctx.organisationId;
  const [client] = await tx
    .select({ id: bookingClient.id })
    .from(bookingClient)
    .where(and(eq(bookingClient.organisationId, organisationId), eq(bookingClient.id, clientId)));
  if (!client) throw notFound();
  const rows = await tx
    .select({ id: booking.id, code: booking.code, date: booking.date, credit_amount: booking.creditAmount })
    .from(booking)
    .where(and(eq(booking.organisationId, organisationId), eq(booking.clientId, clientId), gt(booking.creditAmount, '0')))
    .orderBy(asc(booking.date), asc(booking.id));
  const total = rows.reduce((sum, r) => sum + (toPaise(r.credit_amount) ?? 0), 0);
  return { client: client.id, credit_amount: fromPaise(total), bookings: rows };
}
