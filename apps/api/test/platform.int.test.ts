import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/platform/db/schema.js';
import { centre } from '../src/modules/administrator/schema.js';
import { queryRows, withTenant } from '../src/platform/db/client.js';
import { PLATFORM_TABLES } from '../src/platform/db/security.js';
import { call, createTestApp, login, OWNER, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const isPermissionDenied = (err: unknown) => (err as { cause?: { code?: string } }).cause?.code === '42501';

describe('HTTP platform', () => {
  it('answers health with the database checked', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/no/such/thing/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it('refuses bodies over 1 MB with 413', async () => {
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/accounts/login/',
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'Request body is too large.' });
  });

  it('answers malformed JSON with a 400 and no internals', async () => {
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/accounts/login/',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/JSON/);
    expect(res.body).not.toMatch(/at .*\.ts|node_modules|SELECT/);
  });

  it('documents every endpoint in OpenAPI and serves the docs page', async () => {
    const doc = (await call(ctx.app, { method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/accounts/login/',
      '/api/accounts/user/',
      '/api/administrator/centre/',
      '/api/administrator/centre/{id}/',
      '/api/public/centres/',
      '/api/administrator/organisation/allowed-modules/',
      '/api/users/',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const docs = await call(ctx.app, { method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toMatch(/swagger/i);
  });

  it('sends security headers', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeTruthy();
  });
});

describe('database security', () => {
  it('shows no tenant rows to a query without a tenant', async () => {
    const rows = await ctx.handle.db.select().from(centre);
    expect(rows).toHaveLength(0);
    const [demo] = await queryRows<{ id: number }>(ctx.handle.db, sql`select id from organisation where subdomain = 'demo'`);
    const scoped = await withTenant(ctx.handle.db, Number(demo.id), (tx) => tx.select().from(centre));
    expect(scoped.map((c) => c.name).sort()).toEqual(['Main Centre', 'Riverside Centre']);
  });

  it("refuses to write a row into another tenant's organisation", async () => {
    const orgs = await queryRows<{ id: number; subdomain: string }>(ctx.handle.db, sql`select id, subdomain from organisation`);
    const demo = Number(orgs.find((o) => o.subdomain === 'demo')!.id);
    const river = Number(orgs.find((o) => o.subdomain === 'riverside')!.id);
    await expect(
      withTenant(ctx.handle.db, demo, (tx) => tx.insert(centre).values({ organisationId: river, name: 'Smuggled' })),
    ).rejects.toThrow();
  });

  it('keeps the audit log append-only for the application', async () => {
    const key = await login(ctx.app, OWNER);
    await call(ctx.app, { method: 'POST', url: '/api/administrator/centre/', token: key, payload: { name: 'Audit Probe' } });
    const [demo] = await queryRows<{ id: number }>(ctx.handle.db, sql`select id from organisation where subdomain = 'demo'`);
    const org = Number(demo.id);
    const count = await withTenant(ctx.handle.db, org, async (tx) => (await tx.select().from(auditLog)).length);
    expect(count).toBeGreaterThan(0);
    await expect(withTenant(ctx.handle.db, org, (tx) => tx.update(auditLog).set({ action: 'delete' }))).rejects.toSatisfy(
      isPermissionDenied,
    );
    await expect(withTenant(ctx.handle.db, org, (tx) => tx.delete(auditLog))).rejects.toSatisfy(isPermissionDenied);
    expect(await withTenant(ctx.handle.db, org, async (tx) => (await tx.select().from(auditLog)).length)).toBe(count);
  });

  it('works as a role that is neither owner nor able to bypass RLS, with RLS forced on every tenant table', async () => {
    const [role] = await queryRows<{ current_user: string; rolbypassrls: boolean; rolsuper: boolean }>(
      ctx.handle.db,
      sql`select current_user, rolbypassrls, rolsuper from pg_roles where rolname = current_user`,
    );
    expect(role).toMatchObject({ current_user: 'arena_app', rolbypassrls: false, rolsuper: false });
    const tables = await queryRows<{
      relname: string;
      relrowsecurity: boolean;
      relforcerowsecurity: boolean;
      owner: string;
      policies: number;
    }>(
      ctx.handle.db,
      sql`select c.relname, c.relrowsecurity, c.relforcerowsecurity, pg_get_userbyid(c.relowner) as owner,
                 (select count(*)::int from pg_policies p where p.tablename = c.relname) as policies
          from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attname = 'organisation_id'
          join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r'
            and c.relname not in (${sql.join(
              PLATFORM_TABLES.map((t) => sql`${t}`),
              sql`, `,
            )})`,
    );
    expect(tables.map((t) => t.relname).sort()).toEqual(expect.arrayContaining(['audit_log', 'centre']));
    for (const t of tables) {
      expect(t, t.relname).toMatchObject({ relrowsecurity: true, relforcerowsecurity: true, policies: 1 });
      expect(t.owner).not.toBe('arena_app');
    }
  });
});
