/**
 * One-line fields refuse CR, LF, TAB and the other control characters with a field error and
 * write nothing; multi-line fields keep their line breaks.
 */
import { SINGLE_LINE_MESSAGE } from '@arena/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, organisation } from '../src/platform/db/schema.js';
import { call, createTestApp, login, OWNER, PROVIDER_HOST, verifiedNewUser, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

describe('single-line fields', () => {
  it('refuse a CR/LF in the name of a new organisation with a field error, and nothing is written', async () => {
    const email = 'crlf@example.com';
    const key = await verifiedNewUser(ctx, email);
    const before = await ctx.handle.db.select({ id: organisation.id }).from(organisation);

    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/administrator/organisation/',
      host: PROVIDER_HOST,
      token: key,
      payload: { display_name: 'Crlf Club\r\nX-Injected: yes', subdomain: 'crlf-club' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ display_name: [SINGLE_LINE_MESSAGE] });

    expect(await ctx.handle.db.select({ id: organisation.id }).from(organisation)).toHaveLength(before.length);
    const [user] = await ctx.handle.db.select().from(appUser).where(eq(appUser.email, email));
    expect(user.organisationId).toBeNull();
    const check = await call(ctx.app, {
      method: 'GET',
      url: '/api/administrator/organisation/check-subdomain/?subdomain=crlf-club',
      host: PROVIDER_HOST,
    });
    expect(check.json().available).toBe(true);
  });

  it('refuse a tab in a centre name, while the address keeps its line breaks', async () => {
    const owner = await login(ctx.app, OWNER);
    const list = async () =>
      (await call(ctx.app, { method: 'GET', url: '/api/administrator/centre/?page_size=500', token: owner })).json().count;
    const count = await list();
    const bad = await call(ctx.app, {
      method: 'POST',
      url: '/api/administrator/centre/',
      token: owner,
      payload: { name: 'Lake\tside', address: 'Line one\nLine two' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().name).toEqual([SINGLE_LINE_MESSAGE]);
    expect(await list()).toBe(count);

    const good = await call(ctx.app, {
      method: 'POST',
      url: '/api/administrator/centre/',
      token: owner,
      payload: { name: 'Lakeside', address: 'Line one\nLine two' },
    });
    expect(good.statusCode).toBe(201);
    expect(good.json().address).toBe('Line one\nLine two');
  });
});
