/**
 * End User Login (issue 27), the member's money and bookings: paying a due through the sandbox lands
 * on the ledger against the membership with the invoice at once (listed, PDF); parallel payments
 * cannot overpay; a renewal paid online starts after the current period (Membership's rules);
 * booking and cancelling within and outside the window; each switch's 403; bad input writes nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookedTimeSlot, booking } from '../src/modules/booking/schema.js';
import { membership } from '../src/modules/membership/schema.js';
import { paymentOrder } from '../src/modules/payments/schema.js';
import { withTenant } from '../src/platform/db/client.js';
import { makeClub, ME, newMember, setMode, signIn, type Club } from './end-user-support.js';
import { dayFrom, inOrg, makeFacility, makeMembership, makePlan, makeSport } from './factories.js';
import { call, createTestApp, type TestContext } from './helpers.js';
import { orderIdOf, payOrder } from './payments-support.js';

let t: TestContext;
let club: Club;
let planId: number;
let otherPlanId: number;
beforeAll(async () => {
  t = await createTestApp();
  club = await makeClub(t);
  const plans = await inOrg(t, club.org, async (tx, ctx) => ({
    monthly: await makePlan(tx, ctx, { name: 'Monthly', price: '1500.00' }),
    quarterly: await makePlan(tx, ctx, { name: 'Quarterly', price: '4000.00', durationValue: 3 }),
  }));
  planId = plans.monthly.id;
  otherPlanId = plans.quarterly.id;
}, 120_000);
afterAll(() => t?.close());

type Method = 'GET' | 'POST';
const as = (token: string | null, method: Method, url: string, payload?: Record<string, unknown>) =>
  call(t.app, { method, url, host: club.org.host, token, ...(payload ? { payload } : {}) });

/** A member on the Monthly plan (₹1,500 due, nothing paid), signed in. */
async function memberWithDue(phoneless = false) {
  const m = await newMember(t, club);
  const ms = await inOrg(t, club.org, (tx, ctx) => makeMembership(tx, ctx, { member: m.id, plan: planId }));
  return { member: m, membership: ms, key: phoneless ? '' : await signIn(t, club, m.phone) };
}

const orderCount = () =>
  withTenant(t.handle.db, club.org.id, async (tx) => (await tx.select({ n: sql<number>`count(*)::int` }).from(paymentOrder))[0].n);
const membershipRow = (id: number) =>
  withTenant(t.handle.db, club.org.id, async (tx) => (await tx.select().from(membership).where(eq(membership.id, id)))[0]);
const staffPayments = async (membershipId: number) =>
  (
    await call(t.app, {
      method: 'GET',
      url: `/api/member-management/payment-history/?membership=${membershipId}`,
      host: club.org.host,
      token: club.key,
    })
  ).json().results as { amount: string; kind: string; payment_mode_name: string; invoice_number: string }[];

describe('paying a due', () => {
  it('lists the dues, pays part through the sandbox onto the ledger, and the invoice is there at once (list and PDF)', async () => {
    const { membership: msId, key } = await memberWithDue();
    const dues = await as(key, 'GET', `${ME}dues/`);
    expect(dues.statusCode).toBe(200);
    expect(dues.json()).toMatchObject({
      total: '1500.00',
      results: [{ membership: msId, plan_name: 'Monthly', due: '1500.00', paid: '0.00' }],
    });

    const started = await as(key, 'POST', `${ME}dues/pay/`, { membership: msId, amount: '500' });
    expect(started.statusCode).toBe(201);
    expect(started.json()).toMatchObject({ amount: '500.00' });
    const orderId = orderIdOf(started.json().checkout_url);
    expect(started.json().order).toBe(orderId);
    // Not paid yet: nothing on the ledger.
    expect(await staffPayments(msId)).toHaveLength(0);
    expect((await as(key, 'GET', `${ME}orders/${orderId}/`)).json()).toMatchObject({ status: 'created', invoice: null });

    const dashboard = async () =>
      (await call(t.app, { method: 'GET', url: '/api/end-user/dashboard/', host: club.org.host, token: club.key })).json().payments;
    const before = await dashboard();
    const paid = await payOrder(t.app, club.org.host, orderId);
    expect(paid.redirect_url).toContain('/me/pay?order=');
    // End User Login's dashboard counts it among the payments made in the app.
    const after = await dashboard();
    expect(after.count).toBe(before.count + 1);
    expect(Number(after.amount) - Number(before.amount)).toBe(500);
    const ledger = await staffPayments(msId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ amount: '500.00', kind: 'receipt', payment_mode_name: 'Online (gateway)' });
    expect((await membershipRow(msId)).paid).toBe('500.00');
    expect((await as(key, 'GET', `${ME}dues/`)).json()).toMatchObject({ total: '1000.00', results: [{ due: '1000.00' }] });

    const order = (await as(key, 'GET', `${ME}orders/${orderId}/`)).json();
    expect(order).toMatchObject({ status: 'paid', amount: '500.00' });
    expect(order.invoice.number).toBe(ledger[0].invoice_number);

    const invoices = await as(key, 'GET', `${ME}invoices/`);
    expect(invoices.statusCode).toBe(200);
    expect(invoices.json().count).toBe(1);
    expect(invoices.json().results[0]).toMatchObject({ id: order.invoice.id, kind: 'invoice', paid: '500.00', status: 'partially_paid' });
    const pdf = await as(key, 'GET', `${ME}invoices/${order.invoice.id}/pdf/`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/attachment; filename=".+\.pdf"/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses an amount of 0, above the due, or not a number, and a membership that is not theirs, writing nothing', async () => {
    const { membership: msId, key } = await memberWithDue();
    const other = await memberWithDue(true);
    const before = await orderCount();
    const bad: [Record<string, unknown>, string][] = [
      [{ membership: msId, amount: '0' }, 'amount'],
      [{ membership: msId, amount: '1500.01' }, 'amount'],
      [{ membership: msId, amount: '-5' }, 'amount'],
      [{ membership: msId, amount: '1.005' }, 'amount'],
      [{ membership: msId }, 'amount'],
      [{ amount: '10' }, 'membership'],
      [{ membership: 'x', amount: '10' }, 'membership'],
    ];
    for (const [payload, field] of bad) {
      const res = await as(key, 'POST', `${ME}dues/pay/`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(payload)).toContain(field);
    }
    expect((await as(key, 'POST', `${ME}dues/pay/`, { membership: other.membership, amount: '10' })).statusCode).toBe(404);
    expect(await orderCount()).toBe(before);
  });

  it('parallel payments of the whole due cannot overpay: the ledger records the due once, the rest is flagged for a refund', async () => {
    const { membership: msId, key } = await memberWithDue();
    const started = await Promise.all(
      Array.from({ length: 4 }, () => as(key, 'POST', `${ME}dues/pay/`, { membership: msId, amount: '1500' })),
    );
    for (const res of started) expect(res.statusCode).toBe(201);
    await Promise.all(started.map((res) => payOrder(t.app, club.org.host, orderIdOf(res.json().checkout_url))));
    const ledger = await staffPayments(msId);
    expect(ledger.map((e) => e.amount)).toEqual(['1500.00']);
    expect((await membershipRow(msId)).paid).toBe('1500.00');
    expect((await as(key, 'GET', `${ME}dues/`)).json()).toEqual({ results: [], total: '0.00' });
    // Nothing more is due: a new payment is refused.
    const more = await as(key, 'POST', `${ME}dues/pay/`, { membership: msId, amount: '1' });
    expect(more.statusCode).toBe(400);
    expect(more.json().membership[0]).toMatch(/Nothing is due/);
  });
});

describe('renewing', () => {
  it('lists the plans (the running one first) and a paid renewal starts the day after the current period, paid on the ledger', async () => {
    const { membership: msId, key } = await memberWithDue();
    const current = await membershipRow(msId);
    const renewal = await as(key, 'GET', `${ME}renewal/`);
    expect(renewal.statusCode).toBe(200);
    const body = renewal.json();
    expect(body.membership).toMatchObject({ id: msId, plan_name: 'Monthly', end_date: current.endDate });
    expect(body.renewed).toBe(false);
    expect(body.plans[0]).toMatchObject({ id: planId, current: true, price: '1500.00' });
    expect(body.plans.find((p: { id: number }) => p.id === otherPlanId)).toMatchObject({ price: '4000.00', duration: '3 months' });
    const nextDay = new Date(Date.parse(`${current.endDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(body.start_date).toBe(nextDay);

    expect((await as(key, 'POST', `${ME}renew/`, { plan: 999_999 })).statusCode).toBe(400);
    const started = await as(key, 'POST', `${ME}renew/`, { plan: otherPlanId });
    expect(started.statusCode).toBe(201);
    expect(started.json().amount).toBe('4000.00');
    await payOrder(t.app, club.org.host, orderIdOf(started.json().checkout_url));

    const renewed = await withTenant(t.handle.db, club.org.id, (tx) =>
      tx.select().from(membership).where(eq(membership.renewedFromId, msId)),
    );
    expect(renewed).toHaveLength(1);
    expect(renewed[0]).toMatchObject({ startDate: nextDay, planId: otherPlanId, total: '4000.00', paid: '4000.00' });
    expect((await staffPayments(renewed[0].id)).map((e) => e.payment_mode_name)).toEqual(['Online (gateway)']);
    const order = (await as(key, 'GET', `${ME}orders/${started.json().order}/`)).json();
    expect(order.invoice).not.toBeNull();
    // The next renewal follows the renewal just made.
    const next = (await as(key, 'GET', `${ME}renewal/`)).json();
    expect(next.membership).toMatchObject({ id: renewed[0].id, end_date: renewed[0].endDate });
    expect(next.renewed).toBe(false);
  });

  it('two renewals paid at once make one renewal; the second payment is not recorded', async () => {
    const { membership: msId, key } = await memberWithDue();
    const [a, b] = await Promise.all([as(key, 'POST', `${ME}renew/`, { plan: planId }), as(key, 'POST', `${ME}renew/`, { plan: planId })]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    await payOrder(t.app, club.org.host, orderIdOf(a.json().checkout_url));
    await payOrder(t.app, club.org.host, orderIdOf(b.json().checkout_url));
    const renewed = await withTenant(t.handle.db, club.org.id, (tx) =>
      tx.select().from(membership).where(eq(membership.renewedFromId, msId)),
    );
    expect(renewed).toHaveLength(1);
    expect(renewed[0].paid).toBe('1500.00');
    expect(await staffPayments(renewed[0].id)).toHaveLength(1);
  });
});

describe('booking as a member', () => {
  let facilityId: number;
  let slotIds: Map<string, number>;
  beforeAll(async () => {
    const made = await inOrg(t, club.org, async (tx, ctx) => {
      const sport = await makeSport(tx, ctx, { name: 'Badminton' });
      const court = await makeFacility(tx, ctx, { centre: club.centre, sport: sport.id, name: 'Court A' });
      await makeFacility(tx, ctx, { centre: club.centre, sport: sport.id, name: 'Closed court', enable_online_booking: false });
      return court;
    });
    facilityId = made.id;
    slotIds = new Map(made.slot_groups.flatMap((g) => g.time_slots).map((s) => [s.start_time, s.id!]));
  });
  const ahead = (days: number) => inOrg(t, club.org, async (_tx, ctx) => dayFrom(ctx, days));

  it('lists facilities and availability, books a slot, sees it upcoming first, cancels it within the window', async () => {
    const { key } = await memberWithDue();
    const facilities = (await as(key, 'GET', `${ME}booking/facilities/`)).json().results;
    expect(facilities.map((f: { name: string }) => f.name)).toEqual(['Court A']);
    const date = await ahead(3);
    const slots = await as(key, 'GET', `${ME}booking/facilities/${facilityId}/availability/${date}/`);
    expect(slots.statusCode).toBe(200);
    const seven = slots.json()[0].time_slots.find((s: { start_time: string }) => s.start_time === '07:00:00');
    expect(seven).toMatchObject({ booking_status: 'available', price: '400.00' });

    const later = await as(key, 'POST', `${ME}bookings/`, { facility: facilityId, date: await ahead(5), slots: [slotIds.get('06:00:00')] });
    expect(later.statusCode).toBe(201);
    const booked = await as(key, 'POST', `${ME}bookings/`, { facility: facilityId, date, slots: [seven.id] });
    expect(booked.statusCode).toBe(201);
    expect(booked.json()).toMatchObject({ checkout_url: null, booking: { date, status: 'confirmed', amount: '400.00', can_cancel: true } });
    // The slot is taken now.
    const after = (await as(key, 'GET', `${ME}booking/facilities/${facilityId}/availability/${date}/`)).json();
    expect(after[0].time_slots.find((s: { id: number }) => s.id === seven.id).booking_status).toBe('booked');

    const mine = (await as(key, 'GET', `${ME}bookings/`)).json().results;
    expect(mine.map((b: { id: number }) => b.id)).toEqual([booked.json().booking.id, later.json().booking.id]);

    const cancelled = await as(key, 'POST', `${ME}bookings/${booked.json().booking.id}/cancel/`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', can_cancel: false });
    const again = await as(key, 'POST', `${ME}bookings/${booked.json().booking.id}/cancel/`);
    expect(again.statusCode).toBe(409);
    // Free again for anyone.
    const free = (await as(key, 'GET', `${ME}booking/facilities/${facilityId}/availability/${date}/`)).json();
    expect(free[0].time_slots.find((s: { id: number }) => s.id === seven.id).booking_status).toBe('available');
  });

  it('refuses to cancel within two hours of the start', async () => {
    const { key } = await memberWithDue();
    const booked = await as(key, 'POST', `${ME}bookings/`, {
      facility: facilityId,
      date: await ahead(2),
      slots: [slotIds.get('08:00:00')],
    });
    expect(booked.statusCode).toBe(201);
    const id = booked.json().booking.id;
    // Time passes: the booking is now today and starts within the hour.
    await inOrg(t, club.org, async (tx, ctx) => {
      const [h, m] = ctx.now.time.split(':').map(Number);
      const soon = Math.min(h * 60 + m + 45, 23 * 60 + 59);
      const start = `${String(Math.floor(soon / 60)).padStart(2, '0')}:${String(soon % 60).padStart(2, '0')}:00`;
      await tx.update(booking).set({ date: ctx.now.today }).where(eq(booking.id, id));
      await tx
        .update(bookedTimeSlot)
        .set({ date: ctx.now.today, startTime: start })
        .where(and(eq(bookedTimeSlot.bookingId, id)));
    });
    const listed = (await as(key, 'GET', `${ME}bookings/`)).json().results.find((b: { id: number }) => b.id === id);
    expect(listed.can_cancel).toBe(false);
    const res = await as(key, 'POST', `${ME}bookings/${id}/cancel/`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/2 hours before/);
    const row = await withTenant(t.handle.db, club.org.id, async (tx) => (await tx.select().from(booking).where(eq(booking.id, id)))[0]);
    expect(row.status).toBe('confirmed');
  });

  it('refuses bad bookings with field errors and writes nothing', async () => {
    const { key } = await memberWithDue();
    const count = () =>
      withTenant(t.handle.db, club.org.id, async (tx) => (await tx.select({ n: sql<number>`count(*)::int` }).from(booking))[0].n);
    const before = await count();
    const bad: [Record<string, unknown>, string][] = [
      [{ facility: facilityId, date: await ahead(1), slots: [] }, 'slots'],
      [{ facility: facilityId, date: 'tomorrow', slots: [slotIds.get('06:00:00')] }, 'date'],
      [{ facility: facilityId, date: await ahead(-1), slots: [slotIds.get('06:00:00')] }, 'time_slots'],
      [{ facility: facilityId, date: await ahead(60), slots: [slotIds.get('06:00:00')] }, 'time_slots'],
      [{ facility: facilityId, date: await ahead(1), slots: [999_999] }, 'time_slots'],
      [{ date: await ahead(1), slots: [slotIds.get('06:00:00')] }, 'facility'],
    ];
    for (const [payload, field] of bad) {
      const res = await as(key, 'POST', `${ME}bookings/`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(payload)).toContain(field);
    }
    expect(await count()).toBe(before);
  });

  it('invoices: the member’s own, newest first, a page at a time', async () => {
    const { membership: msId, key } = await memberWithDue();
    const booked = await as(key, 'POST', `${ME}bookings/`, {
      facility: facilityId,
      date: await ahead(6),
      slots: [slotIds.get('18:00:00')],
    });
    expect(booked.statusCode).toBe(201);
    const first = await as(key, 'GET', `${ME}invoices/?page_size=1`);
    expect(first.json()).toMatchObject({ count: 2, previous: null, next: `${ME}invoices/?page=2&page_size=1` });
    expect(first.json().results[0].for).toContain(booked.json().booking.code);
    const second = await as(key, 'GET', `${ME}invoices/?page=2&page_size=1`);
    expect(second.json()).toMatchObject({ count: 2, next: null });
    expect(second.json().results[0].for).toBe((await membershipRow(msId)).label);
    expect((await as(key, 'GET', `${ME}invoices/?page_size=101`)).statusCode).toBe(400);
  });

  it('a facility that takes payment online holds the slot for the checkout; paid, the booking is confirmed and paid', async () => {
    const { key } = await memberWithDue();
    const court = await inOrg(t, club.org, async (tx, ctx) => {
      const sport = await makeSport(tx, ctx, { name: 'Squash' });
      const f = await makeFacility(tx, ctx, { centre: club.centre, sport: sport.id, name: 'Paid court', payment_required: true });
      return { id: f.id, slot: f.slot_groups[0].time_slots[0].id! };
    });
    const booked = await as(key, 'POST', `${ME}bookings/`, { facility: court.id, date: await ahead(2), slots: [court.slot] });
    expect(booked.statusCode).toBe(201);
    expect(booked.json().booking.status).toBe('awaiting_payment');
    const orderId = orderIdOf(booked.json().checkout_url);
    const paid = await payOrder(t.app, club.org.host, orderId);
    expect(paid.redirect_url).toContain('/me/book?order=');
    const mine = (await as(key, 'GET', `${ME}bookings/`)).json().results.find((b: { id: number }) => b.id === booked.json().booking.id);
    expect(mine).toMatchObject({ status: 'confirmed', paid: '400.00', can_cancel: true });
    const order = (await as(key, 'GET', `${ME}orders/${orderId}/`)).json();
    expect(order).toMatchObject({ status: 'paid' });
    expect(order.invoice).not.toBeNull();
  });

  it('the same slot booked twice at once: one booking', async () => {
    const a = await memberWithDue();
    const b = await memberWithDue();
    const date = await ahead(4);
    const payload = { facility: facilityId, date, slots: [slotIds.get('09:00:00')] };
    const res = await Promise.all([as(a.key, 'POST', `${ME}bookings/`, payload), as(b.key, 'POST', `${ME}bookings/`, payload)]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('renewing without a membership', () => {
  it('is refused with a field error and opens no payment', async () => {
    const m = await newMember(t, club);
    const key = await signIn(t, club, m.phone);
    expect((await as(key, 'GET', `${ME}renewal/`)).json()).toMatchObject({ membership: null, start_date: null });
    const before = await orderCount();
    const res = await as(key, 'POST', `${ME}renew/`, { plan: planId });
    expect(res.statusCode).toBe(400);
    expect(res.json().plan[0]).toMatch(/no membership to renew/);
    expect(await orderCount()).toBe(before);
  });
});

describe('switches', () => {
  it('each feature switched off answers 403, and on again works', async () => {
    const { membership: msId, key } = await memberWithDue();
    const gated: [string, Method, string, Record<string, unknown>?][] = [
      ['pay_dues', 'GET', `${ME}dues/`],
      ['pay_dues', 'POST', `${ME}dues/pay/`, { membership: msId, amount: '10' }],
      ['renew', 'GET', `${ME}renewal/`],
      ['renew', 'POST', `${ME}renew/`, { plan: planId }],
      ['invoices', 'GET', `${ME}invoices/`],
      ['invoices', 'GET', `${ME}invoices/1/pdf/`],
      ['book', 'GET', `${ME}booking/facilities/`],
      ['book', 'GET', `${ME}bookings/`],
      ['book', 'POST', `${ME}bookings/`, { facility: 1, date: '2030-01-01', slots: [1] }],
      ['book', 'POST', `${ME}bookings/1/cancel/`],
    ];
    const before = await orderCount();
    await setMode(t, club, 'everyone', { pay_dues: false, renew: false, invoices: false, book: false });
    try {
      for (const [feature, method, url, payload] of gated) {
        const res = await as(key, method, url, payload);
        expect(res.statusCode, `${feature} ${method} ${url}`).toBe(403);
      }
      expect(await orderCount()).toBe(before);
    } finally {
      await setMode(t, club, 'everyone');
    }
    expect((await as(key, 'GET', `${ME}dues/`)).statusCode).toBe(200);
    expect((await as(key, 'GET', `${ME}invoices/`)).statusCode).toBe(200);
  });
});
