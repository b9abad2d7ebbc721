import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '@arena/contracts';
import { call, createTestApp, DESK, login, OWNER, PROVIDER_HOST, RIVERSIDE_HOST, RIVERSIDE_OWNER, type TestContext } from './helpers.js';

let ctx: TestContext;
let owner: string;
let desk: string;
let riverside: string;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await login(ctx.app, OWNER);
  desk = await login(ctx.app, DESK);
  riverside = await login(ctx.app, RIVERSIDE_OWNER, RIVERSIDE_HOST);
});
afterAll(async () => ctx?.close());

describe('tenancy', () => {
  it("refuses a riverside key on demo's host with 401", async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/accounts/user/', token: riverside });
    expect(res.statusCode).toBe(401);
    expect((await call(ctx.app, { method: 'GET', url: '/api/administrator/centre/', token: riverside })).statusCode).toBe(401);
  });

  it('accepts an organisation key on the provider host', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/accounts/user/', host: PROVIDER_HOST, token: owner });
    expect(res.statusCode).toBe(200);
    expect(res.json().organisation.subdomain).toBe('demo');
  });

  it("answers 404 for riverside's centre on demo", async () => {
    const theirs = (
      await call(ctx.app, { method: 'GET', url: '/api/administrator/centre/', host: RIVERSIDE_HOST, token: riverside })
    ).json().results[0];
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await call(ctx.app, {
        method,
        url: `/api/administrator/centre/${theirs.id}/`,
        token: owner,
        payload: method === 'PUT' || method === 'PATCH' ? { name: 'Hijacked' } : undefined,
      });
      expect(res.statusCode, method).toBe(404);
    }
    const still = await call(ctx.app, {
      method: 'GET',
      url: `/api/administrator/centre/${theirs.id}/`,
      host: RIVERSIDE_HOST,
      token: riverside,
    });
    expect(still.json().name).toBe(theirs.name);
  });

  it('lists only the host organisation centres, also on the public portal', async () => {
    const demo = (await call(ctx.app, { method: 'GET', url: '/api/public/centres/' })).json().results.map((c: { name: string }) => c.name);
    expect(demo).toEqual(['Main Centre', 'Riverside Centre']);
    const river = (await call(ctx.app, { method: 'GET', url: '/api/public/centres/', host: RIVERSIDE_HOST }))
      .json()
      .results.map((c: { name: string }) => c.name);
    expect(river).toEqual(['Riverside Arena']);
  });

  it('answers 404 on an unknown organisation host', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/public/centres/', host: 'nosuch.localhost:3000' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Organisation not found.' });
  });

  it('keeps tenant endpoints off the provider host', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/administrator/centre/', host: PROVIDER_HOST, token: owner });
    expect(res.statusCode).toBe(404);
  });
});

describe('modules and permissions', () => {
  it('gives the owner every module of the plan', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/administrator/organisation/allowed-modules/', token: owner });
    expect(res.json().allowed_modules).toEqual([...MODULES]);
  });

  it('gives the front desk only its granted modules, fresh on refresh', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/administrator/organisation/allowed-modules/', token: desk });
    expect(res.json()).toEqual({
      allowed_modules: ['Membership Management', 'CRM Management', 'Store Management', 'Booking Management'],
      module_levels: {
        'Membership Management': 'operate',
        'CRM Management': 'operate',
        'Booking Management': 'operate',
        'Store Management': 'operate',
      },
    });
    const refreshed = await call(ctx.app, { method: 'POST', url: '/api/administrator/organisation/allowed-modules/refresh/', token: desk });
    expect(refreshed.json().allowed_modules).toHaveLength(4);
  });

  it('refuses a module the user lacks with 403, and lets anyone signed in read the centre dropdown', async () => {
    const list = await call(ctx.app, { method: 'GET', url: '/api/administrator/centre/', token: desk });
    expect(list.statusCode).toBe(403);
    expect(list.json()).toEqual({ detail: 'You do not have access to Administrator Management.' });
    const create = await call(ctx.app, { method: 'POST', url: '/api/administrator/centre/', token: desk, payload: { name: 'Sneaky' } });
    expect(create.statusCode).toBe(403);
    const dropdown = await call(ctx.app, { method: 'GET', url: '/api/administrator/centre/dropdown/', token: desk });
    expect(dropdown.statusCode).toBe(200);
    expect(dropdown.json().results).toHaveLength(2);
  });

  it("lists the organisation's users for the owner only", async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/users/', token: owner });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .results.map((u: { email: string }) => u.email)
        .sort(),
    ).toEqual([DESK.email, OWNER.email]);
    expect((await call(ctx.app, { method: 'GET', url: '/api/users/', token: desk })).statusCode).toBe(403);
  });
});
