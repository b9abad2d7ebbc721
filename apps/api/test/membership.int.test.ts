/**
 * Membership Management: members (codes, phones, photos), memberships as sales (end dates,
 * joining fee, invoice, dues from payments), renewals, freezes, cancellations with refunds,
 * member services, payment history, statuses and the daily job — each in organisations the
 * test made itself.
 */
import { freezeDays, membershipStatus, membershipYear, shiftDays } from '@arena/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMode } from '../src/modules/administrator/schema.js';
import { member, membership, membershipFreeze, membershipSetting } from '../src/modules/membership/schema.js';
import { refreshOrganisation, refreshStatuses } from '../src/modules/membership/status.js';
import { withTenant } from '../src/platform/db/client.js';
import { organisation } from '../src/platform/db/schema.js';
import { systemCtx } from '../src/platform/request-context.js';
import { displayDate } from '../src/platform/time.js';
import {
  inOrg,
  makeCentre,
  makeFreeze,
  makeMemberRow,
  makeMembershipRow,
  makeOrganisation,
  makePlan,
  makeStaff,
  makeStaffCategory,
  makeUser,
  type TestOrganisation,
} from './factories.js';
import { call, createTestApp, login, multipartBody, TINY_PNG, type TestContext } from './helpers.js';

type Body = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const API = '/api/member-management';

interface Gym {
  org: TestOrganisation;
  key: string;
  today: string;
  centre: number;
  cash: number;
  upi: number;
  monthly: number;
  pack: number;
  service: number;
}

let t: TestContext;
let gym: Gym;
let other: Gym;

async function gymOf(): Promise<Gym> {
  const org = await makeOrganisation(t);
  const made = await inOrg(t, org, async (tx, ctx) => {
    const modes = await tx.select().from(paymentMode).where(eq(paymentMode.organisationId, ctx.organisationId));
    const centre = await makeCentre(tx, ctx);
    const monthly = await makePlan(tx, ctx, {
      name: 'Monthly',
      price: '1500.00',
      joiningFee: '500.00',
      freezeMaxTimes: 2,
      freezeMaxDays: 15,
    });
    const pack = await makePlan(tx, ctx, { name: 'PT 3 sessions', price: '900.00', sessions: 3, durationValue: 30, durationUnit: 'day' });
    return {
      today: ctx.now.today,
      centre: centre.id,
      cash: modes.find((m) => m.name === 'Cash')!.id,
      upi: modes.find((m) => m.name === 'UPI')!.id,
      monthly: monthly.id,
      pack: pack.id,
    };
  });
  const key = await login(t.app, org.owner, org.host);
  const service = await call(t.app, {
    method: 'POST',
    url: `${API}/service/`,
    host: org.host,
    token: key,
    payload: { name: 'Locker', price: '300.00', duration_days: 30, gst_rate: 18, sac_code: '999729' },
  });
  return { org, key, ...made, service: service.statusCode === 201 ? service.json().id : 0 };
}

beforeAll(async () => {
  t = await createTestApp();
  gym = await gymOf();
  other = await gymOf();
});
afterAll(async () => t?.close());

const api = (method: Method, url: string, payload?: unknown, g: Gym = gym, token: string | null = g.key) =>
  call(t.app, { method, url: `${API}${url}`, host: g.org.host, token, payload: payload as Body });

let phones = 0;
const phone = () => `98${String(process.pid % 10000).padStart(4, '0')}${String(++phones).padStart(4, '0')}`;

/** A member, optionally on a plan with a payment. */
async function join(extra: Body = {}, g: Gym = gym) {
  const res = await api(
    'POST',
    '/member/',
    { first_name: 'Asha', last_name: 'Rao', gender: 'female', phone: phone(), centre: g.centre, ...extra },
    g,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('members', () => {
  it('numbers members MEM-00001, MEM-00002 … per organisation and answers the contract fields', async () => {
    const a = await join();
    const b = await join({ first_name: 'Ravi', gender: 'male', email: 'RAVI@Example.com' });
    const n = Number(a.member_code.slice(4));
    expect(a.member_code).toMatch(/^MEM-\d{5}$/);
    expect(b.member_code).toBe(`MEM-${String(n + 1).padStart(5, '0')}`);
    expect(b).toMatchObject({
      full_name: 'Ravi Rao',
      email: 'ravi@example.com',
      status: 'inactive',
      current_membership: null,
      due: '0.00',
      membership: null,
    });
    const fresh = await join({}, other);
    expect(fresh.member_code).toBe('MEM-00001');
  });

  it('refuses a phone another active member has, naming that member, and bad fields with DRF errors', async () => {
    const a = await join();
    const dup = await api('POST', '/member/', { first_name: 'X', gender: 'male', phone: a.phone, centre: gym.centre });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().phone[0]).toContain('A member with this phone number already exists.');
    expect(dup.json().phone[0]).toContain(a.member_code);
    const bad = await api('POST', '/member/', { first_name: '', gender: 'x', phone: '12345', centre: other.centre, email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['email', 'first_name', 'gender', 'phone']);
    const foreign = await api('POST', '/member/', { first_name: 'Y', gender: 'male', phone: phone(), centre: other.centre });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().centre[0]).toMatch(/Invalid pk/);
    // Deactivated, the phone is free again.
    expect((await api('PATCH', `/member/${a.id}/`, { is_active: false })).json().status).toBe('inactive');
    await join({ phone: a.phone });
  });

  it('takes a photo by multipart, serves it, and refuses a non-image', async () => {
    const body = multipartBody(
      { first_name: 'Photo', gender: 'other', phone: phone(), centre: String(gym.centre) },
      { name: 'me.png', data: TINY_PNG, type: 'image/png', field: 'photo' },
    );
    const res = await call(t.app, {
      method: 'POST',
      url: `${API}/member/`,
      host: gym.org.host,
      token: gym.key,
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().photo).toMatch(/^\/uploads\/org-\d+\/.+\.png$/);
    const bad = multipartBody(
      { first_name: 'P', gender: 'other', phone: phone(), centre: String(gym.centre) },
      { name: 'x.png', data: Buffer.from('not an image'), type: 'image/png', field: 'photo' },
    );
    const refused = await call(t.app, {
      method: 'POST',
      url: `${API}/member/`,
      host: gym.org.host,
      token: gym.key,
      payload: bad.payload,
      headers: bad.headers,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().photo).toBeDefined();
  });

  it("hides another organisation's member (404) and refuses users without the module (403)", async () => {
    const a = await join({}, other);
    expect((await api('GET', `/member/${a.id}/`)).statusCode).toBe(404);
    const desk = await makeUser(t, gym.org.id, { modules: ['Booking Management'] });
    const key = await login(t.app, desk, gym.org.host);
    expect((await api('GET', '/member/', undefined, gym, key)).statusCode).toBe(403);
    expect((await api('POST', '/membership/', { member: 1, plan: gym.monthly }, gym, key)).statusCode).toBe(403);
  });
});

describe('memberships as sales', () => {
  it('sells a plan with the member in one step: end date, joining fee once, invoice, part payment, due', async () => {
    const start = '2027-01-31';
    const m = await join({
      membership: {
        plan: gym.monthly,
        start_date: start,
        discount: '100.00',
        payment: { amount: '1000.00', payment_mode: gym.upi, reference: '' },
      },
    });
    const ms = m.membership;
    expect(ms).toMatchObject({
      start_date: start,
      end_date: '2027-02-28',
      price: '1500.00',
      discount: '100.00',
      joining_fee: '500.00',
      total: '1900.00',
      paid: '1000.00',
      due: '900.00',
      status: 'upcoming',
      renewed_from: null,
      sessions_left: null,
    });
    expect(ms.invoice.number).toMatch(/^INV\/\d{2}-\d{2}\/\d{5}$/);
    expect(ms.invoice.status).toBe('partially_paid');
    expect(m.due).toBe('900.00');
    const inv = (
      await call(t.app, { method: 'GET', url: `/api/administrator/invoice/${ms.invoice.id}/`, host: gym.org.host, token: gym.key })
    ).json();
    expect(inv.module).toBe('Membership Management');
    expect(inv.lines.map((l: { description: string }) => l.description)).toEqual([
      expect.stringContaining('Monthly membership, 31 Jan 2027 – 28 Feb 2027'),
      'Joining fee',
    ]);
    expect(inv.total).toBe('1900.00');
    // A second membership of the same member has no joining fee.
    const second = await api('POST', '/membership/', { member: m.id, plan: gym.monthly, start_date: '2027-03-01' });
    expect(second.json()).toMatchObject({ joining_fee: '0.00', total: '1500.00', end_date: '2027-03-31' });
  });

  it('refuses a discount above the price, a payment above the total, an inactive plan, and writes nothing', async () => {
    const m = await join();
    const over = await api('POST', '/membership/', { member: m.id, plan: gym.monthly, discount: '1600.00' });
    expect(over.json()).toEqual({ discount: ['The discount cannot exceed the price (1500.00).'] });
    const pay = await api('POST', '/membership/', {
      member: m.id,
      plan: gym.monthly,
      payment: { amount: '5000.00', payment_mode: gym.cash },
    });
    expect(pay.statusCode).toBe(400);
    expect(pay.json()['payment.amount'][0]).toContain('cannot exceed the total (2000.00)');
    const nested = await api('POST', '/member/', {
      first_name: 'N',
      gender: 'male',
      phone: phone(),
      centre: gym.centre,
      membership: { plan: gym.monthly, discount: '9999.00' },
    });
    expect(nested.json()).toEqual({ 'membership.discount': ['The discount cannot exceed the price (1500.00).'] });
    // Dates: a start years away (or before year 1000, which once answered 500) and a birth date ahead.
    const ancient = await api('POST', '/membership/', { member: m.id, plan: gym.monthly, start_date: '0050-01-01' });
    expect(ancient.statusCode).toBe(400);
    expect(ancient.json()).toEqual({ start_date: ['Enter a date between 1900 and 2199.'] });
    const far = await api('POST', '/membership/', { member: m.id, plan: gym.monthly, start_date: shiftDays(gym.today, -500) });
    expect(far.json()).toEqual({ start_date: ['Enter a start date within a year of today.'] });
    const renewFar = await api('POST', '/member/', {
      first_name: 'N',
      gender: 'male',
      phone: phone(),
      centre: gym.centre,
      date_of_birth: shiftDays(gym.today, 30),
      membership: { plan: gym.monthly, start_date: shiftDays(gym.today, 400) },
    });
    expect(renewFar.json()).toEqual({
      date_of_birth: ['A date of birth cannot be in the future.'],
      'membership.start_date': ['Enter a start date within a year of today.'],
    });
    const list = await api('GET', `/membership/?member=${m.id}`);
    expect(list.json().count).toBe(0);
  });

  it('takes payments until the due is zero, never above it, and lists them in payment history', async () => {
    const m = await join({ membership: { plan: gym.monthly } });
    const id = m.membership.id;
    const first = await api('POST', '/payment-history/', { membership: id, amount: '1200.00', payment_mode: gym.cash });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ kind: 'receipt', amount: '1200.00', member: m.id, member_code: m.member_code });
    const over = await api('POST', '/payment-history/', { membership: id, amount: '900.00', payment_mode: gym.cash });
    expect(over.json()).toEqual({ amount: ['The amount exceeds the due amount (800.00).'] });
    await api('POST', '/payment-history/', { membership: id, amount: '800.00', payment_mode: gym.upi, reference: '412345678901' });
    const after = (await api('GET', `/membership/${id}/`)).json();
    expect(after).toMatchObject({ paid: '2000.00', due: '0.00' });
    expect(after.invoice.status).toBe('paid');
    const history = (await api('GET', `/payment-history/?member=${m.id}`)).json();
    expect(history.count).toBe(2);
    const totals = (await api('GET', `/payment-history/totals/?member=${m.id}`)).json();
    expect(totals).toEqual({ count: 2, receipts: '2000.00', refunds: '0.00', net: '2000.00', income: '2000.00', expense: '0.00' });
    const both = await api('POST', '/payment-history/', { membership: id, member_service: 1, amount: '1.00', payment_mode: gym.cash });
    expect(both.statusCode).toBe(400);
    const foreign = await api('POST', '/payment-history/', { membership: id, amount: '1.00', payment_mode: gym.cash }, other);
    expect(foreign.json().membership[0]).toMatch(/Invalid pk/);
  });

  it('renews from the day after the old end, once, and onto another plan', async () => {
    const m = await join({ membership: { plan: gym.monthly, start_date: gym.today } });
    const old = m.membership;
    const renewed = await api('POST', `/membership/${old.id}/renew/`, {});
    expect(renewed.statusCode, renewed.body).toBe(201);
    expect(renewed.json()).toMatchObject({
      start_date: shiftDays(old.end_date, 1),
      renewed_from: old.id,
      joining_fee: '0.00',
      status: 'upcoming',
    });
    expect((await api('GET', `/membership/${old.id}/`)).json().renewed_by).toBe(renewed.json().id);
    const again = await api('POST', `/membership/${old.id}/renew/`, {});
    expect(again.json()).toEqual({ detail: 'This membership has already been renewed.' });
    const upgrade = await api('POST', `/membership/${renewed.json().id}/renew/`, { plan: gym.pack, start_date: gym.today });
    expect(upgrade.json()).toMatchObject({ plan: gym.pack, start_date: gym.today, sessions_left: 3 });
  });

  it('renews a lapsed membership from today', async () => {
    const m = await join({ membership: { plan: gym.monthly, start_date: shiftDays(gym.today, -90) } });
    expect(m.status).toBe('expired');
    const renewed = (await api('POST', `/membership/${m.membership.id}/renew/`, {})).json();
    expect(renewed.start_date).toBe(gym.today);
    expect((await api('GET', `/member/${m.id}/`)).json()).toMatchObject({ status: 'active', current_membership: { id: renewed.id } });
  });
});

describe('freezes', () => {
  it('moves the end date out by the frozen days, and back when a future freeze is deleted', async () => {
    const m = await join({ membership: { plan: gym.monthly, start_date: gym.today } });
    const ms = m.membership;
    const from = shiftDays(gym.today, 3);
    const frozen = await api('POST', `/membership/${ms.id}/freeze/`, { from_date: from, to_date: shiftDays(from, 9), reason: 'Travel' });
    expect(frozen.statusCode, frozen.body).toBe(200);
    expect(frozen.json()).toMatchObject({ end_date: shiftDays(ms.end_date, 10), base_end_date: ms.end_date, frozen_days: 10 });
    const freezeId = frozen.json().freezes[0].id;
    const overlap = await api('POST', `/membership/${ms.id}/freeze/`, { from_date: shiftDays(from, 5), to_date: shiftDays(from, 6) });
    expect(overlap.json().detail).toMatch(/overlaps another one/);
    const tooMany = await api('POST', `/membership/${ms.id}/freeze/`, { from_date: shiftDays(from, 12), to_date: shiftDays(from, 17) });
    expect(tooMany.json()).toEqual({ detail: 'The plan "Monthly" allows at most 15 frozen days per membership; 10 used, 6 asked.' });
    const removed = await api('DELETE', `/membership/${ms.id}/freeze/${freezeId}/`);
    expect(removed.json()).toMatchObject({ end_date: ms.end_date, freezes: [] });
  });

  it('counts freezes against the plan, ends a running one early with the unused days back, and refuses check-ins … by status', async () => {
    const m = await join({ membership: { plan: gym.monthly, start_date: shiftDays(gym.today, -5) } });
    const ms = m.membership;
    const running = await api('POST', `/membership/${ms.id}/freeze/`, {
      from_date: shiftDays(gym.today, -1),
      to_date: shiftDays(gym.today, 4),
    });
    expect(running.json().status).toBe('frozen');
    expect((await api('GET', `/member/${m.id}/`)).json().status).toBe('frozen');
    const cannotDelete = await api('DELETE', `/membership/${ms.id}/freeze/${running.json().freezes[0].id}/`);
    expect(cannotDelete.json().detail).toMatch(/has started/);
    // Back today: yesterday stays frozen, the other five days come back.
    const ended = await api('POST', `/membership/${ms.id}/unfreeze/`, {});
    expect(ended.json()).toMatchObject({ end_date: shiftDays(ms.end_date, 1), frozen_days: 1, status: 'active' });
    expect(ended.json().freezes[0]).toMatchObject({ ended_on: gym.today, to_date: shiftDays(gym.today, -1), days: 1 });
    await api('POST', `/membership/${ms.id}/freeze/`, { from_date: shiftDays(gym.today, 2), to_date: shiftDays(gym.today, 2) });
    const third = await api('POST', `/membership/${ms.id}/freeze/`, {
      from_date: shiftDays(gym.today, 5),
      to_date: shiftDays(gym.today, 5),
    });
    expect(third.json()).toEqual({ detail: 'The plan "Monthly" allows at most 2 freezes per membership; 2 already taken.' });
  });

  it('forgets a freeze ended on its first day, and refuses one that would run into a renewal', async () => {
    const ms = (await join({ membership: { plan: gym.monthly } })).membership;
    await api('POST', `/membership/${ms.id}/freeze/`, { from_date: gym.today, to_date: shiftDays(gym.today, 3) });
    const back = (await api('POST', `/membership/${ms.id}/unfreeze/`, {})).json();
    expect(back).toMatchObject({ end_date: ms.end_date, freezes: [], frozen_days: 0 });
    const renewal = (await api('POST', `/membership/${ms.id}/renew/`, {})).json();
    const into = await api('POST', `/membership/${ms.id}/freeze/`, {
      from_date: shiftDays(gym.today, 2),
      to_date: shiftDays(gym.today, 4),
    });
    expect(into.json().detail, `${JSON.stringify(renewal)} ${into.body}`).toMatch(/has been renewed from .*Freeze the renewal instead/);
    const ok = await api('POST', `/membership/${renewal.id}/freeze/`, {
      from_date: renewal.start_date,
      to_date: shiftDays(renewal.start_date, 2),
    });
    expect(ok.json().end_date, ok.body).toBe(shiftDays(renewal.end_date, 3));
  });

  it('refuses freezing an expired or cancelled membership, and a freeze outside it', async () => {
    const old = (await join({ membership: { plan: gym.monthly, start_date: shiftDays(gym.today, -60) } })).membership;
    const expired = await api('POST', `/membership/${old.id}/freeze/`, { from_date: gym.today, to_date: gym.today });
    expect(expired.json().detail).toMatch(/An expired membership cannot be frozen/);
    const cur = (await join({ membership: { plan: gym.monthly } })).membership;
    const outside = await api('POST', `/membership/${cur.id}/freeze/`, {
      from_date: shiftDays(cur.end_date, 1),
      to_date: shiftDays(cur.end_date, 2),
    });
    expect(outside.json().from_date[0]).toMatch(/last day/);
    const backwards = await api('POST', `/membership/${cur.id}/freeze/`, { from_date: shiftDays(gym.today, 2), to_date: gym.today });
    expect(backwards.json().to_date).toBeDefined();
    await api('POST', `/membership/${cur.id}/cancel/`, { reason: 'Moved city' });
    const cancelled = await api('POST', `/membership/${cur.id}/freeze/`, { from_date: gym.today, to_date: gym.today });
    expect(cancelled.json()).toEqual({ detail: 'A cancelled membership cannot be frozen.' });
  });
});

describe('freeze limits per membership year and the shortest freeze', () => {
  /** A plan with room enough per membership, so only the yearly limits and the minimum bite. */
  const yearlyPlan = (values: Parameters<typeof makePlan>[2]) =>
    inOrg(t, gym.org, (tx, ctx) =>
      makePlan(tx, ctx, { durationValue: 24, durationUnit: 'month', freezeMaxTimes: 12, freezeMaxDays: 365, ...values }),
    );
  let rowMembers = 0;
  /** A member on `plan` from `start` (a membership as history: no invoice), with freezes already taken. */
  const memberOn = (plan: Awaited<ReturnType<typeof yearlyPlan>>, start: string, freezes: { from: string; to: string }[] = []) =>
    inOrg(t, gym.org, async (tx, ctx) => {
      // A code the organisation's counter (members joined through the service) does not reach.
      const m = await makeMemberRow(tx, ctx, { centreId: gym.centre, memberCode: `MEM-9${String(++rowMembers).padStart(4, '0')}` });
      const row = await makeMembershipRow(tx, ctx, { member: m, plan, start });
      for (const f of freezes) await makeFreeze(tx, ctx, { membership: row, ...f });
      return row.id;
    });
  const freeze = (id: number, from: string, to: string) => api('POST', `/membership/${id}/freeze/`, { from_date: from, to_date: to });

  it('refuses a freeze shorter than the plan’s minimum, on to_date, and takes one of exactly the minimum', async () => {
    const plan = await yearlyPlan({ name: 'Two years, 7-day freezes', minFreezeDays: 7 });
    const id = await memberOn(plan, gym.today);
    const short = await freeze(id, shiftDays(gym.today, 3), shiftDays(gym.today, 8));
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ to_date: ['The plan "Two years, 7-day freezes" freezes for at least 7 days; this freeze is 6 days.'] });
    const ok = await freeze(id, shiftDays(gym.today, 3), shiftDays(gym.today, 9));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().frozen_days).toBe(7);
  });

  it('counts the freezes and days of the membership year the freeze starts in, from the membership’s start', async () => {
    const plan = await yearlyPlan({ name: 'Two years, 2 × 20 days a year', maxFreezesPerYear: 2, maxFreezeDaysPerYear: 20 });
    // Started 400 days ago: the first membership year is over, today is in the second.
    const start = shiftDays(gym.today, -400);
    const first = membershipYear(start, start);
    const second = membershipYear(start, gym.today);
    expect(second.from).toBe(shiftDays(first.to, 1));
    // The first year used both its freezes and all its days.
    const id = await memberOn(plan, start, [
      { from: shiftDays(start, 10), to: shiftDays(start, 19) },
      { from: shiftDays(start, 100), to: shiftDays(start, 109) },
    ]);
    const fmt = (iso: string) => displayDate(iso);
    const inFirst = await freeze(id, shiftDays(start, 200), shiftDays(start, 200));
    expect(inFirst.statusCode).toBe(400);
    expect(inFirst.json()).toEqual({
      from_date: [
        `The plan "Two years, 2 × 20 days a year" allows at most 2 freezes per membership year; 2 already taken in the membership year ${fmt(first.from)} – ${fmt(first.to)}.`,
      ],
    });
    // The second year starts afresh: 12 days, then 10 more would make 22 of 20.
    expect((await freeze(id, shiftDays(gym.today, 1), shiftDays(gym.today, 12))).statusCode).toBe(200);
    const tooLong = await freeze(id, shiftDays(gym.today, 20), shiftDays(gym.today, 29));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      to_date: [
        `The plan "Two years, 2 × 20 days a year" allows at most 20 frozen days per membership year; 12 used in the membership year ${fmt(second.from)} – ${fmt(second.to)}, 10 asked.`,
      ],
    });
    const fits = await freeze(id, shiftDays(gym.today, 20), shiftDays(gym.today, 27));
    expect(fits.statusCode, fits.body).toBe(200);
    // What the freeze dialog shows: the plan's limits and this membership year's use.
    expect(fits.json()).toMatchObject({
      freeze_limits: { max_times: 12, max_days: 365, max_freezes_per_year: 2, max_freeze_days_per_year: 20, min_freeze_days: 1 },
      freeze_year: { from: second.from, to: second.to, freezes: 2, days: 20 },
      frozen_days: 40,
    });
    const third = await freeze(id, shiftDays(gym.today, 40), shiftDays(gym.today, 40));
    expect(third.json().from_date[0]).toMatch(/allows at most 2 freezes per membership year; 2 already taken/);
    const after = (await api('GET', `/membership/${id}/`)).json();
    expect(after.freezes).toHaveLength(4);
  });

  it('refuses every freeze of a plan that allows none in a membership year', async () => {
    const plan = await yearlyPlan({ name: 'Two years, no freezes a year', maxFreezesPerYear: 0 });
    const id = await memberOn(plan, gym.today);
    const res = await freeze(id, shiftDays(gym.today, 1), shiftDays(gym.today, 2));
    expect(res.json()).toEqual({ from_date: ['The plan "Two years, no freezes a year" allows no freezes in a membership year.'] });
  });

  it('lets one of two parallel freezes through when each fits the year alone but not both together', async () => {
    const plan = await yearlyPlan({ name: 'Two years, 15 days a year', maxFreezesPerYear: 5, maxFreezeDaysPerYear: 15 });
    const byDays = await memberOn(plan, gym.today);
    const days = await Promise.all([
      freeze(byDays, shiftDays(gym.today, 2), shiftDays(gym.today, 11)),
      freeze(byDays, shiftDays(gym.today, 20), shiftDays(gym.today, 29)),
    ]);
    expect(days.map((r) => r.statusCode).sort(), days.map((r) => r.body).join('\n')).toEqual([200, 400]);
    expect(days.find((r) => r.statusCode === 400)!.json().to_date[0]).toMatch(/at most 15 frozen days per membership year; 10 used/);
    expect((await api('GET', `/membership/${byDays}/`)).json()).toMatchObject({ frozen_days: 10, freeze_year: { freezes: 1, days: 10 } });

    const once = await yearlyPlan({ name: 'Two years, once a year', maxFreezesPerYear: 1 });
    const byCount = await memberOn(once, gym.today);
    const times = await Promise.all([
      freeze(byCount, shiftDays(gym.today, 2), shiftDays(gym.today, 3)),
      freeze(byCount, shiftDays(gym.today, 20), shiftDays(gym.today, 21)),
    ]);
    expect(times.map((r) => r.statusCode).sort(), times.map((r) => r.body).join('\n')).toEqual([200, 400]);
    expect((await api('GET', `/membership/${byCount}/`)).json().freezes).toHaveLength(1);
  });
});

describe('cancellations', () => {
  it('refunds through the ledger with a credit note (never more than paid) and closes the invoice', async () => {
    const m = await join({ membership: { plan: gym.monthly, payment: { amount: '2000.00', payment_mode: gym.upi, reference: '' } } });
    const ms = m.membership;
    const tooMuch = await api('POST', `/membership/${ms.id}/cancel/`, { reason: 'Injury', refund_amount: '2500.00' });
    expect(tooMuch.json()).toEqual({ refund_amount: ['The refund cannot exceed what was paid (2000.00).'] });
    expect((await api('GET', `/membership/${ms.id}/`)).json().status).not.toBe('cancelled');
    const done = await api('POST', `/membership/${ms.id}/cancel/`, { reason: 'Injury', refund_amount: '1500.00' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'cancelled', paid: '500.00', due: '0.00', cancel_reason: 'Injury' });
    expect(done.json().invoice.status).toBe('cancelled');
    const history = (await api('GET', `/payment-history/?membership=${ms.id}`)).json();
    const refund = history.results.find((r: { kind: string }) => r.kind === 'refund');
    expect(refund).toMatchObject({ amount: '1500.00', payment_mode: gym.upi });
    expect(refund.invoice_number).toMatch(/^CN\//);
    const totals = (await api('GET', `/payment-history/totals/?membership=${ms.id}`)).json();
    expect(totals).toMatchObject({ count: 2, receipts: '2000.00', refunds: '1500.00', net: '500.00' });
    // Dues leave with the cancellation.
    expect((await api('GET', `/member/${m.id}/`)).json()).toMatchObject({ due: '0.00', status: 'inactive' });
    const twice = await api('POST', `/membership/${ms.id}/cancel/`, { reason: 'Again' });
    expect(twice.json()).toEqual({ detail: 'This membership is already cancelled.' });
    const noReason = await api('POST', `/membership/${ms.id}/cancel/`, {});
    expect(noReason.json().reason).toEqual(['This field is required.']);
  });
});

describe('member services', () => {
  it('sells a service with its own dates, invoice and due, takes a payment and cancels', async () => {
    expect(gym.service).toBeGreaterThan(0);
    const m = await join();
    const sold = await api('POST', '/member-service/', { member: m.id, service: gym.service, start_date: gym.today, discount: '50.00' });
    expect(sold.statusCode, sold.body).toBe(201);
    expect(sold.json()).toMatchObject({
      end_date: shiftDays(gym.today, 29),
      total: '250.00',
      paid: '0.00',
      due: '250.00',
      status: 'active',
      service_name: 'Locker',
    });
    expect(sold.json().invoice.number).toMatch(/^INV\//);
    expect((await api('GET', `/member/${m.id}/`)).json().due).toBe('250.00');
    const pay = await api('POST', '/payment-history/', { member_service: sold.json().id, amount: '250.00', payment_mode: gym.cash });
    expect(pay.statusCode).toBe(201);
    const staff = await api('POST', '/member-service/', { member: m.id, service: gym.service, staff: 999999 });
    expect(staff.json().staff[0]).toMatch(/Invalid pk/);
    // The staff member who gives it: an active staff member of the organisation, named on the sale.
    const trainer = await inOrg(t, gym.org, async (tx, ctx) =>
      makeStaff(tx, ctx, {
        first_name: 'Rahul',
        last_name: 'Verma',
        category: (await makeStaffCategory(tx, ctx)).id,
        centres: [gym.centre],
      }),
    );
    const given = await api('POST', '/member-service/', { member: m.id, service: gym.service, staff: trainer.id });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json()).toMatchObject({ staff: trainer.id, staff_name: 'Rahul Verma' });
    const cancelled = await api('POST', `/member-service/${sold.json().id}/cancel/`, { reason: 'Not needed', refund_amount: '250.00' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', paid: '0.00' });
  });
});

describe('statuses and the daily job', () => {
  it('reads expiring within the reminder window, and renewed expiring members as active', async () => {
    const soon = await join({ membership: { plan: gym.monthly, start_date: shiftDays(gym.today, -25) } });
    expect(soon.membership.status).toBe('expiring');
    expect(soon.status).toBe('expiring');
    const expiring = (await api('GET', '/member/?status=expiring')).json();
    expect(expiring.results.map((r: { id: number }) => r.id)).toContain(soon.id);
    await api('POST', `/membership/${soon.membership.id}/renew/`, {});
    expect((await api('GET', `/member/${soon.id}/`)).json().status).toBe('active');
    const settings = await api('PUT', '/settings/', { reminder_days: 2 });
    expect(settings.json()).toEqual({ reminder_days: 2, batch_seat_grace_days: 7 });
    expect((await api('GET', `/membership/${soon.membership.id}/`)).json().status).toBe('active');
    await api('PUT', '/settings/', { reminder_days: 7 });
  });

  it('moves statuses when the day moves on, once per day, and a second run changes nothing', async () => {
    const m = await join({ membership: { plan: gym.monthly, start_date: shiftDays(gym.today, -31) } });
    expect(m.membership.status).not.toBe('cancelled');
    const up = await join({ membership: { plan: gym.monthly, start_date: shiftDays(gym.today, 1) } });
    expect(up.membership.status).toBe('upcoming');
    // Tomorrow, as the job sees it.
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
    const [orgRow] = await t.handle.db.select().from(organisation).where(eq(organisation.id, gym.org.id));
    const ctx = systemCtx(t.config, orgRow, 'test', tomorrow);
    const first = await withTenant(t.handle.db, gym.org.id, (tx) => refreshOrganisation(tx, ctx));
    expect(first).toBeGreaterThan(0);
    expect(await withTenant(t.handle.db, gym.org.id, (tx) => refreshOrganisation(tx, ctx))).toBeNull();
    expect(await withTenant(t.handle.db, gym.org.id, (tx) => refreshOrganisation(tx, ctx, true))).toBe(0);
    const [row] = await withTenant(t.handle.db, gym.org.id, (tx) =>
      tx
        .select({ status: membership.status })
        .from(membership)
        .where(and(eq(membership.organisationId, gym.org.id), eq(membership.id, up.membership.id))),
    );
    expect(row.status).not.toBe('upcoming');
    const [setting] = await withTenant(t.handle.db, gym.org.id, (tx) =>
      tx.select().from(membershipSetting).where(eq(membershipSetting.organisationId, gym.org.id)),
    );
    expect(setting.refreshedOn).toBe(ctx.now.today);
    const [mb] = await withTenant(t.handle.db, gym.org.id, (tx) =>
      tx.select({ status: member.status }).from(member).where(eq(member.id, up.id)),
    );
    expect(['active', 'expiring']).toContain(mb.status);
  });
});

describe('status derivation in SQL matches the rules', () => {
  it('on boundary days around midnight in Asia/Kolkata', async () => {
    const [orgRow] = await t.handle.db.select().from(organisation).where(eq(organisation.id, gym.org.id));
    // 23:59 and 00:01 in India on the night of 31 March → 1 April 2026.
    const before = systemCtx(t.config, orgRow, 'test', new Date('2026-03-31T18:29:00Z'));
    const after = systemCtx(t.config, orgRow, 'test', new Date('2026-03-31T18:31:00Z'));
    expect([before.now.today, after.now.today]).toEqual(['2026-03-31', '2026-04-01']);
    const cases = [
      { start: '2026-03-01', end: '2026-03-31' }, // last day: expiring, then expired
      { start: '2026-04-01', end: '2026-04-30' }, // upcoming, then active
      { start: '2026-03-01', end: '2026-04-07' }, // expiring both days (ends within 7 days)
      { start: '2026-03-01', end: '2026-04-08' }, // active (8 days left), then expiring
      { start: '2026-03-01', end: '2026-04-09' }, // active both days
      { start: '2026-03-01', end: '2026-05-31', freeze: { from: '2026-04-01', to: '2026-04-10' } }, // frozen from 1 April
      { start: '2026-03-01', end: '2026-05-31', freeze: { from: '2026-03-20', to: '2026-03-31' } }, // frozen, then active
      { start: '2026-03-01', end: '2026-05-31', sessionsLeft: 0 }, // a used-up pack: expired
    ];
    const m = await join();
    const ids = await withTenant(t.handle.db, gym.org.id, async (tx) => {
      const out: number[] = [];
      for (const c of cases) {
        const [row] = await tx
          .insert(membership)
          .values({
            organisationId: gym.org.id,
            memberId: m.id,
            planId: gym.monthly,
            centreId: gym.centre,
            label: 'Boundary',
            party: 'Boundary',
            startDate: c.start,
            baseEndDate: c.end,
            endDate: c.end,
            price: '0',
            total: '0',
            status: 'active',
            sessionsTotal: c.sessionsLeft === undefined ? null : 12,
            sessionsLeft: c.sessionsLeft ?? null,
          })
          .returning();
        if (c.freeze)
          await tx.insert(membershipFreeze).values({
            organisationId: gym.org.id,
            membershipId: row.id,
            fromDate: c.freeze.from,
            toDate: c.freeze.to,
            days: freezeDays(c.freeze.from, c.freeze.to),
          });
        out.push(row.id);
      }
      return out;
    });
    for (const ctx of [before, after]) {
      const statuses = await withTenant(t.handle.db, gym.org.id, async (tx) => {
        await refreshStatuses(tx, ctx, { members: [m.id] });
        return tx.select({ id: membership.id, status: membership.status }).from(membership).where(inArray(membership.id, ids));
      });
      const byId = new Map(statuses.map((r) => [r.id, r.status]));
      cases.forEach((c, i) => {
        const expected =
          c.sessionsLeft === 0
            ? 'expired'
            : membershipStatus({ start: c.start, end: c.end, cancelled: false, freezes: c.freeze ? [c.freeze] : [] }, ctx.now.today, 7);
        expect(`${i}:${byId.get(ids[i])}`).toBe(`${i}:${expected}`);
      });
    }
    const tsBefore = cases.map((c) =>
      c.sessionsLeft === 0
        ? 'expired'
        : membershipStatus({ start: c.start, end: c.end, cancelled: false, freezes: c.freeze ? [c.freeze] : [] }, '2026-03-31'),
    );
    expect(tsBefore).toEqual(['expiring', 'upcoming', 'expiring', 'active', 'active', 'active', 'frozen', 'expired']);
  });
});

describe('top bar search', () => {
  it('finds members by name, phone or code, and opens their page', async () => {
    const m = await join({ first_name: 'Zubin', last_name: 'Kotwal' });
    for (const q of ['zubin kot', m.phone.slice(2, 8), m.member_code]) {
      const res = await call(t.app, { method: 'GET', url: `/api/search/?q=${encodeURIComponent(q)}`, host: gym.org.host, token: gym.key });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().results).toContainEqual(expect.objectContaining({ kind: 'member', id: m.id, path: `/membership/members/${m.id}` }));
    }
  });
});

describe('member card', () => {
  it('prints a PDF card with the member code', async () => {
    const m = await join({ membership: { plan: gym.monthly } });
    const res = await api('GET', `/member/${m.id}/card/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await api('GET', `/member/${m.id}/card/`, undefined, other)).statusCode).toBe(404);
  });
});
