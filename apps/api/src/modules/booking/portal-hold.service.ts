/**
 * Paying online on the portal (issue 23). On a facility with `payment_required`, a visitor's
 * booking is made as usual — its slots active in `booked_time_slot`, so the unique index keeps
 * them from anyone else — but as a hold: status `awaiting_payment` with `hold_expires_at` ten
 * minutes on and a payment order (purpose `booking`) for its amount. The gateway's signed callback
 * settles the order and runs this module's purpose in the same transaction:
 *
 * - paid: the booking is confirmed, the money received on the ledger (mode "Online (gateway)",
 *   the gateway's payment id as the reference) so the invoice is settled, staff are notified and
 *   the visitor's confirmation is mailed;
 * - failed, expired (the payments module's job every minute) or cancelled: the hold is released —
 *   the booking cancelled, its slots freed, its invoice cancelled with a credit note.
 *
 * The invoice is issued with the hold (the booking is made by the same code as every booking,
 * which sells it), so the confirmation and the checkout name its number; a hold that is never paid
 * has it cancelled by a credit note, as a cancelled booking does. A hold is neither a booking nor
 * revenue in the dashboard and reports, nor a due, until it is paid.
 */
import { fromPaise, toPaise, type PortalBooking, type PortalHoldState, type PortalVenue } from '@arena/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { organisation } from '../../platform/db/schema.js';
import type { PaymentOrderFacts, PaymentPurposeDefinition } from '../../platform/module.js';
import type { Ctx } from '../../platform/request-context.js';
import { centre } from '../administrator/index.js';
import { cancelSaleInvoice, receive, SELLER_COLUMNS } from '../money/index.js';
import { createPaymentOrder, onlinePaymentModeId, type CreatedPaymentOrder } from '../payments/index.js';
import { notifyBooking } from './booking-entry.service.js';
export { needsPayment } from './booking-entry.service.js';
import { bookingJson, type BookingRow } from './booking.queries.js';
import type { CreatedBooking } from './booking.service.js';
import { MODULE } from './constants.js';
import { sendBookingConfirmation } from './notify.js';
import { bookedTimeSlot, booking } from './schema.js';

/** How long a visitor's slots are held while they pay. */
export const HOLD_MINUTES = 10;
/** The payment purpose of a portal booking. */
export const BOOKING_PURPOSE = 'booking';

/**
 * Makes a just-made portal booking a hold and opens its payment order (same transaction: a hold
 * without its order never commits). The amount is the booking's, priced by the server.
 */
export async function holdForPayment(
  tx: Tx,
  ctx: Ctx,
  b: CreatedBooking,
  /** Where the payer comes back to (the portal's page unless given: the member app's Book). */
  returnPath = `/online-booking?centre=${b.row.centreId}&facility=${b.row.facilityId}`,
): Promise<CreatedPaymentOrder> {
  const order = await createPaymentOrder(tx, ctx, {
    payee: 'organisation',
    purpose: BOOKING_PURPOSE,
    ref: { booking: b.row.id },
    amount: b.row.bookingAmount,
    description: `Booking ${b.row.code} · ${b.facility.sportName} - ${b.facility.name}`,
    payer: { name: b.row.name, email: b.row.email, phone: b.row.mobile },
    returnPath,
    expiresInMinutes: HOLD_MINUTES,
  });
  const expiresAt = new Date(order.expires_at);
  await tx
    .update(booking)
    .set({ status: 'awaiting_payment', holdExpiresAt: expiresAt, paymentOrderId: order.id })
    .where(and(eq(booking.organisationId, ctx.organisationId), eq(booking.id, b.row.id)));
  b.row = { ...b.row, status: 'awaiting_payment', holdExpiresAt: expiresAt, paymentOrderId: order.id };
  return order;
}

/** The held booking an order pays for, locked; null when it is gone or no longer held. */
async function heldBooking(tx: Tx, ctx: Ctx, order: PaymentOrderFacts): Promise<BookingRow | null> {
  const id = Number(order.ref.booking);
  if (!Number.isSafeInteger(id)) return null;
  const [row] = await tx
    .select()
    .from(booking)
    .where(and(eq(booking.organisationId, ctx.organisationId), eq(booking.id, id), eq(booking.paymentOrderId, order.id)))
    .for('update');
  return row?.status === 'awaiting_payment' ? row : null;
}

/** Where the visitor plays, as the portal's confirmation shows it: the centre's address and contacts, else the organisation's. */
export async function venueOfBooking(tx: Tx, ctx: Ctx, row: Pick<BookingRow, 'centreId'>): Promise<PortalVenue> {
  const [v] = await tx
    .select({ centre: SELLER_COLUMNS.centre, org: SELLER_COLUMNS.org })
    .from(centre)
    .innerJoin(organisation, eq(organisation.id, centre.organisationId))
    .where(and(eq(centre.organisationId, ctx.organisationId), eq(centre.id, row.centreId)));
  return {
    organisation_name: ctx.organisation.displayName,
    centre_name: v?.centre.name ?? '',
    address: [v?.centre.address, v?.centre.city].filter(Boolean).join(', ') || (v?.org.address ?? ''),
    phone: v?.centre.phone || (v?.org.phone ?? ''),
    email: v?.centre.email || (v?.org.email ?? ''),
    time_zone: ctx.timeZone,
  };
}

/**
 * The app whose job queue mails the confirmation of a hold paid by a callback (the purpose's hook
 * runs in the payments module's transaction, without the request): bound by this module's routes.
 */
let mailApp: FastifyInstance | null = null;
export const bindConfirmationMail = (app: FastifyInstance) => void (mailApp = app);

/** onPaid: the hold becomes a confirmed booking, paid on the ledger, and its confirmation is mailed. */
async function confirmPaidHold(tx: Tx, ctx: Ctx, order: PaymentOrderFacts): Promise<void> {
  const row = await heldBooking(tx, ctx, order);
  if (!row) return;
  await tx
    .update(booking)
    .set({ status: 'confirmed', holdExpiresAt: null, updatedAt: sql`now()` })
    .where(and(eq(booking.organisationId, ctx.organisationId), eq(booking.id, row.id)));
  await receive(
    tx,
    ctx,
    { type: 'booking', id: row.id },
    {
      amount: order.amount,
      paymentMode: await onlinePaymentModeId(tx, ctx),
      reference: order.gatewayPaymentId ?? order.id,
      notes: `Paid online (${order.provider}, order ${order.id})`,
    },
  );
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'booking',
    objectId: row.id,
    label: row.code,
    action: 'update',
    before: { status: row.status },
    after: { status: 'confirmed', paid_online: order.amount, payment: order.gatewayPaymentId },
  });
  const json = await bookingJson(tx, ctx, row.id);
  // Staff hear of the booking once it is paid (a hold that lapses was never a booking).
  await notifyBooking(tx, ctx, 'new_online_booking', row, { name: json.facility_name, sportName: json.sport_name });
  const paid: PortalBooking = { ...json, venue: await venueOfBooking(tx, ctx, row) };
  // The mail's text is made here, from what this transaction wrote; the job queue sends it.
  if (mailApp) await sendBookingConfirmation(mailApp, ctx.organisation, paid);
}

/** Frees a hold's slots and closes its sale: the booking is cancelled and its invoice cancelled with a credit note. */
export async function releaseHold(tx: Tx, ctx: Ctx, row: BookingRow, reason: string): Promise<void> {
  await tx
    .update(booking)
    .set({ status: 'cancelled', cancelledAt: ctx.now.instant, cancelReason: reason, holdExpiresAt: null, updatedAt: sql`now()` })
    .where(and(eq(booking.organisationId, ctx.organisationId), eq(booking.id, row.id)));
  await tx
    .update(bookedTimeSlot)
    .set({ isActive: false })
    .where(and(eq(bookedTimeSlot.organisationId, ctx.organisationId), eq(bookedTimeSlot.bookingId, row.id)));
  await cancelSaleInvoice(tx, ctx, { type: 'booking', id: row.id }, reason);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'booking',
    objectId: row.id,
    label: row.code,
    action: 'update',
    before: { status: row.status },
    after: { status: 'cancelled', reason },
  });
}

/** onFailed (failed, expired or cancelled order): the hold is released and its slots are offered again. */
async function releaseUnpaidHold(tx: Tx, ctx: Ctx, order: PaymentOrderFacts): Promise<void> {
  const row = await heldBooking(tx, ctx, order);
  if (row) await releaseHold(tx, ctx, row, 'Online payment not completed');
}

/** The manifest's `paymentPurposes` entry. */
export const bookingPaymentPurpose: PaymentPurposeDefinition = {
  name: BOOKING_PURPOSE,
  payee: 'organisation',
  onPaid: confirmPaidHold,
  onFailed: releaseUnpaidHold,
};

/** What the portal's return page shows for an order: the booking and whether it is confirmed, still held or released. */
export async function holdState(tx: Tx, ctx: Ctx, orderId: string): Promise<PortalHoldState | null> {
  const [row] = await tx
    .select()
    .from(booking)
    .where(and(eq(booking.organisationId, ctx.organisationId), eq(booking.paymentOrderId, orderId)));
  if (!row) return null;
  const json = await bookingJson(tx, ctx, row);
  const status = row.status === 'awaiting_payment' ? 'awaiting_payment' : row.status === 'cancelled' ? 'released' : 'confirmed';
  return {
    status,
    hold_expires_at: row.holdExpiresAt?.toISOString() ?? null,
    paid_amount: fromPaise(toPaise(row.paidAmount) ?? 0),
    booking: { ...json, venue: await venueOfBooking(tx, ctx, row) },
  };
}
