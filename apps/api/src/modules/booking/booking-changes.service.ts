/**
 * Changes to what a confirmed booking holds: cancelling some of its slots, and moving it to other
 * slots, another date or another facility of the same sport in its centre. Both price the booking
 * again from its slots (the discount kept, never above the new sub-total).
 *
 * - A lower amount is a credit note on the invoice(s), and what was paid beyond it is refunded as
 *   asked (never more) or kept as the client's credit (`credit_amount`).
 * - A higher amount (a move to dearer slots) is due on the booking: `booking_amount` rises, paid
 *   stays, and the issued invoice is never edited — a supplementary invoice (`supplements_id`,
 *   the same series, priced by the money module like any sale) charges the difference. Payments
 *   keep applying to the booking: the ledger fills its invoices in order (ledger.service.ts
 *   `movePaid`), so the booking's paid amount is always the sum of its invoices' paid amounts.
 *
 * The texts of those documents name the slots the change affects (the cancelled hours; for a
 * move, the slots left and the slots taken), never every slot of the booking. The partial unique
 * index on active booked slots is the guarantee that a move never double-books.
 */
import { fromPaise, toPaise, type GstRatePeriod } from '@arena/contracts';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { badRequest, conflict, fieldError, invalidPk } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { displayDate } from '../../platform/time.js';
import { sport } from '../administrator/index.js';
import { chargedBy, creditSale, invoicesOfSource, issueSupplementaryInvoice, refund } from '../money/index.js';
import { slotPrice, unavailableReason } from './availability.js';
import { activeSlotsOf, loadBooking, type BookedSlotRow, type BookingRow } from './booking.queries.js';
import { checkRefund, closeBooking, recordBookingUpdate, type RefundRequest } from './booking-status.service.js';
import { SLOT_TAKEN } from './constants.js';
import { bookedTimeSlot, booking, facility, timeSlot } from './schema.js';

const times = (slots: Pick<BookedSlotRow, 'startTime' | 'endTime'>[]) =>
  slots.map((s) => `${s.startTime.slice(0, 5)}–${s.endTime.slice(0, 5)}`);
const sumPaise = (prices: string[]) => prices.reduce((sum, p) => sum + (toPaise(p) ?? 0), 0);

/** A facility as a document line names it, with what its sale is taxed by. */
interface FacilityFacts {
  id: number;
  centreId: number;
  sportId: number;
  name: string;
  sportName: string;
  sacCode: string;
  gstRates: GstRatePeriod[];
}

async function facilityFacts(tx: Tx, ctx: Ctx, id: number): Promise<FacilityFacts | undefined> {
  const [f] = await tx
    .select({
      id: facility.id,
      centreId: facility.centreId,
      sportId: facility.sportId,
      name: facility.name,
      sportName: sport.name,
      sacCode: facility.sacCode,
      gstRates: facility.gstRates,
    })
    .from(facility)
    .innerJoin(sport, and(eq(sport.organisationId, facility.organisationId), eq(sport.id, facility.sportId)))
    .where(and(eq(facility.organisationId, ctx.organisationId), eq(facility.id, id)));
  return f;
}

/** Slots as an invoice line names them: `Football - Court 1, 28 Nov 2026 (18:00–19:00, 19:00–20:00)` (the booking's own line's form). */
const slotText = (f: Pick<FacilityFacts, 'name' | 'sportName'>, date: string, slots: Pick<BookedSlotRow, 'startTime' | 'endTime'>[]) =>
  `${f.sportName} - ${f.name}, ${displayDate(date)} (${times(slots).join(', ')})`;

/**
 * Prices a locked booking again at a new sub-total: refunds what is asked of the excess paid
 * (before the amount falls, so every statement keeps the booking's amount check), writes the
 * new amounts and credit with `set`, and puts the invoices right: a credit note for what they no
 * longer charge (its lines named `given`), or a supplementary invoice for what they do not charge
 * yet (its line `taken`, taxed as the facility's sale).
 */
async function reprice(
  tx: Tx,
  ctx: Ctx,
  row: BookingRow,
  next: {
    subTotal: number;
    set: Partial<typeof booking.$inferInsert>;
    refund?: RefundRequest;
    reason: string;
    given: string;
    taken?: { description: string; facility: FacilityFacts };
  },
): Promise<{ after: BookingRow; refunded: number }> {
  const discount = Math.min(toPaise(row.discount) ?? 0, next.subTotal);
  const amount = next.subTotal - discount;
  const before = toPaise(row.bookingAmount) ?? 0;
  const excess = Math.max(0, (toPaise(row.paidAmount) ?? 0) - amount);
  const refunded = checkRefund(next.refund, excess, (most) => `The refund cannot exceed what was paid beyond the new amount (${most}).`);
  const source = { type: 'booking', id: row.id };
  // The reduction's credit note (below) covers the refund too: no note of its own.
  if (next.refund && refunded > 0)
    await refund(tx, ctx, source, {
      amount: fromPaise(refunded),
      paymentMode: next.refund.payment_mode,
      reference: next.refund.reference,
      reason: next.reason,
      creditNote: false,
    });
  const tax = before > 0 ? Math.round(((toPaise(row.tax) ?? 0) * amount) / before) : 0;
  const [after] = await tx
    .update(booking)
    .set({
      ...next.set,
      subTotal: fromPaise(next.subTotal),
      discount: fromPaise(discount),
      tax: fromPaise(tax),
      bookingAmount: fromPaise(amount),
      creditAmount: sql`greatest(0, ${booking.paidAmount} - ${fromPaise(amount)}::numeric)` as unknown as string,
      updatedAt: ctx.now.instant,
    })
    .where(and(eq(booking.organisationId, ctx.organisationId), eq(booking.id, row.id)))
    .returning();
  // The invoices now charge the new amount, or what stays paid when more was kept (the client's credit stands on them).
  const invoices = await invoicesOfSource(tx, ctx, source, true);
  if (invoices.length) {
    const charged = invoices.reduce((n, inv) => n + chargedBy(inv), 0);
    const paid = invoices.reduce((n, inv) => n + (toPaise(inv.paid) ?? 0), 0);
    const keeps = Math.max(amount, paid);
    if (charged > keeps) await creditSale(tx, ctx, invoices, charged - keeps, next.reason, { description: next.given });
    else if (amount > charged && next.taken) {
      const f = next.taken.facility;
      await issueSupplementaryInvoice(tx, ctx, invoices[0], [
        {
          description: `${next.taken.description} (supplementary to ${invoices[0].number})`,
          sacCode: f.sacCode,
          unitPrice: fromPaise(amount - charged),
          rates: f.gstRates,
        },
      ]);
    }
  }
  return { after, refunded };
}

export interface CancelSlotsInput {
  id: number;
  booked_slot_ids: number[];
  reason: string;
  refund?: RefundRequest;
}

/** Cancels some slots of a confirmed booking (all of them = cancelling the booking): they are free at once. */
export async function cancelSlots(tx: Tx, ctx: Ctx, input: CancelSlotsInput): Promise<BookingRow> {
  const row = await loadBooking(tx, ctx, input.id, true);
  if (row.status !== 'confirmed')
    throw conflict(`Only a confirmed booking can have slots cancelled; this one is ${row.status.replace('_', '-')}.`);
  const active = await activeSlotsOf(tx, ctx, row.id);
  const unknown = input.booked_slot_ids.filter((id) => !active.some((s) => s.id === id));
  if (unknown.length) throw fieldError('booked_slot_ids', `These are not active slots of this booking: ${unknown.join(', ')}.`);
  if (input.booked_slot_ids.length === active.length)
    return closeBooking(tx, ctx, { id: row.id, to: 'cancelled', reason: input.reason, refund: input.refund });

  const cancelled = active.filter((s) => input.booked_slot_ids.includes(s.id));
  const kept = active.filter((s) => !input.booked_slot_ids.includes(s.id));
  await tx
    .update(bookedTimeSlot)
    .set({ isActive: false })
    .where(
      and(
        eq(bookedTimeSlot.organisationId, ctx.organisationId),
        eq(bookedTimeSlot.bookingId, row.id),
        inArray(bookedTimeSlot.id, input.booked_slot_ids),
      ),
    );
  const f = await facilityFacts(tx, ctx, row.facilityId);
  const { after, refunded } = await reprice(tx, ctx, row, {
    subTotal: sumPaise(kept.map((s) => s.price)),
    set: {},
    refund: input.refund,
    reason: input.reason,
    // The credit note names the hours cancelled, not every slot of the booking.
    given: `${slotText(f!, row.date, cancelled)} cancelled`,
  });
  await recordBookingUpdate(tx, ctx, row, {
    before: { slots: times(active), sub_total: row.subTotal, booking_amount: row.bookingAmount, paid_amount: row.paidAmount },
    after: {
      slots: times(kept),
      cancelled_slots: times(cancelled),
      reason: input.reason,
      sub_total: after.subTotal,
      booking_amount: after.bookingAmount,
      refunded: fromPaise(refunded),
      paid_amount: after.paidAmount,
      credit_amount: after.creditAmount,
    },
  });
  return after;
}

export interface MoveInput {
  id: number;
  date: string;
  time_slot_ids: number[];
  facility?: number;
  /** Money given back when the new slots cost less (up to what was paid beyond the new amount); the rest stays as credit. */
  refund?: RefundRequest;
}

/**
 * Moves a confirmed booking to other free slots — another date, or another facility of the same
 * sport in its centre (another court) — in one step. Dearer slots make the difference due (a
 * supplementary invoice); cheaper ones are a credit note, the excess paid kept as credit or
 * refunded as asked.
 */
export async function moveBooking(tx: Tx, ctx: Ctx, input: MoveInput): Promise<BookingRow> {
  const organisationId = ctx.organisationId;
  const row = await loadBooking(tx, ctx, input.id, true);
  if (row.status !== 'confirmed') throw conflict(`Only a confirmed booking can be moved; this one is ${row.status.replace('_', '-')}.`);
  const facilityId = input.facility ?? row.facilityId;
  const [from, f] = await Promise.all([facilityFacts(tx, ctx, row.facilityId), facilityFacts(tx, ctx, facilityId)]);
  if (!f) throw fieldError('facility', invalidPk(facilityId));
  if (f.centreId !== row.centreId) throw fieldError('facility', 'A booking can move only to a facility of its own centre.');
  if (f.sportId !== from!.sportId)
    throw fieldError(
      'facility',
      `A ${from!.sportName} booking can move only to another ${from!.sportName} facility; ${f.name} is for ${f.sportName}.`,
    );
  const slots = await tx
    .select()
    .from(timeSlot)
    .where(
      and(
        eq(timeSlot.organisationId, organisationId),
        eq(timeSlot.facilityId, facilityId),
        inArray(timeSlot.id, input.time_slot_ids),
        isNull(timeSlot.archivedAt),
      ),
    );
  const missing = input.time_slot_ids.filter((id) => !slots.some((s) => s.id === id));
  if (missing.length) throw fieldError('time_slot_ids', `Some chosen slots are not slots of ${f.name}; reload and choose again.`);
  // The desk's rules: a slot of today until its end (walk-in), any date ahead.
  const day = { date: input.date, today: ctx.now.today, time: ctx.now.time, advanceDays: 3650, walkIn: true };
  const reasons = slots.flatMap((s) => {
    const reason = unavailableReason(s, day);
    return reason ? [`${s.startTime.slice(0, 5)}–${s.endTime.slice(0, 5)}: ${reason}`] : [];
  });
  if (reasons.length) throw badRequest({ time_slot_ids: reasons });
  // Fast path for a slot someone else holds; the unique index is the guarantee (guardSlotRace → 409).
  const [taken] = await tx
    .select({ id: bookedTimeSlot.id })
    .from(bookedTimeSlot)
    .where(
      and(
        eq(bookedTimeSlot.organisationId, organisationId),
        eq(bookedTimeSlot.facilityId, facilityId),
        eq(bookedTimeSlot.date, input.date),
        inArray(bookedTimeSlot.timeSlotId, input.time_slot_ids),
        eq(bookedTimeSlot.isActive, true),
        ne(bookedTimeSlot.bookingId, row.id),
      ),
    )
    .limit(1);
  if (taken) throw conflict(SLOT_TAKEN);

  const priced = slots
    .map((s) => ({ slot: s, price: slotPrice(s, input.date) }))
    .sort((a, b) => a.slot.startTime.localeCompare(b.slot.startTime));
  const subTotal = sumPaise(priced.map((p) => p.price));

  const before = await activeSlotsOf(tx, ctx, row.id);
  // The old slots go (the audit row keeps them), the new ones come: one transaction, nothing half done.
  await tx
    .delete(bookedTimeSlot)
    .where(and(eq(bookedTimeSlot.organisationId, organisationId), eq(bookedTimeSlot.bookingId, row.id), eq(bookedTimeSlot.isActive, true)));
  await tx.insert(bookedTimeSlot).values(
    priced.map((p) => ({
      organisationId,
      bookingId: row.id,
      facilityId,
      timeSlotId: p.slot.id,
      date: input.date,
      startTime: p.slot.startTime,
      endTime: p.slot.endTime,
      price: p.price,
    })),
  );
  const left = slotText(from!, row.date, before);
  const took = slotText(
    f,
    input.date,
    priced.map((p) => p.slot),
  );
  const reason = `Moved ${row.code} to ${f.name}, ${displayDate(input.date)}`;
  const { after, refunded } = await reprice(tx, ctx, row, {
    subTotal,
    set: { date: input.date, facilityId },
    refund: input.refund,
    reason,
    given: `${left} moved to ${took}`,
    taken: { description: `${took}, moved from ${left} (move of ${row.code})`, facility: f },
  });
  await recordBookingUpdate(tx, ctx, row, {
    before: { date: row.date, facility: row.facilityId, slots: times(before), booking_amount: row.bookingAmount },
    after: {
      date: after.date,
      facility: after.facilityId,
      facility_name: f.name,
      slots: times(priced.map((p) => p.slot)),
      booking_amount: after.bookingAmount,
      refunded: fromPaise(refunded),
      credit_amount: after.creditAmount,
    },
  });
  return after;
}
