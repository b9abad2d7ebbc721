/**
 * Account enumeration: password reset and sign-up answer the same for addresses with and
 * without an account, and never wait for the mail server.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../src/platform/mail.js';
import { appUser, oneTimeKey } from '../src/platform/db/schema.js';
import { call, createTestApp, DESK, OWNER, PROVIDER_HOST, type TestContext, settleJobs } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '100000', RESET_MAX_PER_HOUR: '2' });
});
afterAll(async () => ctx?.close());

/**
 * A mail server that does not answer until the test is over; then it answers, so the job ends
 * (a send that never ended would keep its job in flight for every later wait for the queue).
 */
const hung: (() => void)[] = [];
const hang = () => new Promise<void>((resolve) => hung.push(resolve));
afterEach(async () => {
  for (const answer of hung.splice(0)) answer();
  await mailsSent();
});

/** Account mails are queued, not sent within the request: let the queue hand them over. */
const mailsSent = () => settleJobs(ctx.app);

/**
 * Runs `fn` with the mailer's send replaced, and keeps it replaced until the jobs `fn` queued have
 * run — or one of them has reached the mailer (a send that never answers never settles).
 */
async function withSend<T>(send: Mailer['send'], fn: () => Promise<T>): Promise<T> {
  const mailer = ctx.app.mailer;
  const original = mailer.send;
  let reached!: () => void;
  const sending = new Promise<void>((resolve) => (reached = resolve));
  mailer.send = (mail) => {
    reached();
    return send(mail);
  };
  try {
    return await fn();
  } finally {
    await Promise.race([mailsSent(), sending]);
    mailer.send = original;
  }
}

/** Fails instead of hanging until the test times out when a request waits for something that never comes. */
function answered<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the request waited for the mail server')), 10_000).unref()),
  ]);
}

const askReset = (email: string) => call(ctx.app, { method: 'POST', url: '/api/accounts/password/reset/', payload: { email } });
const register = (email: string, password = 'Str0ngPass!') =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/accounts/registration/',
    host: PROVIDER_HOST,
    payload: { email, password1: password, password2: password, first_name: 'Someone' },
  });

async function keysOf(email: string): Promise<number> {
  const [row] = await ctx.handle.db
    .select({ n: count() })
    .from(oneTimeKey)
    .innerJoin(appUser, eq(appUser.id, oneTimeKey.userId))
    .where(eq(appUser.email, email));
  return row.n;
}

async function allKeys(): Promise<number> {
  const [row] = await ctx.handle.db.select({ n: count() }).from(oneTimeKey);
  return row.n;
}

describe('password reset request', () => {
  it('does the same work for a known and an unknown address before answering: one job with what was asked', async () => {
    const jobs = ctx.app.jobs;
    const add = jobs.add;
    const added: { task: string; payload: unknown }[] = [];
    jobs.add = async (task, payload, options) => {
      added.push({ task, payload });
      return add.call(jobs, task, payload, options);
    };
    try {
      await askReset(OWNER.email);
      await askReset('ghost@example.com');
    } finally {
      jobs.add = add;
    }
    // The same statements ran for both (the limit, then the job); the account is looked up by the job.
    expect(added).toEqual([
      { task: 'accounts.password-reset', payload: { email: OWNER.email, organisationId: expect.any(Number), subdomain: 'demo' } },
      { task: 'accounts.password-reset', payload: { email: 'ghost@example.com', organisationId: expect.any(Number), subdomain: 'demo' } },
    ]);
    await mailsSent();
  });

  it('answers known and unknown addresses alike without waiting for the mail server', async () => {
    const ownerKeys = await keysOf(OWNER.email);
    const totalKeys = await allKeys();
    const attempted: string[] = [];
    const [known, unknown] = await withSend(
      async (mail) => {
        attempted.push(mail.to);
        await hang(); // a mail server that does not answer while the test runs
      },
      () => answered(Promise.all([askReset(OWNER.email), askReset('ghost@example.com')])),
    );
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ detail: 'Password reset e-mail has been sent.' });
    // The real account got a key and a mail (still "sending"); the unknown one neither.
    expect(attempted).toEqual([OWNER.email]);
    expect(await keysOf(OWNER.email)).toBe(ownerKeys + 1);
    expect(await allKeys()).toBe(totalKeys + 1);
  });

  it('answers 200 when the mail server fails', async () => {
    const res = await withSend(
      async () => {
        throw new Error('SMTP down');
      },
      () => askReset(DESK.email),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Password reset e-mail has been sent.' });
  });
});

describe('sign-up with an address that has an account', () => {
  it('answers exactly like a new sign-up, even when mailing hangs', async () => {
    const fresh = await register('brand-new@example.com');
    const taken = await withSend(hang, () => answered(register(OWNER.email)));
    expect(fresh.statusCode).toBe(201);
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body).toBe(fresh.body);
    expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);
  });

  it('mails the owner at most RESET_MAX_PER_HOUR times an hour, sharing the limit of reset requests', async () => {
    // DESK had one reset request above: one mail left this hour.
    await mailsSent();
    const before = ctx.mails.length;
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await register(DESK.email));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    await mailsSent();
    const sent = ctx.mails.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: DESK.email, subject: 'You already have an Arena account' });
    expect(sent[0].text).toMatch(/\/password\/reset\/confirm\/[\w-]+\/[0-9a-f]{64}\//);
    const reset = await askReset(DESK.email);
    expect(reset.statusCode).toBe(429);
    // Nothing was created.
    expect(await ctx.handle.db.select().from(appUser).where(eq(appUser.email, DESK.email))).toHaveLength(1);
  });

  it('sends nothing for a deactivated account, and still answers like a new sign-up', async () => {
    const user = { email: 'gone@example.com', password: 'Gone#Pass99' };
    const first = await register(user.email, user.password);
    await ctx.handle.db.update(appUser).set({ isActive: false }).where(eq(appUser.email, user.email));
    await mailsSent();
    const before = ctx.mails.length;
    const again = await register(user.email, user.password);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    await mailsSent();
    expect(ctx.mails.slice(before)).toEqual([]);
  });
});
