import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookedTimeSlot } from '../src/modules/booking/schema.js';
import { queryRows, withTenant } from '../src/platform/db/client.js';
import { call, createTestApp, login, onPostgres, OWNER, type TestContext } from './helpers.js';
import { isoWeekday } from '../src/platform/time.js';
import { inDays, portalFacility, requestBody, slotsOn, type PortalSlot } from './booking-helpers.js';

/**
 * No double booking, proven on PostgreSQL with a real pool: whatever the interleaving, the
 * partial unique index lets exactly one request hold a slot. (PGlite has a single session, so
 * these races cannot happen there; CI runs this file on PostgreSQL.)
 */
describe.runIf(onPostgres)('concurrent bookings on PostgreSQL', () => {
  let ctx: TestContext;
  let court: { centre: number; facility: number };
  let org: number;

  beforeAll(async () => {
    ctx = await createTestApp({ BOOKING_RATE_LIMIT_PER_MINUTE: '1000000', BOOKING_MAX_PER_PHONE_PER_DAY: '1000' }, { poolSize: 10 });
    court = await portalFacility(ctx.app);
    const [row] = await queryRows<{ id: string }>(ctx.handle.db, sql`select id from organisation where subdomain = 'demo'`);
    org = Number(row.id);
  });
  afterAll(async () => ctx?.close());

  const activeRows = (date: string, slot: number) =>
    withTenant(
      ctx.handle.db,
      org,
      async (tx) =>
        (
          await tx
            .select({ n: count() })
            .from(bookedTimeSlot)
            .where(
              and(
                eq(bookedTimeSlot.facilityId, court.facility),
                eq(bookedTimeSlot.date, date),
                eq(bookedTimeSlot.timeSlotId, slot),
                eq(bookedTimeSlot.isActive, true),
              ),
            )
        )[0].n,
    );

  it('lets exactly one of 200 simultaneous requests for one slot win, 20 times over', async () => {
    for (let round = 0; round < 20; round++) {
      const date = inDays(1 + (round % 25));
      const free = (await slotsOn(ctx.app, court.facility, date)).filter((s) => s.booking_status === 'available');
      const slot = free[Math.floor(round / 25)];
      const responses = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          call(ctx.app, {
            method: 'POST',
            url: '/api/public/bookings/',
            payload: requestBody(court.centre, court.facility, date, [slot], {
              mobile_no: `9${String(round).padStart(2, '0')}${String(i).padStart(7, '0')}`,
            }),
          }),
        ),
      );
      const codes = responses.map((r) => r.statusCode);
      expect(
        codes.filter((c) => c === 201),
        `round ${round}`,
      ).toHaveLength(1);
      expect(
        codes.filter((c) => c === 409),
        `round ${round}`,
      ).toHaveLength(199);
      expect(codes.filter((c) => c >= 500)).toHaveLength(0);
      const losers = responses.filter((r) => r.statusCode === 409);
      expect(losers[0].json().detail).toMatch(/just been booked/);
      expect(await activeRows(date, slot.id)).toBe(1);
    }
  });

  it('never lets overlapping multi-slot requests share a slot', async () => {
    const date = inDays(27);
    const free = (await slotsOn(ctx.app, court.facility, date)).filter((s) => s.booking_status === 'available').slice(0, 5);
    expect(free.length).toBeGreaterThanOrEqual(4);
    const pairs: PortalSlot[][] = [];
    for (let i = 0; i < free.length; i++) for (let j = i + 1; j < free.length; j++) pairs.push([free[i], free[j]]);
    const requests = Array.from({ length: 120 }, (_, i) => pairs[i % pairs.length]);
    const responses = await Promise.all(
      requests.map((slots, i) =>
        call(ctx.app, {
          method: 'POST',
          url: '/api/public/bookings/',
          payload: requestBody(court.centre, court.facility, date, slots, { mobile_no: `8${String(i).padStart(9, '0')}` }),
        }),
      ),
    );
    expect(responses.filter((r) => r.statusCode >= 500)).toHaveLength(0);
    const winners = responses
      .filter((r) => r.statusCode === 201)
      .map((r) => r.json().time_slots.map((s: { time_slot: number }) => s.time_slot) as number[]);
    expect(winners.length).toBeGreaterThanOrEqual(1);
    const held = winners.flat();
    expect(new Set(held).size).toBe(held.length);
    for (const s of free) expect(await activeRows(date, s.id)).toBe(held.includes(s.id) ? 1 : 0);
  });

  it('lets exactly one of a booking subscription and a portal booking win a slot, ten times over', async () => {
    const key = await login(ctx.app, OWNER);
    for (let round = 0; round < 10; round++) {
      const date = inDays(29 - (round % 2));
      const slot = (await slotsOn(ctx.app, court.facility, date)).filter((s) => s.booking_status === 'available')[round >> 1];
      const [portal, subscription] = await Promise.all([
        call(ctx.app, {
          method: 'POST',
          url: '/api/public/bookings/',
          payload: requestBody(court.centre, court.facility, date, [slot], { mobile_no: `77000000${String(round).padStart(2, '0')}` }),
        }),
        call(ctx.app, {
          method: 'POST',
          url: '/api/booking/subscription/',
          token: key,
          payload: {
            name: `Club ${round}`,
            mobile_no: `76000000${String(round).padStart(2, '0')}`,
            facility: court.facility,
            time_slot_ids: [slot.id],
            weekdays: [isoWeekday(date)],
            start_date: date,
            end_date: date,
          },
        }),
      ]);
      expect(portal.statusCode === 201 || portal.statusCode === 409, portal.body).toBe(true);
      expect(subscription.statusCode, subscription.body).toBe(201);
      const subWon = subscription.json().created.length === 1;
      expect(subWon !== (portal.statusCode === 201), `round ${round}`).toBe(true);
      expect(await activeRows(date, slot.id)).toBe(1);
    }
  });
});
