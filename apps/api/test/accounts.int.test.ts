import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, authToken, oneTimeKey } from '../src/platform/db/schema.js';
import { hashSecret } from '../src/platform/tokens.js';
import {
  call,
  createTestApp,
  DEMO_HOST,
  linkIn,
  login,
  OWNER,
  PROVIDER_HOST,
  RIVERSIDE_HOST,
  type TestContext,
  settleJobs,
} from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

/** Account mails are queued (platform/mail-queue.ts), not sent within the request: let the queue hand them over. */
const mailsSent = () => settleJobs(ctx.app);
const mailedLink = async (to: string) => {
  await mailsSent();
  return linkIn(ctx.mails, to);
};

const register = (email: string, extra: Record<string, unknown> = {}, host = PROVIDER_HOST) =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/accounts/registration/',
    host,
    payload: { email, password1: 'Str0ngPass!', password2: 'Str0ngPass!', first_name: 'Neha', last_name: 'Rao', ...extra },
  });

describe('registration and e-mail verification', () => {
  it('registers a user and mails a verification link built from PUBLIC_URL, not the Host header', async () => {
    const res = await register('neha@example.com', {}, 'evil.example.org');
    expect(res.statusCode).toBe(201);
    const link = await mailedLink('neha@example.com');
    expect(link).toMatch(/^http:\/\/localhost:3000\/accounts\/confirm-email\/[0-9a-f]{64}$/);
  });

  it('answers a sign-up with a taken e-mail (any letter case) exactly like a new one, creates nothing and mails the owner a reset link', async () => {
    const fresh = await register('twice@example.com');
    await mailsSent();
    const before = ctx.mails.length;
    const again = await register('TWICE@Example.com', { password1: 'Other#Pass99', password2: 'Other#Pass99', first_name: 'Mallory' });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(fresh.body);
    expect(again.json()).toEqual({ detail: 'Verification e-mail sent.' });

    const users = await ctx.handle.db
      .select()
      .from(appUser)
      .where(sql`lower(${appUser.email}) = 'twice@example.com'`);
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ email: 'twice@example.com', firstName: 'Neha' });

    await mailsSent();
    const mails = ctx.mails.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'twice@example.com', subject: 'You already have an Arena account' });
    const link = linkIn(mails, 'twice@example.com');
    expect(link).toMatch(/^http:\/\/localhost:3000\/password\/reset\/confirm\/[\w-]+\/[0-9a-f]{64}\/$/);

    // The link is a working password-reset link (which also confirms the address).
    const [, , , , , , uid, token] = link.split('/');
    const [key] = await ctx.handle.db
      .select()
      .from(oneTimeKey)
      .where(eq(oneTimeKey.keyHash, hashSecret(token)));
    expect(key).toMatchObject({ purpose: 'password_reset', userId: users[0].id, usedAt: null });
    const confirm = await call(ctx.app, {
      method: 'POST',
      url: '/api/accounts/password/reset/confirm/',
      host: PROVIDER_HOST,
      payload: { uid, token, new_password1: 'Chosen#New99', new_password2: 'Chosen#New99' },
    });
    expect(confirm.statusCode).toBe(200);
    await login(ctx.app, { email: 'twice@example.com', password: 'Chosen#New99' }, PROVIDER_HOST);
    // The password sent with the second sign-up was never stored.
    const other = await call(ctx.app, {
      method: 'POST',
      url: '/api/accounts/login/',
      host: PROVIDER_HOST,
      payload: { email: 'twice@example.com', password: 'Other#Pass99' },
    });
    expect(other.statusCode).toBe(400);
  });

  it('validates passwords as spec section 5 says', async () => {
    const short = await register('short@example.com', { password1: 'abc', password2: 'abc' });
    expect(short.json().password1).toEqual(['Password must be at least 8 characters']);
    const mismatch = await register('mismatch@example.com', { password2: 'Different1!' });
    expect(mismatch.json().password2).toEqual(['Passwords do not match']);
    const missing = await call(ctx.app, { method: 'POST', url: '/api/accounts/registration/', host: PROVIDER_HOST, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json())).toEqual(expect.arrayContaining(['email', 'password1', 'password2', 'first_name']));
    const [count] = await ctx.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(appUser)
      .where(eq(appUser.email, 'short@example.com'));
    expect(count.n).toBe(0);
  });

  it('refuses login before verification with its own message, then verifies once', async () => {
    const before = await call(ctx.app, {
      method: 'POST',
      url: '/api/accounts/login/',
      host: PROVIDER_HOST,
      payload: { email: 'neha@example.com', password: 'Str0ngPass!' },
    });
    expect(before.statusCode).toBe(400);
    expect(before.json().non_field_errors[0]).toMatch(/E-mail is not verified/);

    const key = (await mailedLink('neha@example.com')).split('/').pop();
    const ok = await call(ctx.app, {
      method: 'POST',
      url: '/api/accounts/registration/verify-email/?notify=true',
      host: PROVIDER_HOST,
      payload: { key },
    });
    expect(ok.statusCode).toBe(200);
    const again = await call(ctx.app, {
      method: 'POST',
      url: '/api/accounts/registration/verify-email/?notify=true',
      host: PROVIDER_HOST,
      payload: { key },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'This link is invalid or has expired.' });
    const bad = await call(ctx.app, {
      method: 'POST',
      url: '/api/accounts/registration/verify-email/',
      host: PROVIDER_HOST,
      payload: { key: 'nope' },
    });
    expect(bad.statusCode).toBe(400);

    const after = await call(ctx.app, {
      method: 'POST',
      url: '/api/accounts/login/',
      host: PROVIDER_HOST,
      payload: { email: 'neha@example.com', password: 'Str0ngPass!' },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().user).toMatchObject({ email: 'neha@example.com', organisation: null, account_number: null });
  });

  it('refuses an expired verification key', async () => {
    await register('late@example.com');
    const key = (await mailedLink('late@example.com')).split('/').pop()!;
    await ctx.handle.db
      .update(oneTimeKey)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeKey.keyHash, hashSecret(key)));
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/accounts/registration/verify-email/',
      host: PROVIDER_HOST,
      payload: { key },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('login, keys and logout', () => {
  it('logs in on the organisation host and returns the key and user', async () => {
    const res = await call(ctx.app, { method: 'POST', url: '/api/accounts/login/', payload: OWNER });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.key).toMatch(/^[0-9a-f]{64}$/);
    expect(body.user).toMatchObject({
      first_name: 'Asha',
      role_name: 'Owner',
      account_number: expect.stringMatching(/^ARN\d+$/),
      organisation: { subdomain: 'demo', display_name: 'Demo Sports Club' },
    });
    const [stored] = await ctx.handle.db
      .select()
      .from(authToken)
      .where(eq(authToken.keyHash, hashSecret(body.key)));
    expect(stored.userId).toBe(body.user.id);
    const raw = await ctx.handle.db.select().from(authToken).where(eq(authToken.keyHash, body.key));
    expect(raw).toHaveLength(0);
  });

  it('answers wrong credentials with the DRF message', async () => {
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/accounts/login/',
      payload: { email: OWNER.email, password: 'wrong-password' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['Unable to log in with provided credentials.'] });
    const unknown = await call(ctx.app, {
      method: 'POST',
      url: '/api/accounts/login/',
      payload: { email: 'ghost@example.com', password: 'whatever1' },
    });
    expect(unknown.json()).toEqual({ non_field_errors: ['Unable to log in with provided credentials.'] });
  });

  it("refuses a user on another organisation's host", async () => {
    const res = await call(ctx.app, { method: 'POST', url: '/api/accounts/login/', host: RIVERSIDE_HOST, payload: OWNER });
    expect(res.statusCode).toBe(400);
  });

  it('exchanges a key for a fresh one and kills the presented key', async () => {
    const first = await login(ctx.app, OWNER, PROVIDER_HOST);
    const res = await call(ctx.app, { method: 'POST', url: '/api/accounts/login/', payload: { token: first } });
    expect(res.statusCode).toBe(200);
    const second = res.json().key;
    expect(second).not.toBe(first);
    expect((await call(ctx.app, { method: 'GET', url: '/api/accounts/user/', token: first })).statusCode).toBe(401);
    expect((await call(ctx.app, { method: 'GET', url: '/api/accounts/user/', token: second })).statusCode).toBe(200);
    const replay = await call(ctx.app, { method: 'POST', url: '/api/accounts/login/', payload: { token: first } });
    expect(replay.statusCode).toBe(400);
  });

  it('never lets an exchange remember a key longer than the presented one was', async () => {
    const remembered = async (key: string) =>
      (
        await ctx.handle.db
          .select({ remember: authToken.remember })
          .from(authToken)
          .where(eq(authToken.keyHash, hashSecret(key)))
      )[0].remember;
    const session = await login(ctx.app, OWNER, PROVIDER_HOST, false);
    const raised = await call(ctx.app, { method: 'POST', url: '/api/accounts/login/', payload: { token: session, remember: true } });
    expect(raised.statusCode).toBe(200);
    expect(await remembered(raised.json().key)).toBe(false);
    const long = await login(ctx.app, OWNER, PROVIDER_HOST, true);
    const kept = await call(ctx.app, { method: 'POST', url: '/api/accounts/login/', payload: { token: long } });
    expect(await remembered(kept.json().key)).toBe(true);
    const lowered = await call(ctx.app, {
      method: 'POST',
      url: '/api/accounts/login/',
      payload: { token: kept.json().key, remember: false },
    });
    expect(await remembered(lowered.json().key)).toBe(false);
  });

  it('revokes the key on logout', async () => {
    const key = await login(ctx.app, OWNER);
    expect((await call(ctx.app, { method: 'POST', url: '/api/accounts/logout/', token: key })).statusCode).toBe(200);
    const res = await call(ctx.app, { method: 'GET', url: '/api/accounts/user/', token: key });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Invalid token.' });
  });

  it('expires a key after 12 idle hours, or 30 idle days when remembered', async () => {
    const session = await login(ctx.app, OWNER);
    const remembered = await login(ctx.app, OWNER, DEMO_HOST, true);
    const age = (hours: number) => new Date(Date.now() - hours * 3600_000);
    await ctx.handle.db
      .update(authToken)
      .set({ lastUsedAt: age(13) })
      .where(eq(authToken.keyHash, hashSecret(session)));
    await ctx.handle.db
      .update(authToken)
      .set({ lastUsedAt: age(13) })
      .where(eq(authToken.keyHash, hashSecret(remembered)));
    expect((await call(ctx.app, { method: 'GET', url: '/api/accounts/user/', token: session })).statusCode).toBe(401);
    expect((await call(ctx.app, { method: 'GET', url: '/api/accounts/user/', token: remembered })).statusCode).toBe(200);
    await ctx.handle.db
      .update(authToken)
      .set({ lastUsedAt: age(31 * 24) })
      .where(eq(authToken.keyHash, hashSecret(remembered)));
    expect((await call(ctx.app, { method: 'GET', url: '/api/accounts/user/', token: remembered })).statusCode).toBe(401);
  });

  it('refuses to exchange a key past its absolute lifetime (7 days, 90 remembered), however recently it was used', async () => {
    const issuedAgo = async (key: string, days: number) =>
      ctx.handle.db
        .update(authToken)
        .set({ createdAt: new Date(Date.now() - days * 24 * 3600_000), lastUsedAt: new Date() })
        .where(eq(authToken.keyHash, hashSecret(key)));
    const exchange = (token: string) => call(ctx.app, { method: 'POST', url: '/api/accounts/login/', payload: { token } });

    const week = await login(ctx.app, OWNER);
    await issuedAgo(week, 7.1);
    const refused = await exchange(week);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ non_field_errors: ['Unable to log in with provided credentials.'] });

    const young = await login(ctx.app, OWNER);
    await issuedAgo(young, 6.9);
    expect((await exchange(young)).statusCode).toBe(200);

    const remembered = await login(ctx.app, OWNER, DEMO_HOST, true);
    await issuedAgo(remembered, 8);
    expect((await exchange(remembered)).statusCode).toBe(200);
    const old = await login(ctx.app, OWNER, DEMO_HOST, true);
    await issuedAgo(old, 90.1);
    expect((await exchange(old)).statusCode).toBe(400);
  });

  it('gives the fresh key of an exchange the creation time of the login, so exchanging cannot extend a key', async () => {
    const first = await login(ctx.app, OWNER);
    const issued = new Date(Date.now() - 3 * 24 * 3600_000);
    await ctx.handle.db
      .update(authToken)
      .set({ createdAt: issued })
      .where(eq(authToken.keyHash, hashSecret(first)));
    const res = await call(ctx.app, { method: 'POST', url: '/api/accounts/login/', payload: { token: first } });
    expect(res.statusCode).toBe(200);
    const [fresh] = await ctx.handle.db
      .select()
      .from(authToken)
      .where(eq(authToken.keyHash, hashSecret(res.json().key)));
    expect(fresh.createdAt.getTime()).toBe(issued.getTime());
    expect(fresh.revokedAt).toBeNull();
  });

  it('lets only one of two parallel exchanges of one key succeed', async () => {
    const key = await login(ctx.app, OWNER);
    const results = await Promise.all(
      [1, 2, 3].map(() => call(ctx.app, { method: 'POST', url: '/api/accounts/login/', payload: { token: key } })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('asks for credentials without a key', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/accounts/user/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});

describe('user profile and centre selection', () => {
  it('saves the selected centre, and null for all centres', async () => {
    const key = await login(ctx.app, OWNER);
    const centres = (await call(ctx.app, { method: 'GET', url: '/api/administrator/centre/dropdown/', token: key })).json().results;
    const put = await call(ctx.app, {
      method: 'PUT',
      url: '/api/accounts/user/?notify=true',
      token: key,
      payload: { center_id: centres[0].id },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().center_id).toBe(centres[0].id);
    expect((await call(ctx.app, { method: 'GET', url: '/api/accounts/user/', token: key })).json().center_id).toBe(centres[0].id);
    const all = await call(ctx.app, { method: 'PATCH', url: '/api/accounts/user/', token: key, payload: { center_id: null } });
    expect(all.json().center_id).toBeNull();
  });

  it("refuses another organisation's centre", async () => {
    const riverside = await login(ctx.app, { email: 'owner@riverside.example.com', password: 'ArenaDemo#2026' }, RIVERSIDE_HOST);
    const theirs = (
      await call(ctx.app, { method: 'GET', url: '/api/administrator/centre/dropdown/', host: RIVERSIDE_HOST, token: riverside })
    ).json().results[0].id;
    const key = await login(ctx.app, OWNER);
    const res = await call(ctx.app, { method: 'PATCH', url: '/api/accounts/user/', token: key, payload: { center_id: theirs } });
    expect(res.statusCode).toBe(400);
    expect(res.json().center_id[0]).toMatch(/object does not exist/);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the account exists, and mails only real accounts', async () => {
    await mailsSent();
    const before = ctx.mails.length;
    const real = await call(ctx.app, { method: 'POST', url: '/api/accounts/password/reset/', payload: { email: OWNER.email } });
    const ghost = await call(ctx.app, { method: 'POST', url: '/api/accounts/password/reset/', payload: { email: 'ghost@example.com' } });
    expect(real.statusCode).toBe(200);
    expect(ghost.statusCode).toBe(200);
    expect(real.body).toBe(ghost.body);
    await mailsSent();
    expect(ctx.mails.slice(before).map((m) => m.to)).toEqual([OWNER.email]);
  });

  it('links to the host where it was asked, built from configuration even with a forged Host', async () => {
    await call(ctx.app, { method: 'POST', url: '/api/accounts/password/reset/', payload: { email: OWNER.email } });
    expect(await mailedLink(OWNER.email)).toMatch(/^http:\/\/demo\.localhost:3000\/password\/reset\/confirm\/[\w-]+\/[0-9a-f]{64}\/$/);
    await call(ctx.app, {
      method: 'POST',
      url: '/api/accounts/password/reset/',
      host: 'attacker.example.net',
      payload: { email: OWNER.email },
    });
    expect(await mailedLink(OWNER.email)).toMatch(/^http:\/\/localhost:3000\/password\/reset\/confirm\//);
  });

  it('resets once, revokes other keys, and the new password works', async () => {
    const user = { email: 'reset-me@example.com', password: 'Original#123' };
    await call(ctx.app, {
      method: 'POST',
      url: '/api/accounts/registration/',
      host: PROVIDER_HOST,
      payload: { email: user.email, password1: user.password, password2: user.password, first_name: 'Reset' },
    });
    await ctx.handle.db.update(appUser).set({ emailVerifiedAt: new Date() }).where(eq(appUser.email, user.email));
    const oldKey = await login(ctx.app, user, PROVIDER_HOST);
    await call(ctx.app, { method: 'POST', url: '/api/accounts/password/reset/', host: PROVIDER_HOST, payload: { email: user.email } });
    const [, , , , , , uid, token] = (await mailedLink(user.email)).split('/');
    const confirm = (payload: Record<string, string>) =>
      call(ctx.app, { method: 'POST', url: '/api/accounts/password/reset/confirm/', host: PROVIDER_HOST, payload });

    const short = await confirm({ uid, token, new_password1: 'short', new_password2: 'short' });
    expect(short.json().new_password1).toEqual(['Password must be at least 8 characters']);
    const mismatch = await confirm({ uid, token, new_password1: 'Brand#New99', new_password2: 'Other#New99' });
    expect(mismatch.json().new_password2).toEqual(['Passwords do not match']);
    const empty = await confirm({ uid, token, new_password1: '', new_password2: '' });
    expect(empty.json()).toMatchObject({ new_password1: ['Password is required'], new_password2: ['Please confirm your password'] });

    const ok = await confirm({ uid, token, new_password1: 'Brand#New99', new_password2: 'Brand#New99' });
    expect(ok.statusCode).toBe(200);
    const reuse = await confirm({ uid, token, new_password1: 'Another#New99', new_password2: 'Another#New99' });
    expect(reuse.statusCode).toBe(400);
    expect((await call(ctx.app, { method: 'GET', url: '/api/accounts/user/', host: PROVIDER_HOST, token: oldKey })).statusCode).toBe(401);
    await login(ctx.app, { email: user.email, password: 'Brand#New99' }, PROVIDER_HOST);
    const old = await call(ctx.app, { method: 'POST', url: '/api/accounts/login/', host: PROVIDER_HOST, payload: user });
    expect(old.statusCode).toBe(400);
  });

  it('refuses an expired reset token', async () => {
    await call(ctx.app, { method: 'POST', url: '/api/accounts/password/reset/', payload: { email: 'desk@demo.example.com' } });
    const [, , , , , , uid, token] = (await mailedLink('desk@demo.example.com')).split('/');
    await ctx.handle.db
      .update(oneTimeKey)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(oneTimeKey.keyHash, hashSecret(token)));
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/accounts/password/reset/confirm/',
      payload: { uid, token, new_password1: 'Brand#New99', new_password2: 'Brand#New99' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('login validation', () => {
  it('names the missing fields with the spec messages', async () => {
    const res = await call(ctx.app, { method: 'POST', url: '/api/accounts/login/', payload: { email: '', password: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['Email is required'], password: ['Password is required'] });
  });
});
