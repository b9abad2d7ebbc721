/** Changes to a booking after it was made: discount and notes, cancel, complete, no-show, payments. */
import { fromPaise, toPaise } from '@arena/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { conflict, fieldError } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { loadBooking, type BookingRow } from './booking.queries.js';
import { cancelSaleInvoice, invoiceOfSource, issueCreditNote, refund } from '../invoice/index.js';
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
    // The invoice is issued: a lower amount is a credit note for the difference; a higher one needs a new sale.
    const inv = await invoiceOfSource(tx, ctx, { type: 'booking', id: before.id }, true);
    const lower = toPaise(before.bookingAmount)! - (sub - discount);
    if (inv && lower < 0)
      throw fieldError('discount', `The invoice ${inv.number} is issued for ${before.bookingAmount}: the discount can only grow.`);
    if (inv && lower > 0) await issueCreditNote(tx, ctx, inv, lower, `Discount of ${fromPaise(lower)} on ${before.code}`);
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
export async function closeBooking(
  tx: Tx,
  ctx: Ctx,
  input: { id: number; to: FinalStatus; reason?: string; refund?: { amount: string; payment_mode: number; reference: string } },
): Promise<BookingRow> {
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
  if (input.refund && !cancelling) throw fieldError('refund', 'Only cancelling a booking gives money back.');
  let paid = after.paidAmount;
  if (cancelling) {
    await tx
      .update(bookedTimeSlot)
      .set({ isActive: false })
      .where(and(eq(bookedTimeSlot.organisationId, ctx.organisationId), eq(bookedTimeSlot.bookingId, row.id)));
    const reason = input.reason || 'Booking cancelled';
    const source = { type: 'booking', id: row.id };
    if (input.refund && (toPaise(input.refund.amount) ?? 0) > 0)
      paid = (
        await refund(tx, ctx, source, {
          amount: input.refund.amount,
          paymentMode: input.refund.payment_mode,
          reference: input.refund.reference,
          reason,
          creditNote: true,
        })
      ).paid;
    // The invoice is void, or — when money is kept — reduced by a credit note to what was kept.
    await cancelSaleInvoice(tx, ctx, source, reason);
  }
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'booking',
    objectId: row.id,
    label: row.code,
    action: 'update',
    before: { status: row.status },
    after: { status: input.to, reason: input.reason ?? null },
  });
  return { ...after, paidAmount: paid };
}

/** A payment against an existing booking, with the booking row locked so concurrent payments never overshoot. */
export async function payBooking(tx: Tx, ctx: Ctx, input: PaymentInput & { booking: number }): Promise<BookingRow> {
  return addPayment(tx, ctx, await loadBooking(tx, ctx.organisationId, input.booking, true), input);
}
