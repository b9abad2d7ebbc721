/**
 * Issue 21: a staff member's login and permissions. The invitation mail carries a single-use link
 * valid 7 days that sets the first password; a taken e-mail is a field error; only the owner
 * grants Administrator Management; permissions take effect on the next request; disabling (or
 * marking the staff member inactive) revokes every key; another organisation's staff is a 404.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from '../src/modules/staff/schema.js';
import { appUser, auditLog, oneTimeKey } from '../src/platform/db/schema.js';
import { inOrg, makeCentre, makeOrganisation, makeStaff, makeStaffCategory, makeUser, type TestOrganisation } from './factories.js';
import { call, createTestApp, linkIn, login, settleJobs, type TestContext } from './helpers.js';

let t: TestContext;
let acme: TestOrganisation;
let other: TestOrganisation;
let owner: string;
let centreId: number;
let categoryId: number;

const STAFF = '/api/staff-management/staff/';
const api = (method: string, url: string, token: string, payload?: unknown, host = acme.host) =>
  call(t.app, { method: method as 'GET', url, token, host, ...(payload === undefined ? {} : { payload: payload as object }) });

async function newStaff(org = acme, email = ''): Promise<number> {
  return inOrg(t, org, async (tx, ctx) => {
    const c =
      org === acme
        ? { centre: centreId, category: categoryId }
        : { centre: (await makeCentre(tx, ctx)).id, category: (await makeStaffCategory(tx, ctx)).id };
    return (await makeStaff(tx, ctx, { category: c.category, centres: [c.centre], email })).id;
  });
}

/** Sets a password through the link of the newest mail to `email`; returns the link's uid and token. */
async function acceptInvitation(email: string, password: string) {
  await settleJobs(t.app);
  const link = linkIn(t.mails, email);
  const [, uid, token] = /\/password\/reset\/confirm\/([^/]+)\/([^/]+)\//.exec(link)!;
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/accounts/password/reset/confirm/',
    host: acme.host,
    payload: { uid, token, new_password1: password, new_password2: password },
  });
  return { res, uid, token, link };
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '100000' }, { seed: false });
  acme = await makeOrganisation(t);
  other = await makeOrganisation(t);
  owner = await login(t.app, acme.owner, acme.host);
  await inOrg(t, acme, async (tx, ctx) => {
    centreId = (await makeCentre(tx, ctx)).id;
    categoryId = (await makeStaffCategory(tx, ctx, { name: 'Receptionist' })).id;
  });
});
afterAll(async () => t?.close());

describe('inviting a staff member', () => {
  it('mails a link that sets the password once; the staff member then signs in with the two modules', async () => {
    const id = await newStaff(acme, 'priya@acme.example.com');
    const res = await api('POST', `${STAFF}${id}/login/`, owner, {
      email: 'Priya@Acme.example.com',
      modules: ['Booking Management', 'Membership Management'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      login_state: 'invited',
      email: 'priya@acme.example.com',
      role_name: 'Receptionist',
      is_owner: false,
      modules: [
        { name: 'Membership Management', level: 'operate' },
        { name: 'Booking Management', level: 'operate' },
      ],
    });
    expect(res.json().plan_modules.find((m: { name: string }) => m.name === 'Staff Management').description).toMatch(/Staff/);
    const shown = (await api('GET', `${STAFF}${id}/`, owner)).json();
    const user0 = res.json().user;
    expect(shown).toMatchObject({ has_login: true, user: user0 });

    // Not yet: no password works before the invitation is accepted.
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/accounts/login/',
          host: acme.host,
          payload: { email: 'priya@acme.example.com', password: '' },
        })
      ).statusCode,
    ).toBe(400);

    const accepted = await acceptInvitation('priya@acme.example.com', 'Priya#Desk2026');
    expect(accepted.link).toMatch(new RegExp(`^http://${acme.subdomain}\\.localhost:\\d+/password/reset/confirm/`));
    expect(accepted.res.statusCode).toBe(200);
    const again = await call(t.app, {
      method: 'POST',
      url: '/api/accounts/password/reset/confirm/',
      host: acme.host,
      payload: { uid: accepted.uid, token: accepted.token, new_password1: 'Other#Pass2026', new_password2: 'Other#Pass2026' },
    });
    expect(again.statusCode).toBe(400);

    const key = await login(t.app, { email: 'priya@acme.example.com', password: 'Priya#Desk2026' }, acme.host);
    const modules = await api('GET', '/api/administrator/organisation/allowed-modules/', key);
    expect(modules.json()).toEqual({
      allowed_modules: ['Membership Management', 'Booking Management'],
      module_levels: { 'Membership Management': 'operate', 'Booking Management': 'operate' },
    });
    expect((await api('GET', `${STAFF}${id}/permissions/`, owner)).json().login_state).toBe('active');
    expect((await api('GET', STAFF, key)).statusCode).toBe(403);
    // The staff picker of other modules' forms is readable with Membership or Booking Management.
    expect((await api('GET', `${STAFF}dropdown/`, key)).statusCode).toBe(200);

    // Permissions: level lowered → the next request is refused; staff management granted → allowed.
    const put = await api('PUT', `${STAFF}${id}/permissions/`, owner, {
      modules: [
        { name: 'Booking Management', level: 'view' },
        { name: 'Staff Management', level: 'view' },
      ],
      role_name: 'Front desk',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ role_name: 'Front desk', login_state: 'active' });
    expect((await api('POST', '/api/booking/client/', key, {})).statusCode).toBe(403);
    expect((await api('GET', STAFF, key)).statusCode).toBe(200);
    expect((await api('GET', '/api/member-management/member/', key)).statusCode).toBe(403);

    // Disable: every key dies at once; the login is refused.
    const disabled = await api('DELETE', `${STAFF}${id}/login/`, owner);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().login_state).toBe('disabled');
    expect((await api('GET', `${STAFF}${id}/`, owner)).json()).toMatchObject({ has_login: false, user: user0 });
    expect((await api('GET', STAFF, key)).statusCode).toBe(401);
    const [user] = await t.handle.db.select().from(appUser).where(eq(appUser.email, 'priya@acme.example.com'));
    expect(user.isActive).toBe(false);

    // Inviting again enables the same user and mails a fresh link.
    const reinvite = await api('POST', `${STAFF}${id}/login/`, owner, { email: 'priya@acme.example.com', modules: ['Booking Management'] });
    expect(reinvite.statusCode).toBe(201);
    expect(reinvite.json()).toMatchObject({
      user: user.id,
      login_state: 'active',
      modules: [{ name: 'Booking Management', level: 'operate' }],
    });

    const audits = await inOrg(t, acme, (tx) =>
      tx
        .select({ resource: auditLog.resource, action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.organisationId, acme.id), eq(auditLog.objectId, String(id)))),
    );
    expect(audits.filter((a) => a.resource === 'staff_login').length).toBeGreaterThanOrEqual(3);
    expect(audits.some((a) => a.resource === 'staff_permissions')).toBe(true);
  });

  it('expires the invitation after 7 days; a resend mails a fresh one and retires the old', async () => {
    const id = await newStaff();
    expect((await api('POST', `${STAFF}${id}/login/`, owner, { email: 'late@acme.example.com', modules: [] })).statusCode).toBe(201);
    await settleJobs(t.app);
    const first = linkIn(t.mails, 'late@acme.example.com');
    const [row] = await t.handle.db.select().from(appUser).where(eq(appUser.email, 'late@acme.example.com'));
    const [key] = await t.handle.db
      .select()
      .from(oneTimeKey)
      .where(and(eq(oneTimeKey.userId, row.id), eq(oneTimeKey.purpose, 'invite')));
    const days = (key.expiresAt.getTime() - key.createdAt.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    // Seven days on: the link no longer works.
    await t.handle.db
      .update(oneTimeKey)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(oneTimeKey.id, key.id));
    expect((await acceptInvitation('late@acme.example.com', 'Late#Pass2026')).res.statusCode).toBe(400);

    expect((await api('POST', `${STAFF}${id}/login/resend/`, owner)).statusCode).toBe(200);
    const second = await acceptInvitation('late@acme.example.com', 'Late#Pass2026');
    expect(second.link).not.toBe(first);
    expect(second.res.statusCode).toBe(200);
  });

  it('refuses a taken e-mail on the field, a second login, an inactive staff member, and modules outside the plan', async () => {
    const id = await newStaff();
    const taken = await api('POST', `${STAFF}${id}/login/`, owner, { email: acme.owner.email.toUpperCase(), modules: [] });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ email: ['A user with this e-mail address already exists.'] });
    const elsewhere = await api('POST', `${STAFF}${id}/login/`, owner, { email: other.owner.email, modules: [] });
    expect(elsewhere.json()).toEqual({ email: ['A user with this e-mail address already exists.'] });
    expect((await inOrg(t, acme, (tx) => tx.select().from(staff).where(eq(staff.id, id))))[0].userId).toBeNull();

    expect((await api('POST', `${STAFF}${id}/login/`, owner, { email: 'twice@acme.example.com', modules: [] })).statusCode).toBe(201);
    const twice = await api('POST', `${STAFF}${id}/login/`, owner, { email: 'twice2@acme.example.com', modules: [] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ detail: 'This staff member already has a login.' });

    const bad = await api('POST', `${STAFF}${id}/login/`, owner, { email: 'not-an-email', modules: ['Nope'] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['email', 'modules.0']);
  });

  it('marks an inactive staff member’s login disabled and revokes its keys', async () => {
    const id = await newStaff();
    await api('POST', `${STAFF}${id}/login/`, owner, { email: 'leaving@acme.example.com', modules: ['Booking Management'] });
    await acceptInvitation('leaving@acme.example.com', 'Leaving#2026');
    const key = await login(t.app, { email: 'leaving@acme.example.com', password: 'Leaving#2026' }, acme.host);
    expect((await api('GET', '/api/booking/client/', key)).statusCode).toBe(200);
    expect((await api('PATCH', `${STAFF}${id}/`, owner, { status: 'inactive' })).statusCode).toBe(200);
    expect((await api('GET', '/api/booking/client/', key)).statusCode).toBe(401);
    expect((await api('GET', `${STAFF}${id}/permissions/`, owner)).json().login_state).toBe('disabled');
  });
});

describe('who may change logins and permissions', () => {
  let manager: string;
  let operator: string;
  let staffId: number;
  beforeAll(async () => {
    const m = await makeUser(t, acme.id, { modules: ['Staff Management', 'Booking Management'], levels: { 'Staff Management': 'manage' } });
    manager = await login(t.app, m, acme.host);
    const o = await makeUser(t, acme.id, { modules: ['Staff Management'] });
    operator = await login(t.app, o, acme.host);
    staffId = await newStaff();
  });

  it('lets only the owner grant Administrator Management', async () => {
    const res = await api('POST', `${STAFF}${staffId}/login/`, manager, {
      email: 'admin@acme.example.com',
      modules: ['Administrator Management'],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Only the owner may grant Administrator Management.' });
    expect(
      (await api('POST', `${STAFF}${staffId}/login/`, manager, { email: 'admin@acme.example.com', modules: ['Booking Management'] }))
        .statusCode,
    ).toBe(201);
    const put = await api('PUT', `${STAFF}${staffId}/permissions/`, manager, {
      modules: [{ name: 'Administrator Management', level: 'view' }],
    });
    expect(put.statusCode).toBe(403);
    const byOwner = await api('PUT', `${STAFF}${staffId}/permissions/`, owner, {
      modules: [{ name: 'Administrator Management', level: 'manage' }],
    });
    expect(byOwner.statusCode).toBe(200);
    // Nor may the manager take it away again.
    expect((await api('PUT', `${STAFF}${staffId}/permissions/`, manager, { modules: [] })).statusCode).toBe(403);
  });

  it('needs manage in Staff Management: an operate user reads but cannot change; without the module 403', async () => {
    expect((await api('GET', `${STAFF}${staffId}/permissions/`, operator)).statusCode).toBe(200);
    const put = await api('PUT', `${STAFF}${staffId}/permissions/`, operator, { modules: [] });
    expect(put.statusCode).toBe(403);
    expect(put.json()).toEqual({ detail: 'You need the manage permission in Staff Management.' });
    const none = await makeUser(t, acme.id, { modules: ['Booking Management'] });
    const k = await login(t.app, none, acme.host);
    expect((await api('GET', `${STAFF}${staffId}/permissions/`, k)).statusCode).toBe(403);
    expect((await api('POST', `${STAFF}${staffId}/login/resend/`, k)).statusCode).toBe(403);
  });

  it("refuses changing the owner's modules and one's own", async () => {
    const ownerStaff = await newStaff();
    const [ownerRow] = await t.handle.db.select().from(appUser).where(eq(appUser.email, acme.owner.email));
    await inOrg(t, acme, (tx) => tx.update(staff).set({ userId: ownerRow.id }).where(eq(staff.id, ownerStaff)));
    const res = await api('PUT', `${STAFF}${ownerStaff}/permissions/`, owner, { modules: [] });
    expect(res.statusCode).toBe(400);
    expect((await api('DELETE', `${STAFF}${ownerStaff}/login/`, owner)).statusCode).toBe(400);
    expect((await api('GET', `${STAFF}${ownerStaff}/permissions/`, owner)).json()).toMatchObject({ is_owner: true, login_state: 'active' });
  });

  it("answers another organisation's staff with 404", async () => {
    const theirs = await newStaff(other);
    expect((await api('GET', `${STAFF}${theirs}/permissions/`, owner)).statusCode).toBe(404);
    expect((await api('POST', `${STAFF}${theirs}/login/`, owner, { email: 'x@acme.example.com', modules: [] })).statusCode).toBe(404);
    expect((await api('PUT', `${STAFF}${theirs}/permissions/`, owner, { modules: [] })).statusCode).toBe(404);
    expect((await api('DELETE', `${STAFF}${theirs}/login/`, owner)).statusCode).toBe(404);
  });
});
