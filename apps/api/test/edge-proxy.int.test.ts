/**
 * TRUST_PROXY: the client address (rate limits, sessions, audit) and the request id come from
 * X-Forwarded-For and X-Request-Id only as far as trusted proxies vouch for them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authToken } from '../src/platform/db/schema.js';
import { hashSecret } from '../src/platform/tokens.js';
import { call, createTestApp, OWNER, type TestContext } from './helpers.js';

const FORGED_ID = 'forged-request-id-0001';

async function loginFrom(ctx: TestContext, remoteAddress: string, headers: Record<string, string> = {}) {
  return call(ctx.app, { method: 'POST', url: '/api/accounts/login/', payload: OWNER, remoteAddress, headers });
}

async function sessionIp(ctx: TestContext, key: string): Promise<string> {
  const [row] = await ctx.handle.db
    .select({ ip: authToken.ip })
    .from(authToken)
    .where(eq(authToken.keyHash, hashSecret(key)));
  return row.ip;
}

/** The IP and request id of the newest audit row, written by an owner's profile edit. */
async function auditedEdit(ctx: TestContext, key: string, remoteAddress: string, headers: Record<string, string>) {
  const edit = await call(ctx.app, {
    method: 'PATCH',
    url: '/api/administrator/organisation/',
    token: key,
    payload: { legal_name: `Demo Sports ${Date.now()}` },
    remoteAddress,
    headers,
  });
  expect(edit.statusCode).toBe(200);
  const logs = await call(ctx.app, { method: 'GET', url: '/api/administrator/logs/?resource=organisation', token: key, remoteAddress });
  const entry = logs.json().results[0];
  return { ip: entry.ip as string, requestId: entry.request_id as string, responseId: edit.headers['x-request-id'] as string };
}

describe('TRUST_PROXY unset: X-Forwarded-For and X-Request-Id are the client’s own writing', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '5' });
  });
  afterAll(async () => ctx?.close());

  it('records the socket address, not a forged X-Forwarded-For, on the session and in the audit log', async () => {
    const res = await loginFrom(ctx, '203.0.113.10', { 'x-forwarded-for': '1.2.3.4' });
    expect(res.statusCode).toBe(200);
    const key = res.json().key;
    expect(await sessionIp(ctx, key)).toBe('203.0.113.10');
    const audited = await auditedEdit(ctx, key, '203.0.113.10', { 'x-forwarded-for': '1.2.3.4', 'x-request-id': FORGED_ID });
    expect(audited.ip).toBe('203.0.113.10');
    expect(audited.requestId).not.toBe(FORGED_ID);
    expect(audited.responseId).not.toBe(FORGED_ID);
    expect(audited.requestId).toBe(audited.responseId);
  });

  it('trips the per-IP login limit however the client varies X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await call(ctx.app, {
            method: 'POST',
            url: '/api/accounts/login/',
            payload: { email: `nobody${i}@example.com`, password: 'wrong-password' },
            remoteAddress: '203.0.113.20',
            headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
          })
        ).statusCode,
      );
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('answers with a fresh request id instead of a forged one', async () => {
    const res = await call(ctx.app, {
      method: 'GET',
      url: '/api/health',
      remoteAddress: '127.0.0.1',
      headers: { 'x-request-id': FORGED_ID },
    });
    expect(res.headers['x-request-id']).not.toBe(FORGED_ID);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('TRUST_PROXY=1: one proxy in front', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_AUTH_PER_MINUTE: '5' });
  });
  afterAll(async () => ctx?.close());

  it("uses the address the proxy appended and ignores the client's entries before it", async () => {
    const res = await loginFrom(ctx, '10.0.0.2', { 'x-forwarded-for': '6.6.6.6, 198.51.100.7' });
    expect(res.statusCode).toBe(200);
    const key = res.json().key;
    expect(await sessionIp(ctx, key)).toBe('198.51.100.7');
    const audited = await auditedEdit(ctx, key, '10.0.0.2', { 'x-forwarded-for': '7.7.7.7, 198.51.100.7' });
    expect(audited.ip).toBe('198.51.100.7');
  });

  it('limits each real client, whatever it writes in front of its address', async () => {
    const attempt = (forged: string, client: string) =>
      call(ctx.app, {
        method: 'POST',
        url: '/api/accounts/login/',
        payload: { email: 'nobody@example.com', password: 'wrong-password' },
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': `${forged}, ${client}` },
      }).then((r) => r.statusCode);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await attempt(`192.0.2.${i + 1}`, '198.51.100.50'));
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Another client behind the same proxy has its own allowance.
    expect(await attempt('192.0.2.1', '198.51.100.51')).toBe(400);
  });
});

describe('TRUST_PROXY as proxy addresses', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
  });
  afterAll(async () => ctx?.close());

  it('takes X-Forwarded-For and X-Request-Id from a listed proxy only', async () => {
    const viaProxy = await loginFrom(ctx, '10.1.2.3', { 'x-forwarded-for': '198.51.100.9', 'x-request-id': FORGED_ID });
    expect(viaProxy.statusCode).toBe(200);
    expect(viaProxy.headers['x-request-id']).toBe(FORGED_ID);
    const key = viaProxy.json().key;
    expect(await sessionIp(ctx, key)).toBe('198.51.100.9');

    const direct = await loginFrom(ctx, '203.0.113.30', { 'x-forwarded-for': '10.0.0.9', 'x-request-id': FORGED_ID });
    expect(direct.statusCode).toBe(200);
    expect(direct.headers['x-request-id']).not.toBe(FORGED_ID);
    expect(await sessionIp(ctx, direct.json().key)).toBe('203.0.113.30');

    const audited = await auditedEdit(ctx, key, '10.1.2.3', { 'x-forwarded-for': '198.51.100.9', 'x-request-id': 'proxy-trace-000042' });
    expect(audited).toMatchObject({ ip: '198.51.100.9', requestId: 'proxy-trace-000042', responseId: 'proxy-trace-000042' });
  });
});
