import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../src/platform/time.js';
import { inDays, portalFacility, slotsOn } from './booking-helpers.js';
import { call, createTestApp, login, onPostgres, OWNER, RIVERSIDE_HOST, RIVERSIDE_OWNER, type TestContext } from './helpers.js';

/**
 * One organisation flooding the API with the heaviest requests it may send (booking
 * subscriptions near the per-request limit, all at once) must not stall another organisation:
 * the per-organisation gate leaves it connections, numbers are taken at the end of each
 * transaction, and every statement has a timeout. The attack of the issue (16 × 17,600 slots on a
 * pool of 10) at a smaller scale: 16 × ~1,900 slots on a pool of 4. PostgreSQL only (a real pool).
 */
describe.runIf(onPostgres)('fair sharing between organisations (PostgreSQL)', () => {
  let ctx: TestContext;
  let demo: string;
  let riverside: string;

  beforeAll(async () => {
    ctx = await createTestApp({}, { poolSize: 4 });
    demo = await login(ctx.app, OWNER);
    riverside = await login(ctx.app, RIVERSIDE_OWNER, RIVERSIDE_HOST);
  });
  afterAll(async () => ctx?.close());

  const victimList = async () => {
    const started = performance.now();
    const res = await call(ctx.app, { method: 'GET', url: '/api/administrator/centre/', host: RIVERSIDE_HOST, token: riverside });
    expect(res.statusCode).toBe(200);
    return performance.now() - started;
  };
  const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.99) - 1)];

  it(
    "keeps another organisation's list answering within 5 × its quiet p99 (at least 250 ms) while one floods bookings",
    { timeout: 120_000 },
    async () => {
      for (let i = 0; i < 10; i++) await victimList(); // warm
      const quiet: number[] = [];
      for (let i = 0; i < 200; i++) quiet.push(await victimList());

      const courts = [await portalFacility(ctx.app, 'Court 1'), await portalFacility(ctx.app, 'Court 2')];
      const slots = await Promise.all(courts.map((c) => slotsOn(ctx.app, c.facility, inDays(40))));
      let attackDone = false;
      const attack = Promise.all(
        Array.from({ length: 16 }, (_, i) => {
          const court = courts[i % 2];
          const ids = slots[i % 2].map((s) => s.id);
          const days = Math.floor(1900 / ids.length);
          const start = inDays(30 + Math.floor(i / 2) * (days + 1));
          return call(ctx.app, {
            method: 'POST',
            url: '/api/booking/subscription/',
            token: demo,
            payload: {
              name: `Flood ${i}`,
              mobile_no: `90000000${String(i).padStart(2, '0')}`,
              facility: court.facility,
              time_slot_ids: ids,
              weekdays: [1, 2, 3, 4, 5, 6, 7],
              start_date: start,
              end_date: addDays(start, days - 1),
            },
          });
        }),
      ).finally(() => (attackDone = true));

      const loaded: number[] = [];
      while (!attackDone || loaded.length < 20) loaded.push(await victimList());
      const results = await attack;
      // The attack was real: every subscription went through and booked its ~1,900 slots.
      for (const res of results) expect(res.statusCode, res.body).toBe(201);
      const booked = results.reduce((n, r) => n + (r.json().created as unknown[]).length, 0);
      expect(booked).toBeGreaterThan(16 * 100);

      const quietP99 = p99(quiet);
      const loadedP99 = p99(loaded);
      // A quiet p99 of a few milliseconds is below the scheduling noise of a shared 2-core CI
      // machine running the attacker in the same process (a 3 × 10 ms bound failed there once);
      // the bound is max(5 × quiet p99, 250 ms). What it guards against is pool starvation, which
      // took this list to 53 s before the gate: two orders of magnitude above the bound.
      expect(
        loadedP99,
        `quiet p99 ${quietP99.toFixed(1)} ms, under attack ${loadedP99.toFixed(1)} ms over ${loaded.length} requests`,
      ).toBeLessThanOrEqual(Math.max(5 * quietP99, 250));
    },
  );
});
