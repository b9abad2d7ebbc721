/**
 * New bookings from the two doors, the public portal and the desk. A booking from the portal (spec 2.5): no login, so the service checks what a visitor
 * may do — the facility open for online booking in the chosen centre, every slot on the booking
 * date, at most BOOKING_MAX_SLOTS slots, at most BOOKING_MAX_PER_PHONE_PER_DAY open online
 * bookings per phone and date — and the amounts the page showed against the server's prices.
 */
import { fromPaise, toPaise, type DeskBookingsInput, type PublicBookingRequest } from '@arena/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { notify } from '../notifications/index.js';
import { checkActiveStaff } from '../staff/index.js';
import type { Tx } from '../../platform/db/client.js';
import { fieldError } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { checkDiscountCap } from '../../platform/discount-cap.js';
import { displayDate } from '../../platform/time.js';
import { slotPrice } from './availability.js';
import { MODULE } from './constants.js';
import { bookSlots, bookUnnumbered, numberBookings, resolveClient, type CreatedBooking, type PendingBooking } from './booking.service.js';
import { timeSlot } from './schema.js';

/** Three statements (see `bookSlots`): the checks below read nothing the booking's own read does not. */
export async function bookOnline(tx: Tx, ctx: Ctx, input: PublicBookingRequest): Promise<CreatedBooking> {
  const limits = ctx.config;
  if (input.time_slots.length > limits.BOOKING_MAX_SLOTS)
    throw fieldError('time_slots', `At most ${limits.BOOKING_MAX_SLOTS} slots can be booked at once.`);
  if (input.time_slots.some((s) => s.date !== input.date)) throw fieldError('time_slots', 'Every slot must be on the booking date.');
  const created = await bookSlots(tx, ctx, {
    facility: input.facility,
    checkFacility: (f) => {
      if (!f.isActive || !f.enableOnlineBooking) throw fieldError('facility', 'This facility is not open for online booking.');
      if (f.centreId !== input.centre) throw fieldError('facility', 'This facility is not in the selected centre.');
    },
    perPhoneLimit: limits.BOOKING_MAX_PER_PHONE_PER_DAY,
    date: input.date,
    slotIds: input.time_slots.map((s) => s.slot),
    source: 'online',
    client: { name: input.name, email: input.email, mobile: input.mobile_no },
    expected: { booking_amount: input.booking_amount, sub_total: input.sub_total },
  });
  // A hold for an online payment is notified when it is paid (`portal-hold.service.ts`).
  if (!needsPayment(created)) await notifyBooking(tx, ctx, 'new_online_booking', created.row, created.facility);
  return created;
}

/** Whether a portal booking is held for an online payment (issue 23): its facility requires it, and it costs something. */
export const needsPayment = (b: Pick<CreatedBooking, 'facility' | 'row'>) =>
  b.facility.paymentRequired && (toPaise(b.row.bookingAmount) ?? 0) > 0;

/** The booking's notification (settings decide who receives it), in the booking's transaction. */
export async function notifyBooking(
  tx: Tx,
  ctx: Ctx,
  event: 'new_online_booking' | 'booking_cancelled',
  row: { id: number; code: string; name: string; date: string; centreId: number },
  facility: { name: string; sportName?: string } | null,
): Promise<void> {
  const what = facility ? ` · ${facility.sportName ? `${facility.sportName} - ` : ''}${facility.name}` : '';
  await notify(tx, ctx, {
    event,
    title: `${event === 'new_online_booking' ? 'New online booking' : 'Booking cancelled'} ${row.code}`,
    body: `${row.name}${what} · ${displayDate(row.date)}`,
    link: `/booking/booking?search=${encodeURIComponent(row.code)}`,
    centre: row.centreId,
    subject: { type: 'booking', id: row.id },
  });
}

/** A desk booking: any client, any date (the online window does not apply), an optional discount and payment. */
export interface DeskBooking {
  facility: number;
  date: string;
  time_slot_ids: number[];
  client?: number;
  name?: string;
  email?: string;
  mobile_no?: string;
  discount: string;
  notes: string;
  payment?: { amount: string; payment_mode: number; reference: string };
  /** The staff member the booking is credited to (commission): an active staff member. */
  sold_by?: number | null;
}

export async function bookAtDesk(tx: Tx, ctx: Ctx, input: DeskBooking): Promise<CreatedBooking> {
  if (!input.client && !input.name) throw fieldError('name', 'Name is required');
  await checkActiveStaff(tx, ctx, 'sold_by', input.sold_by);
  return bookSlots(tx, ctx, {
    strictIdentity: true,
    facility: input.facility,
    checkFacility: (f) => {
      if (!f.isActive) throw fieldError('facility', 'This facility is not active.');
    },
    date: input.date,
    slotIds: input.time_slot_ids,
    source: 'desk',
    client: input.client ? { id: input.client } : { name: input.name!, email: input.email ?? '', mobile: input.mobile_no ?? '' },
    discount: input.discount,
    notes: input.notes,
    soldBy: input.sold_by,
    payment: input.payment,
    ignoreWindow: true,
    walkIn: true,
  });
}

/**
 * The board's desk booking: slots of several facilities for one client in one step — one booking
 * per facility, all in the caller's transaction (all or nothing: a slot someone holds refuses the
 * whole request through the unique index). The client is resolved once (checked as `bookAtDesk`
 * does); a discount and a payment are shared out over the bookings in order, each booking taking
 * at most its own slot total and amount. The bookings are numbered together, last.
 */
export async function bookManyAtDesk(tx: Tx, ctx: Ctx, input: DeskBookingsInput): Promise<CreatedBooking[]> {
  if (!input.client && !input.name) throw fieldError('name', 'Name is required');
  await checkActiveStaff(tx, ctx, 'sold_by', input.sold_by);
  const facilities = input.items.map((i) => i.facility);
  if (new Set(facilities).size !== facilities.length)
    throw fieldError('items', 'Each facility can appear only once; put its slots together.');
  // The server's prices of the slots asked for, to share out the discount and the payment (the booking prices them again).
  const ids = input.items.flatMap((i) => i.time_slot_ids);
  const templates = await tx
    .select({ id: timeSlot.id, facilityId: timeSlot.facilityId, price: timeSlot.price, weekendPrice: timeSlot.weekendPrice })
    .from(timeSlot)
    .where(and(eq(timeSlot.organisationId, ctx.organisationId), inArray(timeSlot.id, ids)));
  const subTotals = input.items.map((item) =>
    item.time_slot_ids.reduce((sum, id) => {
      const t = templates.find((x) => x.id === id && x.facilityId === item.facility);
      return sum + (t ? (toPaise(slotPrice(t, item.date)) ?? 0) : 0);
    }, 0),
  );
  const grand = subTotals.reduce((a, b) => a + b, 0);
  let discountLeft = toPaise(input.discount) ?? 0;
  if (discountLeft > grand) throw fieldError('discount', 'The discount cannot exceed the slot total.');
  // The operate level's cap holds on the whole (each booking then takes its share, perhaps all of its price).
  checkDiscountCap(ctx, MODULE, input.discount, fromPaise(grand));
  const discounts = subTotals.map((sub) => {
    const d = Math.min(sub, discountLeft);
    discountLeft -= d;
    return d;
  });
  const amounts = subTotals.map((sub, i) => sub - discounts[i]);
  const paying = input.payment && toPaise(input.payment.amount) ? input.payment : null;
  let payLeft = paying ? (toPaise(paying.amount) ?? 0) : 0;
  const due = amounts.reduce((a, b) => a + b, 0);
  if (payLeft > due) throw fieldError('payment.amount', `The payment cannot exceed the booking amount (${fromPaise(due)}).`);

  const client =
    input.client ??
    (await resolveClient(
      tx,
      ctx,
      { name: input.name!, email: input.email ?? '', mobile: input.mobile_no ?? '' },
      { strictIdentity: true },
    ));

  const pending: PendingBooking[] = [];
  let part = 0;
  for (const [i, item] of input.items.entries()) {
    const pay = Math.min(amounts[i], payLeft);
    payLeft -= pay;
    // One UPI reference may be unique in the ledger: a payment shared out keeps it whole on its first receipt.
    const reference = paying && pay > 0 && part++ > 0 && paying.reference ? `${paying.reference} (part ${part})` : paying?.reference;
    pending.push(
      await bookUnnumbered(tx, ctx, {
        facility: item.facility,
        checkFacility: (f) => {
          if (!f.isActive) throw fieldError('facility', 'This facility is not active.');
        },
        date: item.date,
        slotIds: item.time_slot_ids,
        source: 'desk',
        client: { id: client },
        discount: fromPaise(discounts[i]),
        discountCapChecked: true,
        notes: input.notes,
        soldBy: input.sold_by,
        payment: paying && pay > 0 ? { amount: fromPaise(pay), payment_mode: paying.payment_mode, reference: reference ?? '' } : undefined,
        ignoreWindow: true,
        walkIn: true,
      }),
    );
  }
  return numberBookings(tx, ctx, pending);
}
