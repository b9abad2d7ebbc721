/**
 * Account lockout under concurrency: the attempt is counted before the password check,
 * atomically, so a burst of parallel guesses cannot get more password checks than the limit.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginBucket } from '../src/modules/accounts/accounts.service.js';
import { withTenant } from '../src/platform/db/client.js';
import { appUser, auditLog, organisation, throttleEvent } from '../src/platform/db/schema.js';
import { recentEvents, takeSlot } from '../src/platform/throttle.js';
import { call, createTestApp, DESK, OWNER, PROVIDER_HOST, type TestContext } from './helpers.js';

const LOCKED = 'Too many failed login attempts for this account. Try again in 15 minutes.';

let ctx: TestContext;
beforeAll(async () => {
  // A high per-IP limit, so only the per-account lockout answers 429 here.
  ctx = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '100000', LOGIN_MAX_FAILURES: '10' });
});
afterAll(async () => ctx?.close());

const loginAs = (payload: Record<string, unknown>, host?: string) =>
  call(ctx.app, { method: 'POST', url: '/api/accounts/login/', payload, ...(host ? { host } : {}) });

async function userId(email: string): Promise<{ id: number; organisationId: number }> {
  const [u] = await ctx.handle.db.select().from(appUser).where(eq(appUser.email, email));
  return { id: u.id, organisationId: u.organisationId! };
}

/** The session audit rows of one user, in their organisation, by event. */
async function sessionEvents(email: string): Promise<Record<string, number>> {
  const user = await userId(email);
  const rows = await withTenant(ctx.handle.db, user.organisationId, (tx) =>
    tx
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'session'), eq(auditLog.objectId, String(user.id)))),
  );
  const counts: Record<string, number> = {};
  for (const row of rows) {
    expect(row.module).toBe('Administrator Management');
    const event = (row.after as { event?: string } | null)?.event ?? row.action;
    counts[event] = (counts[event] ?? 0) + 1;
  }
  return counts;
}

describe('takeSlot', () => {
  it('grants exactly `max` slots to a burst of parallel callers on one bucket', async () => {
    const bucket = 'test:parallel-slots';
    const slots = await Promise.all(Array.from({ length: 30 }, () => takeSlot(ctx.app.db, bucket, 60_000, 5, '10.0.0.1')));
    expect(slots.filter((s) => s !== null)).toHaveLength(5);
    expect(new Set(slots.filter((s) => s !== null)).size).toBe(5);
    expect(await recentEvents(ctx.app.db, bucket, 60_000)).toBe(5);
    // Another bucket is not affected.
    expect(await takeSlot(ctx.app.db, 'test:other-bucket', 60_000, 5, '10.0.0.1')).not.toBeNull();
  });
});

describe('account lockout', () => {
  it('checks at most LOGIN_MAX_FAILURES of 50 parallel wrong passwords and refuses the rest, then the right one too', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => loginAs({ email: DESK.email, password: `wrong-${i}` })));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    for (const res of results) {
      if (res.statusCode === 400) expect(res.json()).toEqual({ non_field_errors: ['Unable to log in with provided credentials.'] });
      else expect(res.json().detail).toBe(LOCKED);
    }

    const right = await loginAs(DESK);
    expect(right.statusCode).toBe(429);
    expect(right.json().detail).toBe(LOCKED);
    expect(right.headers['retry-after']).toBe('900');
    // Locked attempts are not counted: the bucket holds the 10 checked failures.
    expect(await recentEvents(ctx.app.db, loginBucket(DESK.email), 15 * 60_000)).toBe(10);

    // Each checked failure and each refused attempt is audited in the user's organisation.
    expect(await sessionEvents(DESK.email)).toEqual({ login_failed: 10, locked_out: 41 });

    // Another account is not affected.
    expect((await loginAs(OWNER)).statusCode).toBe(200);
  });

  it('lets the right password in once the window has passed, and a success clears the failures', async () => {
    await ctx.handle.db
      .update(throttleEvent)
      .set({ createdAt: sql`now() - interval '16 minutes'` })
      .where(eq(throttleEvent.bucket, loginBucket(DESK.email)));
    const right = await loginAs(DESK);
    expect(right.statusCode).toBe(200);
    expect(
      await ctx.handle.db
        .select()
        .from(throttleEvent)
        .where(eq(throttleEvent.bucket, loginBucket(DESK.email))),
    ).toEqual([]);
    expect((await loginAs({ email: DESK.email, password: 'wrong-again' })).statusCode).toBe(400);
  });

  it('locks unknown e-mails the same way (no hint that the account does not exist) and audits nothing for them', async () => {
    const orgs = await ctx.handle.db.select({ id: organisation.id }).from(organisation);
    const auditCount = async () => {
      let n = 0;
      for (const org of orgs) n += await withTenant(ctx.handle.db, org.id, async (tx) => (await tx.select().from(auditLog)).length);
      return n;
    };
    const before = await auditCount();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => loginAs({ email: 'ghost@example.com', password: `guess-${i}` })),
    );
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(10);
    expect(await auditCount()).toBe(before);
  });

  it('does not count a right password on an unverified account as a failure', async () => {
    const user = { email: 'unverified@example.com', password: 'Unverified#1' };
    const reg = await call(ctx.app, {
      method: 'POST',
      url: '/api/accounts/registration/',
      host: PROVIDER_HOST,
      payload: { email: user.email, password1: user.password, password2: user.password, first_name: 'Una' },
    });
    expect(reg.statusCode).toBe(201);
    for (let i = 0; i < 12; i++) {
      const res = await loginAs(user, PROVIDER_HOST);
      expect(res.statusCode).toBe(400);
      expect(res.json().non_field_errors[0]).toMatch(/E-mail is not verified/);
    }
    expect(await recentEvents(ctx.app.db, loginBucket(user.email), 15 * 60_000)).toBe(0);
  });
});
