/** Session events in the audit trail: logout, failed logins and lockouts, in the user's organisation. */
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/platform/db/client.js';
import { appUser, auditLog, organisation } from '../src/platform/db/schema.js';
import { call, createTestApp, DESK, login, OWNER, PROVIDER_HOST, RIVERSIDE_HOST, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '100000', LOGIN_MAX_FAILURES: '3' });
});
afterAll(async () => ctx?.close());

const loginAs = (payload: Record<string, unknown>, host?: string) =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/accounts/login/',
    payload,
    ...(host ? { host } : {}),
    headers: { 'user-agent': 'audit-test' },
  });

async function userOf(email: string) {
  const [u] = await ctx.handle.db.select().from(appUser).where(eq(appUser.email, email));
  return u;
}

/** Audit rows of an organisation after a given id. */
async function auditAfter(organisationId: number, afterId: number) {
  return withTenant(ctx.handle.db, organisationId, (tx) =>
    tx
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, organisationId), gt(auditLog.id, afterId)))
      .orderBy(auditLog.id),
  );
}

async function lastAuditId(organisationId: number): Promise<number> {
  const rows = await auditAfter(organisationId, 0);
  return rows.at(-1)?.id ?? 0;
}

async function allAuditCount(): Promise<number> {
  let n = 0;
  for (const org of await ctx.handle.db.select({ id: organisation.id }).from(organisation)) n += (await auditAfter(org.id, 0)).length;
  return n;
}

describe('session audit', () => {
  it('records a logout as the user, in their organisation', async () => {
    const owner = await userOf(OWNER.email);
    const key = await login(ctx.app, OWNER);
    const mark = await lastAuditId(owner.organisationId!);
    const res = await call(ctx.app, { method: 'POST', url: '/api/accounts/logout/', token: key });
    expect(res.statusCode).toBe(200);
    const rows = await auditAfter(owner.organisationId!, mark);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      organisationId: owner.organisationId,
      module: 'Administrator Management',
      resource: 'session',
      action: 'logout',
      objectId: String(owner.id),
      actorId: owner.id,
      actorEmail: OWNER.email,
      after: { event: 'logout' },
    });
    // Logging out without a (valid) key records nothing.
    const again = await call(ctx.app, { method: 'POST', url: '/api/accounts/logout/', token: key });
    expect(again.statusCode).toBe(200);
    expect(await auditAfter(owner.organisationId!, mark)).toHaveLength(1);
  });

  it('records a failed login of an existing user in their organisation, without an actor', async () => {
    const owner = await userOf(OWNER.email);
    const mark = await lastAuditId(owner.organisationId!);
    expect((await loginAs({ email: OWNER.email, password: 'wrong-password' })).statusCode).toBe(400);
    const rows = await auditAfter(owner.organisationId!, mark);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      module: 'Administrator Management',
      resource: 'session',
      action: 'action',
      objectId: String(owner.id),
      objectLabel: OWNER.email,
      actorId: null,
      after: { event: 'login_failed' },
      userAgent: 'audit-test',
    });
    // The right password on another organisation's host fails too, and is recorded in the user's own organisation.
    expect((await loginAs(OWNER, RIVERSIDE_HOST)).statusCode).toBe(400);
    const more = await auditAfter(owner.organisationId!, rows[0].id);
    expect(more.map((r) => (r.after as { event: string }).event)).toEqual(['login_failed']);
    // A success clears the failures (so the lockout test below starts from zero).
    await login(ctx.app, OWNER);
  });

  it('writes nothing for unknown e-mails or users without an organisation', async () => {
    const registration = await call(ctx.app, {
      method: 'POST',
      url: '/api/accounts/registration/',
      host: PROVIDER_HOST,
      payload: { email: 'solo@example.com', password1: 'Solo#Pass99', password2: 'Solo#Pass99', first_name: 'Solo' },
    });
    expect(registration.statusCode).toBe(201);
    const before = await allAuditCount();
    expect((await loginAs({ email: 'nobody@example.com', password: 'whatever1' })).statusCode).toBe(400);
    expect((await loginAs({ email: 'solo@example.com', password: 'wrong-pass' }, PROVIDER_HOST)).statusCode).toBe(400);
    expect(await allAuditCount()).toBe(before);
  });

  it('records each refused attempt of a locked account as locked_out', async () => {
    const desk = await userOf(DESK.email);
    const mark = await lastAuditId(desk.organisationId!);
    for (let i = 0; i < 3; i++) expect((await loginAs({ email: DESK.email, password: `wrong-${i}` })).statusCode).toBe(400);
    const locked = await loginAs(DESK);
    expect(locked.statusCode).toBe(429);
    const rows = await auditAfter(desk.organisationId!, mark);
    expect(rows.map((r) => [r.action, (r.after as { event: string }).event])).toEqual([
      ['action', 'login_failed'],
      ['action', 'login_failed'],
      ['action', 'login_failed'],
      ['action', 'locked_out'],
    ]);
    expect(rows[3]).toMatchObject({ resource: 'session', module: 'Administrator Management', objectId: String(desk.id), actorId: null });
  });
});
