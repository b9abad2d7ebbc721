import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../src/platform/db/client.js';
import { freshDatabase, onPostgres } from './helpers.js';

/**
 * The application's pooled sessions log in as `arena_login`, a member of `arena_app` and of
 * nothing else: they can never become the owner or a superuser, never rewrite the audit log, and
 * see no tenant's rows without the tenant setting. PostgreSQL only: the embedded database is one
 * superuser session by nature (it serves one process on one machine).
 */
describe.runIf(onPostgres)('least privilege of the application pool (PostgreSQL)', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ handle, drop } = await freshDatabase({ seeded: true, poolSize: 1 }));
  });
  afterAll(async () => drop?.());

  const run = (query: ReturnType<typeof sql>) => queryRows(handle.db, query);
  const failure = async (query: ReturnType<typeof sql>) => {
    try {
      await run(query);
      return null;
    } catch (err) {
      const e = err as { code?: string; cause?: { code?: string } };
      return e.code ?? e.cause?.code ?? 'unknown';
    }
  };

  it('logs in as arena_login and works as arena_app, with no superuser or owner rights', async () => {
    const [who] = await run(
      sql`select session_user as login, current_user as role, (select rolsuper from pg_roles where rolname = session_user) as super`,
    );
    expect(who).toEqual({ login: 'arena_login', role: 'arena_app', super: false });
  });

  it('cannot SET ROLE to the owner or to postgres, even after RESET ROLE', async () => {
    const ownerName = new URL(process.env.TEST_DATABASE_URL!).username || 'postgres';
    expect(await failure(sql.raw(`set role ${ownerName}`))).toBe('42501');
    expect(await failure(sql`set role postgres`)).toBe('42501');
    await run(sql`reset role`);
    expect(await failure(sql`set role postgres`)).toBe('42501');
    const [who] = await run(sql`select current_user as role`);
    expect(['arena_app', 'arena_login']).toContain(who.role);
    await run(sql`set role arena_app`);
  });

  it('cannot update, delete or truncate the audit log', async () => {
    expect(await failure(sql`update audit_log set action = 'delete'`)).toBe('42501');
    expect(await failure(sql`delete from audit_log`)).toBe('42501');
    expect(await failure(sql`truncate audit_log`)).toBe('42501');
  });

  it('sees no tenant rows without the tenant setting', async () => {
    const [{ n }] = await run(sql`select count(*)::int as n from centre`);
    expect(n).toBe(0);
    const [{ all }] = await run(sql`select count(*)::int as "all" from audit_log`);
    expect(all).toBe(0);
  });

  it('cannot create roles, databases or tables', async () => {
    expect(await failure(sql`create role intruder superuser`)).toBe('42501');
    expect(await failure(sql`create table intruder (id int)`)).toBe('42501');
  });
});
