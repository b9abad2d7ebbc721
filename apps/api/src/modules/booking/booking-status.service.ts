/** Changes to a booking after it was made: discount and notes, cancel, complete, no-show, payments. */
import { formatInr, fromPaise, toPaise } from '@arena/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { badRequest, conflict, fieldError } from '../../platform/errors.js';
import { checkDiscountCap } from '../../platform/discount-cap.js';
import type { Ctx } from '../../platform/request-context.js';
import { activeSlotsOf, hasStarted, loadBooking, type BookingRow } from './booking.queries.js';
import { cancelSaleInvoice, creditSale, invoicesOfSource, refund } from '../money/index.js';
import { notifyBooking } from './booking-entry.service.js';
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
  const before = await loadBooking(tx, ctx, input.id, true);
  const changes: Partial<typeof booking.$inferInsert> = {};
  if (input.notes !== undefined) changes.notes = input.notes;
  if (input.discount !== undefined) {
    if (before.status === 'cancelled') throw conflict('A cancelled booking cannot be changed.');
    const discount = toPaise(input.discount)!;
    const sub = toPaise(before.subTotal)!;
    if (discount > sub) throw fieldError('discount', 'The discount cannot exceed the slot total.');
    checkDiscountCap(ctx, MODULE, input.discount, before.subTotal);
    if (sub - discount < toPaise(before.paidAmount)!)
      throw fieldError('discount', 'The booking amount cannot fall below what has been paid.');
    changes.discount = input.discount;
    changes.bookingAmount = sql`${booking.subTotal} - ${input.discount}::numeric` as unknown as string;
    // The invoice is issued: a lower amount is a credit note for the difference (the latest invoice first, when a move added one).
    const invoices = await invoicesOfSource(tx, ctx, { type: 'booking', id: before.id }, true);
    const lower = toPaise(before.bookingAmount)! - (sub - discount);
    if (invoices.length && lower < 0)
      throw fieldError('discount', `The invoice ${invoices[0].number} is issued for ${before.bookingAmount}: the discount can only grow.`);
    if (invoices.length && lower > 0) await creditSale(tx, ctx, invoices, lower, `Discount of ${fromPaise(lower)} on ${before.code}`);
  }
  const [after] = await tx
    .update(booking)
    .set({ ...changes, updatedAt: ctx.now.instant })
    .where(and(eq(booking.organisationId, ctx.organisationId), eq(booking.id, before.id)))
    .returning();
  await recordBookingUpdate(tx, ctx, before, {
    before: { discount: before.discount, notes: before.notes },
    after: { discount: after.discount, notes: after.notes },
  });
  return after;
}

/** The audit row of a change to a booking: what it was and what it is now. */
export const recordBookingUpdate = (tx: Tx, ctx: Ctx, row: Pick<BookingRow, 'id' | 'code'>, change: { before: object; after: object }) =>
  record(tx, ctx.actor, { module: MODULE, resource: 'booking', objectId: row.id, label: row.code, action: 'update', ...change });

export type FinalStatus = 'cancelled' | 'completed' | 'no_show';

export interface RefundRequest {
  amount: string;
  payment_mode: number;
  reference: string;
}

/** A refund asked for, checked against the most it may be: a 400 on `refund.amount` beyond it. */
export function checkRefund(refund: RefundRequest | undefined, most: number, message: (most: string) => string): number {
  const amount = refund ? (toPaise(refund.amount) ?? 0) : 0;
  if (amount > most) throw fieldError('refund.amount', message(formatInr(fromPaise(most))));
  return amount;
}

/**
 * Ends a confirmed booking. Cancelling frees its slots for new bookings and gives back what is
 * asked (never more than was paid, a ledger refund with a credit note); what stays paid is the
 * client's credit. A completed or no-show booking keeps its slots, and only once it has started.
 */
export async function closeBooking(
  tx: Tx,
  ctx: Ctx,
  input: { id: number; to: FinalStatus; reason?: string; refund?: RefundRequest; tax_adjustment?: boolean },
): Promise<BookingRow> {
  const row = await loadBooking(tx, ctx, input.id, true);
  if (row.status !== 'confirmed')
    throw conflict(`Only a confirmed booking can be marked ${input.to.replace('_', '-')}; this one is ${row.status.replace('_', '-')}.`);
  const cancelling = input.to === 'cancelled';
  if (input.refund && !cancelling) throw fieldError('refund', 'Only cancelling a booking gives money back.');
  if (!cancelling && !hasStarted(ctx, row, (await activeSlotsOf(tx, ctx, row.id))[0]?.startTime))
    throw conflict('This booking has not started yet.');
  const refundPaise = checkRefund(
    input.refund,
    toPaise(row.paidAmount) ?? 0,
    (paid) => `The refund cannot exceed what was paid (${paid}).`,
  );
  const reason = input.reason || 'Booking cancelled';
  const source = { type: 'booking', id: row.id };
  // The refund first, while the booking is open: the ledger lowers paid (and the credit follows it).
  if (cancelling && input.refund && refundPaise > 0)
    await refund(tx, ctx, source, {
      amount: fromPaise(refundPaise),
      paymentMode: input.refund.payment_mode,
      reference: input.refund.reference,
      reason,
      creditNote: true,
      taxAdjustment: input.tax_adjustment,
    });
  const [after] = await tx
    .update(booking)
    .set({
      status: input.to,
      updatedAt: ctx.now.instant,
      // Everything still paid on a cancelled booking is the client's credit.
      ...(cancelling
        ? { cancelledAt: ctx.now.instant, cancelReason: input.reason ?? '', creditAmount: sql`${booking.paidAmount}` as unknown as string }
        : {}),
    })
    .where(and(eq(booking.organisationId, ctx.organisationId), eq(booking.id, row.id)))
    .returning();
  if (cancelling) {
    await tx
      .update(bookedTimeSlot)
      .set({ isActive: false })
      .where(and(eq(bookedTimeSlot.organisationId, ctx.organisationId), eq(bookedTimeSlot.bookingId, row.id)));
    // A credit note gives back all the invoice still charges: money kept is the client's credit, spent on a later sale.
    await cancelSaleInvoice(tx, ctx, source, reason, { taxAdjustment: input.tax_adjustment });
    await notifyBooking(tx, ctx, 'booking_cancelled', after, null);
  }
  await recordBookingUpdate(tx, ctx, row, {
    before: { status: row.status, paid_amount: row.paidAmount },
    after: {
      status: input.to,
      reason: input.reason ?? null,
      ...(cancelling ? { refunded: fromPaise(refundPaise), paid_amount: after.paidAmount, credit_amount: after.creditAmount } : {}),
    },
  });
  return after;
}

/** Gives back (part of) the credit a booking holds — a cancelled booking's, or what cancelled slots left — with a credit note. */
export async function refundCredit(tx: Tx, ctx: Ctx, input: RefundRequest & { id: number; reason: string }): Promise<BookingRow> {
  const row = await loadBooking(tx, ctx, input.id, true);
  const credit = toPaise(row.creditAmount) ?? 0;
  if (credit <= 0) throw badRequest({ non_field_errors: ['This booking holds no credit to refund.'] });
  const amount = toPaise(input.amount) ?? 0;
  if (amount <= 0) throw fieldError('amount', 'Amount must be greater than 0.');
  if (amount > credit) throw fieldError('amount', `The refund cannot exceed the credit of this booking (${formatInr(fromPaise(credit))}).`);
  await refund(
    tx,
    ctx,
    { type: 'booking', id: row.id },
    {
      amount: fromPaise(amount),
      paymentMode: input.payment_mode,
      reference: input.reference,
      reason: input.reason || `Credit refunded on ${row.code}`,
      creditNote: true,
    },
  );
  const after = await loadBooking(tx, ctx, row.id);
  await recordBookingUpdate(tx, ctx, row, {
    before: { paid_amount: row.paidAmount, credit_amount: row.creditAmount },
    after: { refunded: fromPaise(amount), paid_amount: after.paidAmount, credit_amount: after.creditAmount, reason: input.reason },
  });
  return after;
}

/** A payment against an existing booking, with the booking row locked so concurrent payments never overshoot. */
export async function payBooking(tx: Tx, ctx: Ctx, input: PaymentInput & { booking: number }): Promise<BookingRow> {
  return addPayment(tx, ctx, await loadBooking(tx, ctx, input.booking, true), input);
}
