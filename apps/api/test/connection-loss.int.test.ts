import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, withTenant } from '../src/platform/db/client.js';
import { call, createTestApp, login, onPostgres, OWNER, PG_URL, type TestContext } from './helpers.js';

/**
 * A tenant transaction's connection can die under it: PostgreSQL's idle-in-transaction timeout
 * (an export whose client stopped reading), an administrator's pg_terminate_backend, a network
 * cut. postgres.js then wrote the next statement to a null socket from a setImmediate callback —
 * an uncaught TypeError that took the whole process down (porsager/postgres#1208; patched in
 * `patches/postgres+3.4.9.patch`). The request must fail as any failed statement does, the
 * process must live, and the dead connection must never go back to the pool for the next request.
 * PostgreSQL only (a real pool; PGlite has no backend to kill).
 */
describe.runIf(onPostgres)('a tenant transaction whose connection dies (PostgreSQL)', () => {
  let t: TestContext;
  let admin: postgres.Sql;
  let owner: string;
  let org: number;

  beforeAll(async () => {
    t = await createTestApp({}, { poolSize: 2 });
    admin = postgres(PG_URL!, { max: 1, onnotice: () => undefined });
    owner = await login(t.app, OWNER);
    [{ id: org }] = await queryRows<{ id: number }>(t.handle.db, sql`select id::int as id from organisation where subdomain = 'demo'`);
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  const kill = async (pid: number) => {
    await admin`select pg_terminate_backend(${pid})`;
    await new Promise((r) => setTimeout(r, 200)); // the close reaches the client
  };
  const pidOf = async (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) =>
    (await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`))[0].pid;

  for (const readOnly of [true, false])
    it(`fails the ${readOnly ? 'read-only' : 'writing'} transaction, keeps the process, and never reuses the dead connection`, async () => {
      const killed: number[] = [];
      for (let round = 0; round < 3; round++) {
        const attempt = withTenant(
          t.handle.db,
          org,
          async (tx) => {
            const pid = await pidOf(tx);
            killed.push(pid);
            await kill(pid);
            // The connection is gone: the next statement must reject, not crash the process.
            return queryRows(tx, sql`select count(*) from centre`);
          },
          { readOnly },
        );
        await expect(attempt).rejects.toThrow();
      }
      // Every later transaction, one at a time and many at once, runs on a live connection.
      for (let i = 0; i < 10; i++) {
        const rows = await withTenant(t.handle.db, org, async (tx) =>
          queryRows<{ n: number }>(tx, sql`select count(*)::int as n from centre`),
        );
        expect(rows[0].n).toBeGreaterThan(0);
      }
      const many = await Promise.all(
        Array.from({ length: 20 }, () =>
          withTenant(t.handle.db, org, async (tx) => ({
            pid: await pidOf(tx),
            n: (await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from centre`))[0].n,
          })),
        ),
      );
      for (const r of many) {
        expect(r.n).toBeGreaterThan(0);
        expect(killed).not.toContain(r.pid);
      }
      // And the app still answers.
      const res = await call(t.app, { method: 'GET', url: '/api/administrator/centre/', token: owner });
      expect(res.statusCode).toBe(200);
    });

  it('fails a transaction whose connection dies after its last statement, at COMMIT, and the pool stays whole', async () => {
    let pid = 0;
    await expect(
      withTenant(t.handle.db, org, async (tx) => {
        pid = await pidOf(tx);
        await kill(pid);
        return 'done';
      }),
    ).rejects.toThrow();
    const many = await Promise.all(Array.from({ length: 10 }, () => withTenant(t.handle.db, org, (tx) => pidOf(tx))));
    expect(many).not.toContain(pid);
  });
});
