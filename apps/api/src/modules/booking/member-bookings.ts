/**
 * Booking as a member (End User Login, issue 27): the facilities open for online booking, a date's
 * slots (the portal's availability), a booking with the member as its client (the portal's rules:
 * the facility's booking window, its online payment hold), the member's bookings and cancelling one.
 *
 * A booking is the member's when its client is the member's phone (`booking_client` is unique by
 * mobile, and an active member's phone is unique): bookings the member made at the desk or on the
 * portal under the same phone are theirs too. The facility has no member price in the schema: the
 * slot's price is charged. It has no cancellation window either: a member may cancel a confirmed
 * booking up to ME_CANCEL_HOURS_BEFORE hours before its first slot (closeBooking's rules, no refund:
 * what was paid stays the client's credit, as at the desk).
 */
import type { AvailableSlotGroup } from '@arena/contracts';
import { ME_CANCEL_HOURS_BEFORE } from '@arena/contracts/end-user';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { centre, sport } from '../administrator/index.js';
import { notifyBooking, needsPayment } from './booking-entry.service.js';
import { activeSlotsOf, bookingsJson, loadBooking, type BookingRow } from './booking.queries.js';
import { bookSlots } from './booking.service.js';
import { closeBooking } from './booking-status.service.js';
import { dayView } from './day-view.js';
import { loadFacility } from './facility.service.js';
import { holdForPayment } from './portal-hold.service.js';
import { booking, bookingClient, facility } from './schema.js';

export interface MemberContact {
  name: string;
  phone: string;
  email: string;
}

export interface MemberBookingJson {
  id: number;
  code: string;
  facility_name: string;
  sport_name: string;
  date: string;
  slots: { start_time: string; end_time: string }[];
  amount: string;
  paid: string;
  status: string;
  can_cancel: boolean;
}

/**
 * Facilities open for online booking — active, in an active centre, online booking on — of one
 * centre when given: the portal's list and the member app's (at most 200).
 */
export async function bookableFacilities(tx: Tx, ctx: Ctx, centreId?: number) {
  return tx
    .select({
      id: facility.id,
      name: facility.name,
      sport_name: sport.name,
      centre_name: centre.name,
      payment_required: facility.paymentRequired,
      advance_booking_days: facility.advanceBookingDays,
    })
    .from(facility)
    .innerJoin(sport, eq(sport.id, facility.sportId))
    .innerJoin(centre, eq(centre.id, facility.centreId))
    .where(
      and(
        eq(facility.organisationId, ctx.organisationId),
        eq(facility.isActive, true),
        eq(centre.isActive, true),
        eq(facility.enableOnlineBooking, true),
        centreId ? eq(facility.centreId, centreId) : undefined,
      ),
    )
    .orderBy(asc(sport.name), asc(facility.name))
    .limit(200);
}

/** Facilities a member may book: the portal's. */
export const memberFacilities = (tx: Tx, ctx: Ctx) => bookableFacilities(tx, ctx);

/** A date's slots of a facility open for online booking, as the portal shows them (404 otherwise). */
export async function memberAvailability(tx: Tx, ctx: Ctx, facilityId: number, date: string): Promise<AvailableSlotGroup[]> {
  const f = await loadFacility(tx, ctx, facilityId);
  if (!f.isActive || !f.enableOnlineBooking) throw notFound();
  // The day view reads the portal's path form of a date (dd-MM-yyyy).
  const [y, m, d] = date.split('-');
  return (await dayView(tx, ctx, f, `${d}-${m}-${y}`, false)) as AvailableSlotGroup[];
}

const startsAt = (ctx: Ctx, date: string, time: string | undefined): number => {
  // The organisation's wall clock: compare against its today and time, in minutes.
  const days = (Date.parse(`${date}T00:00:00Z`) - Date.parse(`${ctx.now.today}T00:00:00Z`)) / 86_400_000;
  const [h, m] = (time ?? '00:00').split(':').map(Number);
  const [nh, nm] = ctx.now.time.split(':').map(Number);
  return days * 24 * 60 + h * 60 + m - (nh * 60 + nm);
};

/** Whether a member may still cancel a booking: confirmed, and at least ME_CANCEL_HOURS_BEFORE hours before its first slot. */
const cancellable = (ctx: Ctx, row: BookingRow, firstStart: string | undefined) =>
  row.status === 'confirmed' && startsAt(ctx, row.date, firstStart) >= ME_CANCEL_HOURS_BEFORE * 60;

async function memberJson(tx: Tx, ctx: Ctx, rows: BookingRow[]): Promise<MemberBookingJson[]> {
  const json = await bookingsJson(tx, ctx, rows);
  return json.map((b, i) => {
    const active = b.time_slots.filter((s) => s.is_active);
    const slots = active.length ? active : b.time_slots;
    return {
      id: b.id,
      code: b.code,
      facility_name: b.facility_name,
      sport_name: b.sport_name,
      date: b.date,
      slots: slots.map((s) => ({ start_time: s.start_time, end_time: s.end_time })),
      amount: b.booking_amount,
      paid: b.paid_amount,
      status: b.status,
      can_cancel: cancellable(ctx, rows[i], slots[0]?.start_time),
    };
  });
}

/** Books slots for the member (their phone the client's): the portal's rules; a facility that takes payment online holds the slots for the checkout. */
export async function bookAsMember(
  tx: Tx,
  ctx: Ctx,
  who: MemberContact,
  input: { facility: number; date: string; slots: number[] },
): Promise<{ booking: MemberBookingJson; checkout_url: string | null }> {
  const created = await bookSlots(tx, ctx, {
    facility: input.facility,
    checkFacility: (f) => {
      if (!f.isActive || !f.enableOnlineBooking) throw fieldError('facility', 'This facility is not open for booking in the app.');
    },
    perPhoneLimit: ctx.config.BOOKING_MAX_PER_PHONE_PER_DAY,
    date: input.date,
    slotIds: input.slots,
    source: 'online',
    client: { name: who.name, email: who.email, mobile: who.phone },
  });
  const order = needsPayment(created) ? await holdForPayment(tx, ctx, created, '/me/book') : null;
  if (!order) await notifyBooking(tx, ctx, 'new_online_booking', created.row, created.facility);
  const [json] = await memberJson(tx, ctx, [created.row]);
  return { booking: json, checkout_url: order?.checkout_url ?? null };
}

const ofPhone = (phone: string) =>
  sql`exists (select 1 from ${bookingClient} c where c.id = ${booking.clientId} and c.organisation_id = ${booking.organisationId} and c.mobile = ${phone})`;

/** The member's bookings: upcoming first (soonest first), then past ones (latest first); at most 100. */
export async function memberBookings(tx: Tx, ctx: Ctx, phone: string): Promise<MemberBookingJson[]> {
  if (!phone) return [];
  const where = and(eq(booking.organisationId, ctx.organisationId), ofPhone(phone));
  const upcoming = await tx
    .select()
    .from(booking)
    .where(and(where, sql`${booking.date} >= ${ctx.now.today}`))
    .orderBy(asc(booking.date), asc(booking.id))
    .limit(100);
  const past = await tx
    .select()
    .from(booking)
    .where(and(where, sql`${booking.date} < ${ctx.now.today}`))
    .orderBy(desc(booking.date), desc(booking.id))
    .limit(Math.max(0, 100 - upcoming.length));
  return memberJson(tx, ctx, [...upcoming, ...past]);
}

/** The member's booking, locked; another's (or none) a 404. */
async function ownBooking(tx: Tx, ctx: Ctx, phone: string, id: number): Promise<BookingRow> {
  const [own] = phone
    ? await tx
        .select({ id: booking.id })
        .from(booking)
        .where(and(eq(booking.organisationId, ctx.organisationId), eq(booking.id, id), ofPhone(phone)))
    : [];
  if (!own) throw notFound();
  return loadBooking(tx, ctx, id, true);
}

/** Whether a booking is the member's (their invoices). */
export async function bookingIdsOfPhone(tx: Tx, ctx: Ctx, phone: string): Promise<number[]> {
  if (!phone) return [];
  const rows = await tx
    .select({ id: booking.id })
    .from(booking)
    .where(and(eq(booking.organisationId, ctx.organisationId), ofPhone(phone)))
    .limit(5000);
  return rows.map((r) => r.id);
}

/** Cancels the member's confirmed booking within the window (closeBooking: slots freed, the invoice credited, what was paid the client's credit). */
export async function cancelAsMember(tx: Tx, ctx: Ctx, phone: string, id: number): Promise<MemberBookingJson> {
  const row = await ownBooking(tx, ctx, phone, id);
  if (row.status !== 'confirmed') throw conflict(`This booking is ${row.status.replace('_', ' ')}: it cannot be cancelled.`);
  const first = (await activeSlotsOf(tx, ctx, row.id))[0]?.startTime;
  if (!cancellable(ctx, row, first))
    throw conflict(
      `A booking can be cancelled in the app up to ${ME_CANCEL_HOURS_BEFORE} hours before it starts. Please call the front desk.`,
    );
  const after = await closeBooking(tx, ctx, { id: row.id, to: 'cancelled', reason: 'Cancelled by the member in the app' });
  return (await memberJson(tx, ctx, [after]))[0];
}
