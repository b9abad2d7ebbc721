/**
 * Membership › Dashboard and Reports › Membership, on data made row by row in a fresh
 * organisation (dates relative to its today), so every figure is asserted exactly: statuses come
 * from refreshStatuses, money from the ledger (receive / refund / reverse).
 */
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receive, refund, reverse } from '../src/modules/money/index.js';
import {
  batch,
  batchMember,
  member,
  memberAttendance,
  memberService,
  membership,
  membershipFreeze,
  plan,
  service,
} from '../src/modules/membership/schema.js';
import { refreshStatuses } from '../src/modules/membership/status.js';
import type { Tx } from '../src/platform/db/client.js';
import type { Ctx } from '../src/platform/request-context.js';
import { addDays } from '../src/platform/time.js';
import { inOrg, makeCentre, makeOrganisation, makePaymentMode, makeSport, makeUser, type TestOrganisation } from './factories.js';
import { call, createTestApp, login, type TestContext } from './helpers.js';

let t: TestContext;
let org: TestOrganisation;
let key: string;
let T: string;
const ids = { centreA: 0, centreB: 0, yoga: 0, swim: 0 };

const BASE = '/api/member-management';
const get = (url: string, token = key, host = org.host) => call(t.app, { method: 'GET', url, token, host });
const json = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const day = (n: number) => addDays(T, n);
const monthOf = (d: string) => d.slice(0, 7);
const lastOfMonth = (d: string) => {
  const [y, m] = d.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};
const monthsBack = (n: number) => {
  const [y, m] = T.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 - n, 1)).toISOString().slice(0, 10);
};
const monthsBetween = (from: string, to: string) => {
  const out: string[] = [];
  for (let d = `${from.slice(0, 7)}-01`; d.slice(0, 7) <= to.slice(0, 7);) {
    out.push(d.slice(0, 7));
    const [y, m] = d.split('-').map(Number);
    d = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  }
  return out;
};
const money = (n: number) => n.toFixed(2);

/** Every sale made, for the expectations that depend on which month a date falls in. */
interface Sale {
  member: string;
  centre: 'A' | 'B';
  start: string;
  end: string;
  total: number;
  paid: number;
  cancelled: boolean;
}
const sales: Sale[] = [];

let seq = 0;
async function addMember(tx: Tx, ctx: Ctx, name: string, centreId: number, joinedOn: string) {
  seq += 1;
  const [row] = await tx
    .insert(member)
    .values({
      organisationId: ctx.organisationId,
      memberCode: `MEM-${String(seq).padStart(5, '0')}`,
      firstName: name,
      lastName: 'Test',
      gender: 'female',
      phone: `98765${String(seq).padStart(5, '0')}`,
      centreId,
      joinedOn,
    })
    .returning();
  return row;
}

async function addMembership(
  tx: Tx,
  ctx: Ctx,
  m: { member: typeof member.$inferSelect; plan: typeof plan.$inferSelect; start: string; end: string },
  extra: { discount?: string; joiningFee?: string; renewedFromId?: number; cancelled?: boolean } = {},
) {
  const discount = extra.discount ?? '0';
  const fee = extra.joiningFee ?? '0';
  const total = Number(m.plan.price) - Number(discount) + Number(fee);
  const [row] = await tx
    .insert(membership)
    .values({
      organisationId: ctx.organisationId,
      memberId: m.member.id,
      planId: m.plan.id,
      centreId: m.member.centreId,
      label: `${m.plan.name} · ${m.member.memberCode}`,
      party: m.member.firstName,
      startDate: m.start,
      baseEndDate: m.end,
      endDate: m.end,
      price: m.plan.price,
      discount,
      joiningFee: fee,
      total: money(total),
      status: 'active',
      renewedFromId: extra.renewedFromId ?? null,
    })
    .returning();
  return row;
}

async function addMemberService(tx: Tx, ctx: Ctx, m: typeof member.$inferSelect, s: typeof service.$inferSelect, start: string) {
  const [row] = await tx
    .insert(memberService)
    .values({
      organisationId: ctx.organisationId,
      memberId: m.id,
      serviceId: s.id,
      centreId: m.centreId,
      label: `${s.name} · ${m.memberCode}`,
      party: m.firstName,
      startDate: start,
      endDate: addDays(start, s.durationDays - 1),
      price: s.price,
      total: s.price,
      status: 'active',
    })
    .returning();
  return row;
}

/**
 * Centre A: Asha (joined today; active, part paid, PT service part paid), Bala (expiring, paid;
 * a cancelled locker), Chitra (lapsed 5 days ago, paid long ago), Dev (renewed yesterday: the old
 * one paid 40 days ago, the new one unpaid), Farid (cancelled after paying 500 and getting 200
 * back), Gita (frozen, paid). Centre B: Esha (joined today; active swim, part paid by UPI; a locker
 * whose UPI payment was reversed), Hari (an upcoming day pass, unpaid).
 */
async function build(tx: Tx, ctx: Ctx) {
  const org = ctx.organisationId;
  const A = await makeCentre(tx, ctx, { name: 'Indiranagar' });
  const B = await makeCentre(tx, ctx, { name: 'Whitefield' });
  const yoga = await makeSport(tx, ctx, { name: 'Yoga' });
  const swim = await makeSport(tx, ctx, { name: 'Swimming' });
  Object.assign(ids, { centreA: A.id, centreB: B.id, yoga: yoga.id, swim: swim.id });
  const cash = (await makePaymentMode(tx, ctx, { name: 'Cash' })).id;
  const upi = (await makePaymentMode(tx, ctx, { name: 'UPI' })).id;
  const plans = await tx
    .insert(plan)
    .values([
      {
        organisationId: org,
        name: 'Monthly Yoga',
        sportId: yoga.id,
        durationValue: 1,
        durationUnit: 'month',
        price: '1500.00',
        joiningFee: '200.00',
      },
      { organisationId: org, name: 'Quarterly Swim', sportId: swim.id, durationValue: 3, durationUnit: 'month', price: '4000.00' },
      { organisationId: org, name: 'Day Pass', durationValue: 1, durationUnit: 'day', price: '500.00' },
      { organisationId: org, name: 'Old Plan', durationValue: 1, durationUnit: 'month', price: '999.00', isActive: false },
    ])
    .returning();
  const [monthly, quarterly, dayPass] = plans;
  const [pt, locker] = await tx
    .insert(service)
    .values([
      { organisationId: org, name: 'Personal Training', price: '3000.00', durationDays: 30 },
      { organisationId: org, name: 'Locker', price: '500.00', durationDays: 30 },
    ])
    .returning();

  const M1 = monthsBack(1);
  const M2 = monthsBack(2);
  const asha = await addMember(tx, ctx, 'Asha', A.id, T);
  const bala = await addMember(tx, ctx, 'Bala', A.id, M1);
  const chitra = await addMember(tx, ctx, 'Chitra', A.id, M2);
  const dev = await addMember(tx, ctx, 'Dev', A.id, M2);
  const esha = await addMember(tx, ctx, 'Esha', B.id, T);
  const farid = await addMember(tx, ctx, 'Farid', A.id, M1);
  const gita = await addMember(tx, ctx, 'Gita', A.id, M2);
  const hari = await addMember(tx, ctx, 'Hari', B.id, M1);

  const pay = async (type: 'membership' | 'member_service', id: number, amount: string, mode: number, date?: string) =>
    receive(tx, ctx, { type, id }, { amount, paymentMode: mode, reference: '', date });

  // Asha: 1500 + 200 joining fee = 1700, paid 1000 → due 700.
  const a = await addMembership(tx, ctx, { member: asha, plan: monthly, start: day(-10), end: day(20) }, { joiningFee: '200.00' });
  await pay('membership', a.id, '1000.00', cash);
  // Bala: 1500 − 100 = 1400, paid in full; ends in 3 days.
  const b = await addMembership(tx, ctx, { member: bala, plan: monthly, start: day(-25), end: day(3) }, { discount: '100.00' });
  await pay('membership', b.id, '1400.00', cash);
  // Chitra: 4000 paid 95 days ago; ended 5 days ago.
  const c = await addMembership(tx, ctx, { member: chitra, plan: quarterly, start: day(-95), end: day(-5) });
  await pay('membership', c.id, '4000.00', cash, day(-95));
  // Dev: ended 2 days ago (paid 40 days ago), renewed from yesterday (unpaid).
  const d1 = await addMembership(tx, ctx, { member: dev, plan: monthly, start: day(-40), end: day(-2) });
  await pay('membership', d1.id, '1500.00', cash, day(-40));
  const d2 = await addMembership(tx, ctx, { member: dev, plan: monthly, start: day(-1), end: day(29) }, { renewedFromId: d1.id });
  // Esha (B): 4000, 2500 by UPI.
  const e = await addMembership(tx, ctx, { member: esha, plan: quarterly, start: T, end: day(89) });
  await pay('membership', e.id, '2500.00', upi);
  // Farid: paid 500, 200 refunded, then cancelled (the 1200 it would owe is no due).
  const f = await addMembership(tx, ctx, { member: farid, plan: monthly, start: day(-3), end: day(27) });
  await pay('membership', f.id, '500.00', cash);
  await refund(tx, ctx, { type: 'membership', id: f.id }, { amount: '200.00', paymentMode: cash, reason: 'Moved away' });
  await tx.update(membership).set({ cancelledAt: new Date(), cancelReason: 'Moved away' }).where(eq(membership.id, f.id));
  // Gita: paid, frozen from 2 days ago for 8 days.
  const g = await addMembership(tx, ctx, { member: gita, plan: monthly, start: day(-20), end: day(18) });
  await pay('membership', g.id, '1500.00', cash);
  await tx.insert(membershipFreeze).values({ organisationId: org, membershipId: g.id, fromDate: day(-2), toDate: day(5), days: 8 });
  // Hari (B): a day pass the day after tomorrow, unpaid.
  const h = await addMembership(tx, ctx, { member: hari, plan: dayPass, start: day(2), end: day(2) });

  // Services: Asha's PT (3000, 1000 by UPI), Esha's locker (500; a UPI 300 reversed), Bala's cancelled locker.
  const s1 = await addMemberService(tx, ctx, asha, pt, T);
  await pay('member_service', s1.id, '1000.00', upi);
  const s2 = await addMemberService(tx, ctx, esha, locker, T);
  const wrong = await pay('member_service', s2.id, '300.00', upi);
  await reverse(tx, ctx, wrong.entry.id, 'Wrong member');
  const s3 = await addMemberService(tx, ctx, bala, locker, day(-5));
  await tx.update(memberService).set({ cancelledAt: new Date() }).where(eq(memberService.id, s3.id));

  sales.push(
    { member: 'Asha', centre: 'A', start: day(-10), end: day(20), total: 1700, paid: 1000, cancelled: false },
    { member: 'Bala', centre: 'A', start: day(-25), end: day(3), total: 1400, paid: 1400, cancelled: false },
    { member: 'Chitra', centre: 'A', start: day(-95), end: day(-5), total: 4000, paid: 4000, cancelled: false },
    { member: 'Dev', centre: 'A', start: day(-40), end: day(-2), total: 1500, paid: 1500, cancelled: false },
    { member: 'Dev', centre: 'A', start: day(-1), end: day(29), total: 1500, paid: 0, cancelled: false },
    { member: 'Esha', centre: 'B', start: T, end: day(89), total: 4000, paid: 2500, cancelled: false },
    { member: 'Farid', centre: 'A', start: day(-3), end: day(27), total: 1500, paid: 300, cancelled: true },
    { member: 'Gita', centre: 'A', start: day(-20), end: day(18), total: 1500, paid: 1500, cancelled: false },
    { member: 'Hari', centre: 'B', start: day(2), end: day(2), total: 500, paid: 0, cancelled: false },
  );
  const serviceSales: Sale[] = [
    { member: 'Asha', centre: 'A', start: T, end: day(29), total: 3000, paid: 1000, cancelled: false },
    { member: 'Esha', centre: 'B', start: T, end: day(29), total: 500, paid: 0, cancelled: false },
    { member: 'Bala', centre: 'A', start: day(-5), end: day(24), total: 500, paid: 0, cancelled: true },
  ];

  // Batches: Morning Yoga (A, full: Asha, Bala, Chitra), Evening Swim (B: Esha), an inactive one (Dev).
  const [morning, evening, closed] = await tx
    .insert(batch)
    .values([
      {
        organisationId: org,
        name: 'Morning Yoga',
        sportId: yoga.id,
        centreId: A.id,
        weekdays: [1, 3, 5],
        startTime: '06:00',
        endTime: '07:00',
        capacity: 3,
        memberCount: 3,
      },
      {
        organisationId: org,
        name: 'Evening Swim',
        sportId: swim.id,
        centreId: B.id,
        weekdays: [2, 4],
        startTime: '18:00',
        endTime: '19:00',
        capacity: 10,
        memberCount: 1,
      },
      {
        organisationId: org,
        name: 'Closed Batch',
        centreId: A.id,
        weekdays: [6],
        startTime: '08:00',
        endTime: '09:00',
        capacity: 5,
        memberCount: 1,
        isActive: false,
      },
    ])
    .returning();
  await tx.insert(batchMember).values([
    { organisationId: org, batchId: morning.id, memberId: asha.id, joinedOn: T },
    { organisationId: org, batchId: morning.id, memberId: bala.id, joinedOn: day(-20) },
    { organisationId: org, batchId: morning.id, memberId: chitra.id, joinedOn: day(-60) },
    { organisationId: org, batchId: evening.id, memberId: esha.id, joinedOn: T },
    { organisationId: org, batchId: closed.id, memberId: dev.id, joinedOn: T },
  ]);

  // Visits: Asha came and left, Dev and Esha are in; Asha came yesterday too.
  const at = (date: string, hh: string) => new Date(`${date}T${hh}:00+05:30`);
  await tx.insert(memberAttendance).values([
    {
      organisationId: org,
      memberId: asha.id,
      membershipId: a.id,
      centreId: A.id,
      date: T,
      checkIn: at(T, '06:00'),
      checkOut: at(T, '07:00'),
    },
    { organisationId: org, memberId: dev.id, membershipId: d2.id, centreId: A.id, date: T, checkIn: at(T, '06:30') },
    { organisationId: org, memberId: esha.id, membershipId: e.id, centreId: B.id, date: T, checkIn: at(T, '06:45') },
    {
      organisationId: org,
      memberId: asha.id,
      membershipId: a.id,
      centreId: A.id,
      date: day(-1),
      checkIn: at(day(-1), '06:00'),
      checkOut: at(day(-1), '07:00'),
    },
  ]);

  await refreshStatuses(tx, ctx);
  return { serviceSales, h };
}

let serviceSales: Sale[] = [];

beforeAll(async () => {
  t = await createTestApp();
  org = await makeOrganisation(t);
  T = org.ctx.now.today;
  ({ serviceSales } = await inOrg(t, org, build));
  key = await login(t.app, org.owner, org.host);

  // Another organisation with a member who owes, paid and visited: none of it may show in ours.
  const other = await makeOrganisation(t);
  await inOrg(t, other, async (tx, ctx) => {
    const centre = await makeCentre(tx, ctx);
    const mode = (await makePaymentMode(tx, ctx)).id;
    const [p] = await tx
      .insert(plan)
      .values({ organisationId: ctx.organisationId, name: 'Monthly', durationValue: 1, durationUnit: 'month', price: '2000.00' })
      .returning();
    const m = await addMember(tx, ctx, 'Other', centre.id, ctx.now.today);
    const ms = await addMembership(tx, ctx, { member: m, plan: p, start: ctx.now.today, end: addDays(ctx.now.today, 29) });
    await receive(tx, ctx, { type: 'membership', id: ms.id }, { amount: '700.00', paymentMode: mode });
    await tx
      .insert(memberAttendance)
      .values({ organisationId: ctx.organisationId, memberId: m.id, centreId: centre.id, date: ctx.now.today, checkIn: new Date() });
    await refreshStatuses(tx, ctx);
  });
});
afterAll(async () => t?.close());

describe('membership dashboard', () => {
  it('counts members, expiries, visits, dues and collections exactly', async () => {
    const d = await json(`${BASE}/dashboard/`);
    expect({ ...d, joins_vs_lapses: undefined }).toEqual({
      // Asha, Bala (expiring), Dev (renewed), Esha; Gita is frozen, Chitra expired, Farid cancelled, Hari upcoming.
      active_members: 4,
      new_this_month: 2,
      expiring_7_days: 1,
      // Chitra; Dev's old one was renewed.
      expired_last_30_days: 1,
      expired_window: { from: day(-30), to: day(-1) },
      todays_checkins: 3,
      in_now: 2,
      // 700 (Asha) + 1500 (Dev's renewal) + 1500 (Esha) + 500 (Hari) + 2000 (PT) + 500 (locker); Farid's and Bala's cancelled sales owe nothing.
      dues_outstanding: '6700.00',
      // 1000 + 1400 + 2500 + 500 − 200 + 1500 + 1000 + 300 − 300 received today; 4000 and 1500 were earlier months.
      collections_this_month: '7700.00',
      joins_vs_lapses: undefined,
    });
  });

  it('charts joins against lapses over the 12 months ending this month', async () => {
    const { joins_vs_lapses: chart } = await json(`${BASE}/dashboard/`);
    expect(chart).toHaveLength(12);
    expect(chart.map((m: { month: string }) => m.month)).toEqual(monthsBetween(monthsBack(11), T));
    const of = (month: string) => chart.find((m: { month: string }) => m.month === month);
    expect(of(monthOf(T)).joins).toBe(2);
    expect(of(monthOf(monthsBack(1))).joins).toBe(3);
    expect(of(monthOf(monthsBack(2))).joins).toBe(3);
    // The one lapse: Chitra's, 5 days ago.
    expect(chart.reduce((s: number, m: { lapses: number }) => s + m.lapses, 0)).toBe(1);
    expect(of(monthOf(day(-5))).lapses).toBe(1);
  });

  it('narrows every figure to one centre', async () => {
    const a = await json(`${BASE}/dashboard/?centre=${ids.centreA}`);
    expect(a).toMatchObject({
      active_members: 3,
      new_this_month: 1,
      expiring_7_days: 1,
      expired_last_30_days: 1,
      todays_checkins: 2,
      in_now: 1,
      dues_outstanding: '4200.00',
      collections_this_month: '5200.00',
    });
    const b = await json(`${BASE}/dashboard/?centre=${ids.centreB}`);
    expect(b).toMatchObject({
      active_members: 1,
      new_this_month: 1,
      expiring_7_days: 0,
      expired_last_30_days: 0,
      todays_checkins: 1,
      in_now: 1,
      dues_outstanding: '2500.00',
      collections_this_month: '2500.00',
    });
  });
});

describe('membership reports', () => {
  const wide = () => `date_after=${day(-100)}&date_before=${day(100)}`;

  it('status month wise: joined, renewed, lapsed, cancelled and active per month', async () => {
    const from = monthsBack(2);
    const to = lastOfMonth(T);
    const r = await json(`${BASE}/reports/member/?date_after=${from}&date_before=${to}`);
    expect(r.from).toBe(from);
    expect(r.to).toBe(to);
    const months = monthsBetween(from, to);
    expect(r.rows.map((x: { month: string }) => x.month)).toEqual(months);
    const joined: Record<string, number> = { [monthOf(T)]: 2, [monthOf(monthsBack(1))]: 3, [monthOf(monthsBack(2))]: 3 };
    for (const row of r.rows) {
      expect(row.joined).toBe(joined[row.month]);
      expect(row.renewed).toBe(row.month === monthOf(day(-1)) ? 1 : 0);
      expect(row.expired).toBe(row.month === monthOf(day(-5)) ? 1 : 0);
      expect(row.cancelled).toBe(row.month === monthOf(T) ? 1 : 0);
    }
    // This month reads today: Asha, Bala, Dev, Esha and (frozen) Gita hold a membership; Farid's was cancelled today.
    const now = r.rows.at(-1);
    expect(now.label).toMatch(/^[A-Z][a-z]{2} \d{4}$/);
    expect(now.active).toBe(5);
    expect(r.total).toEqual({ joined: 8, renewed: 1, expired: 1, cancelled: 1, active: 5 });
    // A past month reads its last day.
    const prev = r.rows.find((x: { month: string }) => x.month === monthOf(monthsBack(1)));
    const end = lastOfMonth(monthsBack(1));
    const running = new Set(sales.filter((s) => s.start <= end && s.end >= end).map((s) => s.member));
    expect(prev.active).toBe(running.size);
  });

  it('sports wise: members per sport of their plan, by current status', async () => {
    const r = await json(`${BASE}/reports/sports/?${wide()}`);
    expect(r.rows).toEqual([
      {
        key: `sport-${ids.yoga}`,
        sport_id: ids.yoga,
        sport: 'Yoga',
        members: 4,
        upcoming: 0,
        active: 2,
        expiring: 1,
        frozen: 1,
        expired: 0,
      },
      {
        key: `sport-${ids.swim}`,
        sport_id: ids.swim,
        sport: 'Swimming',
        members: 2,
        upcoming: 0,
        active: 1,
        expiring: 0,
        frozen: 0,
        expired: 1,
      },
      { key: 'no-sport', sport_id: null, sport: 'No sport', members: 1, upcoming: 1, active: 0, expiring: 0, frozen: 0, expired: 0 },
    ]);
    expect(r.total).toEqual({ members: 7, upcoming: 1, active: 3, expiring: 1, frozen: 1, expired: 1 });
    const b = await json(`${BASE}/reports/sports/?${wide()}&centre=${ids.centreB}`);
    expect(b.rows.map((x: { sport: string; members: number }) => [x.sport, x.members])).toEqual([
      ['No sport', 1],
      ['Swimming', 1],
    ]);
  });

  it('active batch wise: capacity, members, seats left, active members and joins', async () => {
    const r = await json(`${BASE}/reports/batch/?date_after=${day(-30)}&date_before=${T}`);
    expect(r.rows).toEqual([
      {
        batch_id: expect.any(Number),
        batch: 'Morning Yoga',
        sport: 'Yoga',
        centre: 'Indiranagar',
        weekdays: [1, 3, 5],
        start_time: '06:00:00',
        end_time: '07:00:00',
        capacity: 3,
        members: 3,
        seats_left: 0,
        active_members: 2,
        joined: 2,
        occupancy: 100,
      },
      {
        batch_id: expect.any(Number),
        batch: 'Evening Swim',
        sport: 'Swimming',
        centre: 'Whitefield',
        weekdays: [2, 4],
        start_time: '18:00:00',
        end_time: '19:00:00',
        capacity: 10,
        members: 1,
        seats_left: 9,
        active_members: 1,
        joined: 1,
        occupancy: 10,
      },
    ]);
    expect(r.total).toEqual({ capacity: 13, members: 4, seats_left: 9, active_members: 3, joined: 3, occupancy: 30.8 });
  });

  it('active plan: running and expiring now, sold in the dates', async () => {
    const r = await json(`${BASE}/reports/plan/?${wide()}`);
    const rows = r.rows.map((x: Record<string, unknown>) => [x.plan, x.sport, x.price, x.running, x.expiring, x.sold, x.amount]);
    expect(rows).toEqual([
      ['Day Pass', null, '500.00', 0, 0, 1, '500.00'],
      // Asha 1700, Bala 1400, Dev 1500 + 1500, Gita 1500; Farid's cancelled one is not sold.
      ['Monthly Yoga', 'Yoga', '1500.00', 4, 1, 5, '7600.00'],
      ['Quarterly Swim', 'Swimming', '4000.00', 1, 0, 2, '8000.00'],
    ]);
    expect(r.total).toEqual({ running: 5, expiring: 1, sold: 8, amount: '16100.00' });
    const b = await json(`${BASE}/reports/plan/?${wide()}&centre=${ids.centreB}`);
    expect(b.total).toEqual({ running: 1, expiring: 0, sold: 2, amount: '4500.00' });
  });

  it('service: sold, running, amount, paid and due per service', async () => {
    const r = await json(`${BASE}/reports/service/?${wide()}`);
    const rows = r.rows.map((x: Record<string, unknown>) => [x.service, x.sold, x.running, x.amount, x.paid, x.due]);
    expect(rows).toEqual([
      ['Locker', 1, 1, '500.00', '0.00', '500.00'],
      ['Personal Training', 1, 1, '3000.00', '1000.00', '2000.00'],
    ]);
    expect(r.total).toEqual({ sold: 2, running: 2, amount: '3500.00', paid: '1000.00', due: '2500.00' });
  });

  it('month wise dues: total, paid and due by month of sale, and who owes', async () => {
    const from = day(-50);
    const to = day(10);
    const r = await json(`${BASE}/reports/due-amount/?date_after=${from}&date_before=${to}`);
    const live = [...sales, ...serviceSales].filter((s) => !s.cancelled && s.start >= from && s.start <= to);
    expect(r.rows.map((x: { month: string }) => x.month)).toEqual(monthsBetween(from, to));
    for (const row of r.rows) {
      const of = live.filter((s) => monthOf(s.start) === row.month);
      expect(row).toMatchObject({
        sales: of.length,
        total: money(of.reduce((s, x) => s + x.total, 0)),
        paid: money(of.reduce((s, x) => s + x.paid, 0)),
        due: money(of.reduce((s, x) => s + x.total - x.paid, 0)),
      });
    }
    // Chitra's (95 days ago) is outside the dates; the cancelled ones are never dues.
    expect(r.total).toEqual({ sales: 9, total: '15600.00', paid: '8900.00', due: '6700.00' });
    expect(r.members.map((m: Record<string, unknown>) => [m.name, m.sales, m.total, m.paid, m.due])).toEqual([
      ['Asha Test', 2, '4700.00', '2000.00', '2700.00'],
      ['Esha Test', 2, '4500.00', '2500.00', '2000.00'],
      ['Dev Test', 2, '3000.00', '1500.00', '1500.00'],
      ['Hari Test', 1, '500.00', '0.00', '500.00'],
    ]);
    const b = await json(`${BASE}/reports/due-amount/?date_after=${from}&date_before=${to}&centre=${ids.centreB}`);
    expect(b.total).toEqual({ sales: 3, total: '5000.00', paid: '2500.00', due: '2500.00' });
  });

  it('month wise collection: receipts, refunds and net per month and payment mode; a refund and a reversal lower it', async () => {
    const r = await json(`${BASE}/reports/transaction/?date_after=${day(-100)}&date_before=${T}`);
    expect(r.total).toEqual({ receipts: '13400.00', refunds: '200.00', net: '13200.00', count: 11 });
    expect(r.by_mode).toEqual([
      { payment_mode: 'Cash', receipts: '9900.00', refunds: '200.00', net: '9700.00', count: 7 },
      { payment_mode: 'UPI', receipts: '3500.00', refunds: '0.00', net: '3500.00', count: 4 },
    ]);
    const of = (d: string) => r.rows.find((x: { month: string }) => x.month === monthOf(d));
    expect(of(T)).toMatchObject({ receipts: '7900.00', refunds: '200.00', net: '7700.00' });
    expect(of(day(-40))).toMatchObject({ receipts: '1500.00', net: '1500.00', count: 1 });
    expect(of(day(-95))).toMatchObject({ receipts: '4000.00', net: '4000.00', count: 1 });
    expect(r.rows.map((x: { month: string }) => x.month)).toEqual(monthsBetween(day(-100), T));
    const b = await json(`${BASE}/reports/transaction/?date_after=${day(-100)}&date_before=${T}&centre=${ids.centreB}`);
    expect(b.total).toEqual({ receipts: '2500.00', refunds: '0.00', net: '2500.00', count: 3 });
  });

  it('sports wise collection: net per sport of the plan sold, services as one row', async () => {
    const r = await json(`${BASE}/reports/sports-member-transaction/?date_after=${day(-100)}&date_before=${T}`);
    expect(r.rows).toEqual([
      {
        key: `sport-${ids.swim}`,
        sport_id: ids.swim,
        sport: 'Swimming',
        sales: 2,
        receipts: '6500.00',
        refunds: '0.00',
        net: '6500.00',
        count: 2,
      },
      {
        key: `sport-${ids.yoga}`,
        sport_id: ids.yoga,
        sport: 'Yoga',
        sales: 5,
        receipts: '5900.00',
        refunds: '200.00',
        net: '5700.00',
        count: 6,
      },
      { key: 'services', sport_id: null, sport: 'Services', sales: 2, receipts: '1000.00', refunds: '0.00', net: '1000.00', count: 3 },
    ]);
    expect(r.total).toEqual({ sales: 9, receipts: '13400.00', refunds: '200.00', net: '13200.00', count: 11 });
  });

  it('defaults to the current month', async () => {
    const r = await json(`${BASE}/reports/transaction/`);
    expect(r.from).toBe(`${T.slice(0, 7)}-01`);
    expect(r.to).toBe(lastOfMonth(T));
    expect(r.rows).toHaveLength(1);
    expect(r.total.net).toBe('7700.00');
  });

  it('exports each report as CSV with its headers and a total row, and as XLSX', async () => {
    const headers: Record<string, string> = {
      member: 'Month,Joined,Renewed,Expired,Cancelled,Active at month end',
      sports: 'Sport,Members,Upcoming,Active,Expiring,Frozen,Expired',
      batch: 'Batch,Center,Sport,Start,End,Capacity,Members,Seats left,Active members,Joined,Occupancy %',
      plan: 'Plan,Sport,Price,Running,Expiring,Sold,Amount',
      service: 'Service,Price,Sold,Running,Amount,Paid,Due',
      'due-amount': 'Month,Sales,Total,Paid,Due',
      transaction: 'Month,Receipts,Refunds,Net,Movements,Cash,UPI',
      'sports-member-transaction': 'Sport,Sales,Receipts,Refunds,Net,Movements',
    };
    for (const [name, header] of Object.entries(headers)) {
      const csv = await get(`${BASE}/reports/${name}/?${wide()}&format=csv`);
      expect(csv.statusCode, `${name}: ${csv.body}`).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines[0], name).toBe(header);
      expect(lines.at(-1)?.startsWith('Total'), name).toBe(true);
      const xlsx = await get(`${BASE}/reports/${name}/?${wide()}&format=xlsx`);
      expect(xlsx.statusCode, name).toBe(200);
      expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    }
    const tx = await get(`${BASE}/reports/transaction/?date_after=${day(-100)}&date_before=${T}&format=csv`);
    expect(tx.body.trim().split(/\r?\n/).at(-1)).toBe('Total,13400.00,200.00,13200.00,11,9700.00,3500.00');
  });

  it('writes the dues workbook with a sheet of the members who owe', async () => {
    const res = await get(`${BASE}/reports/due-amount/?date_after=${day(-50)}&date_before=${day(10)}&format=xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Dues month wise', 'Members with dues']);
    const owing = book.worksheets[1];
    expect((owing.getRow(2).values as unknown[]).slice(1)).toEqual(['Code', 'Name', 'Phone', 'Sales', 'Total', 'Paid', 'Due']);
    expect(owing.getRow(3).getCell(2).value).toBe('Asha Test');
    expect(owing.getRow(3).getCell(7).value).toBe(2700);
  });
});

describe('guards and filters', () => {
  const names = ['member', 'sports', 'batch', 'plan', 'service', 'due-amount', 'transaction', 'sports-member-transaction'];

  it('refuses a user without Membership Management', async () => {
    const user = await makeUser(t, org.id, { modules: ['Booking Management'] });
    const token = await login(t.app, user, org.host);
    expect((await get(`${BASE}/dashboard/`, token)).statusCode).toBe(403);
    for (const name of names) expect((await get(`${BASE}/reports/${name}/`, token)).statusCode, name).toBe(403);
    const granted = await makeUser(t, org.id, { modules: ['Membership Management'] });
    expect((await get(`${BASE}/reports/plan/`, await login(t.app, granted, org.host))).statusCode).toBe(200);
  });

  it('answers 400 for a reversed range, more than 5 years, a bad date, a bad centre or format', async () => {
    for (const name of names) {
      const reversed = await get(`${BASE}/reports/${name}/?date_after=${T}&date_before=${day(-1)}`);
      expect(reversed.statusCode, name).toBe(400);
      expect(Object.keys(reversed.json())).toEqual(['date_before']);
      const long = await get(`${BASE}/reports/${name}/?date_after=2015-01-01&date_before=2026-01-01`);
      expect(long.statusCode, name).toBe(400);
      expect(long.json().date_before[0]).toContain('5 years');
    }
    const fiveYears = await get(`${BASE}/reports/transaction/?date_after=2021-01-01&date_before=2025-12-31`);
    expect(fiveYears.statusCode).toBe(200);
    expect(fiveYears.json().rows).toHaveLength(60);
    expect(Object.keys((await get(`${BASE}/reports/plan/?date_after=2026-02-30`)).json())).toEqual(['date_after']);
    expect(Object.keys((await get(`${BASE}/reports/plan/?centre=abc`)).json())).toEqual(['centre']);
    expect(Object.keys((await get(`${BASE}/dashboard/?centre=0`)).json())).toEqual(['centre']);
    expect(Object.keys((await get(`${BASE}/reports/plan/?format=pdf`)).json())).toEqual(['format']);
  });

  it('shows nothing of another centre id that is not ours', async () => {
    const r = await json(`${BASE}/reports/transaction/?date_after=${day(-100)}&date_before=${T}&centre=999999`);
    expect(r.total.net).toBe('0.00');
    const d = await json(`${BASE}/dashboard/?centre=999999`);
    expect(d.dues_outstanding).toBe('0.00');
  });
});
