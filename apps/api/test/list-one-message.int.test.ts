import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centre } from '../src/modules/administrator/schema.js';
import { queryRows, withTenant } from '../src/platform/db/client.js';
import { inOrg, makeCentre, makeOrganisation, type TestOrganisation } from './factories.js';
import {
  call,
  createTestApp,
  DEMO_HOST,
  login,
  onPostgres,
  OWNER,
  PG_URL,
  RIVERSIDE_HOST,
  RIVERSIDE_OWNER,
  type TestContext,
  withSocketWrites,
} from './helpers.js';

/**
 * A list opened as it first shows (no search, filter or ordering) reads its compiled page on
 * PostgreSQL as one simple-protocol message on a shared connection: SET TRANSACTION READ ONLY,
 * SET LOCAL of the tenant and the page, one implicit transaction; the count is a second message
 * only when the page is full. PGlite pages the ordinary way; the first test holds on both.
 */

interface Listed {
  count: number;
  next: string | null;
  previous: string | null;
  results: { id: number; name: string }[];
}

/** An organisation with `n` centres named so that their order by name is known; its key. */
async function orgWithCentres(t: TestContext, n: number): Promise<{ org: TestOrganisation; key: string; ids: number[] }> {
  const org = await makeOrganisation(t);
  const ids = await inOrg(t, org, async (tx, ctx) => {
    const out: number[] = [];
    // Created in reverse, so the list's order (name, then id) is not the order of creation.
    for (let i = n; i >= 1; i--) out.unshift((await makeCentre(tx, ctx, { name: `Hall ${String(i).padStart(3, '0')}` })).id);
    return out;
  });
  return { org, key: await login(t.app, org.owner, org.host), ids };
}

describe('a plain list pages right', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({}, { poolSize: 2 });
  });
  afterAll(async () => t?.close());

  it('answers every page, its count and links, and 404 past the end, as the searched list does', async () => {
    const { org, key, ids } = await orgWithCentres(t, 45);
    const get = (url: string) => call(t.app, { method: 'GET', url, host: org.host, token: key });
    const seen: number[] = [];
    for (const page of [1, 2, 3]) {
      const res = await get(`/api/administrator/centre/?page=${page}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as Listed;
      expect(body.count).toBe(45);
      expect(body.results).toHaveLength(page < 3 ? 20 : 5);
      expect(body.next === null).toBe(page === 3);
      expect(body.previous === null).toBe(page === 1);
      // The same page through the ordinary path (a search every centre matches).
      const searched = (await get(`/api/administrator/centre/?page=${page}&search=Hall`)).json() as Listed;
      expect(searched.count).toBe(45);
      expect(body.results.map((c) => c.id)).toEqual(searched.results.map((c) => c.id));
      seen.push(...body.results.map((c) => c.id));
    }
    expect(seen).toEqual(ids);
    expect((await get('/api/administrator/centre/?page=4')).statusCode).toBe(404);
    // A short first page: the count is the page's length.
    const all = (await get('/api/administrator/centre/?page_size=100')).json() as Listed;
    expect(all.count).toBe(45);
    expect(all.results.map((c) => c.id)).toEqual(ids);
    // Another organisation's list of the same definition: its own rows only.
    const other = await orgWithCentres(t, 3);
    const theirs = (
      await call(t.app, { method: 'GET', url: '/api/administrator/centre/', host: other.org.host, token: other.key })
    ).json() as Listed;
    expect(theirs.count).toBe(3);
    expect(theirs.results.map((c) => c.id)).toEqual(other.ids);
  });
});

describe.runIf(onPostgres)('the one-message list read (PostgreSQL)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({}, { poolSize: 2 });
  });
  afterAll(async () => t?.close());

  it('sends the read-only setting, the tenant and the page as one message, and the count only for a full page', async () => {
    const key = await login(t.app, OWNER);
    const me = (await call(t.app, { method: 'GET', url: '/api/accounts/user/', token: key })).json();
    const full = await orgWithCentres(t, 25);
    const captured = async (host: string, token: string, url: string) => {
      const { result: res, writes } = await withSocketWrites(() => call(t.app, { method: 'GET', url, host, token }));
      expect(res.statusCode, res.body).toBe(200);
      return { body: res.json() as Listed, writes };
    };
    // Each organisation's plan is read once and kept: ask once before counting the messages.
    await captured(DEMO_HOST, key, '/api/administrator/centre/');
    await captured(full.org.host, full.key, '/api/administrator/centre/');
    // A short page (the demo's two centres): one message, one round trip; the count is the page's length.
    const short = await captured(DEMO_HOST, key, '/api/administrator/centre/');
    expect(short.body.count).toBe(short.body.results.length);
    expect(short.writes).toHaveLength(1);
    const [sent] = short.writes;
    // A simple-protocol Query ('Q'), no Parse/Bind/Execute and no BEGIN or COMMIT of its own.
    expect(sent[0]).toBe('Q');
    expect(sent).toContain(`set transaction read only; set local app.organisation_id = ${me.organisation.id}; select `);
    expect(sent).toMatch(/limit 20 offset 0\u0000$/);
    expect(sent).not.toMatch(/begin|commit/i);
    // A full first page: the count follows as a second message.
    const fuller = await captured(full.org.host, full.key, '/api/administrator/centre/');
    expect(fuller.body.count).toBe(25);
    expect(fuller.body.results).toHaveLength(20);
    expect(fuller.writes).toHaveLength(2);
    expect(fuller.writes[1]).toContain(`set local app.organisation_id = ${full.org.id}; select count(*)`);
  });

  it("never shows one tenant another's rows or count while many tenants' lists interleave over 2 connections", async () => {
    const tenants: { host: string; key: string; orgId: number; ids?: Set<number>; count?: number }[] = [];
    for (const [host, who] of [
      [DEMO_HOST, OWNER],
      [RIVERSIDE_HOST, RIVERSIDE_OWNER],
    ] as const) {
      const key = await login(t.app, who, host);
      const me = (await call(t.app, { method: 'GET', url: '/api/accounts/user/', host, token: key })).json();
      tenants.push({ host, key, orgId: me.organisation.id });
    }
    for (const n of [1, 7, 23, 41]) {
      const { org, key } = await orgWithCentres(t, n);
      tenants.push({ host: org.host, key, orgId: org.id });
    }
    // What each tenant owns, read directly in its own transaction.
    for (const tenant of tenants) {
      const rows = await withTenant(t.handle.db, tenant.orgId, (tx) => tx.select({ id: centre.id }).from(centre));
      tenant.ids = new Set(rows.map((c) => c.id));
      tenant.count = rows.length;
    }
    expect(new Set(tenants.map((x) => x.count)).size).toBeGreaterThan(4);
    const requests = Array.from({ length: 900 }, (_, i) => {
      const tenant = tenants[i % tenants.length];
      const pageSize = [5, 10, 20, 100][i % 4];
      const page = 1 + (i % 3);
      const past = (page - 1) * pageSize >= tenant.count! && page > 1;
      return {
        tenant,
        past,
        res: call(t.app, {
          method: 'GET',
          url: `/api/administrator/centre/?page=${page}&page_size=${pageSize}`,
          host: tenant.host,
          token: tenant.key,
        }),
      };
    });
    let listed = 0;
    let wrong = 0;
    for (const r of requests) {
      const res = await r.res;
      expect(res.statusCode, res.body).toBe(r.past ? 404 : 200);
      if (r.past) continue;
      const body = res.json() as Listed;
      expect(body.count).toBe(r.tenant.count);
      for (const c of body.results) {
        listed++;
        if (!r.tenant.ids!.has(c.id)) wrong++;
      }
    }
    expect(listed).toBeGreaterThan(2000);
    expect(wrong).toBe(0);
    // Every pooled connection is out of its transaction with no tenant set.
    for (let i = 0; i < 4; i++) {
      const [setting] = await queryRows<{ v: string | null }>(t.handle.db, sql`select current_setting('app.organisation_id', true) as v`);
      expect(setting.v ?? '').toBe('');
      expect(await t.handle.db.select().from(centre)).toHaveLength(0);
    }
  });

  it('answers a list whose rows need more reads (bookings) the same on its first and later plain requests', async () => {
    const key = await login(t.app, OWNER);
    const get = async (url: string) => {
      const res = await call(t.app, { method: 'GET', url, token: key });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { count: number; results: { id: number; facility_name?: string; time_slots: unknown[] }[] };
    };
    const first = await get('/api/booking/booking/');
    const second = await get('/api/booking/booking/');
    const ordinary = await get('/api/booking/booking/?date_after=2000-01-01');
    expect(first.results.length).toBeGreaterThan(0);
    expect(first.results[0].time_slots.length).toBeGreaterThan(0);
    expect(second).toEqual(first);
    expect(first.results).toEqual(ordinary.results);
    expect(first.count).toBe(ordinary.count);
  });
});

describe.runIf(onPostgres)('a one-message list read that fails (PostgreSQL)', () => {
  let t: TestContext;
  beforeAll(async () => {
    // One connection, so the next user gets the very connection the failure happened on.
    t = await createTestApp({}, { poolSize: 1, limits: { statementTimeoutMs: 300, lockTimeoutMs: 5_000 } });
  });
  afterAll(async () => t?.close());

  it('answers 503 with Retry-After on a statement timeout and leaves the connection clean for the next tenant', async () => {
    const demoKey = await login(t.app, OWNER);
    const riverKey = await login(t.app, RIVERSIDE_OWNER, RIVERSIDE_HOST);
    const list = (host: string, token: string) => call(t.app, { method: 'GET', url: '/api/administrator/centre/', host, token });
    const river = (await list(RIVERSIDE_HOST, riverKey)).json() as Listed;
    expect((await list(DEMO_HOST, demoKey)).statusCode).toBe(200);
    const [{ db }] = await queryRows<{ db: string }>(t.handle.db, sql`select current_database() as db`);
    const url = new URL(PG_URL!);
    url.pathname = `/${db}`;
    const other = postgres(url.toString(), { max: 1, onnotice: () => {} });
    try {
      const holder = await other.reserve();
      await holder`begin`;
      await holder`lock table centre in access exclusive mode`;
      // The page waits for the lock until the statement timeout, which aborts the message's transaction.
      const res = await list(DEMO_HOST, demoKey);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      await holder`rollback`;
      holder.release();
    } finally {
      await other.end();
    }
    // The same (only) connection: out of the failed transaction, no tenant left on it.
    const [setting] = await queryRows<{ v: string | null }>(t.handle.db, sql`select current_setting('app.organisation_id', true) as v`);
    expect(setting.v ?? '').toBe('');
    expect(await t.handle.db.select().from(centre)).toHaveLength(0);
    const after = await list(RIVERSIDE_HOST, riverKey);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual(river);
  });
});
