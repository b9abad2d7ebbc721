/**
 * Attendance at the desk: a member with a running membership checks in (by id or card code) and
 * out; one without is refused with the reason (expired, frozen, upcoming, cancelled, none, a
 * pack used up) unless a user of the module overrides; a second check-in while still in is a
 * 409; session packs count down one session a day (a second only when the desk confirms it; a
 * visit back the same day without an answer is a 400 asking) and expire at 0; each visit says
 * whether it spent a session; the day's register counts who is in and who came.
 */
import { MODULES, shiftDays } from '@arena/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member as memberTable, membership as membershipTable } from '../src/modules/membership/schema.js';
import type { Tx } from '../src/platform/db/client.js';
import type { Ctx } from '../src/platform/request-context.js';
import { displayDate } from '../src/platform/time.js';
import {
  dayFrom,
  inOrg,
  makeCentre,
  makeFreeze,
  makeMemberRow,
  makeMembershipRow,
  makeOrganisation,
  makePlan,
  makeUser,
  type TestOrganisation,
} from './factories.js';
import { call, createTestApp, login, onPostgres, type TestContext } from './helpers.js';

const API = '/api/member-management';
type Body = Record<string, unknown>;
type MemberRow = Awaited<ReturnType<typeof makeMemberRow>>;
type PlanRow = Awaited<ReturnType<typeof makePlan>>;

let t: TestContext;
let acme: TestOrganisation;
let other: TestOrganisation;
let key: string;
let otherKey: string;
let centreId: number;
let monthly: PlanRow;
let pack: PlanRow;

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Body, token = key) =>
  call(t.app, { method, url, host: acme.host, token, payload });
const checkIn = (body: Body, token = key) => api('POST', `${API}/member-attendance/`, body, token);
const checkOut = (id: number, body: Body = {}) => api('POST', `${API}/member-attendance/${id}/check-out/`, body);
const today = () => acme.ctx.now.today;
const day = (n: number) => dayFrom(acme.ctx, n);

/** A member of the test centre, with the memberships `setup` gives them. */
const newMember = (setup: (tx: Tx, ctx: Ctx, m: MemberRow) => Promise<unknown> = async () => undefined, values: Partial<MemberRow> = {}) =>
  inOrg(t, acme, async (tx, ctx) => {
    const m = await makeMemberRow(tx, ctx, { centreId, ...values });
    await setup(tx, ctx, m);
    return m;
  });
const membershipOf = (memberId: number) =>
  inOrg(t, acme, async (tx, ctx) =>
    tx
      .select()
      .from(membershipTable)
      .where(and(eq(membershipTable.organisationId, ctx.organisationId), eq(membershipTable.memberId, memberId))),
  );

beforeAll(async () => {
  t = await createTestApp({}, { seed: false });
  acme = await makeOrganisation(t);
  other = await makeOrganisation(t);
  key = await login(t.app, acme.owner, acme.host);
  otherKey = await login(t.app, other.owner, other.host);
  ({ centreId, monthly, pack } = await inOrg(t, acme, async (tx, ctx) => ({
    centreId: (await makeCentre(tx, ctx, { name: 'Koramangala' })).id,
    monthly: await makePlan(tx, ctx, { name: 'Monthly' }),
    pack: await makePlan(tx, ctx, { name: 'PT 3 sessions', durationValue: 60, durationUnit: 'day', sessions: 3 }),
  })));
});
afterAll(async () => t?.close());

describe('check-in and check-out', () => {
  it('checks in a member with a running membership, then refuses a second check-in while still in (409)', async () => {
    const m = await newMember((tx, ctx, m) => makeMembershipRow(tx, ctx, { member: m, plan: monthly, start: day(-10) }), {
      firstName: 'Asha',
    });
    const [ms] = await membershipOf(m.id);
    const res = await checkIn({ member: m.id });
    expect(res.statusCode, res.body).toBe(201);
    const visit = res.json();
    expect(visit).toMatchObject({
      member: m.id,
      member_name: 'Asha Rao',
      member_code: m.memberCode,
      membership: ms.id,
      plan_name: 'Monthly',
      sessions_left: null,
      centre: centreId,
      date: today(),
      check_out: null,
      source: 'desk',
      override: false,
    });
    expect(Math.abs(Date.parse(visit.check_in) - Date.now())).toBeLessThan(60_000);
    const twice = await checkIn({ member: m.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: `Asha Rao (${m.memberCode}) is already checked in.` });
  });

  it('checks out once, never before the check-in, and lets the member in again the same day', async () => {
    const m = await newMember((tx, ctx, m) => makeMembershipRow(tx, ctx, { member: m, plan: monthly, start: day(-3) }), {
      firstName: 'Bhavna',
    });
    const inAt = new Date(Date.now() - 2 * 3600_000);
    const visit = (await checkIn({ member: m.id, check_in: inAt.toISOString() })).json();
    const early = await checkOut(visit.id, { check_out: new Date(inAt.getTime() - 60_000).toISOString() });
    expect(early.statusCode).toBe(400);
    expect(Object.keys(early.json())).toEqual(['check_out']);
    expect(early.json().check_out[0]).toMatch(/^The check-out must be at or after the check-in \(\d{2}:\d{2}, /);
    const out = await checkOut(visit.id);
    expect(out.statusCode, out.body).toBe(200);
    expect(Date.parse(out.json().check_out)).toBeGreaterThan(inAt.getTime());
    const twice = await checkOut(visit.id);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().detail).toMatch(/^Bhavna Rao already checked out at \d{2}:\d{2}\.$/);

    const again = await checkIn({ member: m.id });
    expect(again.statusCode, again.body).toBe(201);
    // PATCH {check_out} is the same check-out.
    const patched = await api('PATCH', `${API}/member-attendance/${again.json().id}/`, {});
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().check_out).not.toBeNull();

    const logs = (await api('GET', `${API}/logs/?resource=member_attendance&search=${visit.id}`)).json().results as Body[];
    expect(logs.filter((l) => l.object_id === String(visit.id)).map((l) => l.action)).toEqual(['update', 'create']);
    expect(logs[0].object_label).toBe(`${m.memberCode} Bhavna Rao, ${displayDate(today())}`);
  });

  it('finds the member by the code of the member card, and says when no member has it', async () => {
    const m = await newMember((tx, ctx, m) => makeMembershipRow(tx, ctx, { member: m, plan: monthly, start: today() }));
    const res = await checkIn({ member_code: m.memberCode.toLowerCase(), source: 'qr' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ member: m.id, source: 'qr' });
    const unknown = await checkIn({ member_code: 'MEM-99999' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ member_code: ['No member has the code "MEM-99999".'] });
    expect((await checkIn({})).json()).toEqual({ member: ['This field is required.'] });
  });

  it("dates a given check-in on the organisation's day, and refuses one in the future", async () => {
    const m = await newMember((tx, ctx, m) => makeMembershipRow(tx, ctx, { member: m, plan: monthly, start: day(-5) }));
    // 23:30 in Kolkata yesterday is 18:00 UTC: the visit belongs to yesterday there.
    const res = await checkIn({ member: m.id, check_in: `${day(-1)}T23:30:00+05:30` });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ date: day(-1), check_in: `${day(-1)}T18:00:00.000Z` });
    // Yesterday's visit was never checked out; today is another day.
    expect((await checkIn({ member: m.id })).statusCode).toBe(201);
    const future = await checkIn({ member: m.id, check_in: new Date(Date.now() + 3600_000).toISOString() });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toEqual({ check_in: ['A check-in cannot be in the future.'] });
  });
});

describe('refusals and overrides', () => {
  const refused = async (m: MemberRow, detail: string) => {
    const res = await checkIn({ member: m.id });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ detail });
  };

  it('refuses an expired membership with its end date, and lets the member in with override', async () => {
    const m = await newMember((tx, ctx, m) => makeMembershipRow(tx, ctx, { member: m, plan: monthly, start: day(-40), end: day(-5) }));
    await refused(m, `The membership expired on ${displayDate(day(-5))}.`);
    const [ms] = await membershipOf(m.id);
    const res = await checkIn({ member: m.id, override: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ override: true, membership: ms.id, plan_name: 'Monthly' });
  });

  it('refuses a frozen membership with the last day of the freeze', async () => {
    const m = await newMember(async (tx, ctx, m) => {
      const ms = await makeMembershipRow(tx, ctx, { member: m, plan: monthly, start: day(-10) });
      await makeFreeze(tx, ctx, { membership: ms, from: day(-2), to: day(5) });
    });
    expect((await membershipOf(m.id))[0].status).toBe('frozen');
    await refused(m, `The membership is frozen until ${displayDate(day(5))}.`);
  });

  it('refuses a membership that has not started, a cancelled one, and a member without any', async () => {
    const upcoming = await newMember((tx, ctx, m) => makeMembershipRow(tx, ctx, { member: m, plan: monthly, start: day(3) }));
    await refused(upcoming, `The membership starts on ${displayDate(day(3))}.`);
    const cancelled = await newMember((tx, ctx, m) =>
      makeMembershipRow(tx, ctx, { member: m, plan: monthly, start: day(-3), cancelled: true }),
    );
    await refused(cancelled, `The membership was cancelled on ${displayDate(today())}.`);
    const none = await newMember();
    await refused(none, 'No running membership.');
    const res = await checkIn({ member: none.id, override: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ override: true, membership: null, plan_name: '' });
  });

  it('decides on the dates, whatever status was stored before today moved it', async () => {
    // Stored as expired yesterday by a job that has not run since the member renewed in place.
    const m = await newMember(async (tx, ctx, m) => {
      const ms = await makeMembershipRow(tx, ctx, { member: m, plan: monthly, start: day(-20) });
      await tx.update(membershipTable).set({ status: 'upcoming' }).where(eq(membershipTable.id, ms.id));
      await tx.update(memberTable).set({ status: 'inactive' }).where(eq(memberTable.id, m.id));
    });
    const res = await checkIn({ member: m.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().override).toBe(false);
    const [row] = await inOrg(t, acme, (tx) => tx.select({ status: memberTable.status }).from(memberTable).where(eq(memberTable.id, m.id)));
    expect(row.status).toBe('active');
  });

  it('refuses an inactive member', async () => {
    const m = await newMember((tx, ctx, m) => makeMembershipRow(tx, ctx, { member: m, plan: monthly, start: day(-1) }), {
      firstName: 'Gone',
      isActive: false,
    });
    const res = await checkIn({ member: m.id, override: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ member: [`Gone Rao (${m.memberCode}) is inactive; reactivate the member to check in.`] });
  });
});

describe('freezes and visits', () => {
  it('refuses a freeze that starts on or before a day the member attended, and takes one that starts after', async () => {
    const m = await newMember((tx, ctx, m) => makeMembershipRow(tx, ctx, { member: m, plan: monthly, start: day(-20) }));
    const visit = await checkIn({ member: m.id, check_in: new Date(Date.now() - 3 * 86_400_000).toISOString() });
    expect(visit.statusCode, visit.body).toBe(201);
    const attended = visit.json().date as string;
    const [ms] = await membershipOf(m.id);
    const freeze = (from: string, to: string) =>
      api('POST', `${API}/membership/${ms.id}/freeze/`, { from_date: from, to_date: to, reason: 'Travel' });
    for (const from of [day(-7), attended]) {
      const res = await freeze(from, day(2));
      expect(res.statusCode, from).toBe(400);
      expect(res.json().from_date[0]).toMatch(/^The member checked in on .+; a freeze must start after the last day they attended\.$/);
    }
    expect((await membershipOf(m.id))[0].endDate).toBe(ms.endDate);
    const ok = await freeze(shiftDays(attended, 1), shiftDays(attended, 5));
    expect(ok.statusCode, ok.body).toBeLessThan(300);
    expect((await membershipOf(m.id))[0].endDate).toBe(shiftDays(ms.endDate, 5));
  });
});

describe('session packs', () => {
  it('counts a pack down one session a day (a second only when the desk confirms it) and expires it at 0', async () => {
    const m = await newMember(
      (tx, ctx, m) => makeMembershipRow(tx, ctx, { member: m, plan: pack, start: day(-7), sessions: { total: 3, left: 2 } }),
      { firstName: 'Divya' },
    );
    const first = (await checkIn({ member: m.id })).json();
    expect(first).toMatchObject({ sessions_left: 1, plan_name: 'PT 3 sessions', spent_session: true });
    await checkOut(first.id);
    // Back the same day without saying whether it is a second session: the desk is asked, nothing is written.
    const asked = await checkIn({ member: m.id });
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toEqual({
      second_session: [
        `Divya Rao (${m.memberCode}) already used a session of PT 3 sessions today (1 session left). Check in for a second session to use another, or let them in without using one.`,
      ],
    });
    expect((await api('GET', `${API}/member-attendance/?member=${m.id}`)).json().count).toBe(1);
    // Back the same day, twice, not for a second session: neither visit spends one.
    for (let i = 0; i < 2; i++) {
      const again = await checkIn({ member: m.id, second_session: false });
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json()).toMatchObject({ sessions_left: 1, spent_session: false });
      await checkOut(again.json().id);
    }
    expect((await membershipOf(m.id))[0].sessionsLeft).toBe(1);
    // The desk confirms a second session today: it spends one.
    const second = await checkIn({ member: m.id, second_session: true });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ sessions_left: 0, spent_session: true });
    await checkOut(second.json().id);
    const [ms] = await membershipOf(m.id);
    expect(ms).toMatchObject({ sessionsLeft: 0, status: 'expired' });
    const [mb] = await inOrg(t, acme, (tx) => tx.select({ status: memberTable.status }).from(memberTable).where(eq(memberTable.id, m.id)));
    expect(mb.status).toBe('expired');
    const third = await checkIn({ member: m.id });
    expect(third.statusCode).toBe(400);
    expect(third.json()).toEqual({ detail: 'All 3 sessions of the membership have been used.' });
    // An override lets the member in without taking a session that is not there.
    const forced = await checkIn({ member: m.id, override: true });
    expect(forced.statusCode, forced.body).toBe(201);
    expect(forced.json()).toMatchObject({ override: true, spent_session: false });
    expect((await membershipOf(m.id))[0].sessionsLeft).toBe(0);
    // The member's list says which visits spent a session.
    const list = (await api('GET', `${API}/member-attendance/?member=${m.id}&ordering=check_in`)).json().results as Body[];
    expect(list.map((v) => v.spent_session)).toEqual([true, false, false, true, false]);
  });

  it('asks about a second session only once a session was spent today, and never for a time membership', async () => {
    const m = await newMember((tx, ctx, m) =>
      makeMembershipRow(tx, ctx, { member: m, plan: pack, start: day(-7), sessions: { total: 3, left: 3 } }),
    );
    // A first visit that says it is not a second session still spends today's one.
    const first = await checkIn({ member: m.id, second_session: false });
    expect(first.json()).toMatchObject({ sessions_left: 2, spent_session: true });
    await checkOut(first.json().id);
    // Yesterday's session does not count today.
    const y = await newMember(async (tx, ctx, y) => {
      await makeMembershipRow(tx, ctx, { member: y, plan: pack, start: day(-7), sessions: { total: 3, left: 3 } });
    });
    const yesterday = await checkIn({ member: y.id, check_in: new Date(Date.now() - 86_400_000).toISOString() });
    expect(yesterday.json()).toMatchObject({ spent_session: true, sessions_left: 2 });
    await checkOut(yesterday.json().id);
    const today1 = await checkIn({ member: y.id });
    expect(today1.statusCode, today1.body).toBe(201);
    expect(today1.json()).toMatchObject({ spent_session: true, sessions_left: 1 });
    // A time membership spends nothing, however often the member comes.
    const g = await newMember((tx, ctx, g) => makeMembershipRow(tx, ctx, { member: g, plan: monthly, start: day(-3) }));
    for (let i = 0; i < 2; i++) {
      const visit = await checkIn({ member: g.id });
      expect(visit.statusCode, visit.body).toBe(201);
      expect(visit.json()).toMatchObject({ spent_session: false, sessions_left: null });
      await checkOut(visit.json().id);
    }
  });

  it('counts a visit on a time membership rather than on a pack the member also has', async () => {
    const m = await newMember(async (tx, ctx, m) => {
      await makeMembershipRow(tx, ctx, { member: m, plan: pack, start: day(-2), sessions: { total: 3, left: 3 } });
      await makeMembershipRow(tx, ctx, { member: m, plan: monthly, start: day(-2) });
    });
    const visit = (await checkIn({ member: m.id })).json();
    expect(visit).toMatchObject({ plan_name: 'Monthly', sessions_left: null });
    expect((await membershipOf(m.id)).find((x) => x.planId === pack.id)!.sessionsLeft).toBe(3);
  });
});

describe('the register and the list', () => {
  it("counts a day's visits, who is in now and how many members came, per centre", async () => {
    const elsewhere = (await inOrg(t, acme, (tx, ctx) => makeCentre(tx, ctx, { name: 'Whitefield' }))).id;
    const mk = () =>
      inOrg(t, acme, async (tx, ctx) => {
        const m = await makeMemberRow(tx, ctx, { centreId: elsewhere });
        await makeMembershipRow(tx, ctx, { member: m, plan: monthly, start: day(-1) });
        return m;
      });
    const x = await mk();
    const y = await mk();
    const first = (await checkIn({ member: x.id })).json();
    await checkOut(first.id);
    await checkIn({ member: x.id });
    await checkIn({ member: y.id });
    for (const url of [
      `${API}/member-attendance-list?centre=${elsewhere}`,
      `${API}/member-attendance-list/?centre=${elsewhere}&date=${today()}`,
    ]) {
      const res = await api('GET', url);
      expect(res.statusCode, res.body).toBe(200);
      const register = res.json();
      expect(register).toMatchObject({ date: today(), in_now: 2, visits: 3, members: 2 });
      expect(register.results.map((r: Body) => r.member).sort()).toEqual([x.id, x.id, y.id].sort());
      expect(register.results.every((r: Body) => r.centre === elsewhere)).toBe(true);
    }
    expect((await api('GET', `${API}/member-attendance-list?centre=${elsewhere}&date=${day(-1)}`)).json()).toMatchObject({
      visits: 0,
      in_now: 0,
      members: 0,
    });
    expect((await api('GET', `${API}/member-attendance-list?date=yesterday`)).statusCode).toBe(400);
  });

  it('lists visits with filters, a search by name, code or phone, and exports', async () => {
    const m = await newMember((tx, ctx, m) => makeMembershipRow(tx, ctx, { member: m, plan: monthly, start: day(-30) }), {
      firstName: 'Zarina',
      lastName: 'Wadia',
    });
    await checkIn({ member: m.id, check_in: `${day(-2)}T07:00:00+05:30` });
    await checkIn({ member: m.id, check_in: `${day(-1)}T07:00:00+05:30` });
    await checkIn({ member: m.id });
    const list = (q: string) => api('GET', `${API}/member-attendance/?${q}`).then((r) => r.json());
    expect((await list(`member=${m.id}`)).results.map((r: Body) => r.date)).toEqual([today(), day(-1), day(-2)]);
    expect((await list(`member=${m.id}&date=${day(-1)}`)).count).toBe(1);
    expect((await list(`member=${m.id}&date_after=${day(-1)}&date_before=${today()}`)).count).toBe(2);
    expect((await list(`search=wadia`)).count).toBe(3);
    expect((await list(`search=${m.phone}`)).count).toBe(3);
    expect((await list(`search=${m.memberCode}`)).count).toBe(3);
    expect((await list(`centre=${centreId}&member=${m.id}&ordering=check_in`)).results[0].date).toBe(day(-2));
    const csv = await api('GET', `${API}/member-attendance/?member=${m.id}&format=csv`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Date,Code,Member,Plan,Check-in,Check-out,Source,Override');
    expect(lines).toHaveLength(4);
    const xlsx = await api('GET', `${API}/member-attendance/?member=${m.id}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/member-attendance-\d{4}-\d{2}-\d{2}\.xlsx"$/);
  });
});

describe('tenancy and the module', () => {
  it("answers 400 for another organisation's member and 404 for its visits", async () => {
    const theirs = await inOrg(t, other, async (tx, ctx) => {
      const m = await makeMemberRow(tx, ctx, { centreId: (await makeCentre(tx, ctx)).id });
      await makeMembershipRow(tx, ctx, { member: m, plan: await makePlan(tx, ctx), start: dayFrom(ctx, -1) });
      return m;
    });
    const res = await checkIn({ member: theirs.id, override: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ member: [`Invalid pk "${theirs.id}" - object does not exist.`] });
    expect((await checkIn({ member_code: theirs.memberCode })).statusCode).toBe(400);
    const visit = await call(t.app, {
      method: 'POST',
      url: `${API}/member-attendance/`,
      host: other.host,
      token: otherKey,
      payload: { member: theirs.id },
    });
    expect(visit.statusCode, visit.body).toBe(201);
    const id = visit.json().id;
    expect((await api('GET', `${API}/member-attendance/${id}/`)).statusCode).toBe(404);
    expect((await checkOut(id)).statusCode).toBe(404);
    expect((await api('PATCH', `${API}/member-attendance/${id}/`, {})).statusCode).toBe(404);
    expect((await api('GET', `${API}/member-attendance/?member=${theirs.id}`)).json().count).toBe(0);
  });

  it('keeps attendance to users allowed Membership Management', async () => {
    const m = await newMember((tx, ctx, m) => makeMembershipRow(tx, ctx, { member: m, plan: monthly, start: day(-1) }));
    const restricted = await makeUser(t, acme.id, { modules: MODULES.filter((x) => x !== 'Membership Management') });
    const outsider = await login(t.app, restricted, acme.host);
    expect((await checkIn({ member: m.id, override: true }, outsider)).statusCode).toBe(403);
    expect((await api('GET', `${API}/member-attendance/`, undefined, outsider)).statusCode).toBe(403);
    expect((await api('GET', `${API}/member-attendance-list`, undefined, outsider)).statusCode).toBe(403);
    expect((await api('GET', `${API}/member-attendance/?member=${m.id}`)).json().count).toBe(0);
  });
});

/**
 * Check-ins under concurrency on PostgreSQL with a real pool (PGlite has one session, so nothing
 * races there): the open-visit index and the conditional session count are the guarantees.
 */
describe.runIf(onPostgres)('check-ins under concurrency', () => {
  let pg: TestContext;
  let org: TestOrganisation;
  let owner: string;
  let centre: number;

  beforeAll(async () => {
    pg = await createTestApp({}, { seed: false, poolSize: 10 });
    org = await makeOrganisation(pg);
    owner = await login(pg.app, org.owner, org.host);
    centre = (await inOrg(pg, org, (tx, ctx) => makeCentre(tx, ctx))).id;
  });
  afterAll(async () => pg?.close());

  const post = (body: Body) =>
    call(pg.app, { method: 'POST', url: `${API}/member-attendance/`, host: org.host, token: owner, payload: body });

  it('lets one of 10 simultaneous check-ins of a member in and answers 409 to the others', async () => {
    const m = await inOrg(pg, org, async (tx, ctx) => {
      const m = await makeMemberRow(tx, ctx, { centreId: centre });
      await makeMembershipRow(tx, ctx, { member: m, plan: await makePlan(tx, ctx), start: dayFrom(ctx, -3) });
      return m;
    });
    const responses = await Promise.all(Array.from({ length: 10 }, () => post({ member: m.id })));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
  });

  it('never takes more sessions than a pack has left, however many visits race for them', async () => {
    const m = await inOrg(pg, org, async (tx, ctx) => {
      const m = await makeMemberRow(tx, ctx, { centreId: centre });
      const p = await makePlan(tx, ctx, { durationValue: 60, durationUnit: 'day', sessions: 10 });
      await makeMembershipRow(tx, ctx, { member: m, plan: p, start: dayFrom(ctx, -20), sessions: { total: 10, left: 3 } });
      return m;
    });
    // Visits of eight different past days, entered at once: only three sessions are there.
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post({ member: m.id, check_in: `${dayFrom(org.ctx, -(i + 1))}T09:00:00+05:30` })),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(3);
    for (const r of responses.filter((x) => x.statusCode !== 201))
      expect(r.json()).toEqual({ detail: 'All 10 sessions of the membership have been used.' });
    const [row] = await inOrg(pg, org, (tx, ctx) =>
      tx
        .select({ left: membershipTable.sessionsLeft, status: membershipTable.status })
        .from(membershipTable)
        .where(and(eq(membershipTable.organisationId, ctx.organisationId), eq(membershipTable.memberId, m.id))),
    );
    expect(row).toEqual({ left: 0, status: 'expired' });
  });
});
