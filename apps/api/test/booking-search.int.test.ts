import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, withTenant } from '../src/platform/db/client.js';
import { call, createTestApp, login, OWNER, RIVERSIDE_HOST, RIVERSIDE_OWNER, type TestContext } from './helpers.js';

/**
 * The booking list searches code, name, mobile and e-mail through trigram indexes, by way of
 * `booking_search_ids()` (migration 0007), which applies the tenant rule itself: it must find
 * what the plain ILIKE found, and never another organisation's bookings.
 */
describe('booking search', () => {
  let ctx: TestContext;
  let demo: string;
  let riverside: string;
  let sample: { id: number; code: string; name: string; mobile: string };

  beforeAll(async () => {
    ctx = await createTestApp();
    demo = await login(ctx.app, OWNER);
    riverside = await login(ctx.app, RIVERSIDE_OWNER, RIVERSIDE_HOST);
    const list = (await call(ctx.app, { method: 'GET', url: '/api/booking/booking/?page_size=100', token: demo })).json();
    sample = list.results.find((b: { mobile: string }) => b.mobile.length === 10);
  });
  afterAll(async () => ctx?.close());

  const search = async (q: string, token = demo, host?: string) =>
    (
      await call(ctx.app, { method: 'GET', url: `/api/booking/booking/?search=${encodeURIComponent(q)}&page_size=100`, token, host })
    ).json() as {
      count: number;
      results: { id: number }[];
    };

  it('finds a booking by a fragment of its code, mobile or name, in any letter case', async () => {
    expect(sample).toBeDefined();
    for (const q of [sample.code.slice(-6), sample.mobile.slice(3, 9), sample.name.slice(0, 4).toUpperCase()])
      expect(
        (await search(q)).results.map((b) => b.id),
        q,
      ).toContain(sample.id);
  });

  it('counts exactly what the plain case-insensitive match counts', async () => {
    const q = sample.mobile.slice(4, 8);
    const found = await search(q);
    const [{ n }] = await withTenant(ctx.handle.db, (await ctxOrg()).id, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from booking where code ilike ${`%${q}%`} or name ilike ${`%${q}%`} or mobile ilike ${`%${q}%`} or email ilike ${`%${q}%`}`,
      ),
    );
    expect(found.count).toBe(n);
  });

  it("never finds another organisation's bookings", async () => {
    expect((await search(sample.code, riverside, RIVERSIDE_HOST)).count).toBe(0);
  });

  it('returns nothing without a tenant set, even though it runs as the owner', async () => {
    const rows = await queryRows(ctx.handle.db, sql`select * from booking_search_ids('%')`);
    expect(rows).toEqual([]);
  });

  async function ctxOrg() {
    const me = (await call(ctx.app, { method: 'GET', url: '/api/accounts/user/', token: demo })).json();
    return me.organisation as { id: number };
  }
});
