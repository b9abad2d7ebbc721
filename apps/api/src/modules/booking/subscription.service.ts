/**
 * Booking subscriptions: the same slots on chosen weekdays between two dates. Each date is
 * booked in its own savepoint, so a date that clashes (already booked, started) is reported and
 * skipped instead of double-booked, and never undoes the other dates. The bookings take their
 * numbers together at the end. A request books at most SUBSCRIPTION_MAX_SLOTS slots (dates ×
 * slots), refused before any work when larger.
 */
import {
  fromPaise,
  SUBSCRIPTION_MAX_SPAN_DAYS,
  toPaise,
  type Subscription,
  type SubscriptionPreview,
  type SubscriptionPreviewDate,
} from '@arena/contracts';
import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { ApiError, badRequest, conflict, fieldError, notFound, uniqueViolation } from '../../platform/errors.js';
import { checkReferences } from '../../platform/references.js';
import type { Ctx } from '../../platform/request-context.js';
import { addDays, daysBetween, isoWeekday } from '../../platform/time.js';
import { sport } from '../administrator/index.js';
import { receive } from '../money/index.js';
import { slotPrice, total, unavailableReason } from './availability.js';
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
  resolutions?: { date: string; action: 'skip' | 'move'; time_slot_ids?: number[] }[];
  payment?: { mode: 'all_now' | 'per_booking'; amount?: string; payment_mode?: number; reference: string };
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
  return (await subscriptionsJson(tx, ctx, [row]))[0];
}

const WEEKDAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const hhmm = (t: string) => t.slice(0, 5);

/** A page of subscriptions as the API shows them: with weekday names, slot times and the next booking date (two reads for the page). */
export async function subscriptionsJson(tx: Tx, ctx: Ctx, rows: SubscriptionRow[]): Promise<Subscription[]> {
  if (!rows.length) return [];
  const organisationId = ctx.organisationId;
  const slotIds = [...new Set(rows.flatMap((r) => r.s.timeSlotIds))];
  const slots = slotIds.length
    ? await tx
        .select({ id: timeSlot.id, startTime: timeSlot.startTime, endTime: timeSlot.endTime })
        .from(timeSlot)
        .where(and(eq(timeSlot.organisationId, organisationId), inArray(timeSlot.id, slotIds)))
    : [];
  const slotOf = new Map(slots.map((x) => [x.id, x]));
  const next = await tx
    .select({ id: booking.subscriptionId, date: sql<string>`min(${booking.date})::text` })
    .from(booking)
    .where(
      and(
        eq(booking.organisationId, organisationId),
        inArray(
          booking.subscriptionId,
          rows.map((r) => r.s.id),
        ),
        eq(booking.status, 'confirmed'),
        gte(booking.date, ctx.now.today),
      ),
    )
    .groupBy(booking.subscriptionId);
  const nextOf = new Map(next.map((n) => [n.id, n.date]));
  return rows.map(({ s, clientName, facilityName }) => ({
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
    weekday_names: [...s.weekdays]
      .sort()
      .map((d) => WEEKDAY_NAMES[d - 1])
      .join(', '),
    slot_times: s.timeSlotIds
      .map((id) => slotOf.get(id))
      .filter((x) => !!x)
      .sort((a, b) => a.startTime.localeCompare(b.startTime))
      .map((x) => `${hhmm(x.startTime)}–${hhmm(x.endTime)}`),
    next_date: nextOf.get(s.id) ?? null,
  }));
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

type TemplateSlotRow = typeof timeSlot.$inferSelect;

/**
 * The checks creating and previewing share, in order: the size of the request from the input
 * alone (before any work), the facility, its slots (the chosen ones and those a resolution
 * moves to) and the resolutions' dates. Returns the dates and the facility's live slots.
 */
async function checkSubscription(tx: Tx, ctx: Ctx, input: SubscriptionInput) {
  const organisationId = ctx.organisationId;
  const today = ctx.now.today;
  if (input.start_date < today) throw fieldError('start_date', 'The start date cannot be in the past.');
  if (input.end_date < input.start_date) throw fieldError('end_date', 'End date must be on or after the start date.');
  if (daysBetween(input.start_date, input.end_date) > MAX_SPAN_DAYS)
    throw fieldError('end_date', `A subscription can span at most ${MAX_SPAN_DAYS} days.`);
  if (new Set(input.time_slot_ids).size !== input.time_slot_ids.length)
    throw fieldError('time_slot_ids', 'A slot is selected more than once.');
  const dates = subscriptionDates(input);
  if (!dates.length) throw badRequest({ weekdays: ['No date between the start and end date falls on the chosen weekdays.'] });
  // What it would book: the chosen slots on each date, or what a resolution says instead (none, or the slots it moves to).
  const asked = new Map((input.resolutions ?? []).map((r) => [r.date, r.action === 'skip' ? 0 : (r.time_slot_ids?.length ?? 0)]));
  const slots = dates.reduce((n, d) => n + (asked.get(d) ?? input.time_slot_ids.length), 0);
  const max = ctx.config.SUBSCRIPTION_MAX_SLOTS;
  if (slots > max)
    throw badRequest({
      non_field_errors: [
        `This subscription would book ${count(slots)} slots; at most ${count(max)} can be booked at once. Shorten the period or choose fewer slots.`,
      ],
    });
  const resolutions = new Map((input.resolutions ?? []).map((r) => [r.date, r]));
  if (resolutions.size !== (input.resolutions ?? []).length) throw fieldError('resolutions', 'Each date can be resolved only once.');
  const dateSet = new Set(dates);
  for (const [i, r] of (input.resolutions ?? []).entries()) {
    if (!dateSet.has(r.date)) throw fieldError(`resolutions.${i}.date`, "This date is not one of the subscription's dates.");
    if (r.action === 'move' && !r.time_slot_ids?.length)
      throw fieldError(`resolutions.${i}.time_slot_ids`, 'Please select at least one slot.');
  }

  await checkReferences(tx, organisationId, {
    facility: { table: facility, id: input.facility },
    client: { table: bookingClient, id: input.client },
  });
  const f = await loadFacility(tx, ctx, input.facility);
  if (!f.isActive) throw fieldError('facility', 'This facility is not active.');
  const template = await tx
    .select()
    .from(timeSlot)
    .where(and(eq(timeSlot.organisationId, organisationId), eq(timeSlot.facilityId, f.id), isNull(timeSlot.archivedAt)))
    .orderBy(asc(timeSlot.startTime), asc(timeSlot.id));
  const known = new Set(template.map((t) => t.id));
  const missing = input.time_slot_ids.filter((sid) => !known.has(sid));
  if (missing.length) throw fieldError('time_slot_ids', `These slots do not belong to this facility: ${missing.join(', ')}.`);
  for (const [i, r] of (input.resolutions ?? []).entries()) {
    const foreign = (r.time_slot_ids ?? []).filter((sid) => !known.has(sid));
    if (foreign.length)
      throw fieldError(`resolutions.${i}.time_slot_ids`, `These slots do not belong to this facility: ${foreign.join(', ')}.`);
  }
  return { dates, facility: f, template, resolutions };
}

const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const length = (slots: TemplateSlotRow[]) => slots.reduce((n, x) => n + (minutes(x.endTime) - minutes(x.startTime)), 0);

/**
 * What a subscription would book, date by date, without writing: each date free or clashing
 * (a chosen slot taken, or not bookable), its price, and for a clash the nearest free run of
 * consecutive slots of the same length that day (null: skip the date).
 */
export async function previewSubscription(tx: Tx, ctx: Ctx, input: SubscriptionInput): Promise<SubscriptionPreview> {
  const { dates, facility: f, template } = await checkSubscription(tx, ctx, input);
  const held = await tx
    .select({ date: bookedTimeSlot.date, slot: bookedTimeSlot.timeSlotId })
    .from(bookedTimeSlot)
    .where(
      and(
        eq(bookedTimeSlot.organisationId, ctx.organisationId),
        eq(bookedTimeSlot.facilityId, f.id),
        gte(bookedTimeSlot.date, dates[0]),
        lte(bookedTimeSlot.date, dates[dates.length - 1]),
        eq(bookedTimeSlot.isActive, true),
      ),
    );
  const heldOn = new Map<string, Set<number>>();
  for (const h of held) (heldOn.get(h.date) ?? heldOn.set(h.date, new Set()).get(h.date)!).add(h.slot);
  const chosen = template.filter((t) => input.time_slot_ids.includes(t.id));
  const wanted = length(chosen);
  const firstStart = minutes(chosen[0].startTime);

  const out: SubscriptionPreviewDate[] = [];
  let totalPaise = 0;
  for (const date of dates) {
    const taken = heldOn.get(date) ?? new Set<number>();
    const day = { date, today: ctx.now.today, time: ctx.now.time, advanceDays: 3650 };
    const statusOf = (x: TemplateSlotRow) => (taken.has(x.id) ? 'booked' : unavailableReason(x, day) ? 'unavailable' : 'free');
    const slots = chosen.map((x) => ({
      time_slot_id: x.id,
      start_time: x.startTime,
      end_time: x.endTime,
      price: slotPrice(x, date),
      status: statusOf(x) as 'free' | 'booked' | 'unavailable',
    }));
    const price = total(slots.map((x) => x.price));
    const problems = chosen.flatMap((x) => {
      const why = taken.has(x.id) ? 'Already booked.' : unavailableReason(x, day);
      return why ? [`${hhmm(x.startTime)}–${hhmm(x.endTime)}: ${why}`] : [];
    });
    if (!problems.length) {
      totalPaise += toPaise(price) ?? 0;
      out.push({ date, status: 'free', price, slots, reason: '', proposal: null });
      continue;
    }
    // The nearest run of consecutive free slots (each starting where the last ends) as long as the chosen ones.
    let best: { slots: TemplateSlotRow[]; distance: number } | null = null;
    for (let i = 0; i < template.length; i++) {
      const run: TemplateSlotRow[] = [];
      for (let j = i; j < template.length && length(run) < wanted; j++) {
        const x = template[j];
        if (run.length && x.startTime !== run[run.length - 1].endTime) break;
        if (statusOf(x) !== 'free') break;
        run.push(x);
      }
      if (!run.length || length(run) !== wanted) continue;
      if (run.every((x) => input.time_slot_ids.includes(x.id))) continue;
      const distance = Math.abs(minutes(run[0].startTime) - firstStart);
      if (!best || distance < best.distance) best = { slots: run, distance };
    }
    out.push({
      date,
      status: 'clash',
      price,
      slots,
      reason: problems.join(' '),
      proposal: best
        ? {
            time_slot_ids: best.slots.map((x) => x.id),
            start_time: best.slots[0].startTime,
            end_time: best.slots[best.slots.length - 1].endTime,
            price: total(best.slots.map((x) => slotPrice(x, date))),
          }
        : null,
    });
  }
  const clashCount = out.filter((d) => d.status === 'clash').length;
  return { dates: out, total: fromPaise(totalPaise), free_count: out.length - clashCount, clash_count: clashCount };
}

export async function createSubscription(tx: Tx, ctx: Ctx, input: SubscriptionInput) {
  const organisationId = ctx.organisationId;
  const paying = input.payment?.mode === 'all_now' ? input.payment : null;
  if (paying && !paying.payment_mode) throw fieldError('payment.payment_mode', 'Choose a payment mode.');
  const { dates, facility: f, resolutions } = await checkSubscription(tx, ctx, input);
  let clientId: number;
  if (input.client) clientId = input.client;
  else {
    if (!input.name) throw fieldError('name', 'Name is required');
    const mobile = input.mobile_no ?? ''; // normalised to 10 digits (or '') by the contract
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
  const skipped: string[] = [];
  for (const date of dates) {
    const resolution = resolutions.get(date);
    if (resolution?.action === 'skip') {
      skipped.push(date);
      continue;
    }
    const slotIds = resolution?.action === 'move' ? resolution.time_slot_ids! : input.time_slot_ids;
    try {
      // Numbered all at once after the loop: the counter's row lock is taken once, at the end.
      const row = await tx.transaction((sp) =>
        bookUnnumbered(sp as unknown as Tx, ctx, {
          facility: f,
          date,
          slotIds,
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
      clashes.push({ date, time_slot_ids: slotIds, reason });
    }
  }
  const created = await numberBookings(tx, ctx, pending);

  // Paid all now: one payment spread over the bookings in date order, a ledger receipt on each.
  let payment: { amount: string; receipts: number } | null = null;
  if (paying) {
    const due = created.reduce((n, b) => n + (toPaise(b.row.bookingAmount) ?? 0), 0);
    const amount = paying.amount === undefined ? due : (toPaise(paying.amount) ?? 0);
    if (amount > due) throw fieldError('payment.amount', `The payment cannot exceed the total of the bookings (${fromPaise(due)}).`);
    let left = amount;
    const shares = created
      .map((b) => {
        const share = Math.min(left, toPaise(b.row.bookingAmount) ?? 0);
        left -= share;
        return { b, share };
      })
      .filter((x) => x.share > 0);
    for (const [i, { b, share }] of shares.entries()) {
      // One reference for one payment: the first receipt carries it as given (a UPI UTR stays unique), the others name their part.
      const reference = i === 0 || !paying.reference ? paying.reference : `${paying.reference} (${i + 1}/${shares.length})`.slice(0, 100);
      await receive(tx, ctx, { type: 'booking', id: b.row.id }, { amount: fromPaise(share), paymentMode: paying.payment_mode!, reference });
    }
    payment = { amount: fromPaise(amount), receipts: shares.length };
  }
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'booking_subscription',
    objectId: sub.id,
    label: `${f.sportName} - ${f.name}, ${input.start_date} to ${input.end_date}`,
    action: 'create',
    after: { ...input, created: created.length, clashes: clashes.map((c) => c.date), skipped, payment },
  });
  return {
    id: sub.id,
    created: created.map((b) => ({ date: b.row.date, booking_id: b.row.id, code: b.row.code })),
    clashes,
    skipped,
    payment,
  };
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
