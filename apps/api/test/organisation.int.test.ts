import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/platform/db/schema.js';
import {
  call,
  createTestApp,
  DESK,
  login,
  multipartBody,
  OWNER,
  PROVIDER_HOST,
  TINY_PNG,
  verifiedNewUser,
  type TestContext,
} from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

describe('organisation registration', () => {
  it('validates the subdomain with field errors', async () => {
    const key = await verifiedNewUser(ctx, 'founder1@example.com');
    const cases: [string, string][] = [
      ['ab', 'Subdomain must be 3 to 30 characters.'],
      ['a'.repeat(31), 'Subdomain must be 3 to 30 characters.'],
      ['Bad_Name', 'Use only lower-case letters, digits and hyphens.'],
      ['-edge', 'Subdomain cannot start or end with a hyphen.'],
      ['admin', 'This subdomain is reserved.'],
      ['www', 'This subdomain is reserved.'],
      ['demo', 'This subdomain is already taken.'],
    ];
    for (const [subdomain, message] of cases) {
      const res = await call(ctx.app, {
        method: 'POST',
        url: '/api/administrator/organisation/',
        host: PROVIDER_HOST,
        token: key,
        payload: { display_name: 'Club', subdomain },
      });
      expect(res.statusCode, subdomain).toBe(400);
      expect(res.json().subdomain, subdomain).toEqual([message]);
    }
    const blank = await call(ctx.app, {
      method: 'POST',
      url: '/api/administrator/organisation/',
      host: PROVIDER_HOST,
      token: key,
      payload: { subdomain: 'fine-name' },
    });
    expect(blank.json().display_name).toEqual(['This field is required.']);
  });

  it('needs a signed-in user', async () => {
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/administrator/organisation/',
      host: PROVIDER_HOST,
      payload: { display_name: 'X', subdomain: 'xyz-club' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('creates the organisation with its owner, trial and account number; the key works on the new host', async () => {
    const key = await verifiedNewUser(ctx, 'founder2@example.com');
    // A visit before the organisation exists must not stick.
    expect((await call(ctx.app, { method: 'GET', url: '/api/public/centres/', host: 'smash-arena.localhost:3000' })).statusCode).toBe(404);
    const form = multipartBody(
      { display_name: 'Smash Arena', subdomain: 'smash-arena' },
      { name: 'logo.png', data: TINY_PNG, type: 'image/png' },
    );
    const res = await call(ctx.app, { method: 'POST', url: '/api/administrator/organisation/', host: PROVIDER_HOST, token: key, ...form });
    expect(res.statusCode).toBe(201);
    const org = res.json();
    expect(org).toMatchObject({
      display_name: 'Smash Arena',
      subdomain: 'smash-arena',
      account_number: expect.stringMatching(/^ARN\d{6}$/),
      plan_name: 'Trial',
    });
    expect(org.display_picture).toMatch(/^http:\/\/smash-arena\.localhost:3000\/uploads\/org-\d+\/[0-9a-f]+\.png$/);
    const due = new Date(`${org.due_date}T00:00:00Z`).getTime();
    const days = Math.round((due - Date.now()) / 86_400_000);
    expect(days).toBeGreaterThanOrEqual(29);
    expect(days).toBeLessThanOrEqual(31);

    const host = 'smash-arena.localhost:3000';
    const me = await call(ctx.app, { method: 'POST', url: '/api/accounts/login/', host, payload: { token: key } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ role_name: 'Owner', organisation: { subdomain: 'smash-arena' } });
    const fresh = me.json().key;
    const picture = await call(ctx.app, { method: 'GET', url: new URL(org.display_picture).pathname, host });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(TINY_PNG)).toBe(true);
    const modules = await call(ctx.app, { method: 'GET', url: '/api/administrator/organisation/allowed-modules/', host, token: fresh });
    expect(modules.json().allowed_modules).toContain('Administrator Management');
    const audit = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.organisationId, org.id));
    expect(audit).toHaveLength(0); // RLS: the test's own connection has no tenant set, so it sees nothing
    const logs = await call(ctx.app, { method: 'GET', url: '/api/administrator/logs/?resource=organisation', host, token: fresh });
    expect(logs.json().results[0]).toMatchObject({ action: 'create', resource: 'organisation', actor_email: 'founder2@example.com' });

    const second = await call(ctx.app, {
      method: 'POST',
      url: '/api/administrator/organisation/',
      host: PROVIDER_HOST,
      token: fresh,
      payload: { display_name: 'Again', subdomain: 'again-club' },
    });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ detail: 'You already belong to an organisation.' });
  });

  it('accepts only images up to 2 MB', async () => {
    const key = await verifiedNewUser(ctx, 'founder3@example.com');
    const text = multipartBody(
      { display_name: 'Pics', subdomain: 'pics-club' },
      { name: 'x.png', data: Buffer.from('not an image'), type: 'image/png' },
    );
    const bad = await call(ctx.app, { method: 'POST', url: '/api/administrator/organisation/', host: PROVIDER_HOST, token: key, ...text });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().display_picture[0]).toMatch(/Upload a valid image/);
    const huge = multipartBody(
      { display_name: 'Pics', subdomain: 'pics-club' },
      { name: 'x.png', data: Buffer.concat([TINY_PNG, Buffer.alloc(2 * 1024 * 1024)]), type: 'image/png' },
    );
    const big = await call(ctx.app, { method: 'POST', url: '/api/administrator/organisation/', host: PROVIDER_HOST, token: key, ...huge });
    expect(big.statusCode).toBe(400);
    expect(JSON.stringify(big.json())).toMatch(/at most 2 MB/);
    const check = await call(ctx.app, {
      method: 'GET',
      url: '/api/administrator/organisation/check-subdomain/?subdomain=pics-club',
      host: PROVIDER_HOST,
    });
    expect(check.json()).toEqual({ subdomain: 'pics-club', available: true, detail: null });
  });

  it('reports subdomain availability', async () => {
    const taken = await call(ctx.app, {
      method: 'GET',
      url: '/api/administrator/organisation/check-subdomain/?subdomain=demo',
      host: PROVIDER_HOST,
    });
    expect(taken.json()).toEqual({ subdomain: 'demo', available: false, detail: 'This subdomain is already taken.' });
    const reserved = await call(ctx.app, {
      method: 'GET',
      url: '/api/administrator/organisation/check-subdomain/?subdomain=api',
      host: PROVIDER_HOST,
    });
    expect(reserved.json().available).toBe(false);
  });
});

describe('organisation profile', () => {
  it('shows name and picture to anyone and everything to its users', async () => {
    const anon = await call(ctx.app, { method: 'GET', url: '/api/administrator/organisation/' });
    expect(anon.json()).toEqual({ display_name: 'Demo Sports Club', display_picture: null, bookings_paused: false });
    const key = await login(ctx.app, OWNER);
    const full = await call(ctx.app, { method: 'GET', url: '/api/administrator/organisation/', token: key });
    expect(full.json()).toMatchObject({ subdomain: 'demo', account_number: expect.any(String), time_zone: 'Asia/Kolkata' });
  });

  it('lets the owner edit it and nobody else', async () => {
    const desk = await login(ctx.app, DESK);
    expect(
      (
        await call(ctx.app, {
          method: 'PATCH',
          url: '/api/administrator/organisation/',
          token: desk,
          payload: { display_name: 'Desk Club' },
        })
      ).statusCode,
    ).toBe(403);
    const owner = await login(ctx.app, OWNER);
    const res = await call(ctx.app, {
      method: 'PATCH',
      url: '/api/administrator/organisation/',
      token: owner,
      payload: { display_name: 'Demo Sports Club & Spa', gstin: '29ABCDE1234F1ZW', unknown_field: 'ignored' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ display_name: 'Demo Sports Club & Spa', gstin: '29ABCDE1234F1ZW' });
    expect(res.json()).not.toHaveProperty('unknown_field');
    const anon = await call(ctx.app, { method: 'GET', url: '/api/administrator/organisation/' });
    expect(anon.json().display_name).toBe('Demo Sports Club & Spa');
    const badZone = await call(ctx.app, {
      method: 'PATCH',
      url: '/api/administrator/organisation/',
      token: owner,
      payload: { time_zone: 'Mars/Olympus' },
    });
    expect(badZone.statusCode).toBe(400);
    // A GSTIN is a registration in one state: its code must be the organisation's state (Karnataka, 29).
    const otherState = await call(ctx.app, {
      method: 'PATCH',
      url: '/api/administrator/organisation/',
      token: owner,
      payload: { gstin: '33AAHCD1234K1ZW' },
    });
    expect(otherState.statusCode).toBe(400);
    expect(otherState.json()).toEqual({ gstin: ['This GSTIN is registered in Tamil Nadu (state code 33), not in Karnataka.'] });
    expect((await call(ctx.app, { method: 'GET', url: '/api/administrator/organisation/', token: owner })).json().gstin).toBe(
      '29ABCDE1234F1ZW',
    );
    await call(ctx.app, {
      method: 'PATCH',
      url: '/api/administrator/organisation/',
      token: owner,
      payload: { display_name: 'Demo Sports Club' },
    });
  });
});
