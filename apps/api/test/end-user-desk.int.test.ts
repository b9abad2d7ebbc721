/**
 * End User Login (issue 27), the desk features: the phone's signed check-in code that the desk's QR
 * check-in accepts (and refuses stale, forged or another organisation's), attendance by month,
 * freeze and cancellation requests that the desk approves or rejects, the feature switches, and
 * another member's ids a 404.
 */
import { CHECK_IN_EXPIRED, CHECK_IN_INVALID } from '@arena/contracts/end-user';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { codeFor, makeClub, ME, newMember, setMode, signIn, smsTo, type Club } from './end-user-support.js';
import { dayFrom, inOrg, makeMembership, makePlan } from './factories.js';
import { call, createTestApp, type TestContext } from './helpers.js';

let t: TestContext;
let club: Club;
beforeAll(async () => {
  t = await createTestApp();
  club = await makeClub(t);
}, 120_000);
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const as = (token: string | null, method: Method, url: string, payload?: Record<string, unknown>, c = club) =>
  call(t.app, { method, url, host: c.org.host, token, ...(payload ? { payload } : {}) });
const ATTENDANCE = '/api/member-management/member-attendance/';
const DESK = '/api/end-user/member-request/';

/** A signed-in member with a running monthly membership (from 10 days ago): their key, member id and membership id. */
async function memberWithPlan(c = club, plan: Record<string, unknown> = {}) {
  const m = await newMember(t, c);
  const membershipId = await inOrg(t, c.org, async (tx, ctx) => {
    const p = await makePlan(tx, ctx, { name: `Gold ${m.id}`, freezeMaxTimes: 2, freezeMaxDays: 15, minFreezeDays: 3, ...plan });
    return makeMembership(tx, ctx, { member: m.id, plan: p.id, start_date: dayFrom(ctx, -10) });
  });
  const key = await signIn(t, c, m.phone);
  return { key, member: m, membershipId };
}

const payloadOf = async (key: string, c = club) => {
  const res = await as(key, 'GET', `${ME}check-in/`, undefined, c);
  expect(res.statusCode).toBe(200);
  return res.json() as { payload: string; svg: string; expires_at: string; refresh_in: number };
};
const deskCheckIn = (code: string, c = club) => as(c.key, 'POST', ATTENDANCE, { member_code: code, source: 'qr' }, c);

describe('the signed check-in code', () => {
  it('is signed, names the organisation and member, expires within 60 s, and the desk accepts it once a visit', async () => {
    const { key, member } = await memberWithPlan();
    const code = await payloadOf(key);
    expect(code.payload).toMatch(new RegExp(`^AC1\\.${club.org.id}\\.${member.id}\\.\\d+\\.[A-Za-z0-9_-]{32}$`));
    const left = new Date(code.expires_at).getTime() - Date.now();
    expect(left).toBeGreaterThan(50_000);
    expect(left).toBeLessThanOrEqual(60_000);
    expect(code.refresh_in).toBe(30);
    expect(code.svg).toMatch(/^<svg[^>]*viewBox/);

    const res = await deskCheckIn(code.payload);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ member: member.id, source: 'qr' });
    // Scanned twice within its minute: still one visit (the member is already in).
    const again = await deskCheckIn(code.payload);
    expect(again.statusCode).toBe(409);
    const register = await as(club.key, 'GET', '/api/member-management/member-attendance-list/');
    expect(register.json().results.filter((v: { member: number }) => v.member === member.id)).toHaveLength(1);
  });

  it('refuses a stale code with the message', async () => {
    const { key, member } = await memberWithPlan();
    const code = await payloadOf(key);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      const res = await deskCheckIn(code.payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ member_code: [CHECK_IN_EXPIRED] });
    } finally {
      vi.useRealTimers();
    }
    const register = await as(club.key, 'GET', '/api/member-management/member-attendance-list/');
    expect(register.json().results.some((v: { member: number }) => v.member === member.id)).toBe(false);
  });

  it('refuses a forged code: one character changed, another member put in, or no signature', async () => {
    const { key, member } = await memberWithPlan();
    const other = await memberWithPlan();
    const { payload } = await payloadOf(key);
    const last = payload.at(-1) === 'A' ? 'B' : 'A';
    const parts = payload.split('.');
    const forged = [
      payload.slice(0, -1) + last,
      [parts[0], parts[1], String(other.member.id), parts[3], parts[4]].join('.'),
      [parts[0], parts[1], parts[2], String(Number(parts[3]) + 600), parts[4]].join('.'),
      parts.slice(0, 4).join('.'),
      'AC1.garbage',
    ];
    for (const code of forged) {
      const res = await deskCheckIn(code);
      expect(res.statusCode, code).toBe(400);
      expect(res.json()).toEqual({ member_code: [CHECK_IN_INVALID] });
    }
    const register = await as(club.key, 'GET', '/api/member-management/member-attendance-list/');
    const ids = register.json().results.map((v: { member: number }) => v.member);
    expect(ids).not.toContain(member.id);
    expect(ids).not.toContain(other.member.id);
  });

  it('refuses another organisation’s genuine code', async () => {
    const other = await makeClub(t);
    const { key } = await memberWithPlan(other);
    const { payload } = await payloadOf(key, other);
    const res = await deskCheckIn(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ member_code: [CHECK_IN_INVALID] });
    // On its own organisation's desk it works.
    expect((await deskCheckIn(payload, other)).statusCode).toBe(201);
  });

  it('keeps the card’s bare member code working at the desk', async () => {
    const { member } = await memberWithPlan();
    const res = await deskCheckIn(member.memberCode);
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('attendance', () => {
  it('answers the days visited in a month, bounded to 3 years back and this month', async () => {
    const { key, member } = await memberWithPlan();
    expect((await as(club.key, 'POST', ATTENDANCE, { member: member.id })).statusCode).toBe(201);
    const res = await as(key, 'GET', `${ME}attendance/`);
    expect(res.statusCode).toBe(200);
    const today = await inOrg(t, club.org, async (_tx, ctx) => ctx.now.today);
    expect(res.json()).toEqual({ month: today.slice(0, 7), days: [today], count: 1, visits: 1 });
    const [y, m] = today.split('-').map(Number);
    const ahead = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    expect((await as(key, 'GET', `${ME}attendance/?month=${ahead}`)).statusCode).toBe(400);
    expect((await as(key, 'GET', `${ME}attendance/?month=${y - 4}-01`)).statusCode).toBe(400);
    expect((await as(key, 'GET', `${ME}attendance/?month=2024-13`)).statusCode).toBe(400);
    const last = await as(key, 'GET', `${ME}attendance/?month=${y - 1}-${String(m).padStart(2, '0')}`);
    expect(last.json()).toMatchObject({ days: [], count: 0 });
  });
});

describe('freeze and cancellation requests', () => {
  it('checks a freeze against the plan’s rules, and the desk’s approval freezes the membership', async () => {
    const { key, membershipId } = await memberWithPlan();
    const from = await inOrg(t, club.org, async (_tx, ctx) => dayFrom(ctx, 2));
    const tooLong = await as(key, 'POST', `${ME}requests/`, { kind: 'freeze', membership: membershipId, from, days: 20, reason: 'Travel' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('at most 15 frozen days');
    const tooShort = await as(key, 'POST', `${ME}requests/`, { kind: 'freeze', membership: membershipId, from, days: 1 });
    expect(tooShort.statusCode).toBe(400);
    expect(Object.keys(tooShort.json())).toEqual(['days']);
    expect((await as(key, 'GET', `${ME}requests/`)).json()).toMatchObject({ results: [], memberships: [{ id: membershipId }] });

    const made = await as(key, 'POST', `${ME}requests/`, { kind: 'freeze', membership: membershipId, from, days: 5, reason: 'Travel' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ kind: 'freeze', status: 'pending', from, days: 5 });
    const before = (await as(club.key, 'GET', `/api/member-management/membership/${membershipId}/`)).json();

    const pending = await as(club.key, 'GET', `${DESK}?status=pending`);
    expect(pending.json().results.map((r: { id: number }) => r.id)).toContain(made.json().id);
    const approved = await as(club.key, 'POST', `${DESK}${made.json().id}/approve/`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('approved');
    const after = (await as(club.key, 'GET', `/api/member-management/membership/${membershipId}/`)).json();
    const shift = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    expect(after.end_date).toBe(shift(before.end_date, 5));
    // Decided once; the member sees the outcome.
    expect((await as(club.key, 'POST', `${DESK}${made.json().id}/approve/`)).statusCode).toBe(400);
    expect((await as(key, 'GET', `${ME}requests/`)).json().results[0]).toMatchObject({ status: 'approved' });
  });

  it('a rejected cancellation keeps the membership and tells the member why; an approved one cancels it', async () => {
    const { key, membershipId } = await memberWithPlan();
    const asked = await as(key, 'POST', `${ME}requests/`, { kind: 'cancel', membership: membershipId, reason: 'Moving away' });
    expect(asked.statusCode).toBe(201);
    const rejected = await as(club.key, 'POST', `${DESK}${asked.json().id}/reject/`, { reason: 'Please visit the desk first.' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', decision_note: 'Please visit the desk first.' });
    expect((await as(key, 'GET', `${ME}requests/`)).json().results[0]).toMatchObject({
      status: 'rejected',
      decision_note: 'Please visit the desk first.',
    });
    const again = await as(key, 'POST', `${ME}requests/`, { kind: 'cancel', membership: membershipId, reason: 'Moving away' });
    expect((await as(club.key, 'POST', `${DESK}${again.json().id}/approve/`)).statusCode).toBe(200);
    const m = (await as(club.key, 'GET', `/api/member-management/membership/${membershipId}/`)).json();
    expect(m.status).toBe('cancelled');
  });

  it('parallel identical requests make one (201), the rest a 400', async () => {
    const { key, membershipId } = await memberWithPlan();
    const from = await inOrg(t, club.org, async (_tx, ctx) => dayFrom(ctx, 3));
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => as(key, 'POST', `${ME}requests/`, { kind: 'freeze', membership: membershipId, from, days: 4 })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400, 400]);
    expect((await as(key, 'GET', `${ME}requests/`)).json().results).toHaveLength(1);
  });

  it('bad input writes nothing', async () => {
    const { key, membershipId } = await memberWithPlan();
    for (const body of [
      { kind: 'freeze', membership: membershipId, from: 'soon', days: 4 },
      { kind: 'freeze', membership: membershipId, from: '2099-01-01', days: 0 },
      { kind: 'freeze', membership: membershipId, from: '2020-01-01', days: 4 },
      { kind: 'cancel', membership: membershipId, reason: '' },
      { kind: 'pause', membership: membershipId },
    ]) {
      const res = await as(key, 'POST', `${ME}requests/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await as(key, 'GET', `${ME}requests/`)).json().results).toEqual([]);
  });
});

describe('ownership and switches', () => {
  it('another member’s membership is a 404, another organisation’s request a 404 at the desk', async () => {
    const mine = await memberWithPlan();
    const theirs = await memberWithPlan();
    const res = await as(mine.key, 'POST', `${ME}requests/`, { kind: 'cancel', membership: theirs.membershipId, reason: 'x' });
    expect(res.statusCode).toBe(404);
    const other = await makeClub(t);
    const asked = await as(theirs.key, 'POST', `${ME}requests/`, { kind: 'cancel', membership: theirs.membershipId, reason: 'Bye' });
    expect((await as(other.key, 'POST', `${DESK}${asked.json().id}/approve/`, undefined, other)).statusCode).toBe(404);
    expect((await as(other.key, 'GET', DESK, undefined, other)).json().results).toEqual([]);
  });

  it('a switched-off feature answers 403; member keys never reach the desk side', async () => {
    const c = await makeClub(t);
    const { key, membershipId } = await memberWithPlan(c);
    await setMode(t, c, 'everyone', { check_in: false, freeze_request: false, cancel_request: false });
    expect((await as(key, 'GET', `${ME}check-in/`, undefined, c)).statusCode).toBe(403);
    expect((await as(key, 'GET', `${ME}attendance/`, undefined, c)).statusCode).toBe(403);
    const from = await inOrg(t, c.org, async (_tx, ctx) => dayFrom(ctx, 2));
    expect((await as(key, 'POST', `${ME}requests/`, { kind: 'freeze', membership: membershipId, from, days: 4 }, c)).statusCode).toBe(403);
    expect((await as(key, 'POST', `${ME}requests/`, { kind: 'cancel', membership: membershipId, reason: 'x' }, c)).statusCode).toBe(403);
    expect((await as(key, 'GET', DESK, undefined, c)).statusCode).toBe(401);
    expect((await as(c.key, 'GET', `${ME}check-in/`, undefined, c)).statusCode).toBe(401);
  });
});

describe('plans and the workout log', () => {
  it('lists the member’s plans and keeps their own workout log, bounded, apart from another member’s', async () => {
    const { key } = await memberWithPlan();
    const other = await memberWithPlan();
    const plans = await as(key, 'GET', `${ME}plans/`);
    expect(plans.statusCode).toBe(200);
    expect(plans.json()).toEqual({ enabled: true, results: [] });
    const today = await inOrg(t, club.org, async (_tx, ctx) => ctx.now.today);
    const logged = await as(key, 'POST', `${ME}workout-log/`, { date: today, exercise: 'Squat', sets: 3, reps: 10, weight: 42.5 });
    expect(logged.statusCode, logged.body).toBe(201);
    expect(logged.json()).toMatchObject({ date: today, exercise: 'Squat', sets: 3, reps: 10, weight: 42.5 });
    for (const bad of [
      { date: today, exercise: 'Squat', sets: 0, reps: 10 },
      { date: today, exercise: 'Squat', sets: 3, reps: 5000 },
      { date: today, exercise: '', sets: 3, reps: 10 },
      { date: today, exercise: 'Squat', sets: 3, reps: 10, weight: 2000 },
      { date: '2099-01-01', exercise: 'Squat', sets: 3, reps: 10 },
      { date: '2001-01-01', exercise: 'Squat', sets: 3, reps: 10 },
    ])
      expect((await as(key, 'POST', `${ME}workout-log/`, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    expect((await as(key, 'GET', `${ME}workout-log/`)).json().results).toHaveLength(1);
    expect((await as(other.key, 'GET', `${ME}workout-log/`)).json().results).toEqual([]);
  });

  it('is hidden when switched off', async () => {
    const c = await makeClub(t);
    const { key } = await memberWithPlan(c);
    await setMode(t, c, 'everyone', { plans: false });
    expect((await as(key, 'GET', `${ME}plans/`, undefined, c)).json()).toEqual({ enabled: false, results: [] });
    expect((await as(key, 'GET', `${ME}workout-log/`, undefined, c)).statusCode).toBe(403);
  });
});

describe('profile', () => {
  it('changes the emergency contact; any other field of the record is refused and nothing is written', async () => {
    const { key, member } = await memberWithPlan();
    const ok = await as(key, 'PATCH', `${ME}profile/`, { emergency_name: 'Ravi Rao', emergency_phone: '9811122233' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ emergency_name: 'Ravi Rao', emergency_phone: '9811122233', phone: member.phone });
    for (const body of [
      { first_name: 'Hacker' },
      { phone: '9800000001' },
      { email: 'x@example.com' },
      { emergency_name: 'A', notes: 'x' },
    ]) {
      const res = await as(key, 'PATCH', `${ME}profile/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const detail = (await as(club.key, 'GET', `/api/member-management/member/${member.id}/`)).json();
    expect(detail).toMatchObject({ first_name: member.firstName, phone: member.phone, emergency_contact_name: 'Ravi Rao' });
  });

  it('changes the phone only with the code sent to the new number', async () => {
    const { key, member } = await memberWithPlan();
    const taken = await memberWithPlan();
    expect((await as(key, 'POST', `${ME}profile/verify/`, { phone: taken.member.phone })).statusCode).toBe(400);
    const fresh = `98${String(member.id).padStart(8, '0')}`.slice(0, 10);
    const asked = await as(key, 'POST', `${ME}profile/verify/`, { phone: fresh });
    expect(asked.statusCode, asked.body).toBe(202);
    expect((await as(key, 'GET', `${ME}profile/`)).json()).toMatchObject({
      phone: member.phone,
      pending: { channel: 'sms', address: fresh },
    });
    const code = await codeFor(t, club, fresh);
    // The log shows the code masked, as a sign-in code's.
    const [sms] = await smsTo(t, club, fresh);
    expect(sms.body).not.toContain(code);
    expect(sms.body).toContain('••••••');
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await as(key, 'POST', `${ME}profile/verify/confirm/`, { code: wrong })).statusCode).toBe(400);
    expect((await as(key, 'GET', `${ME}profile/`)).json().phone).toBe(member.phone);
    const confirmed = await as(key, 'POST', `${ME}profile/verify/confirm/`, { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ phone: fresh, pending: null });
    // Used once.
    expect((await as(key, 'POST', `${ME}profile/verify/confirm/`, { code })).statusCode).toBe(400);
  });

  it('answers 403 when editing the profile is switched off', async () => {
    const c = await makeClub(t);
    const { key } = await memberWithPlan(c);
    await setMode(t, c, 'everyone', { edit_profile: false });
    expect((await as(key, 'GET', `${ME}profile/`, undefined, c)).statusCode).toBe(403);
    expect((await as(key, 'PATCH', `${ME}profile/`, { emergency_name: 'X' }, c)).statusCode).toBe(403);
    expect((await as(key, 'POST', `${ME}profile/verify/`, { phone: '9800000002' }, c)).statusCode).toBe(403);
  });
});
