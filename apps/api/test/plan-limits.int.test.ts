/**
 * The plan's limits: an organisation has at most its plan's active centres (plus its active Extra
 * centre add-ons) and active users. Creating or activating one more is a 400 `{detail}` that
 * writes nothing; parallel requests give the answer one would (the organisation row is locked
 * before counting); an organisation without a plan has no limits.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planLimits } from '../src/modules/subscription/index.js';
import { queryRows } from '../src/platform/db/client.js';
import { ensureWithinPlan } from '../src/platform/module.js';
import { inOrg, makeCentre, makeOrganisation, makeStaff, makeStaffCategory, makeUser, type TestOrganisation } from './factories.js';
import { call, createTestApp, login, type TestContext } from './helpers.js';
import { orderIdOf, payOrder } from './payments-support.js';

const A = '/api/administrator/';
const CENTRE = `${A}centre/`;
const STAFF = '/api/staff-management/staff/';
const centreLimit = (n: number) =>
  `Your plan allows ${n} ${n === 1 ? 'centre' : 'centres'}. Buy an Extra centre add-on or upgrade your plan in Administrator › Subscription.`;
const userLimit = (n: number) => `Your plan allows ${n} users. Upgrade your plan in Administrator › Subscription.`;

let t: TestContext;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({}, { seed: false, poolSize: 8 });
});
afterAll(async () => t?.close());

async function signIn(org: TestOrganisation) {
  const token = await login(t.app, org.owner, org.host);
  return (method: string, url: string, payload?: unknown) =>
    call(t.app, { method: method as 'GET', url, token, host: org.host, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** The organisation's rows of a table (in its tenant transaction: row-level security). */
const count = (table: string, org: TestOrganisation, where = 'true') =>
  inOrg(t, org, async (tx) => {
    const [row] = await queryRows<{ n: string }>(
      tx,
      sql`select count(*)::text as n from ${sql.raw(table)} where organisation_id = ${org.id} and ${sql.raw(where)}`,
    );
    return Number(row.n);
  });

describe('centres', () => {
  let acme: TestOrganisation;
  let api: Awaited<ReturnType<typeof signIn>>;
  let first: number;
  let closed: number;

  beforeAll(async () => {
    acme = await makeOrganisation(t, undefined, { plan: 'Starter' }); // 1 centre
    api = await signIn(acme);
  });

  it('refuses a centre past the plan with the plan named, and writes nothing', async () => {
    const ok = await api('POST', CENTRE, { name: 'Main' });
    expect(ok.statusCode).toBe(201);
    first = ok.json().id;
    const audits = await count('audit_log', acme);
    const res = await api('POST', CENTRE, { name: 'Second' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: centreLimit(1) });
    expect(await count('centre', acme)).toBe(1);
    expect(await count('audit_log', acme)).toBe(audits);
    const billing = (await api('GET', `${A}organisation/subscription/`)).json();
    expect(billing.centres).toEqual({ used: 1, limit: 1 });
  });

  it('lets an inactive centre be made, but not activated again while the plan is full', async () => {
    const res = await api('POST', CENTRE, { name: 'Closed', is_active: false });
    expect(res.statusCode).toBe(201);
    closed = res.json().id;
    const patch = await api('PATCH', `${CENTRE}${closed}/`, { is_active: true });
    expect(patch.statusCode).toBe(400);
    expect(patch.json()).toEqual({ detail: centreLimit(1) });
    const put = await api('PUT', `${CENTRE}${closed}/`, { name: 'Closed', is_active: true });
    expect(put.statusCode).toBe(400);
    expect(await count('centre', acme, 'is_active')).toBe(1);
    // Editing an inactive or an active centre without activating one is not a new centre.
    expect((await api('PATCH', `${CENTRE}${closed}/`, { city: 'Pune' })).statusCode).toBe(200);
    expect((await api('PATCH', `${CENTRE}${first}/`, { city: 'Pune', is_active: true })).statusCode).toBe(200);
    // Swap: one deactivated frees its slot for the other.
    expect((await api('PATCH', `${CENTRE}${first}/`, { is_active: false })).statusCode).toBe(200);
    expect((await api('PATCH', `${CENTRE}${closed}/`, { is_active: true })).statusCode).toBe(200);
    expect((await api('PATCH', `${CENTRE}${first}/`, { is_active: true })).json()).toEqual({ detail: centreLimit(1) });
  });

  it('an Extra centre add-on raises the limit; cancelling it lowers it again', async () => {
    const extra = (await api('GET', `${A}addon/`)).json().results.find((a: { code: string }) => a.code === 'extra_centre');
    const order = await api('POST', `${A}subscription-addon/`, { addon: extra.id, quantity: 1 });
    expect(order.statusCode).toBe(200);
    await payOrder(t.app, acme.host, orderIdOf(order.json().payment_url));
    expect((await api('GET', `${A}organisation/subscription/`)).json().centres).toEqual({ used: 1, limit: 2 });
    expect((await api('PATCH', `${CENTRE}${first}/`, { is_active: true })).statusCode).toBe(200);
    const third = await api('POST', CENTRE, { name: 'Third' });
    expect(third.statusCode).toBe(400);
    expect(third.json()).toEqual({ detail: centreLimit(2) });

    const [mine] = (await api('GET', `${A}subscription-addon/`)).json().results;
    expect((await api('POST', `${A}subscription-addon/${mine.id}/cancel/`, {})).statusCode).toBe(200);
    expect((await api('PATCH', `${CENTRE}${first}/`, { is_active: false })).statusCode).toBe(200);
    expect((await api('PATCH', `${CENTRE}${first}/`, { is_active: true })).json()).toEqual({ detail: centreLimit(1) });
  });

  it('parallel creates give the answer one would: exactly the free slot is taken', async () => {
    const org = await makeOrganisation(t); // Trial: 3 centres
    await inOrg(t, org, async (tx, ctx) => {
      await makeCentre(tx, ctx);
      await makeCentre(tx, ctx);
    });
    const orgApi = await signIn(org);
    const results = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((i) => orgApi('POST', CENTRE, { name: `Rush ${i}` })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 400, 400, 400, 400, 400, 400, 400]);
    for (const r of results.filter((x) => x.statusCode === 400)) expect(r.json()).toEqual({ detail: centreLimit(3) });
    expect(await count('centre', org)).toBe(3);
    expect(await count('centre', org, 'is_active')).toBe(3);
  });

  it('an organisation without a plan (legacy) has no limit', async () => {
    // Without a plan it has no modules either, so the check is asked directly.
    const legacy = await makeOrganisation(t, undefined, { plan: null });
    await inOrg(t, legacy, async (tx, ctx) => {
      for (let i = 0; i < 12; i++) await makeCentre(tx, ctx);
    });
    for (let i = 0; i < 11; i++) await makeUser(t, legacy.id);
    await inOrg(t, legacy, async (tx, ctx) => {
      expect(await planLimits(tx, ctx)).toEqual({ centres: null, users: null });
      await ensureWithinPlan(tx, ctx, 'centre');
      await ensureWithinPlan(tx, ctx, 'user');
    });
  });
});

describe('users', () => {
  let acme: TestOrganisation;
  let api: Awaited<ReturnType<typeof signIn>>;
  let centreId: number;
  let categoryId: number;

  const newStaff = (org: TestOrganisation) =>
    inOrg(t, org, async (tx, ctx) => (await makeStaff(tx, ctx, { category: categoryId, centres: [centreId] })).id);
  const invite = (id: number, who = api) => who('POST', `${STAFF}${id}/login/`, { email: `staff${++n}@limits.example.com`, modules: [] });

  beforeAll(async () => {
    acme = await makeOrganisation(t); // Trial: 10 users
    api = await signIn(acme);
    await inOrg(t, acme, async (tx, ctx) => {
      centreId = (await makeCentre(tx, ctx)).id;
      categoryId = (await makeStaffCategory(tx, ctx, { name: 'Desk' })).id;
    });
    for (let i = 0; i < 8; i++) await makeUser(t, acme.id); // the owner and 8: one slot left
  });

  it('refuses a staff login past the plan and writes nothing; a disabled login enabled again counts', async () => {
    const a = await newStaff(acme);
    expect((await invite(a)).statusCode).toBe(201);
    expect(await count('app_user', acme, 'is_active')).toBe(10);
    const b = await newStaff(acme);
    const users = await count('app_user', acme);
    const refused = await invite(b);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: userLimit(10) });
    expect(await count('app_user', acme)).toBe(users);
    expect((await api('GET', `${A}organisation/subscription/`)).json().users).toEqual({ used: 10, limit: 10 });

    // Disabling a's login frees its slot for b; a's login enabled again is then one too many.
    expect((await api('DELETE', `${STAFF}${a}/login/`)).statusCode).toBe(200);
    expect((await invite(b)).statusCode).toBe(201);
    const again = await invite(a);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: userLimit(10) });
    expect(await count('app_user', acme, 'is_active')).toBe(10);
  });

  it('parallel invitations take exactly the free slots', async () => {
    const org = await makeOrganisation(t);
    const orgApi = await signIn(org);
    await inOrg(t, org, async (tx, ctx) => {
      centreId = (await makeCentre(tx, ctx)).id;
      categoryId = (await makeStaffCategory(tx, ctx, { name: 'Desk' })).id;
    });
    for (let i = 0; i < 7; i++) await makeUser(t, org.id); // the owner and 7: two slots left
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await newStaff(org));
    const results = await Promise.all(ids.map((id) => invite(id, orgApi)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 400, 400, 400]);
    expect(await count('app_user', org, 'is_active')).toBe(10);
  });
});
