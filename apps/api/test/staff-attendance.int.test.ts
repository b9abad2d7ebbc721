/**
 * Staff attendance (issue 21): marking a day (an upsert: one row per staff member and day), the
 * field errors that write nothing (future, before joining, inactive staff, check-out before
 * check-in), another organisation's staff a 404, the bulk mark (all or nothing), the day register
 * and the month grid, the list and its export, and the module's 403.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAttendance } from '../src/modules/staff/schema.js';
import { shiftDays } from '@arena/contracts';
import { inOrg, makeCentre, makeOrganisation, makeStaff, makeStaffCategory, makeUser, type TestOrganisation } from './factories.js';
import { call, createTestApp, login, type TestContext } from './helpers.js';

const A = '/api/staff-management/staff-attendance/';
const REGISTER = '/api/staff-management/staff-attendance-list/';
type Body = Record<string, unknown>;

describe('staff attendance', () => {
  let t: TestContext;
  let acme: TestOrganisation;
  let other: TestOrganisation;
  let key: string;
  let today: string;
  let north: number;
  let south: number;
  let asha: number;
  let ravi: number;
  let newbie: number;
  let gone: number;
  let theirs: number;

  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Body, token = key) =>
    call(t.app, { method, url, host: acme.host, token, payload });
  const rows = () =>
    inOrg(t, acme, async (tx, ctx) => {
      const [r] = await tx.select({ n: count() }).from(staffAttendance).where(eq(staffAttendance.organisationId, ctx.organisationId));
      return Number(r.n);
    });

  beforeAll(async () => {
    t = await createTestApp({}, { seed: false });
    acme = await makeOrganisation(t);
    other = await makeOrganisation(t);
    key = await login(t.app, acme.owner, acme.host);
    today = acme.ctx.now.today;
    ({ north, south, asha, ravi, newbie, gone } = await inOrg(t, acme, async (tx, ctx) => {
      const cat = (await makeStaffCategory(tx, ctx, { name: 'Trainer' })).id;
      const n = (await makeCentre(tx, ctx, { name: 'North' })).id;
      const s = (await makeCentre(tx, ctx, { name: 'South' })).id;
      const mk = async (first: string, extra: Body = {}) =>
        (await makeStaff(tx, ctx, { category: cat, centres: [n], first_name: first, joining_date: '2025-01-01', ...extra })).id;
      return {
        north: n,
        south: s,
        asha: await mk('Asha'),
        ravi: await mk('Ravi', { centres: [s] }),
        newbie: await mk('Neha', { joining_date: today }),
        gone: await mk('Gopal', { status: 'inactive' }),
      };
    }));
    theirs = await inOrg(t, other, async (tx, ctx) => {
      const cat = (await makeStaffCategory(tx, ctx)).id;
      return (await makeStaff(tx, ctx, { category: cat, centres: [(await makeCentre(tx, ctx)).id] })).id;
    });
  });
  afterAll(async () => t?.close());

  it('marks a day and a second POST for the day replaces the row (upsert)', async () => {
    const day = shiftDays(today, -3);
    const first = await api('POST', A, { staff: asha, date: day, status: 'present', check_in: '09:00', check_out: '17:30' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      staff: asha,
      staff_name: expect.stringContaining('Asha'),
      date: day,
      status: 'present',
      check_in: '09:00',
      check_out: '17:30',
      hours: '8.50',
    });
    const again = await api('POST', A, {
      staff: asha,
      date: day,
      status: 'half_day',
      check_in: '09:00',
      check_out: '13:00',
      notes: 'Doctor',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id: first.json().id, status: 'half_day', hours: '4.00', notes: 'Doctor' });
    const leave = await api('PATCH', `${A}${first.json().id}/`, { status: 'leave' });
    expect(leave.json()).toMatchObject({ status: 'leave', check_in: null, check_out: null });
    expect((await api('GET', `${A}${first.json().id}/`)).json().status).toBe('leave');
  });

  it('refuses bad input on its field and writes nothing', async () => {
    const before = await rows();
    const cases: [Body, string][] = [
      [{ staff: asha, date: shiftDays(today, 1), status: 'present' }, 'date'],
      [{ staff: newbie, date: shiftDays(today, -1), status: 'present' }, 'date'],
      [{ staff: asha, date: '1999-12-31', status: 'present' }, 'date'],
      [{ staff: gone, date: today, status: 'present' }, 'staff'],
      [{ staff: asha, date: today, status: 'present', check_in: '10:00', check_out: '09:59' }, 'check_out'],
      [{ staff: asha, date: today, status: 'late' }, 'status'],
      [{ staff: asha, date: today, status: 'present', check_in: '25:00' }, 'check_in'],
    ];
    for (const [body, field] of cases) {
      const res = await api('POST', A, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(body)).toEqual([field]);
    }
    expect(await rows()).toBe(before);
  });

  it("answers 404 for another organisation's staff and rows", async () => {
    expect((await api('POST', A, { staff: theirs, date: today, status: 'present' })).statusCode).toBe(404);
    expect(
      (
        await api('POST', `${A}bulk/`, {
          date: today,
          rows: [
            { staff: asha, status: 'present' },
            { staff: theirs, status: 'present' },
          ],
        })
      ).statusCode,
    ).toBe(404);
    const theirKey = await login(t.app, other.owner, other.host);
    const mine = (await api('POST', A, { staff: ravi, date: today, status: 'present' })).json();
    const res = await call(t.app, { method: 'GET', url: `${A}${mine.id}/`, host: other.host, token: theirKey });
    expect(res.statusCode).toBe(404);
    expect((await call(t.app, { method: 'DELETE', url: `${A}${mine.id}/`, host: other.host, token: theirKey })).statusCode).toBe(404);
  });

  it('bulk marks a day all or nothing, updating rows already there', async () => {
    const day = shiftDays(today, -1);
    const before = await rows();
    const bad = await api('POST', `${A}bulk/`, {
      date: day,
      rows: [
        { staff: asha, status: 'present' },
        { staff: newbie, status: 'present' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['rows']);
    const dup = await api('POST', `${A}bulk/`, {
      date: day,
      rows: [
        { staff: asha, status: 'present' },
        { staff: asha, status: 'absent' },
      ],
    });
    expect(dup.statusCode).toBe(400);
    const inactive = await api('POST', `${A}bulk/`, { date: day, rows: [{ staff: gone, status: 'present' }] });
    expect(Object.keys(inactive.json())).toEqual(['rows']);
    const tooMany = await api('POST', `${A}bulk/`, {
      date: day,
      rows: Array.from({ length: 1001 }, () => ({ staff: asha, status: 'present' })),
    });
    expect(Object.keys(tooMany.json())).toEqual(['rows']);
    expect(await rows()).toBe(before);
    await api('POST', A, { staff: asha, date: day, status: 'present', check_in: '08:00', check_out: '16:00' });
    const ok = await api('POST', `${A}bulk/`, {
      date: day,
      rows: [
        { staff: asha, status: 'half_day' },
        { staff: ravi, status: 'absent' },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ date: day, saved: 2 });
    const list = (await api('GET', `${A}?date=${day}&ordering=staff_name`)).json();
    expect(list.results.map((r: Body) => [r.staff, r.status, r.check_in])).toEqual([
      [asha, 'half_day', '08:00'],
      [ravi, 'absent', null],
    ]);
  });

  it("gives a day's register of every active staff member and a month's grid", async () => {
    const day = shiftDays(today, -1);
    const reg = (await api('GET', `${REGISTER}?date=${day}`)).json();
    expect(reg.kind).toBe('day');
    expect(reg.rows.map((r: Body) => r.staff).sort()).toEqual([asha, ravi].sort()); // Neha joined today; Gopal is inactive
    expect(reg.totals).toEqual({ present: 0, absent: 1, half_day: 1, leave: 0, unmarked: 0 });
    const northOnly = (await api('GET', `${REGISTER}?date=${day}&centre=${north}`)).json();
    expect(northOnly.rows.map((r: Body) => r.staff)).toEqual([asha]);
    expect(northOnly.rows[0].attendance.status).toBe('half_day');
    const todayReg = (await api('GET', REGISTER)).json();
    expect(todayReg.date).toBe(today);
    expect(todayReg.rows.some((r: Body) => r.staff === newbie && r.attendance === null)).toBe(true);
    const month = day.slice(0, 7);
    const grid = (await api('GET', `${REGISTER}?month=${month}&centre=${south}`)).json();
    expect(grid.kind).toBe('month');
    expect(grid.days[0]).toBe(`${month}-01`);
    expect(grid.rows).toHaveLength(1);
    expect(grid.rows[0].days[Number(day.slice(8)) - 1]).toBe('absent');
    expect(grid.rows[0].totals.absent).toBeGreaterThanOrEqual(1);
    expect((await api('GET', `${REGISTER}?month=1999-12`)).statusCode).toBe(400);
    expect((await api('GET', `${REGISTER}?date=${shiftDays(today, 2)}`)).statusCode).toBe(400);
  });

  it('exports the list as CSV and XLSX', async () => {
    const csv = await api('GET', `${A}?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Date,Staff,Status');
    const xlsx = await api('GET', `${A}?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('deletes a mark with an audit row and is for Staff Management users only', async () => {
    const made = (await api('POST', A, { staff: ravi, date: shiftDays(today, -5), status: 'present' })).json();
    expect((await api('DELETE', `${A}${made.id}/`)).statusCode).toBe(204);
    const logs = (await api('GET', '/api/staff-management/logs/?resource=staff_attendance')).json();
    expect(logs.count).toBeGreaterThan(0);
    const desk = await makeUser(t, acme.id, { modules: ['Membership Management'] });
    const deskKey = await login(t.app, desk, acme.host);
    for (const [method, url] of [
      ['GET', A],
      ['POST', A],
      ['POST', `${A}bulk/`],
      ['GET', REGISTER],
    ] as const)
      expect(
        (await api(method, url, method === 'POST' ? { staff: asha, date: today, status: 'present' } : undefined, deskKey)).statusCode,
      ).toBe(403);
    const still = await inOrg(t, acme, (tx, ctx) =>
      tx
        .select({ n: count() })
        .from(staffAttendance)
        .where(and(eq(staffAttendance.organisationId, ctx.organisationId), eq(staffAttendance.id, made.id))),
    );
    expect(Number(still[0].n)).toBe(0);
  });
});
