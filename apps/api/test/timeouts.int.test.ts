import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { queryRows } from '../src/platform/db/client.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, onPostgres, OWNER, PG_URL, type TestContext } from './helpers.js';

/**
 * A request never hangs on the database: the pool's sessions run with a lock timeout and a
 * statement timeout, and running into either answers 503 with Retry-After and changes nothing.
 * PostgreSQL only: it needs a second session holding the lock.
 */
describe.runIf(onPostgres)('database timeouts (PostgreSQL)', () => {
  let ctx: TestContext;
  let key: string;

  beforeAll(async () => {
    ctx = await createTestApp({}, { limits: { lockTimeoutMs: 300, statementTimeoutMs: 2_000 } });
    key = await login(ctx.app, OWNER);
  });
  afterAll(async () => ctx?.close());

  it('answers 503 with Retry-After when a row stays locked past the lock timeout, and writes nothing', async () => {
    const centres = (await call(ctx.app, { method: 'GET', url: '/api/administrator/centre/', token: key })).json().results as {
      id: number;
      name: string;
    }[];
    const target = centres[0];
    const [{ db }] = await queryRows<{ db: string }>(ctx.handle.db, sql`select current_database() as db`);
    const url = new URL(PG_URL!);
    url.pathname = `/${db}`;
    const other = postgres(url.toString(), { max: 1, onnotice: () => {} });
    try {
      const holder = await other.reserve();
      await holder`begin`;
      await holder`select id from centre where id = ${target.id} for update`;
      const started = Date.now();
      const res = await call(ctx.app, {
        method: 'PATCH',
        url: `/api/administrator/centre/${target.id}/`,
        token: key,
        payload: { name: 'Renamed while locked' },
      });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().detail).toMatch(/busy/);
      expect(Date.now() - started).toBeLessThan(1_900);
      await holder`rollback`;
      holder.release();
    } finally {
      await other.end();
    }
    const after = (await call(ctx.app, { method: 'GET', url: `/api/administrator/centre/${target.id}/`, token: key })).json();
    expect(after.name).toBe(target.name);
  });
});
