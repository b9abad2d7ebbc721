/**
 * End User Login (issue 27), the staff's figures: the dashboard from known data (members with
 * access, blocked, active in 30 days, sign-ins by day, payments in the app, feed reach) and the
 * reports (active and blocked by month, active vs blocked) with their files and their windows'
 * bounds; another organisation's data never counts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/platform/db/client.js';
import { ADMIN, makeClub, ME, newMember, signIn, type Club } from './end-user-support.js';
import { call, createTestApp, login, OWNER, type TestContext } from './helpers.js';

let t: TestContext;
let club: Club;
let other: Club;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  club = await makeClub(t);
  other = await makeClub(t);
  // Three members sign in (one twice, one of them long ago), one is then blocked; another club has its own.
  const [a, b, c, d] = [await newMember(t, club), await newMember(t, club), await newMember(t, club), await newMember(t, club)];
  await signIn(t, club, a.phone);
  await signIn(t, club, a.phone);
  await signIn(t, club, b.phone);
  await signIn(t, club, c.phone);
  void d;
  await signIn(t, other, (await newMember(t, other)).phone);
  const list = (await as(club.key, 'GET', `${ADMIN}end-user/?page_size=50`)).json().results as { id: number; member: { id: number } }[];
  for (const [name, m] of Object.entries({ a, b, c })) ids[name] = list.find((u) => u.member.id === m.id)!.id;
  // c's sessions are from 40 days ago: signed in, but not in the last 30 days.
  await withTenant(t.handle.db, club.org.id, (tx) =>
    tx.execute(
      sql`update end_user_session set created_at = now() - interval '40 days', last_used_at = now() - interval '40 days' where end_user_id = ${ids.c}`,
    ),
  );
  expect((await as(club.key, 'POST', `${ADMIN}end-user/${ids.b}/block/`)).statusCode).toBe(200);
}, 180_000);
afterAll(() => t?.close());

const as = (token: string | null, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, c = club) =>
  call(t.app, { method, url, host: c.org.host, token, ...(payload ? { payload } : {}) });

describe('dashboard', () => {
  it('counts from known data, this organisation only', async () => {
    const res = await as(club.key, 'GET', `${ADMIN}dashboard/`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d.members_with_access).toBe(2); // a and c (b is blocked; d never signed in)
    expect(d.blocked).toBe(1);
    expect(d.active_30_days).toBe(1); // a (b is blocked, c's sign-ins are 40 days old)
    expect(d.sign_ins_by_day).toHaveLength(30);
    // a twice and b once today (c's are outside the 30 days).
    expect(d.sign_ins_by_day[29].count).toBe(3);
    expect(d.sign_ins_by_day.reduce((n: number, x: { count: number }) => n + x.count, 0)).toBe(3);
    expect(d.payments).toEqual({ count: 0, amount: '0.00' });
    expect(d.feed_reach).toEqual({ published: 0, members: 0, views: 0 });
  });

  it('feed reach follows what members saw', async () => {
    const made = await as(club.key, 'POST', `${ADMIN}feed/`, { title: 'Hello', body: 'World', status: 'published' });
    expect(made.statusCode, made.body).toBe(201);
    const m = await newMember(t, club);
    const key = await signIn(t, club, m.phone);
    await as(key, 'GET', `${ME}feed/`);
    await as(key, 'GET', `${ME}feed/`);
    const d = (await as(club.key, 'GET', `${ADMIN}dashboard/`)).json();
    expect(d.feed_reach).toEqual({ published: 1, members: 1, views: 1 });
  });
});

describe('reports', () => {
  const R = `${ADMIN}reports/end-user/`;

  it('active by month: who signed in within the window', async () => {
    const res = await as(club.key, 'GET', `${R}monthly/?status=active`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r.status).toBe('active');
    const codes = (r.members as { member_code: string }[]).map((x) => x.member_code);
    // This month: a, b (blocked today, but signed in) and the member of the reach test; c's sign-ins are 40 days old.
    expect(r.months.at(-1).count).toBe(r.total);
    expect(codes.length).toBe(r.total);
    expect(r.total).toBeGreaterThanOrEqual(2);
    const wide = (await as(club.key, 'GET', `${R}monthly/?status=active&date_after=${daysAgo(60)}&date_before=${r.to}`)).json();
    expect(wide.total).toBe(r.total + 1); // c too
  });

  it('blocked by month, and the file', async () => {
    const r = (await as(club.key, 'GET', `${R}monthly/?status=blocked`)).json();
    expect(r.total).toBe(1);
    expect(r.members[0].blocked_at).not.toBeNull();
    const csv = await as(club.key, 'GET', `${R}monthly/?status=blocked&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(r.members[0].member_code);
    expect(csv.body).toContain('Blocked');
    const xlsx = await as(club.key, 'GET', `${R}monthly/?status=active&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheet');
  });

  it('active vs blocked', async () => {
    const r = (await as(club.key, 'GET', `${R}pie-chart/`)).json();
    expect(r.blocked).toBe(1);
    expect(r.active).toBeGreaterThanOrEqual(2);
    expect(r.total).toBe(r.active + r.blocked);
    const theirs = (await as(other.key, 'GET', `${R}pie-chart/`, undefined, other)).json();
    expect(theirs).toMatchObject({ active: 1, blocked: 0, total: 1 });
    const csv = await as(club.key, 'GET', `${R}pie-chart/?format=csv`);
    expect(csv.body).toContain('Active');
  });

  it.each([
    ['monthly/?date_after=1900-01-01&date_before=2199-12-31', 'date_before'],
    ['pie-chart/?date_after=2026-05-01&date_before=2026-04-01', 'date_before'],
    ['monthly/?date_after=0001-01-01', 'date_after'],
    ['monthly/?status=gone', 'status'],
  ])('%s is a 400', async (query, field) => {
    const res = await as(club.key, 'GET', `${R}${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toHaveProperty(field);
  });
});

function daysAgo(n: number) {
  return new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
}

describe('the demo club', () => {
  it('has member login on, 40 members with app access (two blocked), announcements, and payments and bookings made in the app', async () => {
    const owner = await login(t.app, OWNER);
    const get = async (url: string) => (await call(t.app, { method: 'GET', url, token: owner })).json();
    const dashboard = await get(`${ADMIN}dashboard/`);
    expect(dashboard.members_with_access + dashboard.blocked).toBe(40);
    expect(dashboard.blocked).toBe(2);
    expect(dashboard.payments.count).toBeGreaterThanOrEqual(3);
    expect(Number(dashboard.payments.amount)).toBeGreaterThan(0);
    expect((await get(`${ADMIN}settings/`)).login_mode).toBe('everyone');
    expect((await get(`${ADMIN}feed/?page_size=50`)).count).toBe(10);
    // The courts booked in the app are the members' own, confirmed (paid where the court takes payment online).
    const demoMember = await call(t.app, { method: 'GET', url: '/api/member-management/member/?search=9800000000', token: owner });
    expect(demoMember.json().count).toBe(1);
    const bookings = await get('/api/booking/booking/?search=9800000000');
    expect(bookings.count).toBeGreaterThanOrEqual(1);
    // Two requests wait at the desk: a freeze and a cancellation.
    const waiting = (await get('/api/end-user/member-request/?status=pending')).results as { kind: string }[];
    expect(waiting.map((r) => r.kind).sort()).toEqual(['cancel', 'freeze']);
  });
});
