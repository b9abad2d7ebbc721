import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centre } from '../src/modules/administrator/schema.js';
import { queryRows, withTenant, type Tx } from '../src/platform/db/client.js';
import { putOnPlan } from './factories.js';
import { call, createTestApp, DEMO_HOST, login, onPostgres, OWNER, RIVERSIDE_HOST, RIVERSIDE_OWNER, type TestContext } from './helpers.js';

/**
 * The tenant is set per transaction (set_config(..., true)), so a pooled connection must never
 * carry one request's tenant into the next, even after a statement fails mid-transaction.
 * This needs a real pool: PostgreSQL only (CI sets TEST_DATABASE_URL); PGlite has one session.
 */
describe.runIf(onPostgres)('tenant isolation over a pool of 2 connections (PostgreSQL)', () => {
  let ctx: TestContext;
  let demoKey: string;
  let riverKey: string;
  const ids: Record<string, Set<number>> = { demo: new Set(), riverside: new Set() };

  beforeAll(async () => {
    ctx = await createTestApp({}, { poolSize: 2 });
    // Five more centres each: beyond the Trial's 3 (plan-limits.int.test.ts proves the limit).
    for (const subdomain of ['demo', 'riverside']) await putOnPlan(ctx, subdomain, 'Enterprise');
    demoKey = await login(ctx.app, OWNER);
    riverKey = await login(ctx.app, RIVERSIDE_OWNER, RIVERSIDE_HOST);
    for (const [host, key, name] of [
      [DEMO_HOST, demoKey, 'demo'],
      [RIVERSIDE_HOST, riverKey, 'riverside'],
    ] as const) {
      for (let i = 0; i < 5; i++)
        await call(ctx.app, {
          method: 'POST',
          url: '/api/administrator/centre/',
          host,
          token: key,
          payload: { name: `${name} extra ${i}` },
        });
      const list = (await call(ctx.app, { method: 'GET', url: '/api/administrator/centre/?page_size=100', host, token: key })).json();
      for (const c of list.results) ids[name].add(c.id);
    }
  });
  afterAll(async () => ctx?.close());

  it('returns 0 rows of the wrong tenant over 1,000 interleaved requests with failing statements mixed in', async () => {
    const requests = Array.from({ length: 1000 }, (_, i) => {
      const tenant = i % 2 === 0 ? 'demo' : 'riverside';
      const host = tenant === 'demo' ? DEMO_HOST : RIVERSIDE_HOST;
      const token = tenant === 'demo' ? demoKey : riverKey;
      const kind = i % 10;
      if (kind === 3)
        return {
          tenant,
          expect: 400,
          req: call(ctx.app, { method: 'POST', url: '/api/administrator/centre/', host, token, payload: { name: `${tenant} extra 1` } }),
        }; // unique violation inside the transaction
      if (kind === 7)
        return {
          tenant,
          expect: 404,
          req: call(ctx.app, {
            method: 'GET',
            url: `/api/administrator/centre/${[...ids[tenant === 'demo' ? 'riverside' : 'demo']][0]}/`,
            host,
            token,
          }),
        };
      return { tenant, expect: 200, req: call(ctx.app, { method: 'GET', url: '/api/administrator/centre/?page_size=100', host, token }) };
    });
    let wrong = 0;
    let listed = 0;
    for (const r of requests) {
      const res = await r.req;
      expect(res.statusCode).toBe(r.expect);
      if (r.expect !== 200) continue;
      for (const c of res.json().results as { id: number }[]) {
        listed++;
        if (!ids[r.tenant].has(c.id)) wrong++;
      }
    }
    expect(listed).toBeGreaterThan(3000);
    expect(wrong).toBe(0);
  });

  it('sees 0 rows on a pooled connection with no tenant set', async () => {
    expect(await ctx.handle.db.select().from(centre)).toHaveLength(0);
    const [setting] = await queryRows<{ v: string | null }>(ctx.handle.db, sql`select current_setting('app.organisation_id', true) as v`);
    expect(setting.v ?? '').toBe('');
  });

  it("refuses a query issued through a tenant transaction after it ended, instead of running it in the connection's next transaction", async () => {
    const me = (await call(ctx.app, { method: 'GET', url: '/api/accounts/user/', token: demoKey })).json();
    let leaked: Tx | undefined;
    await withTenant(ctx.handle.db, me.organisation.id, async (tx) => {
      leaked = tx;
      await tx.select().from(centre).limit(1);
    });
    // The connection now serves riverside; the stray query must not run there.
    const riverside = call(ctx.app, { method: 'GET', url: '/api/administrator/centre/', host: RIVERSIDE_HOST, token: riverKey });
    await expect(leaked!.select().from(centre)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/already ended/) } });
    expect((await riverside).statusCode).toBe(200);
  });
});
