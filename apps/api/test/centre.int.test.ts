import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putOnPlan } from './factories.js';
import { call, createTestApp, login, OWNER, type TestContext } from './helpers.js';

let ctx: TestContext;
let key: string;
beforeAll(async () => {
  ctx = await createTestApp();
  // The demo organisation (2 centres, Trial: 3) gets more than 3 here: on Enterprise (10); plan-limits.int.test.ts proves the limit.
  await putOnPlan(ctx, 'demo', 'Enterprise');
  key = await login(ctx.app, OWNER);
});
afterAll(async () => ctx?.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  call(ctx.app, { method, url, token: key, payload: payload as Record<string, unknown> });

/** What is particular to centres; the generic lookup suite (lookups.int.test.ts) proves the rest. */
describe('centres', () => {
  it('creates a centre, ignoring unknown fields, and records it in the audit trail', async () => {
    const res = await api('POST', '/api/administrator/centre/', {
      name: '  Lakeside Centre ',
      city: 'Pune',
      organisation_id: 999,
      id: 12345,
      hacker: true,
    });
    expect(res.statusCode).toBe(201);
    const centre = res.json();
    expect(centre).toMatchObject({ name: 'Lakeside Centre', city: 'Pune', is_active: true, code: '' });
    expect(centre.id).not.toBe(12345);
    expect(centre).not.toHaveProperty('hacker');
    expect(centre).not.toHaveProperty('organisation_id');
    const logs = await api('GET', `/api/administrator/logs/?resource=centre`);
    expect(logs.json().results[0]).toMatchObject({
      action: 'create',
      object_id: String(centre.id),
      actor_email: OWNER.email,
      after: { name: 'Lakeside Centre' },
    });
    expect(logs.json().results[0].request_id).toBeTruthy();
  });

  it('validates input', async () => {
    const res = await api('POST', '/api/administrator/centre/', { name: '', is_active: 'maybe' });
    expect(res.statusCode).toBe(400);
    expect(res.json().name).toEqual(['This field may not be blank.']);
    expect(res.json().is_active).toEqual(['Must be a valid boolean.']);
    const long = await api('POST', '/api/administrator/centre/', { name: 'x'.repeat(121) });
    expect(long.json().name).toEqual(['Ensure this field has no more than 120 characters.']);
  });

  it('patches only the fields sent, and PUT replaces', async () => {
    const created = (await api('POST', '/api/administrator/centre/', { name: 'Patch Centre', city: 'Mysuru', code: 'PC' })).json();
    const patched = await api('PATCH', `/api/administrator/centre/${created.id}/`, { is_active: false });
    expect(patched.json()).toMatchObject({ name: 'Patch Centre', city: 'Mysuru', code: 'PC', is_active: false });
    const put = await api('PUT', `/api/administrator/centre/${created.id}/`, { name: 'Put Centre' });
    expect(put.json()).toMatchObject({ name: 'Put Centre', city: '', code: '', is_active: true });
    const logs = (await api('GET', `/api/administrator/logs/?resource=centre&action=update`)).json().results;
    expect(logs[0]).toMatchObject({ before: { name: 'Patch Centre' }, after: { name: 'Put Centre' } });
  });

  it('keeps inactive centres out of the dropdown and the public list', async () => {
    const created = (await api('POST', '/api/administrator/centre/', { name: 'Closed Centre', is_active: false })).json();
    const dropdown = (await api('GET', '/api/administrator/centre/dropdown/')).json().results;
    expect(dropdown.find((c: { id: number }) => c.id === created.id)).toBeUndefined();
    const pub = (await call(ctx.app, { method: 'GET', url: '/api/public/centres/' })).json().results;
    expect(pub.find((c: { id: number }) => c.id === created.id)).toBeUndefined();
  });

  it('answers 400 for an id that is not a number and matches a search wildcard literally', async () => {
    expect((await api('GET', '/api/administrator/centre/abc/')).statusCode).toBe(400);
    expect((await api('GET', '/api/administrator/centre/?search=%25')).json().count).toBe(0);
  });

  it('refuses a centre that facilities still refer to with a 409, and deletes it once they are gone', async () => {
    const created = (await api('POST', '/api/administrator/centre/', { name: 'Referenced Centre' })).json();
    const sport = (await api('GET', '/api/administrator/sport/')).json().results[0].id;
    const facility = (await api('POST', '/api/booking/facility/', { name: 'Court Z', centre: created.id, sport })).json();
    const refused = await api('DELETE', `/api/administrator/centre/${created.id}/`);
    expect(refused.statusCode).toBe(409);
    expect((await api('GET', `/api/administrator/centre/${created.id}/`)).statusCode).toBe(200);
    expect((await api('DELETE', `/api/booking/facility/${facility.id}/`)).statusCode).toBe(204);
    expect((await api('DELETE', `/api/administrator/centre/${created.id}/`)).statusCode).toBe(204);
  });
});
