/** Changes to a booking after it was made: discount and notes, cancel, complete, no-show, payments. */
import { toPaise } from '@arena/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { conflict, fieldError } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { loadBooking, type BookingRow } from './booking.queries.js';
import { addPayment, type PaymentInput } from './booking.service.js';
import { MODULE } from './constants.js';
import { bookedTimeSlot, booking } from './schema.js';

export interface BookingChanges {
  id: number;
  discount?: string;
  notes?: string;
}

/** A new discount (never above the slot total, never below what has been paid) or notes. */
export async function updateBooking(tx: Tx, ctx: Ctx, input: BookingChanges): Promise<BookingRow> {
  const before = await loadBooking(tx, ctx.organisationId, input.id, true);
  const changes: Partial<typeof booking.$inferInsert> = {};
  if (input.notes !== undefined) changes.notes = input.notes;
  if (input.discount !== undefined) {
    if (before.status === 'cancelled') throw conflict('A cancelled booking cannot be changed.');
    const discount = toPaise(input.discount)!;
    const sub = toPaise(before.subTotal)!;
    if (discount > sub) throw fieldError('discount', 'The discount cannot exceed the slot total.');
    if (sub - discount < toPaise(before.paidAmount)!)
      throw fieldError('discount', 'The booking amount cannot fall below what has been paid.');
    changes.discount = input.discount;
    changes.bookingAmount = sql`${booking.subTotal} - ${input.discount}::numeric` as unknown as string;
  }
  const [after] = await tx
    .update(booking)
    .set({ ...changes, updatedAt: ctx.now.instant })
    .where(and(eq(booking.organisationId, ctx.organisationId), eq(booking.id, before.id)))
    .returning();
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'booking',
    objectId: before.id,
    label: before.code,
    action: 'update',
    before: { discount: before.discount, notes: before.notes },
    after: { discount: after.discount, notes: after.notes },
  });
  return after;
}

export type FinalStatus = 'cancelled' | 'completed' | 'no_show';

/** Ends a confirmed booking. Cancelling frees its slots for new bookings; a completed or no-show booking keeps them. */
export async function closeBooking(tx: Tx, ctx: Ctx, input: { id: number; to: FinalStatus; reason?: string }): Promise<BookingRow> {
  const row = await loadBooking(tx, ctx.organisationId, input.id, true);
  if (row.status !== 'confirmed')
    throw conflict(`Only a confirmed booking can be marked ${input.to.replace('_', '-')}; this one is ${row.status.replace('_', '-')}.`);
  const cancelling = input.to === 'cancelled';
  const [after] = await tx
    .update(booking)
    .set({
      status: input.to,
      updatedAt: ctx.now.instant,
      ...(cancelling ? { cancelledAt: ctx.now.instant, cancelReason: input.reason ?? '' } : {}),
    })
    .where(and(eq(booking.organisationId, ctx.organisationId), eq(booking.id, row.id)))
    .returning();
  if (cancelling)
    await tx
      .update(bookedTimeSlot)
      .set({ isActive: false })
      .where(and(eq(bookedTimeSlot.organisationId, ctx.organisationId), eq(bookedTimeSlot.bookingId, row.id)));
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'booking',
    objectId: row.id,
    label: row.code,
    action: 'update',
    before: { status: row.status },
    after: { status: input.to, reason: input.reason ?? null },
  });
  return after;
}

/** A payment against an existing booking, with the booking row locked so concurrent payments never overshoot. */
export async function payBooking(tx: Tx, ctx: Ctx, input: PaymentInput & { booking: number }): Promise<BookingRow> {
  return addPayment(tx, ctx, await loadBooking(tx, ctx.organisationId, input.booking, true), input);
}
