/**
 * A hostel's deposits are money held for the resident — a liability on the ledger, never income:
 * while held, a deposit is in no income figure (the ledger's totals, the Accounts profit and loss,
 * the Income/Expenses dashboard, the home's collections, the accommodation dashboard's revenue)
 * yet it is in the cash of its payment mode and in the day book. At check-out a deduction kept
 * becomes income, a deposit set against the bill pays the bill (its receipt is income) and the
 * rest refunded releases the liability.
 *
 * And a monthly stay still checked in after its planned check-out: the rent job bills each month
 * it stays on into (whole, once), and the check-out credits the days after the resident leaves.
 */
import { checkOutInputSchema } from '@arena/contracts/accommodation';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billMonthlyRent, checkOut } from '../src/modules/accommodation/stay.service.js';
import { ledgerTotals } from '../src/modules/money/index.js';
import { queryRows } from '../src/platform/db/client.js';
import { addDays } from '../src/platform/time.js';
import { inOrg, makeAccommodationRoom, makeOrganisation, type TestOrganisation } from './factories.js';
import { call, createTestApp, login, type TestContext } from './helpers.js';

type Body = Record<string, unknown>;

describe('accommodation deposits are a liability, not income', () => {
  let t: TestContext;
  let acme: TestOrganisation;
  let owner: string;
  let cash: number;
  let upi: number;
  let roomId: number;
  let today: string;

  beforeAll(async () => {
    t = await createTestApp({}, { seed: false });
    acme = await makeOrganisation(t);
    owner = await login(t.app, acme.owner, acme.host);
    today = acme.ctx.now.today;
    const made = await inOrg(t, acme, async (tx, ctx) => {
      const r = await makeAccommodationRoom(tx, ctx, { beds: 2, perNight: '1000.00', deposit: '2000.00' });
      const modes = await queryRows<{ id: number; name: string }>(
        tx,
        sql`select id, lower(name) as name from payment_mode where organisation_id = ${ctx.organisationId}`,
      );
      const mode = (name: string) => Number(modes.find((m) => m.name === name)!.id);
      return { room: r.id, cash: mode('cash'), upi: mode('upi') };
    });
    roomId = made.room;
    cash = made.cash;
    upi = made.upi;
  });
  afterAll(async () => t?.close());

  const api = (method: 'GET' | 'POST', url: string, payload?: Body) => call(t.app, { method, url, host: acme.host, token: owner, payload });
  const get = async (url: string) => {
    const res = await api('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const window = () => `date_after=${today}&date_before=${today}`;
  /** Every income figure of today, and the money held. */
  const figures = async () => {
    const totals = await get(`/api/income-expense/transactions/totals/?${window()}`);
    const pl = await get(`/api/administrator/reports/accounts/profit-loss/?${window()}`);
    const dash = await get('/api/income-expense/dashboard/');
    const home = await get('/api/income-expense/collections/');
    const hostel = await get('/api/accommodation/dashboard/');
    const byMode = await inOrg(t, acme, (tx, ctx) => ledgerTotals(tx, ctx, { from: today, to: today, groupBy: ['mode'] }));
    const mode = (id: number) => byMode.find((r) => r.mode_id === id);
    return {
      income: totals.income,
      held: totals.held,
      pl_money_in: pl.total.money_in,
      dashboard_income: dash.this_month.income,
      collected: home.today.amount,
      hostel_revenue: hostel.revenue_month,
      hostel_held: hostel.deposits_held,
      cash: { income: mode(cash)?.income ?? '0.00', held: mode(cash)?.held ?? '0.00' },
      upi: { income: mode(upi)?.income ?? '0.00', held: mode(upi)?.held ?? '0.00' },
    };
  };
  let phone = 9100000000;
  const stay = async (bed: number) => {
    const client = (await api('POST', '/api/accommodation/client/', { name: `Guest ${phone}`, phone: String(++phone) })).json().id;
    const res = await api('POST', '/api/accommodation/booking/', {
      client,
      room: roomId,
      bed,
      check_in: today,
      check_out: addDays(today, 3),
      rate_basis: 'nightly',
      deposit: '2000',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };

  it('holds a deposit outside income but in the cash, keeps a deduction as income, and the refund releases the rest', async () => {
    const id = await stay(1);
    const inn = await api('POST', `/api/accommodation/booking/${id}/check-in/`, { deposit_payment_mode: cash });
    expect(inn.statusCode, inn.body).toBe(200);
    expect(await figures()).toEqual({
      income: '0.00',
      held: '2000.00',
      pl_money_in: '0.00',
      dashboard_income: '0.00',
      collected: '0.00',
      hostel_revenue: '0.00',
      hostel_held: '2000.00',
      cash: { income: '0.00', held: '2000.00' },
      upi: { income: '0.00', held: '0.00' },
    });
    // The day book lists it, as money held.
    const held = await get(`/api/income-expense/transactions/?type=liability&${window()}`);
    expect(held.results.map((r: Body) => [r.kind, r.direction, r.amount, r.type, r.category_name, r.payment_mode_name])).toEqual([
      ['receipt', 'in', '2000.00', 'liability', 'Security Deposits (refundable)', 'Cash'],
    ]);
    // No income category: the deposit's category is not offered to manual entries.
    const incomeCategories = (await get('/api/income-expense/category/dropdown/?type=income')).results.map((c: Body) => c.name);
    expect(incomeCategories).not.toContain('Security Deposits (refundable)');

    // Check out: the night paid in cash, ₹300 kept for damage, ₹1,700 refunded by UPI.
    const out = await api('POST', `/api/accommodation/booking/${id}/check-out/`, {
      deposit_action: 'refund',
      deductions: '300',
      deduction_reason: 'Broken lamp',
      refund_payment_mode: upi,
      payment: { amount: '1000', payment_mode: cash },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toMatchObject({ deposit_status: 'refunded', deposit_deducted: '300.00', due: '0.00' });
    expect(await figures()).toEqual({
      income: '1300.00',
      held: '0.00',
      pl_money_in: '1300.00',
      dashboard_income: '1300.00',
      collected: '1300.00',
      hostel_revenue: '1000.00',
      hostel_held: '0.00',
      // Cash: the deposit 2,000 in, the night 1,000 in; 300 moved from held to income.
      cash: { income: '1300.00', held: '1700.00' },
      // UPI: the refund of 1,700 out.
      upi: { income: '0.00', held: '-1700.00' },
    });
    const rows = (await get(`/api/accommodation/income-expense/?search=${encodeURIComponent(`#${id}`)}`)).results;
    expect(rows.map((r: Body) => [r.type, r.kind, r.amount, r.category_name]).sort()).toEqual(
      [
        ['income', 'receipt', '1000.00', 'Accommodation'],
        ['income', 'receipt', '300.00', 'Deposit deductions'],
        ['liability', 'receipt', '2000.00', 'Security Deposits (refundable)'],
        ['liability', 'refund', '1700.00', 'Security Deposits (refundable)'],
        ['liability', 'refund', '300.00', 'Security Deposits (refundable)'],
      ].sort(),
    );
    const own = await get(`/api/accommodation/income-expense/totals/?search=${encodeURIComponent(`#${id}`)}`);
    expect(own).toMatchObject({ income: '1300.00', expense: '0.00', net: '1300.00', held: '0.00', count: 5 });
  });

  it('sets a deposit against the bill at check-out: the bill is paid (income) and the liability released', async () => {
    const before = await figures();
    const id = await stay(2);
    expect((await api('POST', `/api/accommodation/booking/${id}/check-in/`, { deposit_payment_mode: cash })).statusCode).toBe(200);
    const out = await api('POST', `/api/accommodation/booking/${id}/check-out/`, { deposit_action: 'adjust' });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toMatchObject({ deposit_status: 'adjusted', billed: '1000.00', paid: '1000.00', due: '0.00' });
    expect(out.json().invoices[0]).toMatchObject({ total: '1000.00', due: '0.00' });
    const after = await figures();
    const plus = (a: string, b: number) => (Number(a) + b).toFixed(2);
    // ₹1,000 of the deposit paid the night (income); ₹1,000 went back in cash; nothing is held.
    expect(after).toMatchObject({
      income: plus(before.income, 1000),
      held: before.held,
      pl_money_in: plus(before.pl_money_in, 1000),
      hostel_revenue: plus(before.hostel_revenue, 1000),
      hostel_held: '0.00',
      cash: { income: plus(before.cash.income, 1000), held: before.cash.held },
    });
  });

  it('bills a monthly stay that stays on past its planned check-out month by month, once, until it checks out', async () => {
    const client = (await api('POST', '/api/accommodation/client/', { name: 'Long Stayer', phone: '9199999999' })).json().id;
    const room = await inOrg(t, acme, (tx, ctx) => makeAccommodationRoom(tx, ctx, { beds: 1, perMonth: '15000.00', deposit: '0.00' }));
    const planned = addDays(today, 10);
    const res = await api('POST', '/api/accommodation/booking/', {
      client,
      room: room.id,
      bed: 1,
      check_in: today,
      check_out: planned,
      rate_basis: 'monthly',
      deposit: '0',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    expect((await api('POST', `/api/accommodation/booking/${id}/check-in/`, {})).statusCode).toBe(200);
    const monthAfter = (d: string) => addDays(`${d.slice(0, 7)}-01`, 40).slice(0, 7) + '-01';
    // The first month that starts after the planned check-out, and the next: the resident is still in.
    const m1 = monthAfter(planned);
    const m2 = monthAfter(m1);
    const job = (day: string) =>
      inOrg(t, acme, async (tx, ctx) => [await billMonthlyRent(tx, ctx, day), await billMonthlyRent(tx, ctx, day)]);
    expect(await job(m1)).toEqual([1, 0]);
    expect(await job(m2)).toEqual([1, 0]);
    const billed = (await get(`/api/accommodation/booking/${id}/`)).invoices as Body[];
    expect(billed.find((i) => i.month === m1.slice(0, 7))).toMatchObject({ total: '15000.00', period_start: m1 });
    expect(billed.find((i) => i.month === m2.slice(0, 7))).toMatchObject({ total: '15000.00', period_start: m2 });
    // The resident leaves on the 10th of m2 (9 nights in it): the days after are credited; every month of the stay has one bill.
    const leave = addDays(m2, 9);
    await inOrg(t, acme, (tx, ctx) => checkOut(tx, { ...ctx, now: { ...ctx.now, today: leave } }, id, checkOutInputSchema.parse({})));
    const after = (await get(`/api/accommodation/booking/${id}/`)) as { status: string; check_out: string; invoices: Body[] };
    expect(after).toMatchObject({ status: 'checked_out', check_out: leave });
    const months: string[] = [];
    for (let m = `${today.slice(0, 7)}-01`; m <= m2; m = monthAfter(m)) months.push(m.slice(0, 7));
    expect(after.invoices.map((i) => i.month)).toEqual(months);
    const days = Number(addDays(monthAfter(m2), -1).slice(8, 10));
    const m2Bill = after.invoices.find((i) => i.month === m2.slice(0, 7))!;
    expect(Math.round(Number(m2Bill.total) * 100)).toBe(Math.round((1_500_000 * 9) / days));
    expect(await job(monthAfter(m2))).toEqual([0, 0]);
  });
});
