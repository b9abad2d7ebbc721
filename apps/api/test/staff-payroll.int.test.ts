/**
 * Payroll (issue 21): generate a month's drafts (monthly prorated with half days and paid leave,
 * hourly from check-in/out, per session from batches coached, commission on sales credited net of
 * credit notes), idempotent generate, the owner's figures on a draft, approve, pay once (one
 * Salaries expense), payslip PDF, list and exports, payment history, dashboard, reports, settings,
 * cross-tenant 404s, the module's 403, and on PostgreSQL concurrent pays and generates.
 */
import { shiftDays } from '@arena/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batch, batchAttendance } from '../src/modules/membership/schema.js';
import { payroll, staffAttendance } from '../src/modules/staff/schema.js';
import { computePayroll } from '../src/modules/staff/payroll-compute.js';
import { paymentMode } from '../src/modules/administrator/schema.js';
import {
  inOrg,
  makeCentre,
  makeFacility,
  makeMember,
  makeOrganisation,
  makePlan,
  makeSport,
  makeStaff,
  makeStaffCategory,
  makeUser,
  type TestOrganisation,
} from './factories.js';
import { call, createTestApp, login, onPostgres, OWNER, type TestContext } from './helpers.js';

const P = '/api/staff-management/pay-roll/';
const MONTH = '2026-10'; // 31 days from a Thursday: 4 Sundays, 27 working days
type Body = Record<string, unknown>;
type Row = Record<string, unknown> & { id: number; staff: number; status: string };

describe('staff payroll', () => {
  let t: TestContext;
  let acme: TestOrganisation;
  let other: TestOrganisation;
  let key: string;
  let theirKey: string;
  let centreId: number;
  let asha: number;
  let hari: number;
  let pooja: number;
  let rahul: number;
  let gone: number;
  let cash: number;
  let theirStaff: number;
  let planId: number;
  let memberId: number;

  const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: Body, token = key, host?: string) =>
    call(t.app, { method, url, host: host ?? acme.host, token, payload });
  const generate = async (month = MONTH) => {
    const res = await api('POST', `${P}generate/`, { month });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { created: number; refreshed: number; kept: number };
  };
  const rowsOf = async (month = MONTH): Promise<Map<number, Row>> =>
    new Map(((await api('GET', `${P}?month=${month}&page_size=100`)).json().results as Row[]).map((r) => [r.staff, r]));
  const expenses = async () => (await api('GET', '/api/income-expense/transactions/?type=expense')).json().results as Body[];

  beforeAll(async () => {
    t = await createTestApp({}, { seed: false });
    acme = await makeOrganisation(t);
    other = await makeOrganisation(t);
    key = await login(t.app, acme.owner, acme.host);
    theirKey = await login(t.app, other.owner, other.host);
    ({ centreId, asha, hari, pooja, rahul, gone, cash, planId, memberId } = await inOrg(t, acme, async (tx, ctx) => {
      const trainer = (await makeStaffCategory(tx, ctx, { name: 'Trainer', paidLeaveDays: 1 })).id;
      const c = (await makeCentre(tx, ctx, { name: 'North' })).id;
      const mk = async (first: string, extra: Body = {}) =>
        (await makeStaff(tx, ctx, { category: trainer, centres: [c], first_name: first, joining_date: '2025-01-01', ...extra })).id;
      const ids = {
        centreId: c,
        asha: await mk('Asha', { base_pay: '30000.00' }),
        hari: await mk('Hari', { salary_type: 'hourly', base_pay: '200.00' }),
        pooja: await mk('Pooja', { salary_type: 'per_session', base_pay: '500.00' }),
        rahul: await mk('Rahul', { base_pay: '20000.00', commission_percent: '10.00' }),
        gone: await mk('Gopal', { status: 'inactive' }),
      };
      const [mode] = await tx
        .select({ id: paymentMode.id })
        .from(paymentMode)
        .where(eq(paymentMode.organisationId, ctx.organisationId))
        .limit(1);
      const day = (d: number) => `${MONTH}-${String(d).padStart(2, '0')}`;
      const workdays = Array.from({ length: 31 }, (_, i) => i + 1).filter((d) => ![4, 11, 18, 25].includes(d));
      const att: (typeof staffAttendance.$inferInsert)[] = [];
      const mark = (staffId: number, d: number, status: 'present' | 'absent' | 'half_day' | 'leave', checkIn?: string, checkOut?: string) =>
        att.push({ organisationId: ctx.organisationId, staffId, date: day(d), status, checkIn, checkOut });
      // Asha: 20 present, 1 half day, 2 leave (1 paid), 4 absent.
      workdays.forEach((d, i) => mark(ids.asha, d, i < 20 ? 'present' : i === 20 ? 'half_day' : i < 23 ? 'leave' : 'absent'));
      // Hari: 10 days of 8.5 hours; a present day without times counts no hours.
      workdays.slice(0, 10).forEach((d) => mark(ids.hari, d, 'present', '09:00:00', '17:30:00'));
      mark(ids.hari, workdays[10], 'present');
      // Rahul: every working day.
      workdays.forEach((d) => mark(ids.rahul, d, 'present'));
      await tx.insert(staffAttendance).values(att);
      // Pooja coaches a batch: 6 session days with a present mark (two members on one day count once), one day all absent.
      const m1 = await makeMember(tx, ctx, { centre: c });
      const m2 = await makeMember(tx, ctx, { centre: c });
      const [b] = await tx
        .insert(batch)
        .values({
          organisationId: ctx.organisationId,
          name: 'Juniors',
          centreId: c,
          coachId: ids.pooja,
          weekdays: [1, 3, 5],
          startTime: '17:00',
          endTime: '18:00',
          capacity: 10,
        })
        .returning();
      const marks: { member: number; d: number; status: 'present' | 'absent' }[] = [1, 2, 3, 5, 6, 7].map((d) => ({
        member: m1.id,
        d,
        status: 'present',
      }));
      marks.push({ member: m2.id, d: 1, status: 'present' }, { member: m1.id, d: 8, status: 'absent' });
      await tx.insert(batchAttendance).values(
        marks.map((x) => ({
          organisationId: ctx.organisationId,
          batchId: b.id,
          memberId: x.member,
          date: day(x.d),
          status: x.status,
          markedAt: new Date(),
        })),
      );
      const plan = await makePlan(tx, ctx, { price: '11800.00' });
      return { ...ids, cash: mode.id, planId: plan.id, memberId: m1.id };
    }));
    theirStaff = await inOrg(t, other, async (tx, ctx) => {
      const cat = (await makeStaffCategory(tx, ctx)).id;
      return (await makeStaff(tx, ctx, { category: cat, centres: [(await makeCentre(tx, ctx)).id], joining_date: '2025-01-01' })).id;
    });
  });
  afterAll(async () => t?.close());

  it('generates one draft per active staff member with every line computed and explained', async () => {
    expect(await generate()).toEqual({ month: MONTH, created: 4, refreshed: 0, kept: 0 });
    const rows = await rowsOf();
    expect([...rows.keys()].sort()).toEqual([asha, hari, pooja, rahul].sort());
    expect(rows.has(gone)).toBe(false);
    const a = rows.get(asha)!;
    expect(a).toMatchObject({
      status: 'draft',
      working_days: 27,
      present_days: '20.5',
      half_days: 1,
      leave_days: 2,
      paid_leave_days: 1,
      absent_days: 4,
      paid_days: '21.5',
      base_amount: '23888.89', // 30,000 × 21.5 / 27 = 23,888.888…
      gross: '23888.89',
      net: '23888.89',
    });
    expect((a.computation as Body[])[0]).toMatchObject({ label: 'Base pay', amount: '23888.89' });
    expect((a.computation as { formula: string }[])[0].formula).toContain('÷ 27 working days');
    expect(rows.get(hari)).toMatchObject({ hours: '85.00', base_amount: '17000.00', net: '17000.00' });
    expect(rows.get(pooja)).toMatchObject({ sessions: 6, base_amount: '3000.00' });
    expect(rows.get(rahul)).toMatchObject({ base_amount: '20000.00', commission: '0.00', commission_percent: '10.00' });
  });

  it('generates again idempotently: drafts refreshed, nothing duplicated', async () => {
    expect(await generate()).toEqual({ month: MONTH, created: 0, refreshed: 4, kept: 0 });
    const n = await inOrg(t, acme, async (tx, ctx) =>
      Number((await tx.select({ n: count() }).from(payroll).where(eq(payroll.organisationId, ctx.organisationId)))[0].n),
    );
    expect(n).toBe(4);
  });

  it("takes the owner's figures on a draft and recomputes; refuses bad ones writing nothing", async () => {
    const a = (await rowsOf()).get(asha)!;
    const res = await api('PATCH', `${P}${a.id}/`, {
      bonus: 1000,
      advance: '500',
      pf_enabled: true,
      esi_enabled: true,
      notes: 'Diwali bonus',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      bonus: '1000.00',
      gross: '24888.89',
      pf: '1800.00',
      esi: '0.00',
      advance: '500.00',
      total_deductions: '2300.00',
      net: '22588.89',
      notes: 'Diwali bonus',
    });
    const lines = res.json().computation as { label: string; formula: string }[];
    expect(lines.find((l) => l.label === 'PF')?.formula).toContain('capped');
    expect(lines.find((l) => l.label === 'ESI')?.formula).toContain('above');
    for (const [body, field] of [
      [{ advance: 999999 }, 'advance'],
      [{ bonus: -1 }, 'bonus'],
      [{ other_deductions: 'x' }, 'other_deductions'],
      [{ bonus: 1000001 }, 'bonus'],
    ] as const) {
      const bad = await api('PATCH', `${P}${a.id}/`, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(bad.json())).toEqual([field]);
    }
    expect((await api('GET', `${P}${a.id}/`)).json().net).toBe('22588.89');
    // A refresh keeps the owner's figures.
    await generate();
    expect((await api('GET', `${P}${a.id}/`)).json()).toMatchObject({ bonus: '1000.00', net: '22588.89', pf_enabled: true });
  });

  it('approves a draft; generate then keeps it; only a draft changes or is approved', async () => {
    const a = (await rowsOf()).get(asha)!;
    const ok = await api('POST', `${P}${a.id}/approve/`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'approved', approved_at: expect.any(String) });
    expect((await api('POST', `${P}${a.id}/approve/`)).statusCode).toBe(400);
    expect((await api('PATCH', `${P}${a.id}/`, { bonus: 5 })).statusCode).toBe(400);
    expect(await generate()).toMatchObject({ created: 0, refreshed: 3, kept: 1 });
    expect((await api('GET', `${P}${a.id}/`)).json()).toMatchObject({ status: 'approved', bonus: '1000.00' });
  });

  it('pays an approved row once, writing one Salaries expense; refuses bad input writing nothing', async () => {
    const rows = await rowsOf();
    const a = rows.get(asha)!;
    const before = (await expenses()).length;
    expect(Object.keys((await api('POST', `${P}${a.id}/pay/`, { payment_mode: 999999 })).json())).toEqual(['payment_mode']);
    expect(
      Object.keys((await api('POST', `${P}${a.id}/pay/`, { payment_mode: cash, date: shiftDays(acme.ctx.now.today, 3) })).json()),
    ).toEqual(['date']);
    expect((await api('POST', `${P}${rows.get(hari)!.id}/pay/`, { payment_mode: cash })).statusCode).toBe(400); // a draft
    expect((await api('GET', `${P}${a.id}/`)).json().status).toBe('approved');
    expect((await expenses()).length).toBe(before);
    const paid = await api('POST', `${P}${a.id}/pay/`, { payment_mode: cash, reference: 'NEFT-1' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      status: 'paid',
      paid_on: acme.ctx.now.today,
      reference: 'NEFT-1',
      expense: expect.any(Number),
      payment_mode: cash,
    });
    const again = await api('POST', `${P}${a.id}/pay/`, { payment_mode: cash });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toContain('already paid');
    const ex = await expenses();
    expect(ex.length).toBe(before + 1);
    expect(ex[0]).toMatchObject({ amount: '22588.89', category_name: 'Salaries', kind: 'payment', reference: 'NEFT-1' });
    const history = (await api('GET', `/api/staff-management/payment-history/?month_after=${MONTH}&month_before=${MONTH}`)).json();
    expect(history.results).toEqual([
      expect.objectContaining({ id: a.id, staff: asha, month: MONTH, net: '22588.89', reference: 'NEFT-1', expense: paid.json().expense }),
    ]);
    expect((await api('GET', '/api/staff-management/payment-history/?format=csv')).body).toContain('NEFT-1');
  });

  it('serves the payslip as a PDF', async () => {
    const a = (await rowsOf()).get(asha)!;
    const pdf = await api('GET', `${P}${a.id}/payslip/`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('lists with filters and exports CSV and XLSX', async () => {
    expect((await api('GET', `${P}?status=paid`)).json().results.map((r: Row) => r.staff)).toEqual([asha]);
    expect((await api('GET', `${P}?staff=${hari}`)).json().count).toBe(1);
    expect((await api('GET', `${P}?centre=${centreId}&month=${MONTH}`)).json().count).toBe(4);
    expect((await api('GET', `${P}?month=2026-13`)).statusCode).toBe(400);
    const csv = await api('GET', `${P}?format=csv&month=${MONTH}`);
    expect(csv.body).toContain('Month,Staff,Category,Status');
    expect((await api('GET', `${P}?format=xlsx`)).rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses a future month and an absurd one on the field', async () => {
    const future = shiftDays(acme.ctx.now.today, 40).slice(0, 7);
    for (const month of [future, '1999-12', '2026-1', 'x'])
      expect(Object.keys((await api('POST', `${P}generate/`, { month })).json()), month).toEqual(['month']);
  });

  it('credits commission on sales sold_by a staff member, net of credit notes', async () => {
    const month = acme.ctx.now.today.slice(0, 7);
    const bad = await api('POST', '/api/member-management/membership/', { member: memberId, plan: planId, sold_by: theirStaff });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['sold_by']);
    expect(
      Object.keys((await api('POST', '/api/member-management/membership/', { member: memberId, plan: planId, sold_by: gone })).json()),
    ).toEqual(['sold_by']);
    const sold = await api('POST', '/api/member-management/membership/', { member: memberId, plan: planId, sold_by: rahul });
    expect(sold.statusCode, sold.body).toBe(201);
    await generate(month);
    const r = (await rowsOf(month)).get(rahul)!;
    const sales = Number(r.commission_sales);
    expect(sales).toBeGreaterThan(0);
    expect(sales).toBeLessThanOrEqual(11800);
    expect(r.commission).toBe((Math.round(sales * 10) / 100).toFixed(2));
    expect((r.computation as { label: string }[]).some((l) => l.label === 'Commission')).toBe(true);
    const dash = (await api('GET', '/api/staff-management/dashboard/')).json();
    expect(dash.commission_leaders[0]).toMatchObject({ staff: rahul, sales: r.commission_sales, commission: r.commission });
    const report = (await api('GET', '/api/staff-management/reports/commission/')).json();
    expect(report.rows[0]).toMatchObject({ staff: rahul, commission: r.commission });
    const cancelled = await api('POST', `/api/member-management/membership/${sold.json().id}/cancel/`, { reason: 'Changed mind' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await generate(month);
    expect((await rowsOf(month)).get(rahul)).toMatchObject({ commission_sales: '0.00', commission: '0.00' });
  });

  it('credits desk bookings sold_by a staff member too', async () => {
    const month = acme.ctx.now.today.slice(0, 7);
    const facility = await inOrg(t, acme, async (tx, ctx) => {
      const sport = await makeSport(tx, ctx, { name: 'Badminton' });
      return makeFacility(tx, ctx, { centre: centreId, sport: sport.id });
    });
    const slot = facility.slot_groups[1].time_slots[0].id!;
    const body = (sold_by: number) => ({
      name: 'Walk In',
      mobile_no: '9876500011',
      items: [{ facility: facility.id, date: shiftDays(acme.ctx.now.today, 1), time_slot_ids: [slot] }],
      sold_by,
    });
    const bad = await api('POST', '/api/booking/desk-bookings/', body(theirStaff));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['sold_by']);
    const booked = await api('POST', '/api/booking/desk-bookings/', body(rahul));
    expect(booked.statusCode, booked.body).toBe(201);
    await generate(month);
    const r = (await rowsOf(month)).get(rahul)!;
    expect(Number(r.commission_sales)).toBeGreaterThan(0);
    expect(Number(r.commission_sales)).toBeLessThanOrEqual(700); // the slot's price (weekend or not), GST taken out when the centre charges it
  });

  it('leaves the weekly off day to a setting', async () => {
    expect((await api('GET', '/api/staff-management/settings/')).json()).toEqual({ weekly_off_day: 7 });
    expect((await api('PUT', '/api/staff-management/settings/', { weekly_off_day: 9 })).statusCode).toBe(400);
    expect((await api('PUT', '/api/staff-management/settings/', { weekly_off_day: null })).json()).toEqual({ weekly_off_day: null });
    await generate();
    const rows = await rowsOf();
    expect(rows.get(rahul)).toMatchObject({ working_days: 31, base_amount: ((20000 * 27) / 31).toFixed(2) });
    expect(rows.get(asha)).toMatchObject({ working_days: 27, status: 'paid' }); // paid: untouched
    await api('PUT', '/api/staff-management/settings/', { weekly_off_day: 7 });
  });

  it('serves the dashboard and the reports; refuses absurd windows', async () => {
    const dash = await api('GET', '/api/staff-management/dashboard/');
    expect(dash.statusCode, dash.body).toBe(200);
    const d = dash.json();
    expect(d.head_count.total).toBe(4);
    expect(d.payroll_chart).toHaveLength(12);
    expect(d.payroll_chart.find((c: Body) => c.month === MONTH)?.amount).toBe('22588.89');
    for (const path of ['staff-category', 'pay-roll', 'commission', 'staff-attendance/monthly', 'staff-member-count']) {
      const url = `/api/staff-management/reports/${path}/`;
      const res = await api('GET', `${url}?date_after=${MONTH}-01&date_before=${MONTH}-31`);
      expect(res.statusCode, `${path} ${res.body}`).toBe(200);
      expect((await api('GET', `${url}?format=csv`)).statusCode, path).toBe(200);
      expect((await api('GET', `${url}?format=xlsx`)).statusCode, path).toBe(200);
      if (path !== 'staff-member-count') expect((await api('GET', `${url}?date_after=0001-01-01`)).statusCode, path).toBe(400);
    }
    const salary = (await api('GET', `/api/staff-management/reports/pay-roll/?date_after=${MONTH}-01&date_before=${MONTH}-31`)).json();
    expect(salary.rows).toHaveLength(4);
    const absent = (
      await api('GET', `/api/staff-management/reports/staff-attendance/monthly/?date_after=${MONTH}-01&date_before=${MONTH}-31`)
    ).json();
    expect(absent.rows.find((r: Body) => r.staff === asha)).toMatchObject({ absent: 4, present: 20, half_day: 1, leave: 2 });
    const count = (await api('GET', '/api/staff-management/reports/staff-member-count/')).json();
    expect(count.rows.find((r: Body) => r.staff === pooja)).toMatchObject({ batches: 1 });
    const cats = (await api('GET', `/api/staff-management/reports/staff-category/?date_after=${MONTH}-01&date_before=${MONTH}-31`)).json();
    expect(cats.rows.find((r: Body) => r.category_name === 'Trainer')).toMatchObject({ month: MONTH, head_count: 4 });
  });

  it("answers 404 for another organisation's payroll and 403 without the module", async () => {
    const a = (await rowsOf()).get(hari)!;
    for (const [method, url, body] of [
      ['GET', `${P}${a.id}/`, undefined],
      ['PATCH', `${P}${a.id}/`, { bonus: 1 }],
      ['POST', `${P}${a.id}/approve/`, undefined],
      ['POST', `${P}${a.id}/pay/`, { payment_mode: cash }],
      ['GET', `${P}${a.id}/payslip/`, undefined],
    ] as const)
      expect((await api(method, url, body, theirKey, other.host)).statusCode, `${method} ${url}`).toBe(404);
    const theirs = await api('POST', `${P}generate/`, { month: MONTH }, theirKey, other.host);
    expect(theirs.json()).toMatchObject({ created: 1 });
    expect((await api('GET', `${P}${a.id}/`)).json().status).toBe('draft');
    const desk = await makeUser(t, acme.id, { modules: ['Membership Management'] });
    const deskKey = await login(t.app, desk, acme.host);
    for (const [method, url] of [
      ['GET', P],
      ['POST', `${P}generate/`],
      ['POST', `${P}${a.id}/approve/`],
      ['GET', '/api/staff-management/dashboard/'],
      ['GET', '/api/staff-management/payment-history/'],
      ['GET', '/api/staff-management/reports/pay-roll/'],
      ['GET', '/api/staff-management/logs/'],
    ] as const)
      expect((await api(method, url, method === 'POST' ? { month: MONTH } : undefined, deskKey)).statusCode, `${method} ${url}`).toBe(403);
  });

  it('computes each row with the unit-tested function', () => {
    expect(
      computePayroll({
        salaryType: 'monthly',
        basePay: 30_000_00,
        workingDays: 27,
        present: 20,
        halfDays: 1,
        leaveDays: 2,
        absentDays: 4,
        paidLeaveAllowance: 1,
        minutes: 0,
        sessions: 0,
        commissionSales: 0,
        commissionPercent: '0.00',
        bonus: 0,
        advance: 0,
        otherDeductions: 0,
        pfEnabled: false,
        esiEnabled: false,
      }).baseAmount,
    ).toBe(23_888_89);
  });

  describe.runIf(onPostgres)('on PostgreSQL, under concurrency', () => {
    it('N concurrent pays write exactly one expense', async () => {
      const r = (await rowsOf()).get(rahul)!;
      expect((await api('POST', `${P}${r.id}/approve/`)).statusCode).toBe(200);
      const before = (await expenses()).length;
      const results = await Promise.all(Array.from({ length: 8 }, () => api('POST', `${P}${r.id}/pay/`, { payment_mode: cash })));
      expect(results.filter((x) => x.statusCode === 200)).toHaveLength(1);
      expect(results.filter((x) => x.statusCode === 400)).toHaveLength(7);
      expect((await expenses()).length).toBe(before + 1);
    });

    it('two concurrent generates give one draft per staff member', async () => {
      const month = '2026-09';
      const [x, y] = await Promise.all([api('POST', `${P}generate/`, { month }), api('POST', `${P}generate/`, { month })]);
      expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
      expect(x.json().created + y.json().created).toBe(4);
      const n = await inOrg(t, acme, async (tx, ctx) =>
        Number(
          (
            await tx
              .select({ n: count() })
              .from(payroll)
              .where(and(eq(payroll.organisationId, ctx.organisationId), eq(payroll.month, month)))
          )[0].n,
        ),
      );
      expect(n).toBe(4);
    });
  });
});

describe('the demo payroll', () => {
  let t: TestContext;
  afterAll(async () => t?.close());

  it('has three paid months with their Salaries expenses, the current month in draft, and commission for Rahul', async () => {
    t = await createTestApp();
    const key = await login(t.app, OWNER);
    const get = (url: string) => call(t.app, { method: 'GET', url, token: key });
    const rows = (await get(`${P}?page_size=100`)).json().results as Row[];
    const byMonth = new Map<string, Row[]>();
    for (const r of rows) byMonth.set(r.month as string, [...(byMonth.get(r.month as string) ?? []), r]);
    expect(byMonth.size).toBe(4);
    const months = [...byMonth.keys()].sort();
    for (const m of months.slice(0, 3)) expect(new Set(byMonth.get(m)!.map((r) => r.status))).toEqual(new Set(['paid']));
    expect(new Set(byMonth.get(months[3])!.map((r) => r.status))).toEqual(new Set(['draft']));
    expect(rows.some((r) => r.staff_name === 'Rahul Verma' && Number(r.commission) > 0)).toBe(true);
    expect(rows.some((r) => r.salary_type === 'per_session' && Number(r.sessions) > 0 && Number(r.net) > 0)).toBe(true);
    const paid = rows.filter((r) => r.status === 'paid' && Number(r.net) > 0).length; // a row of ₹0 pays nothing
    const salaries = (await get('/api/income-expense/transactions/?type=expense&page_size=1&search=Salary')).json();
    expect(salaries.count).toBe(paid);
    const today = (await get('/api/staff-management/staff-attendance-list/')).json();
    expect(today.rows.length).toBe(12);
  });
});
