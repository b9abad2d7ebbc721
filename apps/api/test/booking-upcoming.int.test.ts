/**
 * Issue 20 §2: the dashboard's "Upcoming bookings" reads in time order across courts and holds
 * every booking still to play today (a 20:00 booking on Court 2 was missing when the list was
 * ordered by id and cut at ten), then the next ones of later days.
 */
import { shiftDays } from '@arena/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inOrg, makeBooking, makeCentre, makeFacility, makeOrganisation, makeSport, type TestOrganisation } from './factories.js';
import { call, createTestApp, login, type TestContext } from './helpers.js';

let t: TestContext;
let org: TestOrganisation;
let key: string;
let today: string;
let tomorrow: string;

type Upcoming = { id: number; date: string; facility: number; time_slots: { start_time: string; is_active: boolean }[] };

beforeAll(async () => {
  t = await createTestApp();
  org = await makeOrganisation(t);
  today = org.ctx.now.today;
  tomorrow = shiftDays(today, 1);
  await inOrg(t, org, async (tx, ctx) => {
    const centre = await makeCentre(tx, ctx);
    const sport = await makeSport(tx, ctx);
    const courts = [
      await makeFacility(tx, ctx, { centre: centre.id, sport: sport.id }),
      await makeFacility(tx, ctx, { centre: centre.id, sport: sport.id }),
    ];
    const slotsOf = (c: (typeof courts)[number]) => c.slot_groups.flatMap((g) => g.time_slots);
    // Created latest hour first and the second court first, so an order by id is the reverse of time order.
    for (const date of [tomorrow, shiftDays(today, 2)])
      for (const court of [...courts].reverse())
        for (const slot of [...slotsOf(court)].reverse().slice(0, 7))
          await makeBooking(tx, ctx, { facility: court.id, date, slotIds: [slot.id] });
    // Today: bookings still to play, at late minutes (whatever the clock says when the test runs).
    for (const [i, court] of [
      courts[1],
      courts[0],
      courts[1],
      courts[0],
      courts[1],
      courts[0],
      courts[1],
      courts[0],
      courts[1],
      courts[0],
      courts[1],
      courts[0],
    ].entries()) {
      const slot = slotsOf(court)[Math.floor(i / 2)];
      const made = await makeBooking(tx, ctx, { facility: court.id, date: shiftDays(today, 10), slotIds: [slot.id] });
      const start = `23:${String(40 - i).padStart(2, '0')}:00`;
      await tx.execute(sql`update booking set date = ${today}::date where id = ${made.id}`);
      await tx.execute(
        sql`update booked_time_slot set date = ${today}::date, start_time = ${start}::time, end_time = '23:59:59'::time where booking_id = ${made.id}`,
      );
    }
  });
  key = await login(t.app, org.owner, org.host);
});
afterAll(async () => t?.close());

const startOf = (b: Upcoming) => b.time_slots.filter((s) => s.is_active)[0].start_time;

describe('Upcoming bookings on the booking dashboard', () => {
  it("lists every booking still to play today in time order across courts, then later days' in time order", async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/booking/dashboard/', host: org.host, token: key });
    expect(res.statusCode).toBe(200);
    const upcoming: Upcoming[] = res.json().upcoming;
    const todays = upcoming.filter((b) => b.date === today);
    // All twelve of today's, more than the old cut of ten, in time order (not id order).
    expect(todays).toHaveLength(12);
    const starts = todays.map(startOf);
    expect(starts).toEqual([...starts].sort());
    expect(new Set(todays.map((b) => b.facility)).size).toBe(2);
    // Then the next bookings of later days: tomorrow's first, each day in time order across both courts.
    const later = upcoming.slice(12);
    expect(later).toHaveLength(10);
    expect(later.every((b) => b.date === tomorrow)).toBe(true);
    const laterStarts = later.map(startOf);
    expect(laterStarts).toEqual([...laterStarts].sort());
    // The earliest hours of tomorrow, on both courts, come first.
    expect(laterStarts.slice(0, 2)).toEqual([laterStarts[0], laterStarts[0]]);
  });
});
