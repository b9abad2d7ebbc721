/**
 * Creating bookings — from the public portal, the desk and booking subscriptions — with one
 * set of rules: the server recomputes every price and total, refuses past, unavailable,
 * duplicated or foreign slots, and the partial unique index on booked slots makes a double
 * booking impossible whatever races happen: the loser gets a 409 and nothing is written.
 */
import { randomUUID } from 'node:crypto';
import { fromPaise, toPaise } from '@arena/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { badRequest, conflict, fieldError, invalidPk, onUnique, type FieldErrors } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { checkReferences } from '../../platform/references.js';
import { nextNumber } from '../../platform/sequence.js';
import { paymentMode } from '../administrator/index.js';
import { slotPrice, total, unavailableReason } from './availability.js';
import { MODULE, SLOT_TAKEN } from './constants.js';
import type { BookingRow } from './booking.queries.js';
import type { FacilityRow } from './facility.service.js';
import { bookedTimeSlot, booking, bookingClient, bookingPayment, timeSlot } from './schema.js';

export interface Contact {
  name: string;
  email: string;
  mobile: string;
}

export interface NewBooking {
  facility: FacilityRow;
  date: string;
  slotIds: number[];
  source: 'online' | 'desk' | 'subscription';
  client: { id: number } | Contact;
  discount?: string;
  notes?: string;
  subscriptionId?: number | null;
  payment?: { amount: string; payment_mode: number; reference: string };
  /** Desk and subscriptions may book beyond the online booking window. */
  ignoreWindow?: boolean;
  /** Amounts the client computed; checked against the server's prices when given. */
  expected?: { booking_amount: string; sub_total: string };
}

/** Finds the client by mobile, then e-mail, or creates one; concurrent calls for one mobile meet on the unique index. */
export async function resolveClient(tx: Tx, ctx: Ctx, contact: Contact): Promise<number> {
  const organisationId = ctx.organisationId;
  if (contact.mobile) {
    const [row] = await tx
      .insert(bookingClient)
      .values({ organisationId, name: contact.name, email: contact.email, mobile: contact.mobile })
      .onConflictDoUpdate({
        target: [bookingClient.organisationId, bookingClient.mobile],
        targetWhere: sql`${bookingClient.mobile} <> ''`,
        set: {
          updatedAt: sql`now()`,
          email: sql`case when ${bookingClient.email} = '' then excluded.email else ${bookingClient.email} end`,
        },
      })
      .returning({ id: bookingClient.id });
    return row.id;
  }
  if (contact.email) {
    const [found] = await tx
      .select({ id: bookingClient.id })
      .from(bookingClient)
      .where(and(eq(bookingClient.organisationId, organisationId), sql`lower(${bookingClient.email}) = ${contact.email.toLowerCase()}`))
      .limit(1);
    if (found) return found.id;
  }
  const [created] = await tx
    .insert(bookingClient)
    .values({ organisationId, name: contact.name, email: contact.email, mobile: '' })
    .returning({ id: bookingClient.id });
  return created.id;
}

/** Recomputes the slots and prices of a request; throws field errors for anything that cannot be booked. */
export async function priceSlots(tx: Tx, ctx: Ctx, input: Pick<NewBooking, 'facility' | 'date' | 'slotIds' | 'ignoreWindow'>) {
  const organisationId = ctx.organisationId;
  const errors: FieldErrors = {};
  if (new Set(input.slotIds).size !== input.slotIds.length) errors.time_slots = ['A slot is selected more than once.'];
  const slots = await tx
    .select()
    .from(timeSlot)
    .where(
      and(
        eq(timeSlot.organisationId, organisationId),
        eq(timeSlot.facilityId, input.facility.id),
        inArray(timeSlot.id, input.slotIds),
        isNull(timeSlot.archivedAt),
      ),
    );
  const missing = input.slotIds.filter((id) => !slots.some((s) => s.id === id));
  if (missing.length) (errors.time_slots ??= []).push(`These slots do not belong to this facility: ${missing.join(', ')}.`);
  const day = {
    date: input.date,
    today: ctx.now.today,
    time: ctx.now.time,
    advanceDays: input.ignoreWindow ? 3650 : input.facility.advanceBookingDays,
  };
  for (const s of slots) {
    const reason = unavailableReason(s, day);
    if (reason) (errors.time_slots ??= []).push(`${s.startTime.slice(0, 5)}–${s.endTime.slice(0, 5)}: ${reason}`);
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  const priced = slots.map((s) => ({ slot: s, price: slotPrice(s, input.date) }));
  return { priced, subTotal: total(priced.map((p) => p.price)) };
}

export async function createBooking(tx: Tx, ctx: Ctx, input: NewBooking): Promise<BookingRow> {
  const organisationId = ctx.organisationId;
  const { priced, subTotal } = await priceSlots(tx, ctx, input);
  if (input.expected) {
    const errors: FieldErrors = {};
    const message = `The amount does not match the current price of the selected slots (${subTotal}). Please reload and try again.`;
    if (toPaise(input.expected.sub_total) !== toPaise(subTotal)) errors.sub_total = [message];
    if (toPaise(input.expected.booking_amount) !== toPaise(subTotal)) errors.booking_amount = [message];
    if (Object.keys(errors).length) throw badRequest(errors);
  }
  // Fast path for the common race: a slot someone already holds. The unique index is the guarantee.
  const taken = await tx
    .select({ id: bookedTimeSlot.timeSlotId })
    .from(bookedTimeSlot)
    .where(
      and(
        eq(bookedTimeSlot.organisationId, organisationId),
        eq(bookedTimeSlot.facilityId, input.facility.id),
        eq(bookedTimeSlot.date, input.date),
        inArray(bookedTimeSlot.timeSlotId, input.slotIds),
        eq(bookedTimeSlot.isActive, true),
      ),
    );
  if (taken.length) throw conflict(SLOT_TAKEN);
  const discount = input.discount ?? '0.00';
  if ((toPaise(discount) ?? 0) > (toPaise(subTotal) ?? 0)) throw fieldError('discount', 'The discount cannot exceed the slot total.');
  const amount = fromPaise((toPaise(subTotal) ?? 0) - (toPaise(discount) ?? 0));
  if (input.payment && (toPaise(input.payment.amount) ?? 0) > (toPaise(amount) ?? 0))
    throw fieldError('payment.amount', `The payment cannot exceed the booking amount (${amount}).`);

  let contact: Contact;
  let clientId: number;
  if ('id' in input.client) {
    const [c] = await tx
      .select()
      .from(bookingClient)
      .where(and(eq(bookingClient.organisationId, organisationId), eq(bookingClient.id, input.client.id)));
    if (!c) throw fieldError('client', invalidPk(input.client.id));
    contact = { name: c.name, email: c.email, mobile: c.mobile };
    clientId = c.id;
  } else {
    contact = input.client;
    clientId = await resolveClient(tx, ctx, contact);
  }

  // The slots are claimed first under a provisional code; the readable number is taken last, so
  // the counter's row lock is held only for the end of the transaction and a request that loses
  // the race for a slot never waits for it.
  const [row] = await tx
    .insert(booking)
    .values({
      organisationId,
      code: `PENDING-${randomUUID()}`,
      centreId: input.facility.centreId,
      facilityId: input.facility.id,
      clientId,
      subscriptionId: input.subscriptionId ?? null,
      date: input.date,
      source: input.source,
      name: contact.name,
      email: contact.email,
      mobile: contact.mobile,
      subTotal,
      discount,
      bookingAmount: amount,
      notes: input.notes ?? '',
      createdBy: ctx.actor.actorId,
    })
    .returning();
  await tx.insert(bookedTimeSlot).values(
    priced.map((p) => ({
      organisationId,
      bookingId: row.id,
      facilityId: input.facility.id,
      timeSlotId: p.slot.id,
      date: input.date,
      startTime: p.slot.startTime,
      endTime: p.slot.endTime,
      price: p.price,
    })),
  );
  const year = ctx.now.today.slice(0, 4);
  const code = `BK-${year}-${String(await nextNumber(tx, organisationId, `booking:${year}`)).padStart(6, '0')}`;
  let [final] = await tx
    .update(booking)
    .set({ code })
    .where(and(eq(booking.organisationId, organisationId), eq(booking.id, row.id)))
    .returning();
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'booking',
    objectId: row.id,
    label: code,
    action: 'create',
    after: {
      code,
      date: input.date,
      facility: `${input.facility.sportName} - ${input.facility.name}`,
      source: input.source,
      slots: input.slotIds,
      amount,
    },
  });
  if (input.payment && toPaise(input.payment.amount)) final = await addPayment(tx, ctx, final, input.payment);
  return final;
}

/** Runs booking work and turns a lost race for a slot into a clear 409. */
export function guardSlotRace<T>(work: () => Promise<T>): Promise<T> {
  return work().catch(onUnique({ booked_time_slot_active_key: conflict(SLOT_TAKEN) }));
}

export interface PaymentInput {
  amount: string;
  payment_mode: number;
  reference: string;
  paid_on?: string;
}

/** Records a payment against a booking (locked by the caller or just created) and raises its paid amount. */
export async function addPayment(tx: Tx, ctx: Ctx, row: BookingRow, payment: PaymentInput): Promise<BookingRow> {
  const organisationId = ctx.organisationId;
  if (row.status === 'cancelled') throw conflict('A cancelled booking cannot take payments.');
  await checkReferences(tx, organisationId, {
    payment_mode: { table: paymentMode, id: payment.payment_mode, where: eq(paymentMode.isActive, true) },
  });
  const [mode] = await tx
    .select({ name: paymentMode.name, id: paymentMode.id })
    .from(paymentMode)
    .where(and(eq(paymentMode.organisationId, organisationId), eq(paymentMode.id, payment.payment_mode)));
  const due = (toPaise(row.bookingAmount) ?? 0) - (toPaise(row.paidAmount) ?? 0);
  if ((toPaise(payment.amount) ?? 0) > due) throw fieldError('amount', `The amount exceeds the due amount (${fromPaise(due)}).`);
  const [p] = await tx
    .insert(bookingPayment)
    .values({
      organisationId,
      bookingId: row.id,
      amount: payment.amount,
      paymentModeId: mode.id,
      reference: payment.reference,
      paidOn: payment.paid_on ?? ctx.now.today,
      receivedBy: ctx.actor.actorId,
    })
    .returning();
  // The check constraint (paid <= amount) holds this even if two payments race.
  const [updated] = await tx
    .update(booking)
    .set({ paidAmount: sql`${booking.paidAmount} + ${payment.amount}::numeric`, updatedAt: sql`now()` })
    .where(and(eq(booking.organisationId, organisationId), eq(booking.id, row.id)))
    .returning();
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'booking_payment',
    objectId: p.id,
    label: row.code,
    action: 'create',
    after: { booking: row.code, amount: payment.amount, payment_mode: mode.name, reference: payment.reference },
  });
  return updated;
}
