/**
 * Issue 20 §2: All Bookings opens at the date nearest today — today and the days ahead in order,
 * then the past, latest first — not at the furthest booking ahead.
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

beforeAll(async () => {
  t = await createTestApp();
  org = await makeOrganisation(t);
  today = org.ctx.now.today;
  await inOrg(t, org, async (tx, ctx) => {
    const centre = await makeCentre(tx, ctx);
    const sport = await makeSport(tx, ctx);
    const court = await makeFacility(tx, ctx, { centre: centre.id, sport: sport.id });
    const slot = court.slot_groups.flatMap((g) => g.time_slots)[0];
    // Booked ahead (past days cannot be booked), then dated where the test needs them.
    for (const [i, days] of [30, -1, 3, -20, 0, 1].entries()) {
      const made = await makeBooking(tx, ctx, { facility: court.id, date: shiftDays(ctx.now.today, 40 + i), slotIds: [slot.id] });
      const date = shiftDays(ctx.now.today, days);
      await tx.execute(sql`update booking set date = ${date}::date where id = ${made.id}`);
      await tx.execute(sql`update booked_time_slot set date = ${date}::date where booking_id = ${made.id}`);
    }
  });
  key = await login(t.app, org.owner, org.host);
});
afterAll(async () => t?.close());

describe('the booking list’s default order', () => {
  it('starts at today, goes ahead in date order, then back into the past', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/booking/booking/', host: org.host, token: key });
    expect(res.statusCode).toBe(200);
    const dates = res.json().results.map((b: { date: string }) => b.date);
    expect(dates).toEqual([0, 1, 3, 30, -1, -20].map((d) => shiftDays(today, d)));
    // An asked ordering still wins.
    const byDate = await call(t.app, { method: 'GET', url: '/api/booking/booking/?ordering=-date', host: org.host, token: key });
    expect(byDate.json().results[0].date).toBe(shiftDays(today, 30));
  });
});
