import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DESK, OWNER, settleJobs, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '15', LOGIN_MAX_FAILURES: '10', RESET_MAX_PER_HOUR: '3' });
});
afterAll(async () => ctx?.close());

const loginFrom = (ip: string, payload: Record<string, unknown>) =>
  call(ctx.app, { method: 'POST', url: '/api/accounts/login/', payload, remoteAddress: ip });

describe('login and reset limits', () => {
  it('locks an account after 10 failures in 15 minutes, even for the right password', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await loginFrom(`10.0.0.${i + 1}`, { email: DESK.email, password: `wrong-${i}` });
      expect(res.statusCode).toBe(400);
    }
    const right = await loginFrom('10.0.1.1', DESK);
    expect(right.statusCode).toBe(429);
    expect(right.json().detail).toBe('Too many failed login attempts for this account. Try again in 15 minutes.');
    expect(right.headers['retry-after']).toBe('900');
    // Another account is not affected.
    expect((await loginFrom('10.0.1.2', OWNER)).statusCode).toBe(200);
  });

  it('limits requests per IP address with a clear message', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++)
      statuses.push((await loginFrom('10.9.9.9', { email: `nobody${i}@example.com`, password: 'x-wrong-1' })).statusCode);
    expect(statuses.slice(0, 15).every((s) => s === 400)).toBe(true);
    expect(statuses[15]).toBe(429);
    const res = await loginFrom('10.9.9.9', OWNER);
    expect(res.json().detail).toMatch(/^Too many requests from this address\. Try again in \d+ seconds\.$/);
  });

  it('limits password reset mails per account', async () => {
    const ask = (ip: string) =>
      call(ctx.app, { method: 'POST', url: '/api/accounts/password/reset/', payload: { email: OWNER.email }, remoteAddress: ip });
    for (let i = 0; i < 3; i++) expect((await ask(`10.1.0.${i + 1}`)).statusCode).toBe(200);
    const fourth = await ask('10.1.0.9');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().detail).toMatch(/Too many password reset requests/);
    await settleJobs(ctx.app); // the mail is sent by a job after the answer
    expect(ctx.mails.filter((m) => m.to === OWNER.email)).toHaveLength(3);
  });
});
