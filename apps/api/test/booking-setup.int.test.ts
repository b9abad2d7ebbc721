/**
 * Issue 12, set-up: the recurring booking's preview (free dates, clashes, the nearest free slot
 * of the same length, the total), resolutions (skip, move) and the payment taken all at once
 * through the ledger, the list's weekdays / slot times / next date, and copying a facility's
 * slot groups to another facility (never another organisation's).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookedTimeSlot, booking } from '../src/modules/booking/schema.js';
import { ledgerEntry } from '../src/modules/money/schema.js';
import { addDays, isoWeekday, isWeekend } from '../src/platform/time.js';
import { inDays } from './booking-helpers.js';
import {
  inOrg,
  makeBooking,
  makeCentre,
  makeFacility,
  makeOrganisation,
  makePaymentMode,
  makeSport,
  type TestOrganisation,
} from './factories.js';
import { call, createTestApp, login, type TestContext } from './helpers.js';

let t: TestContext;
let org: TestOrganisation;
let other: TestOrganisation;
let key: string;
let otherKey: string;
let court: { id: number; slots: { id: number; start_time: string; end_time: string }[] };
let court2: { id: number };
let bare: { id: number };
let upi: number;

beforeAll(async () => {
  t = await createTestApp();
  org = await makeOrganisation(t);
  other = await makeOrganisation(t);
  ({ court, court2, bare, upi } = await inOrg(t, org, async (tx, ctx) => {
    const centre = await makeCentre(tx, ctx);
    const sport = await makeSport(tx, ctx, { name: 'Badminton' });
    const f = await makeFacility(tx, ctx, { centre: centre.id, sport: sport.id, name: 'Court A' });
    const f2 = await makeFacility(tx, ctx, { centre: centre.id, sport: sport.id, name: 'Court B' });
    const empty = await makeFacility(tx, ctx, { centre: centre.id, sport: sport.id, name: 'Court C', slot_groups: [] });
    const mode = await makePaymentMode(tx, ctx, { name: 'UPI' });
    return {
      court: { id: f.id, slots: f.slot_groups.flatMap((g) => g.time_slots) },
      court2: { id: f2.id },
      bare: { id: empty.id },
      upi: mode.id,
    };
  }));
  key = await login(t.app, org.owner, org.host);
  otherKey = await login(t.app, other.owner, other.host);
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST', url: string, payload?: unknown, as: 'org' | 'other' = 'org') =>
  call(t.app, {
    method,
    url,
    host: as === 'org' ? org.host : other.host,
    token: as === 'org' ? key : otherKey,
    payload: payload as Record<string, unknown>,
  });

const slotAt = (start: string) => court.slots.find((s) => s.start_time === `${start}:00`)!;
/** Two dates a week apart from `start`, on its weekday. */
const body = (start: string, over: Record<string, unknown> = {}) => ({
  name: 'Team Smash',
  mobile_no: '9812300001',
  facility: court.id,
  time_slot_ids: [slotAt('18:00').id],
  weekdays: [isoWeekday(start)],
  start_date: start,
  end_date: addDays(start, 13),
  ...over,
});
const price = (date: string) => (isWeekend(date) ? '700.00' : '600.00');

async function bookingsOf(ids: number[]) {
  return inOrg(t, org, (tx) => tx.select().from(booking).where(inArray(booking.id, ids)));
}

describe('the preview of a recurring booking', () => {
  it('lists each date free or clashing with its price, proposes the nearest free slot for a clash, totals the free dates, and writes nothing', async () => {
    const start = inDays(7);
    const dates = [start, addDays(start, 7)];
    // Someone holds 18:00 on the second date; 19:00 is free, 17:00 too: the nearest (tie → the earlier) is proposed.
    await inOrg(t, org, (tx, ctx) => makeBooking(tx, ctx, { facility: court.id, date: dates[1], slotIds: [slotAt('18:00').id] }));
    const before = await inOrg(t, org, (tx) => tx.select({ id: booking.id }).from(booking));

    const res = await api('POST', '/api/booking/subscription/preview/', body(start));
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview.dates.map((d: { date: string }) => d.date)).toEqual(dates);
    expect(preview.dates[0]).toMatchObject({ date: dates[0], status: 'free', price: price(dates[0]), proposal: null, reason: '' });
    expect(preview.dates[0].slots).toEqual([
      { time_slot_id: slotAt('18:00').id, start_time: '18:00:00', end_time: '19:00:00', price: price(dates[0]), status: 'free' },
    ]);
    expect(preview.dates[1]).toMatchObject({ status: 'clash', reason: '18:00–19:00: Already booked.' });
    expect(preview.dates[1].slots[0].status).toBe('booked');
    expect(preview.dates[1].proposal).toEqual({
      time_slot_ids: [slotAt('17:00').id],
      start_time: '17:00:00',
      end_time: '18:00:00',
      price: price(dates[1]),
    });
    expect(preview).toMatchObject({ total: price(dates[0]), free_count: 1, clash_count: 1 });

    // Nothing written: no booking, no subscription.
    expect(await inOrg(t, org, (tx) => tx.select({ id: booking.id }).from(booking))).toHaveLength(before.length);
    expect((await api('GET', '/api/booking/subscription/')).json().count).toBe(0);
  });

  it('proposes a run of the same length for two slots, and null when nothing that long is free that day', async () => {
    const start = inDays(21);
    // 20:00 and 21:00 on the date: a two-hour run from 20:00 is taken; 18:00–20:00 is the nearest free one.
    await inOrg(t, org, (tx, ctx) =>
      makeBooking(tx, ctx, { facility: court.id, date: start, slotIds: [slotAt('20:00').id, slotAt('21:00').id] }),
    );
    const two = (
      await api(
        'POST',
        '/api/booking/subscription/preview/',
        body(start, {
          time_slot_ids: [slotAt('20:00').id, slotAt('21:00').id],
          end_date: start,
        }),
      )
    ).json();
    expect(two.dates[0].status).toBe('clash');
    expect(two.dates[0].proposal).toMatchObject({ start_time: '18:00:00', end_time: '20:00:00' });
    expect(two.dates[0].proposal.time_slot_ids).toEqual([slotAt('18:00').id, slotAt('19:00').id]);
    expect(two.total).toBe('0.00');

    // Every evening slot taken on another date: no two-hour run is free (the mornings end at 10:00, 4 hours) → 5 hours asked, null.
    const full = inDays(22);
    const evening = ['17:00', '18:00', '19:00', '20:00', '21:00'].map((h) => slotAt(h).id);
    await inOrg(t, org, (tx, ctx) => makeBooking(tx, ctx, { facility: court.id, date: full, slotIds: [evening[0]] }));
    const none = (await api('POST', '/api/booking/subscription/preview/', body(full, { time_slot_ids: evening, end_date: full }))).json();
    expect(none.dates[0]).toMatchObject({ status: 'clash', proposal: null });
  });

  it('refuses what creation refuses, before any work', async () => {
    const past = await api('POST', '/api/booking/subscription/preview/', body(inDays(-1)));
    expect(past.statusCode).toBe(400);
    expect(past.json().start_date).toEqual(['The start date cannot be in the past.']);
    const foreign = await api('POST', '/api/booking/subscription/preview/', body(inDays(3), { time_slot_ids: [999999] }));
    expect(foreign.json().time_slot_ids[0]).toMatch(/do not belong/);
    const otherOrg = await api('POST', '/api/booking/subscription/preview/', body(inDays(3)), 'other');
    expect(otherOrg.statusCode).toBe(400);
    expect(otherOrg.json().facility[0]).toMatch(/Invalid pk/);
  });
});

describe('creating a recurring booking with resolutions and a payment', () => {
  it('skips a date, moves another to the proposed slot, and spreads one payment over the bookings as ledger receipts', async () => {
    const start = inDays(35);
    const dates = [start, addDays(start, 7)];
    const end = addDays(start, 13);
    // Both dates clash at 18:00.
    await inOrg(t, org, async (tx, ctx) => {
      for (const d of dates) await makeBooking(tx, ctx, { facility: court.id, date: d, slotIds: [slotAt('18:00').id] });
    });
    const third = addDays(start, 3);
    const withThird = body(start, { weekdays: [isoWeekday(start), isoWeekday(third)], end_date: end });
    const preview = (await api('POST', '/api/booking/subscription/preview/', withThird)).json();
    expect(preview.clash_count).toBe(2);
    expect(preview.free_count).toBe(2);
    const moveTo = preview.dates.find((d: { date: string }) => d.date === dates[1]).proposal.time_slot_ids;

    // Without a resolution a clash is reported and skipped (never double-booked).
    const paid = await api('POST', '/api/booking/subscription/', {
      ...withThird,
      resolutions: [
        { date: dates[0], action: 'skip' },
        { date: dates[1], action: 'move', time_slot_ids: moveTo },
      ],
      payment: { mode: 'all_now', payment_mode: upi, reference: '123456789012' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const out = paid.json();
    expect(out.skipped).toEqual([dates[0]]);
    expect(out.clashes).toEqual([]);
    expect(out.created.map((c: { date: string }) => c.date).sort()).toEqual([dates[1], third, addDays(third, 7)].sort());

    const rows = await bookingsOf(out.created.map((c: { booking_id: number }) => c.booking_id));
    const total = rows.reduce((n, b) => n + Math.round(Number(b.bookingAmount) * 100), 0);
    expect(out.payment).toEqual({ amount: (total / 100).toFixed(2), receipts: 3 });
    for (const b of rows) expect(b.paidAmount).toBe(b.bookingAmount);
    // The moved date holds the proposed slot, not 18:00.
    const moved = rows.find((b) => b.date === dates[1])!;
    const held = await inOrg(t, org, (tx) =>
      tx
        .select()
        .from(bookedTimeSlot)
        .where(and(eq(bookedTimeSlot.bookingId, moved.id), eq(bookedTimeSlot.isActive, true))),
    );
    expect(held.map((h) => h.timeSlotId)).toEqual(moveTo);

    // The ledger: one receipt per booking, summing to the amount; the UTR on the first, the others naming their part.
    const receipts = await inOrg(t, org, (tx) =>
      tx
        .select()
        .from(ledgerEntry)
        .where(
          and(
            eq(ledgerEntry.sourceType, 'booking'),
            inArray(
              ledgerEntry.sourceId,
              rows.map((b) => b.id),
            ),
            eq(ledgerEntry.kind, 'receipt'),
          ),
        ),
    );
    expect(receipts).toHaveLength(3);
    expect(receipts.reduce((n, r) => n + Math.round(Number(r.amount) * 100), 0)).toBe(total);
    expect(receipts.map((r) => r.reference).sort()).toEqual(['123456789012', '123456789012 (2/3)', '123456789012 (3/3)']);
  });

  it('takes a part payment across the bookings in date order, and refuses more than their total, writing nothing', async () => {
    const start = inDays(56);
    const req = body(start, { mobile_no: '9812300002' });
    const tooMuch = await api('POST', '/api/booking/subscription/', {
      ...req,
      payment: { mode: 'all_now', amount: '5000', payment_mode: upi },
    });
    expect(tooMuch.statusCode).toBe(400);
    // The total is the preview's (weekend dates may be priced higher: it depends on today's weekday).
    const preview = (await api('POST', '/api/booking/subscription/preview/', req)).json();
    expect(tooMuch.json()['payment.amount'][0]).toBe(`The payment cannot exceed the total of the bookings (${preview.total}).`);
    expect(Number(preview.total)).toBeLessThan(5000);
    expect(preview.clash_count).toBe(0);

    // The first booking's price and ₹100 of the second (a weekend date costs more: it depends on today's weekday).
    const amount = Number(price(start)) + 100;
    const part = await api('POST', '/api/booking/subscription/', {
      ...req,
      payment: { mode: 'all_now', amount: String(amount), payment_mode: upi },
    });
    expect(part.statusCode, part.body).toBe(201);
    const rows = (await bookingsOf(part.json().created.map((c: { booking_id: number }) => c.booking_id))).sort((a, b) =>
      a.date.localeCompare(b.date),
    );
    expect(rows[0].paidAmount).toBe(rows[0].bookingAmount);
    expect(Number(rows[1].paidAmount)).toBe(100);
    expect(part.json().payment).toEqual({ amount: amount.toFixed(2), receipts: 2 });
  });

  it('records nothing now when paid per booking; refuses all_now without a mode and a resolution of a foreign date', async () => {
    const start = inDays(70);
    const later = await api('POST', '/api/booking/subscription/', {
      ...body(start, { mobile_no: '9812300003' }),
      payment: { mode: 'per_booking' },
    });
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json().payment).toBeNull();
    for (const b of await bookingsOf(later.json().created.map((c: { booking_id: number }) => c.booking_id)))
      expect(b.paidAmount).toBe('0.00');

    const noMode = await api('POST', '/api/booking/subscription/', { ...body(inDays(84)), payment: { mode: 'all_now' } });
    expect(noMode.statusCode).toBe(400);
    expect(noMode.json()['payment.payment_mode']).toEqual(['Choose a payment mode.']);
    const wrongDate = await api('POST', '/api/booking/subscription/', {
      ...body(inDays(84)),
      resolutions: [{ date: addDays(inDays(84), 1), action: 'skip' }],
    });
    expect(wrongDate.statusCode).toBe(400);
    expect(wrongDate.json()['resolutions.0.date']).toEqual(["This date is not one of the subscription's dates."]);
  });
});

describe('the subscription list', () => {
  it('shows weekdays, slot times and the next booking date', async () => {
    const start = inDays(91);
    const res = await api('POST', '/api/booking/subscription/', {
      ...body(start, { mobile_no: '9812300004', time_slot_ids: [slotAt('19:00').id, slotAt('18:00').id] }),
      weekdays: [isoWeekday(addDays(start, 2)), isoWeekday(start)],
    });
    expect(res.statusCode, res.body).toBe(201);
    const sub = res.json().subscription;
    const names = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
    expect(sub.weekday_names).toBe(
      [isoWeekday(start), isoWeekday(addDays(start, 2))]
        .sort()
        .map((d) => names[d - 1])
        .join(', '),
    );
    expect(sub.slot_times).toEqual(['18:00–19:00', '19:00–20:00']);
    expect(sub.next_date).toBe(start);
    const listed = (await api('GET', '/api/booking/subscription/?page_size=100'))
      .json()
      .results.find((s: { id: number }) => s.id === sub.id);
    expect(listed).toMatchObject({ next_date: start, slot_times: ['18:00–19:00', '19:00–20:00'] });

    // Cancelled from its first date on: no next date.
    await api('POST', `/api/booking/subscription/${sub.id}/cancel/`, { from_date: start });
    expect((await api('GET', `/api/booking/subscription/${sub.id}/`)).json().next_date).toBeNull();
  });
});

describe('copying slot groups to another facility', () => {
  it('copies every group with its slots and prices, appended, with an audit row', async () => {
    const res = await api('POST', `/api/booking/facility/${court.id}/copy-slot-groups/`, { to_facility: bare.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ from_facility: court.id, to_facility: bare.id, groups: 2, slots: 9 });
    const copy = (await api('GET', `/api/booking/facility/${bare.id}/`)).json();
    const source = (await api('GET', `/api/booking/facility/${court.id}/`)).json();
    const shape = (f: {
      slot_groups: { name: string; time_slots: { start_time: string; end_time: string; price: string; weekend_price: string | null }[] }[];
    }) =>
      f.slot_groups.map((g) => ({
        name: g.name,
        slots: g.time_slots.map((s) => [s.start_time, s.end_time, s.price, s.weekend_price]),
      }));
    expect(shape(copy)).toEqual(shape(source));
    // New rows, not the source's.
    const ids = (f: typeof copy) => f.slot_groups.flatMap((g: { time_slots: { id: number }[] }) => g.time_slots.map((s) => s.id));
    expect(ids(copy).some((id: number) => ids(source).includes(id))).toBe(false);
    const logs = (await api('GET', '/api/booking/logs/?page_size=5')).json().results;
    expect(logs.some((l: { object_label: string }) => l.object_label === 'Court C')).toBe(true);
  });

  it('refuses a target that already has groups of those names, and copying to itself, changing nothing', async () => {
    const before = (await api('GET', `/api/booking/facility/${court2.id}/`)).json();
    const twice = await api('POST', `/api/booking/facility/${court.id}/copy-slot-groups/`, { to_facility: court2.id });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().to_facility[0]).toMatch(/Court B already has slot groups named Morning, Evening/);
    expect((await api('GET', `/api/booking/facility/${court2.id}/`)).json().slot_groups).toEqual(before.slot_groups);
    const self = await api('POST', `/api/booking/facility/${court.id}/copy-slot-groups/`, { to_facility: court.id });
    expect(self.statusCode).toBe(400);
    const bad = await api('POST', `/api/booking/facility/${court.id}/copy-slot-groups/`, { to_facility: 'x' });
    expect(bad.statusCode).toBe(400);
  });

  it("answers 404 for another organisation's facility, either side", async () => {
    const theirs = await inOrg(t, other, async (tx, ctx) => {
      const centre = await makeCentre(tx, ctx);
      return makeFacility(tx, ctx, { centre: centre.id, sport: (await makeSport(tx, ctx)).id, slot_groups: [] });
    });
    const to = await api('POST', `/api/booking/facility/${court.id}/copy-slot-groups/`, { to_facility: theirs.id });
    expect(to.statusCode).toBe(404);
    const from = await api('POST', `/api/booking/facility/${court.id}/copy-slot-groups/`, { to_facility: theirs.id }, 'other');
    expect(from.statusCode).toBe(404);
    expect((await api('GET', `/api/booking/facility/${theirs.id}/`, undefined, 'other')).json().slot_groups).toEqual([]);
  });
});
