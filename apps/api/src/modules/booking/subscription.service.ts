/**
 * Booking subscriptions: the same slots on chosen weekdays between two dates. Each date is
 * booked in its own savepoint, so a date that clashes (already booked, started) is reported and
 * skipped instead of double-booked, and never undoes the other dates. The bookings take their
 * numbers together at the end. A request books at most SUBSCRIPTION_MAX_SLOTS slots (dates ×
 * slots), refused before any work when larger.
 */
import { SUBSCRIPTION_MAX_SPAN_DAYS, type Subscription } from '@arena/contracts';
import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { ApiError, badRequest, conflict, fieldError, notFound, uniqueViolation } from '../../platform/errors.js';
import { checkReferences } from '../../platform/references.js';
import type { Ctx } from '../../platform/request-context.js';
import { addDays, daysBetween, isoWeekday } from '../../platform/time.js';
import { sport } from '../administrator/index.js';
import { bookUnnumbered, numberBookings, resolveClient, type Contact, type PendingBooking } from './booking.service.js';
import { MODULE } from './constants.js';
import { loadFacility } from './facility.service.js';
import { bookedTimeSlot, booking, bookingClient, bookingSubscription, facility, timeSlot } from './schema.js';

/** The longest a subscription may run, in days from its start date to its end date. */
export const MAX_SPAN_DAYS = SUBSCRIPTION_MAX_SPAN_DAYS;

export interface SubscriptionInput {
  client?: number;
  name?: string;
  email?: string;
  mobile_no?: string;
  facility: number;
  time_slot_ids: number[];
  weekdays: number[];
  start_date: string;
  end_date: string;
  notes: string;
}

/** The facility as the screens name it: "Badminton - Court 1". */
export const subscriptionFacilityName = sql<string>`${sport.name} || ' - ' || ${facility.name}`;

export const subscriptionFields = { s: bookingSubscription, clientName: bookingClient.name, facilityName: subscriptionFacilityName };
export type SubscriptionRow = { s: typeof bookingSubscription.$inferSelect; clientName: string; facilityName: string };

/** A subscription with its client and facility joined, ready for `subscriptionJson`. */
export const fromSubscriptions = (tx: Tx, fields: object) =>
  tx
    .select(fields as typeof subscriptionFields)
    .from(bookingSubscription)
    .innerJoin(bookingClient, eq(bookingClient.id, bookingSubscription.clientId))
    .innerJoin(facility, eq(facility.id, bookingSubscription.facilityId))
    .innerJoin(sport, eq(sport.id, facility.sportId))
    .$dynamic();

export async function loadSubscription(tx: Tx, ctx: Ctx, id: number): Promise<Subscription> {
  const [row] = await fromSubscriptions(tx, subscriptionFields).where(
    and(eq(bookingSubscription.organisationId, ctx.organisationId), eq(bookingSubscription.id, id)),
  );
  if (!row) throw notFound();
  return subscriptionJson(row);
}

export function subscriptionJson({ s, clientName, facilityName }: SubscriptionRow): Subscription {
  return {
    id: s.id,
    client: s.clientId,
    client_name: clientName,
    facility: s.facilityId,
    facility_name: facilityName,
    time_slot_ids: s.timeSlotIds,
    weekdays: s.weekdays,
    start_date: s.startDate,
    end_date: s.endDate,
    status: s.status,
    cancelled_from: s.cancelledFrom,
    notes: s.notes,
    created_at: s.createdAt.toISOString(),
  };
}

/** "17,616" */
const count = (n: number) => n.toLocaleString('en-US');

/** The dates from start to end (inclusive) that fall on the chosen ISO weekdays. */
export function subscriptionDates(input: Pick<SubscriptionInput, 'start_date' | 'end_date' | 'weekdays'>): string[] {
  const weekdays = new Set(input.weekdays);
  const dates: string[] = [];
  for (let date = input.start_date; date <= input.end_date; date = addDays(date, 1)) if (weekdays.has(isoWeekday(date))) dates.push(date);
  return dates;
}

export async function createSubscription(tx: Tx, ctx: Ctx, input: SubscriptionInput) {
  const organisationId = ctx.organisationId;
  const today = ctx.now.today;
  // The size of the request first, before any work: what it would book is known from the input alone.
  if (input.start_date < today) throw fieldError('start_date', 'The start date cannot be in the past.');
  if (input.end_date < input.start_date) throw fieldError('end_date', 'End date must be on or after the start date.');
  if (daysBetween(input.start_date, input.end_date) > MAX_SPAN_DAYS)
    throw fieldError('end_date', `A subscription can span at most ${MAX_SPAN_DAYS} days.`);
  if (new Set(input.time_slot_ids).size !== input.time_slot_ids.length)
    throw fieldError('time_slot_ids', 'A slot is selected more than once.');
  const dates = subscriptionDates(input);
  if (!dates.length) throw badRequest({ weekdays: ['No date between the start and end date falls on the chosen weekdays.'] });
  const slots = dates.length * input.time_slot_ids.length;
  const max = ctx.config.SUBSCRIPTION_MAX_SLOTS;
  if (slots > max)
    throw badRequest({
      non_field_errors: [
        `This subscription would book ${count(slots)} slots; at most ${count(max)} can be booked at once. Shorten the period or choose fewer slots.`,
      ],
    });

  await checkReferences(tx, organisationId, {
    facility: { table: facility, id: input.facility },
    client: { table: bookingClient, id: input.client },
  });
  const f = await loadFacility(tx, organisationId, input.facility);
  if (!f.isActive) throw fieldError('facility', 'This facility is not active.');
  const known = await tx
    .select({ id: timeSlot.id })
    .from(timeSlot)
    .where(
      and(
        eq(timeSlot.organisationId, organisationId),
        eq(timeSlot.facilityId, f.id),
        inArray(timeSlot.id, input.time_slot_ids),
        isNull(timeSlot.archivedAt),
      ),
    );
  const missing = input.time_slot_ids.filter((sid) => !known.some((k) => k.id === sid));
  if (missing.length) throw fieldError('time_slot_ids', `These slots do not belong to this facility: ${missing.join(', ')}.`);
  let clientId: number;
  if (input.client) clientId = input.client;
  else {
    if (!input.name) throw fieldError('name', 'Name is required');
    const mobile = (input.mobile_no ?? '').replace(/\s+/g, '');
    if (mobile && !/^\d{10}$/.test(mobile)) throw fieldError('mobile_no', 'Phone number must be 10 digits');
    clientId = await resolveClient(tx, ctx, { name: input.name, email: input.email ?? '', mobile } satisfies Contact);
  }
  const [sub] = await tx
    .insert(bookingSubscription)
    .values({
      organisationId,
      clientId,
      facilityId: f.id,
      timeSlotIds: input.time_slot_ids,
      weekdays: [...new Set(input.weekdays)].sort(),
      startDate: input.start_date,
      endDate: input.end_date,
      notes: input.notes,
      createdBy: ctx.actor.actorId,
    })
    .returning();

  const pending: PendingBooking[] = [];
  const clashes: { date: string; time_slot_ids: number[]; reason: string }[] = [];
  for (const date of dates) {
    try {
      // Numbered all at once after the loop: the counter's row lock is taken once, at the end.
      const row = await tx.transaction((sp) =>
        bookUnnumbered(sp as unknown as Tx, ctx, {
          facility: f,
          date,
          slotIds: input.time_slot_ids,
          source: 'subscription',
          client: { id: clientId },
          subscriptionId: sub.id,
          ignoreWindow: true,
        }),
      );
      pending.push(row);
    } catch (err) {
      const lostRace = uniqueViolation(err) === 'booked_time_slot_active_key';
      // Taken or no longer bookable on this date: a clash to report. Anything else is a real error.
      const slotProblem =
        lostRace || (err instanceof ApiError && (err.statusCode === 409 || (err.statusCode === 400 && 'time_slots' in err.body)));
      if (!slotProblem) throw err;
      const reason = lostRace
        ? 'Already booked.'
        : err instanceof ApiError
          ? String(err.body.detail ?? (err.body.time_slots as string[] | undefined)?.join(' ') ?? 'Not available.')
          : 'Not available.';
      clashes.push({ date, time_slot_ids: input.time_slot_ids, reason });
    }
  }
  const created = (await numberBookings(tx, ctx, pending)).map((b) => ({ date: b.row.date, booking_id: b.row.id, code: b.row.code }));
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'booking_subscription',
    objectId: sub.id,
    label: `${f.sportName} - ${f.name}, ${input.start_date} to ${input.end_date}`,
    action: 'create',
    after: { ...input, created: created.length, clashes: clashes.map((c) => c.date) },
  });
  return { id: sub.id, created, clashes };
}

/** Ends a subscription from a date: its confirmed bookings on and after it are cancelled and their slots freed. */
export async function cancelSubscription(tx: Tx, ctx: Ctx, input: { id: number; from_date: string }): Promise<number> {
  const organisationId = ctx.organisationId;
  const { id, from_date: fromDate } = input;
  const [sub] = await tx
    .select()
    .from(bookingSubscription)
    .where(and(eq(bookingSubscription.organisationId, organisationId), eq(bookingSubscription.id, id)))
    .for('update');
  if (!sub) throw notFound();
  if (sub.status === 'cancelled') throw conflict('This subscription is already cancelled.');
  if (fromDate < ctx.now.today) throw fieldError('from_date', 'Bookings in the past cannot be cancelled.');
  const cancelled = await tx
    .update(booking)
    .set({ status: 'cancelled', cancelledAt: ctx.now.instant, cancelReason: 'Subscription cancelled', updatedAt: ctx.now.instant })
    .where(
      and(
        eq(booking.organisationId, organisationId),
        eq(booking.subscriptionId, id),
        gte(booking.date, fromDate),
        eq(booking.status, 'confirmed'),
      ),
    )
    .returning({ id: booking.id });
  if (cancelled.length)
    await tx
      .update(bookedTimeSlot)
      .set({ isActive: false })
      .where(
        and(
          eq(bookedTimeSlot.organisationId, organisationId),
          inArray(
            bookedTimeSlot.bookingId,
            cancelled.map((c) => c.id),
          ),
        ),
      );
  await tx
    .update(bookingSubscription)
    .set({ status: 'cancelled', cancelledFrom: fromDate, updatedAt: sql`now()` })
    .where(and(eq(bookingSubscription.organisationId, organisationId), eq(bookingSubscription.id, id)));
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'booking_subscription',
    objectId: id,
    label: `Subscription #${id}`,
    action: 'update',
    before: { status: sub.status },
    after: { status: 'cancelled', from_date: fromDate, bookings_cancelled: cancelled.length },
  });
  return cancelled.length;
}
