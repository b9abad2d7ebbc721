/**
 * Staff Management: the staff category lookup (issue 18's proof, with issue 21's paid leave days)
 * and staff (issue 21): codes STF-0001 consecutive (30 at once on PostgreSQL), every bad input a
 * field error with nothing written, one phone per organisation, references of the organisation
 * only, the module's 403, and the list's search, filters, ordering and exports.
 */
import ExcelJS from 'exceljs';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff, staffCentre } from '../src/modules/staff/schema.js';
import { auditLog } from '../src/platform/db/schema.js';
import { describeCrudResource } from './crud-resource.js';
import { inOrg, makeCentre, makeOrganisation, makeStaffCategory, makeUser, type TestOrganisation } from './factories.js';
import { call, createTestApp, login, multipartBody, onPostgres, OWNER, TINY_PNG, type TestContext } from './helpers.js';

// Staff Management › Staff Category: the lookup issue 18 added by following docs/adding-a-module.md.
describeCrudResource({
  resource: 'staff_category',
  path: '/api/staff-management/staff-category/',
  module: 'Staff Management',
  make: (name) => ({ name, description: `${name} of the gym floor`, paid_leave_days: 2 }),
  update: { description: 'Personal training', is_active: false, paid_leave_days: 3 },
  filter: { query: 'is_active=false', make: { is_active: false }, field: 'is_active', value: false },
  uniqueName: 'A staff category with this name already exists.',
  exportHeaders: ['Name', 'Description', 'Paid leave days per month', 'Status'],
});

const STAFF = '/api/staff-management/staff/';
type Body = Record<string, unknown>;

describe('staff category paid leave days', () => {
  let t: TestContext;
  let acme: TestOrganisation;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({}, { seed: false });
    acme = await makeOrganisation(t);
    key = await login(t.app, acme.owner, acme.host);
  });
  afterAll(async () => t?.close());

  it('defaults to 0 and refuses outside 0–60 on the field', async () => {
    const api = (payload: Body) =>
      call(t.app, { method: 'POST', url: '/api/staff-management/staff-category/', host: acme.host, token: key, payload });
    const made = await api({ name: 'Yoga teacher' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().paid_leave_days).toBe(0);
    for (const bad of [-1, 61, 1.5, '2'])
      expect(Object.keys((await api({ name: `Bad ${String(bad)}`, paid_leave_days: bad })).json())).toEqual(['paid_leave_days']);
  });
});

describe('staff', () => {
  let t: TestContext;
  let acme: TestOrganisation;
  let other: TestOrganisation;
  let key: string;
  let otherKey: string;
  let trainer: number;
  let coach: number;
  let retired: number;
  let north: number;
  let south: number;
  let theirCategory: number;
  let theirCentre: number;

  const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Body, token = key) =>
    call(t.app, { method, url, host: acme.host, token, payload });
  let phoneNo = 0;
  const phone = () => `98450${String(++phoneNo).padStart(5, '0')}`;
  const body = (extra: Body = {}): Body => ({
    first_name: 'Asha',
    last_name: 'Rao',
    phone: phone(),
    gender: 'female',
    category: trainer,
    centres: [north],
    joining_date: '2025-04-01',
    salary_type: 'monthly',
    base_pay: 25000,
    ...extra,
  });
  const create = async (extra: Body = {}) => {
    const res = await api('POST', STAFF, body(extra));
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const staffCount = () =>
    inOrg(t, acme, async (tx, ctx) => {
      const [s] = await tx.select({ n: count() }).from(staff).where(eq(staff.organisationId, ctx.organisationId));
      const [c] = await tx.select({ n: count() }).from(staffCentre).where(eq(staffCentre.organisationId, ctx.organisationId));
      const [a] = await tx
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.organisationId, ctx.organisationId), eq(auditLog.resource, 'staff')));
      return { staff: Number(s.n), centres: Number(c.n), audit: Number(a.n) };
    });

  beforeAll(async () => {
    t = await createTestApp({}, { seed: false });
    acme = await makeOrganisation(t);
    other = await makeOrganisation(t);
    key = await login(t.app, acme.owner, acme.host);
    otherKey = await login(t.app, other.owner, other.host);
    ({ trainer, coach, retired, north, south } = await inOrg(t, acme, async (tx, ctx) => ({
      trainer: (await makeStaffCategory(tx, ctx, { name: 'Trainer' })).id,
      coach: (await makeStaffCategory(tx, ctx, { name: 'Coach' })).id,
      retired: (await makeStaffCategory(tx, ctx, { name: 'Retired', isActive: false })).id,
      north: (await makeCentre(tx, ctx, { name: 'North' })).id,
      south: (await makeCentre(tx, ctx, { name: 'South' })).id,
    })));
    ({ theirCategory, theirCentre } = await inOrg(t, other, async (tx, ctx) => ({
      theirCategory: (await makeStaffCategory(tx, ctx, { name: 'Trainer' })).id,
      theirCentre: (await makeCentre(tx, ctx)).id,
    })));
  });
  afterAll(async () => t?.close());

  it('creates with a consecutive code, names and normalised fields; retrieves, updates and deletes with audit rows', async () => {
    const a = await create({
      phone: '+91 98765-43210',
      email: ' Asha@Example.COM ',
      centres: [south, north, south],
      ifsc: 'hdfc0001234',
      pan: 'abcde1234f',
      upi_id: 'Asha.Rao@okhdfc',
      bank_account: '123456789012',
      commission_percent: 7.5,
      date_of_birth: '1995-06-15',
    });
    expect(a).toMatchObject({
      staff_code: 'STF-0001',
      full_name: 'Asha Rao',
      phone: '9876543210',
      email: 'asha@example.com',
      category: trainer,
      category_name: 'Trainer',
      centre_names: ['North', 'South'],
      base_pay: '25000.00',
      commission_percent: '7.50',
      ifsc: 'HDFC0001234',
      pan: 'ABCDE1234F',
      upi_id: 'asha.rao@okhdfc',
      status: 'active',
      has_login: false,
      user: null,
      photo: null,
    });
    expect(a.centres.sort()).toEqual([north, south].sort());
    const b = await create({ first_name: 'Bhavna' });
    expect(b.staff_code).toBe('STF-0002');
    expect((await api('GET', `${STAFF}${a.id}/`)).json()).toEqual(a);

    const patched = await api('PATCH', `${STAFF}${a.id}/`, {
      centres: [south],
      salary_type: 'per_session',
      base_pay: '800',
      status: 'inactive',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      centres: [south],
      centre_names: ['South'],
      salary_type: 'per_session',
      base_pay: '800.00',
      status: 'inactive',
      phone: '9876543210',
      staff_code: 'STF-0001',
    });
    const put = await api(
      'PUT',
      `${STAFF}${b.id}/`,
      body({ first_name: 'Bhavna', last_name: 'Iyer', phone: b.phone, category: coach, centres: [north, south] }),
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      full_name: 'Bhavna Iyer',
      category_name: 'Coach',
      centre_names: ['North', 'South'],
      staff_code: 'STF-0002',
    });

    expect((await api('DELETE', `${STAFF}${b.id}/`)).statusCode).toBe(204);
    expect((await api('GET', `${STAFF}${b.id}/`)).statusCode).toBe(404);
    const logs = (await api('GET', `/api/administrator/logs/?resource=staff&search=${b.id}`)).json().results;
    const mine = logs.filter((l: Body) => l.object_id === String(b.id));
    expect(mine.map((l: Body) => l.action)).toEqual(['delete', 'update', 'create']);
    expect(mine[0]).toMatchObject({ object_label: 'Bhavna Iyer (STF-0002)', module: 'Staff Management' });
    // A deleted member's number is not given again.
    expect((await create()).staff_code).toBe('STF-0003');
  });

  it('refuses every bad input on its field and writes nothing', async () => {
    const before = await staffCount();
    const cases: [Body, string][] = [
      [{ first_name: '  ' }, 'first_name'],
      [{ phone: '12345' }, 'phone'],
      [{ email: 'not-an-email' }, 'email'],
      [{ gender: 'x' }, 'gender'],
      [{ date_of_birth: '2999-01-01' }, 'date_of_birth'],
      [{ date_of_birth: '1899-12-31' }, 'date_of_birth'],
      [{ category: undefined }, 'category'],
      [{ category: retired }, 'category'],
      [{ category: 999999 }, 'category'],
      [{ centres: [] }, 'centres'],
      [{ centres: undefined }, 'centres'],
      [{ centres: [north, 999999] }, 'centres'],
      [{ joining_date: '2199-01-01' }, 'joining_date'],
      [{ joining_date: '1800-01-01' }, 'joining_date'],
      [{ joining_date: '2000-01-01', date_of_birth: '2001-01-01' }, 'joining_date'],
      [{ salary_type: 'weekly' }, 'salary_type'],
      [{ base_pay: 0 }, 'base_pay'],
      [{ base_pay: -5 }, 'base_pay'],
      [{ base_pay: 1000000.01 }, 'base_pay'],
      [{ base_pay: '10.005' }, 'base_pay'],
      [{ commission_percent: 100.01 }, 'commission_percent'],
      [{ commission_percent: -1 }, 'commission_percent'],
      [{ commission_percent: '12.345' }, 'commission_percent'],
      [{ bank_account: '12345678' }, 'bank_account'],
      [{ bank_account: '1234567890123456789' }, 'bank_account'],
      [{ bank_account: '12345abc90' }, 'bank_account'],
      [{ ifsc: 'HDFC1001234' }, 'ifsc'],
      [{ ifsc: 'HDF00001234' }, 'ifsc'],
      [{ upi_id: 'asha' }, 'upi_id'],
      [{ upi_id: 'asha@' }, 'upi_id'],
      [{ pan: 'ABCD1234F' }, 'pan'],
      [{ pan: 'ABCDE12345' }, 'pan'],
      [{ status: 'left' }, 'status'],
      [{ notes: 'x'.repeat(1001) }, 'notes'],
    ];
    for (const [extra, field] of cases) {
      const res = await api('POST', STAFF, body(extra));
      expect(res.statusCode, `${JSON.stringify(extra)}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(extra)).toEqual([field]);
    }
    // The limits themselves pass.
    await create({ base_pay: 1000000, commission_percent: 100, bank_account: '123456789', ifsc: 'SBIN0ABC123' });
    const after = await staffCount();
    expect(after).toEqual({ staff: before.staff + 1, centres: before.centres + 1, audit: before.audit + 1 });

    // An update is refused the same way, and changes nothing.
    const s = await create();
    for (const [extra, field] of [
      [{ base_pay: 0 }, 'base_pay'],
      [{ centres: [] }, 'centres'],
      [{ category: retired }, 'category'],
      [{ date_of_birth: '2026-01-01', joining_date: '2025-01-01' }, 'joining_date'],
    ] as [Body, string][]) {
      const res = await api('PATCH', `${STAFF}${s.id}/`, extra);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json())).toEqual([field]);
    }
    expect((await api('GET', `${STAFF}${s.id}/`)).json()).toEqual(s);
  });

  it('keeps one phone per organisation (any status), and another organisation may use it', async () => {
    const s = await create({ phone: '9000000001', status: 'inactive' });
    const before = await staffCount();
    const dup = await api('POST', STAFF, body({ phone: '+91 90000 00001' }));
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ phone: ['A staff member with this phone already exists.'] });
    const second = await create();
    const moved = await api('PATCH', `${STAFF}${second.id}/`, { phone: '9000000001' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual({ phone: ['A staff member with this phone already exists.'] });
    expect(await staffCount()).toEqual({ ...before, staff: before.staff + 1, centres: before.centres + 1, audit: before.audit + 1 });
    expect((await api('PATCH', `${STAFF}${s.id}/`, { phone: '9000000001', first_name: 'Same' })).statusCode).toBe(200);
    const theirs = await call(t.app, {
      method: 'POST',
      url: STAFF,
      host: other.host,
      token: otherKey,
      payload: { ...body({ phone: '9000000001' }), category: theirCategory, centres: [theirCentre] },
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json().staff_code).toBe('STF-0001');
  });

  it("refuses another organisation's category and centres on the field, and their staff are a 404", async () => {
    const before = await staffCount();
    const cat = await api('POST', STAFF, body({ category: theirCategory }));
    expect(cat.statusCode).toBe(400);
    expect(cat.json()).toEqual({ category: [`Invalid pk "${theirCategory}" - object does not exist.`] });
    const cen = await api('POST', STAFF, body({ centres: [north, theirCentre] }));
    expect(cen.statusCode).toBe(400);
    expect(cen.json()).toEqual({ centres: [`Invalid pk "${theirCentre}" - object does not exist.`] });
    expect(await staffCount()).toEqual(before);

    const theirs = await call(t.app, {
      method: 'POST',
      url: STAFF,
      host: other.host,
      token: otherKey,
      payload: { ...body(), category: theirCategory, centres: [theirCentre] },
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const id = theirs.json().id;
    expect((await api('GET', `${STAFF}${id}/`)).statusCode).toBe(404);
    expect((await api('PATCH', `${STAFF}${id}/`, { first_name: 'Mine' })).statusCode).toBe(404);
    expect((await api('DELETE', `${STAFF}${id}/`)).statusCode).toBe(404);
    const list = (await api('GET', `${STAFF}?page_size=500`)).json();
    expect(list.results.map((r: Body) => r.id)).not.toContain(id);
  });

  it("is a member's trainer when active and of the organisation, named on the member; a staff member still named cannot be deleted", async () => {
    const coachStaff = await create({ first_name: 'Ravi', last_name: 'Kumar' });
    const inactive = await create({ status: 'inactive' });
    const m = (trainer: unknown) =>
      api('POST', '/api/member-management/member/', { first_name: 'Member', gender: 'male', phone: phone(), centre: north, trainer });
    const made = await m(coachStaff.id);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ trainer: coachStaff.id, trainer_name: 'Ravi Kumar' });
    for (const id of [inactive.id, 999999])
      expect((await m(id)).json()).toEqual({ trainer: [`Invalid pk "${id}" - object does not exist.`] });
    const deleting = await api('DELETE', `${STAFF}${coachStaff.id}/`);
    expect(deleting.statusCode).toBe(409);
    expect((await api('GET', `${STAFF}${coachStaff.id}/`)).statusCode).toBe(200);
  });

  it('is for users with the Staff Management module only', async () => {
    const desk = await makeUser(t, acme.id, { modules: ['Membership Management'] });
    const deskKey = await login(t.app, desk, acme.host);
    for (const [method, url] of [
      ['GET', STAFF],
      ['POST', STAFF],
      ['GET', `${STAFF}1/`],
    ] as const)
      expect((await api(method, url, method === 'POST' ? body() : undefined, deskKey)).statusCode, `${method} ${url}`).toBe(403);
    // The staff picker of the trainer, coach and sold-by selects: Staff, Membership or Booking Management (issue 21).
    expect((await api('GET', `${STAFF}dropdown/`, undefined, deskKey)).statusCode).toBe(200);
    const other = await makeUser(t, acme.id, { modules: ['Income/Expenses Management'] });
    expect((await api('GET', `${STAFF}dropdown/`, undefined, await login(t.app, other, acme.host))).statusCode).toBe(403);
    const manager = await makeUser(t, acme.id, { modules: ['Staff Management'] });
    expect((await api('GET', STAFF, undefined, await login(t.app, manager, acme.host))).statusCode).toBe(200);
  });

  it('searches, filters, orders, exports and offers active staff in the dropdown', async () => {
    const org = await makeOrganisation(t);
    const k = await login(t.app, org.owner, org.host);
    const o = (method: 'GET' | 'POST', url: string, payload?: Body) => call(t.app, { method, url, host: org.host, token: k, payload });
    const ids = await inOrg(t, org, async (tx, ctx) => ({
      gym: (await makeStaffCategory(tx, ctx, { name: 'Trainer' })).id,
      desk: (await makeStaffCategory(tx, ctx, { name: 'Receptionist' })).id,
      east: (await makeCentre(tx, ctx, { name: 'East' })).id,
      west: (await makeCentre(tx, ctx, { name: 'West' })).id,
    }));
    const rows: Body[] = [
      {
        first_name: 'Zoya',
        last_name: 'Khan',
        phone: '9111111111',
        email: 'zoya@gym.in',
        category: ids.gym,
        centres: [ids.east],
        salary_type: 'monthly',
        base_pay: 30000,
        joining_date: '2024-01-10',
      },
      {
        first_name: 'Arjun',
        last_name: 'Mehta',
        phone: '9222222222',
        category: ids.gym,
        centres: [ids.east, ids.west],
        salary_type: 'per_session',
        base_pay: 500,
        joining_date: '2025-02-01',
      },
      {
        first_name: 'Meera',
        last_name: 'Nair',
        phone: '9333333333',
        category: ids.desk,
        centres: [ids.west],
        salary_type: 'hourly',
        base_pay: 150,
        joining_date: '2023-06-15',
        status: 'inactive',
      },
    ];
    for (const r of rows) {
      const res = await o('POST', STAFF, { gender: 'female', ...r });
      expect(res.statusCode, res.body).toBe(201);
    }
    const names = async (query: string) => (await o('GET', `${STAFF}?${query}`)).json().results.map((r: Body) => r.first_name);
    expect(await names('')).toEqual(['Zoya', 'Arjun', 'Meera']);
    expect(await names('search=mehta')).toEqual(['Arjun']);
    expect(await names('search=arjun%20meh')).toEqual(['Arjun']);
    expect(await names('search=%2B91%2092222')).toEqual(['Arjun']);
    expect(await names('search=STF-0003')).toEqual(['Meera']);
    expect(await names('search=zoya%40gym')).toEqual(['Zoya']);
    expect(await names(`category=${ids.gym}&ordering=first_name`)).toEqual(['Arjun', 'Zoya']);
    expect(await names(`centre=${ids.west}&ordering=first_name`)).toEqual(['Arjun', 'Meera']);
    expect(await names('status=inactive')).toEqual(['Meera']);
    expect(await names('salary_type=per_session')).toEqual(['Arjun']);
    expect(await names('ordering=-base_pay')).toEqual(['Zoya', 'Arjun', 'Meera']);
    expect(await names('ordering=joining_date')).toEqual(['Meera', 'Zoya', 'Arjun']);
    expect(await names('ordering=-staff_code')).toEqual(['Meera', 'Arjun', 'Zoya']);
    expect((await o('GET', `${STAFF}?ordering=phone`)).statusCode).toBe(400);
    expect((await o('GET', `${STAFF}?salary_type=weekly`)).statusCode).toBe(400);

    expect((await o('GET', `${STAFF}dropdown/`)).json().results).toEqual([
      { id: expect.any(Number), name: 'Arjun Mehta (STF-0002)' },
      { id: expect.any(Number), name: 'Zoya Khan (STF-0001)' },
    ]);

    const csv = await o('GET', `${STAFF}?centre=${ids.east}&ordering=staff_code&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const header = lines.findIndex((l) => l.startsWith('Code,'));
    expect(lines[header]).toBe('Code,Name,Phone,Email,Category,Centers,Joining date,Salary type,Base pay,Commission %,Status,Created');
    expect(lines.slice(header + 1).map((l) => l.split(',')[0])).toEqual(['STF-0001', 'STF-0002']);
    expect(lines[header + 2]).toContain('"East, West"');
    expect(lines[header + 2]).toContain('Per session');

    const xlsx = await o('GET', `${STAFF}?status=active&ordering=-staff_code&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(String(sheet.getCell('A1').value)).toContain('Status: Active');
    expect([3, 4].map((r) => sheet.getCell(`A${r}`).value)).toEqual(['STF-0002', 'STF-0001']);
  });

  it("takes a photo by multipart, serves it, replaces and removes it; refuses a non-image and another organisation's staff", async () => {
    const a = await create();
    expect(a.photo).toBeNull();
    const upload = async (id: number, file: { name: string; data: Buffer; type: string }, token = key, host = acme.host) => {
      const body = multipartBody({}, { ...file, field: 'photo' });
      return call(t.app, { method: 'POST', url: `${STAFF}${id}/photo/`, host, token, payload: body.payload, headers: body.headers });
    };
    const png = { name: 'me.png', data: TINY_PNG, type: 'image/png' };
    const first = await upload(a.id, png);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().photo).toMatch(/^\/uploads\/org-\d+\/.+\.png$/);
    const served = await call(t.app, { method: 'GET', url: first.json().photo, host: acme.host, token: key });
    expect(served.statusCode).toBe(200);
    // A second photo replaces the first: the old file is no longer served.
    const second = await upload(a.id, png);
    expect(second.json().photo).not.toBe(first.json().photo);
    expect((await call(t.app, { method: 'GET', url: first.json().photo, host: acme.host, token: key })).statusCode).toBe(404);
    // Not an image: a field error, and the photo stays.
    const bad = await upload(a.id, { name: 'x.png', data: Buffer.from('not an image'), type: 'image/png' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().photo).toBeDefined();
    expect((await api('GET', `${STAFF}${a.id}/`)).json().photo).toBe(second.json().photo);
    // Another organisation's owner cannot touch it.
    expect((await upload(a.id, png, otherKey, other.host)).statusCode).toBe(404);
    expect((await call(t.app, { method: 'DELETE', url: `${STAFF}${a.id}/photo/`, host: other.host, token: otherKey })).statusCode).toBe(
      404,
    );
    const removed = await api('DELETE', `${STAFF}${a.id}/photo/`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().photo).toBeNull();
  });
});

/** 30 staff added at once on PostgreSQL with a real pool: 30 distinct, consecutive codes. */
describe.runIf(onPostgres)('staff codes under concurrency', () => {
  let t: TestContext;
  let acme: TestOrganisation;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({}, { seed: false, poolSize: 10 });
    acme = await makeOrganisation(t);
    key = await login(t.app, acme.owner, acme.host);
  });
  afterAll(async () => t?.close());

  it('gives 30 parallel creates the codes STF-0001 … STF-0030', async () => {
    const { category, centreId } = await inOrg(t, acme, async (tx, ctx) => ({
      category: (await makeStaffCategory(tx, ctx)).id,
      centreId: (await makeCentre(tx, ctx)).id,
    }));
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(t.app, {
          method: 'POST',
          url: STAFF,
          host: acme.host,
          token: key,
          payload: {
            first_name: `Parallel ${i}`,
            phone: `93${String(i).padStart(8, '0')}`,
            gender: 'male',
            category,
            centres: [centreId],
            salary_type: 'monthly',
            base_pay: 18000,
          },
        }),
      ),
    );
    for (const r of responses) expect(r.statusCode, r.body).toBe(201);
    const codes = responses.map((r) => r.json().staff_code as string).sort();
    expect(codes).toEqual(Array.from({ length: 30 }, (_, i) => `STF-${String(i + 1).padStart(4, '0')}`));
  });
});

describe('the demo staff', () => {
  let t: TestContext;
  afterAll(async () => t?.close());

  it('has twelve staff across both centres and every category, one per session, one on commission, and the batches coached', async () => {
    t = await createTestApp();
    const key = await login(t.app, OWNER);
    const get = (url: string) => call(t.app, { method: 'GET', url, token: key });
    const all = (await get(`${STAFF}?page_size=100`)).json();
    expect(all.count).toBe(12);
    const rows = all.results as {
      staff_code: string;
      category_name: string;
      centre_names: string[];
      salary_type: string;
      commission_percent: string;
    }[];
    expect(rows.map((r) => r.staff_code)).toEqual(Array.from({ length: 12 }, (_, i) => `STF-${String(i + 1).padStart(4, '0')}`));
    expect(new Set(rows.map((r) => r.category_name))).toEqual(new Set(['Trainer', 'Coach', 'Receptionist', 'Manager', 'Housekeeping']));
    expect(new Set(rows.flatMap((r) => r.centre_names)).size).toBe(2);
    expect(rows.filter((r) => r.salary_type === 'per_session')).toHaveLength(1);
    expect(rows.filter((r) => r.commission_percent !== '0.00')).toHaveLength(1);
    const batches = (await get('/api/member-management/batch/?page_size=100')).json().results as {
      coach: number | null;
      coach_name: string;
    }[];
    expect(batches.length).toBeGreaterThan(0);
    for (const b of batches) expect(b.coach_name).not.toBe('');
  });
});
