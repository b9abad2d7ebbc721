/**
 * Issue 21: permission levels. Walks every route of the OpenAPI document that has a module guard
 * with a `view` user and an `operate` user of every plan module: each write is refused (403) below
 * its level, and allowed (any answer but 403) at it. Then a change of a user's modules or levels,
 * or a disabled login, takes effect on the very next request.
 */
import { MODULES, type ModuleLevel, type ModuleName } from '@arena/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/accounts/passwords.js';
import { appUser, organisation } from '../src/platform/db/schema.js';
import { settleInvalidations } from '../src/platform/db/client.js';
import { call, createTestApp, login, OWNER, type TestContext } from './helpers.js';

let t: TestContext;
let orgId: number;
let planModules: ModuleName[];
const PASSWORD = 'Levels#2026';

type Operation = { method: string; path: string; url: string };
let operations: Operation[] = [];

async function makeUser(email: string, modules: ModuleName[], level: ModuleLevel): Promise<number> {
  const [row] = await t.handle.db
    .insert(appUser)
    .values({
      email,
      passwordHash: await hashPassword(PASSWORD),
      firstName: email.split('@')[0],
      organisationId: orgId,
      grantedModules: modules,
      moduleLevels: Object.fromEntries(modules.map((m) => [m, level])),
      emailVerifiedAt: new Date(),
    })
    .returning({ id: appUser.id });
  return row.id;
}

/** Changes a user as the permissions page would, and waits for the notification (PostgreSQL) to reach the caches. */
async function changeUser(id: number, changes: Partial<typeof appUser.$inferInsert>): Promise<void> {
  await t.handle.db.update(appUser).set(changes).where(eq(appUser.id, id));
  await settleInvalidations(t.handle.db);
}

const fill = (path: string) => path.replace(/\{[^}]+\}/g, '999999');

function send(op: Operation, token: string) {
  const body = ['POST', 'PUT', 'PATCH'].includes(op.method) ? { payload: {} } : {};
  return call(t.app, { method: op.method as 'GET', url: fill(op.path), token, ...body });
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '100000' });
  const [org] = await t.handle.db.select().from(organisation).where(eq(organisation.subdomain, 'demo'));
  orgId = org.id;
  const owner = await login(t.app, OWNER);
  planModules = (await call(t.app, { method: 'GET', url: '/api/administrator/organisation/allowed-modules/', token: owner })).json()
    .allowed_modules;
  const doc = (await call(t.app, { method: 'GET', url: '/api/openapi.json' })).json();
  for (const [path, item] of Object.entries<Record<string, unknown>>(doc.paths))
    for (const method of Object.keys(item))
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method))
        operations.push({ method: method.toUpperCase(), path, url: path.replace(/\{([^}]+)\}/g, ':$1') });
  operations = operations.filter((o) => o.path !== '/api/accounts/logout/');
});
afterAll(async () => t?.close());

const guardOf = (op: Operation) => {
  const guard = t.app.routeGuards.get(`${op.method} ${op.url}`);
  if (!guard) throw new Error(`${op.method} ${op.path} is in the OpenAPI document but has no guard record`);
  return guard;
};
const guarded = () => operations.filter((op) => guardOf(op).module || guardOf(op).anyModule);

describe('levels on every route of the OpenAPI document', () => {
  it('declares a level for every route: reads view, writes manage unless the manifest lists them', () => {
    expect(guarded().length).toBeGreaterThan(100);
    for (const op of guarded()) {
      const { level } = guardOf(op);
      if (op.method === 'GET') expect(level, `${op.method} ${op.path}`).toBe('view');
      else expect(['operate', 'manage', 'view'], `${op.method} ${op.path}`).toContain(level);
    }
    // Spot checks of the manifests' judgement.
    expect(guardOf({ method: 'POST', path: '', url: '/api/booking/booking/' }).level).toBe('operate');
    expect(guardOf({ method: 'PUT', path: '', url: '/api/booking/facility/:id/' }).level).toBe('manage');
    expect(guardOf({ method: 'POST', path: '', url: '/api/booking/booking/:id/refund/' }).level).toBe('manage');
    expect(guardOf({ method: 'POST', path: '', url: '/api/member-management/membership/:id/renew/' }).level).toBe('operate');
    expect(guardOf({ method: 'POST', path: '', url: '/api/member-management/plan/' }).level).toBe('manage');
    expect(guardOf({ method: 'POST', path: '', url: '/api/booking/subscription/preview/' }).level).toBe('view');
  });

  it('refuses every write to a view user and every manage route to an operate user; allows the rest', { timeout: 300_000 }, async () => {
    await makeUser('viewer@demo.example.com', planModules, 'view');
    await makeUser('operator@demo.example.com', planModules, 'operate');
    const viewer = await login(t.app, { email: 'viewer@demo.example.com', password: PASSWORD });
    const operator = await login(t.app, { email: 'operator@demo.example.com', password: PASSWORD });
    const wrong: string[] = [];
    let refused = 0;
    for (const op of guarded()) {
      const guard = guardOf(op);
      const modules = guard.module ? [guard.module] : guard.anyModule!;
      if (!modules.some((m) => planModules.includes(m))) continue;
      const name = `${op.method} ${op.path} (${guard.level})`;
      const asViewer = await send(op, viewer);
      const asOperator = await send(op, operator);
      if (guard.level !== 'view') {
        if (asViewer.statusCode !== 403) wrong.push(`view user not refused: ${name} → ${asViewer.statusCode}`);
        else {
          refused += 1;
          const detail = guard.ownerOnly ? asViewer.json().detail : `You need the ${guard.level} permission in ${modules.join(' or ')}.`;
          if (asViewer.json().detail !== detail) wrong.push(`unexpected refusal: ${name} ${asViewer.body}`);
        }
      } else if (asViewer.statusCode === 403 && !guard.ownerOnly) wrong.push(`view user refused a read: ${name} ${asViewer.body}`);
      if (guard.level === 'manage') {
        if (asOperator.statusCode !== 403) wrong.push(`operate user not refused: ${name} → ${asOperator.statusCode}`);
      } else if (asOperator.statusCode === 403 && !guard.ownerOnly) wrong.push(`operate user refused: ${name} ${asOperator.body}`);
      if (asViewer.statusCode >= 500 || asOperator.statusCode >= 500) wrong.push(`5xx: ${name}`);
    }
    expect(wrong).toEqual([]);
    expect(refused).toBeGreaterThan(80);
  });
});

describe('a change takes effect on the next request', () => {
  let id: number;
  let key: string;
  const roomCall = () => call(t.app, { method: 'POST', url: '/api/booking/client/', token: key, payload: {} });
  const facilityCall = () => call(t.app, { method: 'POST', url: '/api/booking/facility/', token: key, payload: {} });

  beforeAll(async () => {
    id = await makeUser('changing@demo.example.com', ['Membership Management'], 'operate');
    key = await login(t.app, { email: 'changing@demo.example.com', password: PASSWORD });
  });

  it('grant → allowed; level raised → allowed; level lowered → 403; revoked → 403; disabled → 401', async () => {
    // Warm the caches with a refused request first.
    expect((await roomCall()).statusCode).toBe(403);
    await changeUser(id, { grantedModules: ['Membership Management', 'Booking Management'] });
    expect((await roomCall()).statusCode).toBe(400);
    const levels = (await call(t.app, { method: 'GET', url: '/api/administrator/organisation/allowed-modules/', token: key })).json();
    expect(levels.module_levels).toEqual({ 'Membership Management': 'operate', 'Booking Management': 'operate' });
    expect((await facilityCall()).statusCode).toBe(403);
    expect((await facilityCall()).json()).toEqual({ detail: 'You need the manage permission in Booking Management.' });

    await changeUser(id, { moduleLevels: { 'Membership Management': 'operate', 'Booking Management': 'manage' } });
    expect((await facilityCall()).statusCode).toBe(400);

    await changeUser(id, { moduleLevels: { 'Membership Management': 'operate', 'Booking Management': 'view' } });
    expect((await roomCall()).statusCode).toBe(403);
    expect((await call(t.app, { method: 'GET', url: '/api/booking/client/', token: key })).statusCode).toBe(200);
    const after = (await call(t.app, { method: 'GET', url: '/api/administrator/organisation/allowed-modules/', token: key })).json();
    expect(after.module_levels['Booking Management']).toBe('view');

    await changeUser(id, { grantedModules: ['Membership Management'] });
    expect((await call(t.app, { method: 'GET', url: '/api/booking/client/', token: key })).statusCode).toBe(403);

    await changeUser(id, { isActive: false });
    expect((await call(t.app, { method: 'GET', url: '/api/member-management/member/', token: key })).statusCode).toBe(401);
  });

  it('counts a granted module with no stored level as operate, and the owner as manage everywhere', async () => {
    const other = await makeUser('nolevel@demo.example.com', ['Booking Management'], 'operate');
    await changeUser(other, { moduleLevels: {} });
    const k = await login(t.app, { email: 'nolevel@demo.example.com', password: PASSWORD });
    const res = await call(t.app, { method: 'GET', url: '/api/administrator/organisation/allowed-modules/', token: k });
    expect(res.json().module_levels).toEqual({ 'Booking Management': 'operate' });
    const owner = await login(t.app, OWNER);
    const mine = (await call(t.app, { method: 'GET', url: '/api/administrator/organisation/allowed-modules/', token: owner })).json();
    expect(Object.values(mine.module_levels).every((l) => l === 'manage')).toBe(true);
    expect(Object.keys(mine.module_levels).length).toBe(mine.allowed_modules.length);
    expect(MODULES.length).toBeGreaterThan(0);
  });
});

describe('demo data', () => {
  it('files the front desk as a Receptionist linked to its login, its four modules at operate', async () => {
    const owner = await login(t.app, OWNER);
    const list = await call(t.app, { method: 'GET', url: '/api/staff-management/staff/?search=desk%40demo.example.com', token: owner });
    expect(list.json().results).toHaveLength(1);
    const desk = list.json().results[0];
    expect(desk).toMatchObject({ category_name: 'Receptionist', has_login: true, email: 'desk@demo.example.com' });
    const perms = await call(t.app, { method: 'GET', url: `/api/staff-management/staff/${desk.id}/permissions/`, token: owner });
    expect(perms.json()).toMatchObject({
      login_state: 'active',
      email: 'desk@demo.example.com',
      modules: [
        { name: 'Membership Management', level: 'operate' },
        { name: 'CRM Management', level: 'operate' },
        { name: 'Store Management', level: 'operate' },
        { name: 'Booking Management', level: 'operate' },
      ],
    });
  });
});

describe('the operate level’s discount cap', () => {
  it('refuses an operate user a discount above the organisation’s cap (10 % unless the owner sets another); manage is not capped', async () => {
    const owner = await login(t.app, OWNER);
    const get = (url: string, token = owner) => call(t.app, { method: 'GET', url, token });
    const plans = (await get('/api/member-management/plan/?page_size=50')).json().results as {
      id: number;
      price: string;
      is_active: boolean;
    }[];
    const plan = plans.find((p) => p.is_active && Number(p.price) >= 1000)!;
    const centre = (await get('/api/administrator/centre/dropdown/')).json().results[0].id;
    await makeUser('capped@demo.example.com', ['Membership Management', 'Booking Management'], 'operate');
    await makeUser('uncapped@demo.example.com', ['Membership Management', 'Booking Management'], 'manage');
    const capped = await login(t.app, { email: 'capped@demo.example.com', password: PASSWORD });
    const uncapped = await login(t.app, { email: 'uncapped@demo.example.com', password: PASSWORD });
    let n = 0;
    const sell = async (token: string, percent: number) => {
      n += 1;
      const made = await call(t.app, {
        method: 'POST',
        url: '/api/member-management/member/',
        token: owner,
        payload: { first_name: 'Cap', last_name: `Test ${n}`, phone: `90000${String(10000 + n)}`, gender: 'female', centre },
      });
      expect(made.statusCode, made.body).toBe(201);
      const discount = ((Number(plan.price) * percent) / 100).toFixed(2);
      return call(t.app, {
        method: 'POST',
        url: '/api/member-management/membership/',
        token,
        payload: { member: made.json().id ?? made.json().member?.id, plan: plan.id, discount },
      });
    };
    const refused = await sell(capped, 50);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      discount: ['A discount above 10% of the price needs the manage permission in Membership Management.'],
    });
    expect((await sell(capped, 10)).statusCode).toBe(201);
    expect((await sell(uncapped, 50)).statusCode).toBe(201);
    expect((await sell(owner, 100)).statusCode).toBe(201);

    const set = await call(t.app, {
      method: 'PATCH',
      url: '/api/administrator/organisation/',
      token: owner,
      payload: { operate_discount_cap_percent: '60' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().operate_discount_cap_percent).toBe('60.00');
    expect((await sell(capped, 50)).statusCode).toBe(201);
    await call(t.app, {
      method: 'PATCH',
      url: '/api/administrator/organisation/',
      token: owner,
      payload: { operate_discount_cap_percent: 10 },
    });

    // A booking's discount changed at the desk is held to the cap too.
    const bookings = (await get('/api/booking/booking/?page_size=100')).json().results as {
      id: number;
      sub_total: string;
      status: string;
    }[];
    const b = bookings.find((x) => Number(x.sub_total) > 0 && x.status !== 'cancelled')!;
    const patch = await call(t.app, {
      method: 'PATCH',
      url: `/api/booking/booking/${b.id}/`,
      token: capped,
      payload: { discount: (Number(b.sub_total) / 2).toFixed(2) },
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json()).toEqual({ discount: ['A discount above 10% of the price needs the manage permission in Booking Management.'] });
  });
});
