/**
 * End User Login (issue 27), access: member keys and staff keys never stand in for each other,
 * blocking signs a member out everywhere at once and refuses their sign-in until unblocked,
 * sessions (own devices, sign-out, idle and absolute lifetimes), the admin list (tabs, search),
 * settings and logs, the module's 403, another organisation's end users a 404, the member's home.
 */
import { BLOCKED_DETAIL } from '@arena/contracts/end-user';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endUserSession } from '../src/modules/end-user/schema.js';
import { withTenant } from '../src/platform/db/client.js';
import { ADMIN, askCode, codeFor, makeClub, ME, newMember, setMode, signIn, verify, type Club } from './end-user-support.js';
import { dayFrom, inOrg, makeMembership, makePlan, makeUser } from './factories.js';
import { call, createTestApp, login, type TestContext } from './helpers.js';

let t: TestContext;
let club: Club;
beforeAll(async () => {
  t = await createTestApp();
  club = await makeClub(t);
}, 120_000);
afterAll(() => t?.close());

const as = (token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>, c = club) =>
  call(t.app, { method, url, host: c.org.host, token, ...(payload ? { payload } : {}) });
const endUserOf = async (memberId: number, c = club) => {
  const list = await as(c.key, 'GET', `${ADMIN}end-user/?page_size=500`, undefined, c);
  return list.json().results.find((r: { member: { id: number } }) => r.member.id === memberId);
};

describe('member keys and staff keys', () => {
  it('a member key is refused by every staff route, a staff key by every member route', async () => {
    const m = await newMember(t, club);
    const memberKey = await signIn(t, club, m.phone);
    const staffRoutes: [string, string][] = [
      ['GET', `${ADMIN}end-user/`],
      ['GET', `${ADMIN}settings/`],
      ['GET', '/api/member-management/member/'],
      ['GET', '/api/accounts/user/'],
      ['GET', '/api/administrator/organisation/allowed-modules/'],
      ['POST', `${ADMIN}end-user/invite/`],
    ];
    for (const [method, url] of staffRoutes) {
      const res = await as(memberKey, method as 'GET', url, method === 'POST' ? { member: m.id } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    const memberRoutes: [string, string][] = [
      ['GET', ME],
      ['GET', `${ME}sessions/`],
      ['POST', `${ME}auth/logout/`],
      ['DELETE', `${ME}sessions/1/`],
    ];
    for (const [method, url] of memberRoutes) {
      expect((await as(club.key, method as 'GET', url)).statusCode, `staff ${method} ${url}`).toBe(401);
      expect((await as(null, method as 'GET', url)).statusCode, `no key ${method} ${url}`).toBe(401);
    }
    // Both still work where they belong.
    expect((await as(memberKey, 'GET', ME)).statusCode).toBe(200);
    expect((await as(club.key, 'GET', `${ADMIN}end-user/`)).statusCode).toBe(200);
  });

  it('a member key works only on its organisation’s host', async () => {
    const other = await makeClub(t);
    const m = await newMember(t, club);
    const key = await signIn(t, club, m.phone);
    expect((await as(key, 'GET', ME, undefined, other)).statusCode).toBe(401);
  });
});

describe('blocking', () => {
  it('signs the member out of every device at once, refuses sign-in with the message, and unblock lets them in again', async () => {
    const m = await newMember(t, club);
    const phone = await signIn(t, club, m.phone, false, '10.9.0.1');
    const tablet = await signIn(t, club, m.phone, true, '10.9.0.2');
    const eu = await endUserOf(m.id);
    expect(eu).toMatchObject({ status: 'active', devices: 2 });
    const detail = await as(club.key, 'GET', `${ADMIN}end-user/${eu.id}/`);
    expect(detail.json().sessions).toHaveLength(2);
    expect(
      detail
        .json()
        .sessions.map((s: { ip: string }) => s.ip)
        .sort(),
    ).toEqual(['10.9.0.1', '10.9.0.2']);

    const blocked = await as(club.key, 'POST', `${ADMIN}end-user/${eu.id}/block/`);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({ status: 'blocked', devices: 0, sessions: [] });
    for (const key of [phone, tablet]) expect((await as(key, 'GET', ME)).statusCode).toBe(401);

    await askCode(t, club, m.phone, '10.9.0.3');
    const refused = await verify(t, club, m.phone, await codeFor(t, club, m.phone), false, '10.9.0.3');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: BLOCKED_DETAIL });

    const tabs = await as(club.key, 'GET', `${ADMIN}end-user/?status=blocked`);
    expect(tabs.json().results.map((r: { id: number }) => r.id)).toContain(eu.id);
    expect((await as(club.key, 'GET', `${ADMIN}end-user/?status=active`)).json().results.map((r: { id: number }) => r.id)).not.toContain(
      eu.id,
    );

    expect((await as(club.key, 'POST', `${ADMIN}end-user/${eu.id}/unblock/`)).json().status).toBe('active');
    const again = await signIn(t, club, m.phone, false, '10.9.0.4');
    expect((await as(again, 'GET', ME)).statusCode).toBe(200);
    // The keys of before the block stay dead.
    expect((await as(phone, 'GET', ME)).statusCode).toBe(401);

    const logs = await as(club.key, 'GET', `${ADMIN}logs/`);
    const entries = logs.json().results as { action: string; actor_email?: string | null; actor?: string | null }[];
    expect(entries.some((e) => e.action === 'action')).toBe(true);
    expect(JSON.stringify(entries)).toContain(`member:${m.memberCode}`);
  });
});

describe('sessions', () => {
  it('lists the member’s own devices; signs one out; another member’s session is a 404; logout ends this one', async () => {
    const a = await newMember(t, club);
    const b = await newMember(t, club);
    const a1 = await signIn(t, club, a.phone, false, '10.8.0.1');
    const a2 = await signIn(t, club, a.phone, true, '10.8.0.2');
    const b1 = await signIn(t, club, b.phone, false, '10.8.0.3');
    const mine = (await as(a1, 'GET', `${ME}sessions/`)).json().results;
    expect(mine).toHaveLength(2);
    expect(mine.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const bSession = (await as(b1, 'GET', `${ME}sessions/`)).json().results[0].id;
    expect((await as(a1, 'DELETE', `${ME}sessions/${bSession}/`)).statusCode).toBe(404);
    expect((await as(b1, 'GET', ME)).statusCode).toBe(200);

    const other = mine.find((s: { current: boolean }) => !s.current).id;
    expect((await as(a1, 'DELETE', `${ME}sessions/${other}/`)).statusCode).toBe(204);
    expect((await as(a2, 'GET', ME)).statusCode).toBe(401);
    expect((await as(a1, 'DELETE', `${ME}sessions/${other}/`)).statusCode).toBe(404);
    expect((await as(a1, 'POST', `${ME}auth/logout/`)).statusCode).toBe(204);
    expect((await as(a1, 'GET', ME)).statusCode).toBe(401);
  });

  it('a session dies after 12 idle hours, a remembered one after 90 days', async () => {
    const m = await newMember(t, club);
    const brief = await signIn(t, club, m.phone, false, '10.7.0.1');
    const kept = await signIn(t, club, m.phone, true, '10.7.0.2');
    const age = (interval: string) =>
      withTenant(t.handle.db, club.org.id, (tx) =>
        tx
          .update(endUserSession)
          .set({ lastUsedAt: sql`now() - ${interval}::interval` })
          .where(sql`true`),
      );
    await age('13 hours');
    expect((await as(brief, 'GET', ME)).statusCode).toBe(401);
    expect((await as(kept, 'GET', ME)).statusCode).toBe(200);
    await withTenant(t.handle.db, club.org.id, (tx) =>
      tx
        .update(endUserSession)
        .set({ createdAt: sql`now() - interval '91 days'` })
        .where(sql`true`),
    );
    expect((await as(kept, 'GET', ME)).statusCode).toBe(401);
  });
});

describe('the admin side', () => {
  it('is 403 without the module', async () => {
    const desk = await makeUser(t, club.org.id, { modules: ['Membership Management'] });
    const key = await login(t.app, desk, club.org.host);
    for (const [method, url] of [
      ['GET', `${ADMIN}end-user/`],
      ['GET', `${ADMIN}settings/`],
      ['GET', `${ADMIN}logs/`],
      ['POST', `${ADMIN}end-user/invite/`],
    ] as const) {
      const res = await as(key, method, url, method === 'POST' ? { member: 1 } : undefined);
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('answers another organisation’s end user with a 404 and refuses its member on invite', async () => {
    const other = await makeClub(t);
    const theirs = await newMember(t, other);
    const invited = await as(other.key, 'POST', `${ADMIN}end-user/invite/`, { member: theirs.id }, other);
    const id = invited.json().id;
    for (const url of [`${ADMIN}end-user/${id}/`, `${ADMIN}end-user/${id}/block/`, `${ADMIN}end-user/${id}/unblock/`]) {
      const res = await as(club.key, url.endsWith('/block/') || url.endsWith('/unblock/') ? 'POST' : 'GET', url);
      expect(res.statusCode, url).toBe(404);
    }
    const refused = await as(club.key, 'POST', `${ADMIN}end-user/invite/`, { member: theirs.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ member: [`Invalid pk "${theirs.id}" - object does not exist.`] });
    expect((await as(other.key, 'GET', `${ADMIN}end-user/${id}/`, undefined, other)).json().status).toBe('active');
  });

  it('searches by the member’s name, code and phone', async () => {
    const c = await makeClub(t);
    const m = await newMember(t, c, { first_name: 'Zubeida', last_name: 'Khan' });
    await newMember(t, c).then((x) => as(c.key, 'POST', `${ADMIN}end-user/invite/`, { member: x.id }, c));
    await as(c.key, 'POST', `${ADMIN}end-user/invite/`, { member: m.id }, c);
    for (const q of ['zubeida', m.memberCode, m.phone.slice(2)]) {
      const res = await as(c.key, 'GET', `${ADMIN}end-user/?search=${encodeURIComponent(q)}`, undefined, c);
      expect(
        res.json().results.map((r: { member: { id: number } }) => r.member.id),
        q,
      ).toEqual([m.id]);
    }
    expect((await as(c.key, 'GET', `${ADMIN}end-user/`, undefined, c)).json().count).toBe(2);
  });

  it('keeps settings: defaults until saved, then what was saved, audited', async () => {
    const c = await makeClub(t, 'off');
    const defaults = (await as(c.key, 'GET', `${ADMIN}settings/`, undefined, c)).json();
    expect(defaults).toMatchObject({ login_mode: 'off', pay_dues: true, book: true, announcements: true });
    await setMode(t, c, 'invited', { book: false });
    expect((await as(c.key, 'GET', `${ADMIN}settings/`, undefined, c)).json()).toMatchObject({
      login_mode: 'invited',
      book: false,
      renew: true,
    });
    const logs = (await as(c.key, 'GET', `${ADMIN}logs/`, undefined, c)).json().results;
    expect(logs.some((l: { resource?: string; action: string }) => l.action === 'update')).toBe(true);
  });
});

describe('the member’s home', () => {
  it('shows the running membership, days left, dues and the features that are on', async () => {
    const c = await makeClub(t);
    const m = await newMember(t, c);
    await inOrg(t, c.org, async (tx, ctx) => {
      const plan = await makePlan(tx, ctx, { name: 'Gold Monthly', price: '1500.00' });
      await makeMembership(tx, ctx, { member: m.id, plan: plan.id, start_date: dayFrom(ctx, 0) });
    });
    await setMode(t, c, 'everyone', { book: false });
    const key = await signIn(t, c, m.phone);
    const home = await as(key, 'GET', ME, undefined, c);
    expect(home.statusCode).toBe(200);
    const body = home.json();
    expect(body.member).toMatchObject({ id: m.id, member_code: m.memberCode, phone: m.phone });
    expect(body.membership).toMatchObject({ plan_name: 'Gold Monthly' });
    expect(body.membership.days_left).toBeGreaterThan(25);
    expect(body.due).toBe('1500.00');
    expect(body.features).toMatchObject({ book: false, pay_dues: true });
    expect(body.features).not.toHaveProperty('login_mode');
  });
});
