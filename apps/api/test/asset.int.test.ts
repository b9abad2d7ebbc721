/**
 * Asset Management (issue 26): the category and vendor lookups (generic suite), the register
 * (AST codes, field errors that write nothing, references of the organisation only, the module's
 * 403, exports), the purchase expense when bought now, depreciation, maintenance (cost on the
 * ledger, next preventive entry, report a fault), labels, files, dashboard, transactions, the
 * maintenance-due notification, and 20 parallel creates on PostgreSQL.
 */
import ExcelJS from 'exceljs';
import { depreciationPaise, locationText } from '@arena/contracts/asset';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyMaintenanceDue } from '../src/modules/asset/due.js';
import { describeCrudResource } from './crud-resource.js';
import {
  inOrg,
  makeAsset,
  makeAssetCategory,
  makeAssetVendor,
  makeCentre,
  makeOrganisation,
  makePaymentMode,
  makeUser,
  type TestOrganisation,
} from './factories.js';
import { call, createTestApp, login, multipartBody, onPostgres, TINY_PNG, type TestContext } from './helpers.js';

const MODULE = 'Asset Management';
const BASE = '/api/asset/';
const ASSET = `${BASE}asset/`;
type Body = Record<string, unknown>;

describeCrudResource({
  resource: 'asset_category',
  path: `${BASE}asset-category/`,
  module: MODULE,
  make: (name) => ({ name, description: `${name} machines` }),
  update: { description: 'Treadmills and bikes', is_active: false },
  filter: { query: 'is_active=false', make: { is_active: false }, field: 'is_active', value: false },
  uniqueName: 'An asset category with this name already exists.',
  exportHeaders: ['Name', 'Description', 'Assets', 'Status'],
});

describeCrudResource({
  resource: 'asset_vendor',
  path: `${BASE}asset-vendor/`,
  module: MODULE,
  make: (name) => ({ name, phone: '9845012345', gstin: '29AABCU9603R1ZJ', address: 'Bengaluru' }),
  update: { address: 'Peenya, Bengaluru', service_contract_end: '2027-03-31' },
  filter: { query: 'is_active=false', make: { is_active: false }, field: 'is_active', value: false },
  uniqueName: 'A vendor with this name already exists.',
  exportHeaders: ['Name', 'Phone', 'GSTIN', 'Address', 'Service contract end', 'Assets', 'Status'],
});

describeCrudResource({
  resource: 'asset',
  path: ASSET,
  module: MODULE,
  make: (name, refs) => ({ name, category: refs.category, centre: refs.centre, purchase_date: '2025-04-01', cost: '50000.00' }),
  references: {
    category: async (tx, ctx) => (await makeAssetCategory(tx, ctx)).id,
    centre: async (tx, ctx) => (await makeCentre(tx, ctx)).id,
  },
  update: { location: { floor: '2', zone: 'Zone B' }, condition: 'fair' },
  filter: { query: 'condition=poor', make: { condition: 'poor' }, field: 'condition', value: 'poor' },
  exportHeaders: ['Name', 'Code', 'Category', 'Center'],
});

describe('assets', () => {
  let t: TestContext;
  let acme: TestOrganisation;
  let other: TestOrganisation;
  let key: string;
  let cardio: number;
  let north: number;
  let vendor: number;
  let cash: number;
  let theirs: { category: number; centre: number; vendor: number; asset: number };

  const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Body, token = key) =>
    call(t.app, { method, url, host: acme.host, token, payload });
  const body = (extra: Body = {}): Body => ({
    name: 'Treadmill',
    category: cardio,
    centre: north,
    location: { floor: '1', zone: 'Cardio zone' },
    make: 'Life Fitness',
    model: 'T5',
    serial_no: 'LF-001',
    purchase_date: '2025-04-01',
    cost: '285000.00',
    vendor,
    warranty_until: '2027-03-31',
    useful_life_years: 5,
    salvage_value: '35000.00',
    ...extra,
  });
  const transactions = async () => (await api('GET', `${BASE}transactions/`)).json().results as Body[];

  beforeAll(async () => {
    t = await createTestApp({}, { seed: false });
    acme = await makeOrganisation(t);
    other = await makeOrganisation(t);
    key = await login(t.app, acme.owner, acme.host);
    ({ cardio, north, vendor, cash } = await inOrg(t, acme, async (tx, ctx) => ({
      cardio: (await makeAssetCategory(tx, ctx, { name: 'Cardio' })).id,
      north: (await makeCentre(tx, ctx)).id,
      vendor: (await makeAssetVendor(tx, ctx, { name: 'FitGear' })).id,
      cash: (await makePaymentMode(tx, ctx, { name: 'Cash' })).id,
    })));
    theirs = await inOrg(t, other, async (tx, ctx) => {
      const category = (await makeAssetCategory(tx, ctx)).id;
      const centre = (await makeCentre(tx, ctx)).id;
      return {
        category,
        centre,
        vendor: (await makeAssetVendor(tx, ctx)).id,
        asset: (await makeAsset(tx, ctx, { categoryId: category, centreId: centre })).id,
      };
    });
  });
  afterAll(async () => t?.close());

  it('numbers assets AST-0001, AST-0002 … and shows names, book value and the schedule', async () => {
    const a = await api('POST', ASSET, body());
    expect(a.statusCode, a.body).toBe(201);
    const b = await api('POST', ASSET, body({ name: 'Spin bike', serial_no: 'K-1' }));
    expect([a.json().code, b.json().code]).toEqual(['AST-0001', 'AST-0002']);
    const out = a.json();
    expect(out).toMatchObject({ category_name: 'Cardio', vendor_name: 'FitGear', status: 'in_use', condition: 'good', expense: null });
    expect(out.depreciation_schedule).toHaveLength(5);
    expect(out.depreciation_schedule.map((y: Body) => y.depreciation)).toEqual(Array(5).fill('50000.00'));
    expect(out.depreciation_schedule[4].closing).toBe('35000.00');
    expect(Number(out.book_value)).toBeLessThan(285000);
    expect(Number(out.book_value)).toBeGreaterThanOrEqual(35000);
  });

  it('works out written-down value to the paisa, summing to cost − salvage', async () => {
    const res = await api(
      'POST',
      ASSET,
      body({ name: 'AC', cost: '78000.00', salvage_value: '3900.00', useful_life_years: 8, depreciation_method: 'written_down_value' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const years = res.json().depreciation_schedule as { depreciation: string; closing: string }[];
    const total = years.reduce((n, y) => n + Math.round(Number(y.depreciation) * 100), 0);
    expect(total).toBe(7800000 - 390000);
    expect(years[years.length - 1].closing).toBe('3900.00');
    const expected = depreciationPaise({
      cost: '78000.00',
      salvage: '3900.00',
      lifeYears: 8,
      method: 'written_down_value',
      purchaseDate: '2025-04-01',
    });
    expect(years.map((y) => Math.round(Number(y.depreciation) * 100))).toEqual(expected.map((y) => y.depreciation));
  });

  it('refuses bad input on its field and writes nothing', async () => {
    const before = (await api('GET', ASSET)).json().count;
    const cases: [Body, string][] = [
      [{ salvage_value: '300000.00' }, 'salvage_value'],
      [{ cost: '-1' }, 'cost'],
      [{ cost: '100000000.00' }, 'cost'],
      [{ useful_life_years: 0 }, 'useful_life_years'],
      [{ useful_life_years: 51 }, 'useful_life_years'],
      [{ purchase_date: '2999-01-01' }, 'purchase_date'],
      [{ purchase_date: '1800-01-01' }, 'purchase_date'],
      [{ warranty_until: '2020-01-01' }, 'warranty_until'],
      [{ condition: 'broken' }, 'condition'],
      [{ status: 'lost' }, 'status'],
      [{ depreciation_method: 'sum_of_years' }, 'depreciation_method'],
      [{ name: '' }, 'name'],
      [{ bought_now: true }, 'payment_mode'],
      [{ category: theirs.category }, 'category'],
      [{ centre: theirs.centre }, 'centre'],
      [{ vendor: theirs.vendor }, 'vendor'],
      [{ location: 'Floor 1, Cardio zone' }, 'location'],
      [{ location: { floor: 'x'.repeat(41) } }, 'location.floor'],
      [{ location: { floor: '1', zone: 'Cardio\nzone' } }, 'location.zone'],
    ];
    for (const [extra, field] of cases) {
      const res = await api('POST', ASSET, body(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(extra)).toEqual([field]);
    }
    expect((await api('GET', ASSET)).json().count).toBe(before);
    // The code counter rolled back with them: the next asset takes the next number.
    const next = await api('POST', ASSET, body({ name: 'Rower' }));
    expect(next.json().code).toBe(`AST-${String(before + 1).padStart(4, '0')}`);
  });

  it('keeps the location as floor and zone: filtered and searched by either, in the export and the locations list; read as "Floor 2 · Cardio zone"', async () => {
    const upstairs = (await api('POST', ASSET, body({ name: 'Power rack', location: { floor: ' 2 ', zone: 'Free weights' } }))).json();
    expect(upstairs.location).toEqual({ floor: '2', zone: 'Free weights' });
    const unplaced = (await api('POST', ASSET, body({ name: 'Loose kettlebell', location: undefined }))).json();
    expect(unplaced.location).toEqual({ floor: '', zone: '' });
    const ids = async (query: string) => (await api('GET', `${ASSET}?${query}&page_size=500`)).json().results.map((a: Body) => a.id);
    expect(await ids('floor=2')).toEqual([upstairs.id]);
    expect(await ids('zone=FREE%20WEIGHTS')).toEqual([upstairs.id]);
    expect(await ids('floor=2&zone=Cardio%20zone')).toEqual([]);
    expect(await ids('search=free%20weights')).toEqual([upstairs.id]);
    expect((await ids('zone=cardio%20zone')).length).toBeGreaterThan(0);
    expect((await api('GET', `${ASSET}?floor=`)).statusCode).toBe(400);
    // A PATCH of the location replaces both parts.
    const moved = await api('PATCH', `${ASSET}${upstairs.id}/`, { location: { floor: 'Ground' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().location).toEqual({ floor: 'Ground', zone: '' });
    expect(await ids('floor=ground')).toEqual([upstairs.id]);
    const places = (await api('GET', `${BASE}locations/`)).json();
    expect(places.floors).toEqual(expect.arrayContaining(['1', 'Ground']));
    expect(places.zones).toContain('Cardio zone');
    expect(places.zones).not.toContain('');
    const csv = (await api('GET', `${ASSET}?format=csv&floor=Ground`)).body;
    expect(csv).toContain('Center,Floor,Zone,Make');
    expect(csv).toMatch(/Power rack,AST-\d{4},Cardio,[^,]+,Ground,,/);
    expect(locationText({ floor: '2', zone: 'Cardio zone' })).toBe('Floor 2 · Cardio zone');
    expect(locationText({ floor: 'Ground', zone: '' })).toBe('Ground');
    expect(locationText({ floor: '', zone: 'Court hall' })).toBe('Court hall');
  });

  it('posts the cost as an Equipment expense when bought now; an old asset posts nothing', async () => {
    const old = (await transactions()).length;
    const bought = await api('POST', ASSET, body({ name: 'Cable crossover', bought_now: true, payment_mode: cash }));
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json().expense).toEqual(expect.any(Number));
    const rows = await transactions();
    expect(rows.length).toBe(old + 1);
    expect(rows[0]).toMatchObject({
      kind: 'payment',
      type: 'expense',
      amount: '285000.00',
      category_name: 'Equipment',
      party: 'FitGear',
      source: { type: 'asset_purchase', id: bought.json().id, label: bought.json().code },
    });
    // The books keep the cost: it cannot change afterwards.
    const change = await api('PATCH', `${ASSET}${bought.json().id}/`, { cost: '300000.00' });
    expect(change.statusCode).toBe(400);
    expect(Object.keys(change.json())).toEqual(['cost']);
  });

  it("is another organisation's asset: 404 everywhere", async () => {
    for (const url of [
      `${ASSET}${theirs.asset}/`,
      `${ASSET}${theirs.asset}/maintenance/`,
      `${ASSET}${theirs.asset}/label.pdf`,
      `${ASSET}${theirs.asset}/invoice-file/`,
    ])
      expect((await api('GET', url)).statusCode, url).toBe(404);
    expect((await api('POST', `${ASSET}${theirs.asset}/report-fault/`, { notes: 'Broken' })).statusCode).toBe(404);
    expect((await api('POST', `${ASSET}${theirs.asset}/maintenance/`, { date: '2025-05-01' })).statusCode).toBe(404);
  });

  it('refuses users without the module (403) and lets operators report faults', async () => {
    const stranger = await makeUser(t, acme.id, { modules: ['Staff Management'] });
    const token = await login(t.app, stranger, acme.host);
    for (const url of [ASSET, `${BASE}dashboard/`, `${BASE}transactions/`, `${BASE}logs/`, `${BASE}asset-category/`])
      expect((await api('GET', url, undefined, token)).statusCode, url).toBe(403);
    const id = (await api('POST', ASSET, body({ name: 'Bench' }))).json().id;
    expect((await api('POST', `${ASSET}${id}/report-fault/`, { notes: 'x' }, token)).statusCode).toBe(403);
  });

  it('maintenance: done with a cost posts a Maintenance expense and schedules the next preventive entry', async () => {
    const id = (await api('POST', ASSET, body({ name: 'Treadmill 2' }))).json().id;
    const bad = await api('POST', `${ASSET}${id}/maintenance/`, { status: 'done', date: '2025-06-01', cost: '1500.00' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['payment_mode']);
    const repeat = await api('POST', `${ASSET}${id}/maintenance/`, { kind: 'repair', date: '2025-06-01', every_days: 30 });
    expect(Object.keys(repeat.json())).toEqual(['every_days']);
    const theirVendor = await api('POST', `${ASSET}${id}/maintenance/`, { date: '2025-06-01', vendor: theirs.vendor });
    expect(Object.keys(theirVendor.json())).toEqual(['vendor']);
    expect((await api('GET', `${ASSET}${id}/maintenance/`)).json().count).toBe(0);

    const done = await api('POST', `${ASSET}${id}/maintenance/`, {
      status: 'done',
      date: '2025-06-01',
      kind: 'preventive',
      vendor,
      cost: '1500.00',
      payment_mode: cash,
      every_days: 90,
      notes: 'Belt and lubrication',
    });
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({ status: 'done', next_due: '2025-08-30', expense: expect.any(Number) });
    const list = (await api('GET', `${ASSET}${id}/maintenance/`)).json();
    expect(list.count).toBe(2);
    expect(list.results[0]).toMatchObject({
      status: 'scheduled',
      date: '2025-08-30',
      kind: 'preventive',
      every_days: 90,
      vendor_name: 'FitGear',
    });
    const [expense] = await transactions();
    expect(expense).toMatchObject({
      amount: '1500.00',
      category_name: 'Maintenance',
      source: { type: 'asset_maintenance', id: done.json().id },
    });

    // The scheduled one done: its cost posted and the one after it scheduled.
    const scheduled = list.results[0].id;
    const marked = await api('POST', `${ASSET}${id}/maintenance/${scheduled}/done/`, { date: '2025-08-31', cost: '0' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ status: 'done', next_due: '2025-11-29', expense: null });
    expect((await api('POST', `${ASSET}${id}/maintenance/${scheduled}/done/`, { date: '2025-08-31' })).statusCode).toBe(400);
    const asset = (await api('GET', `${ASSET}${id}/`)).json();
    expect(asset.next_maintenance).toBe('2025-11-29');
  });

  it('report a fault: a repair for today, the asset under maintenance until the repair is done', async () => {
    const id = (await api('POST', ASSET, body({ name: 'Spin bike 3' }))).json().id;
    expect(Object.keys((await api('POST', `${ASSET}${id}/report-fault/`, { notes: '' })).json())).toEqual(['notes']);
    const fault = await api('POST', `${ASSET}${id}/report-fault/`, { notes: 'Pedal wobbles' });
    expect(fault.statusCode, fault.body).toBe(201);
    expect(fault.json()).toMatchObject({ kind: 'repair', status: 'scheduled', reported_fault: true, notes: 'Pedal wobbles' });
    expect((await api('GET', `${ASSET}${id}/`)).json()).toMatchObject({ status: 'under_maintenance', open_repairs: 1 });
    const fixed = await api('POST', `${ASSET}${id}/maintenance/${fault.json().id}/done/`, {
      date: fault.json().date,
      cost: '800.00',
      payment_mode: cash,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await api('GET', `${ASSET}${id}/`)).json()).toMatchObject({ status: 'in_use', open_repairs: 0 });
    // A filter on the list and the dashboard's count follow it.
    await api('POST', `${ASSET}${id}/report-fault/`, { notes: 'Again' });
    const under = (await api('GET', `${ASSET}?status=under_maintenance`)).json();
    expect(under.results.map((a: Body) => a.id)).toContain(id);
    expect((await api('GET', `${BASE}dashboard/`)).json().under_repair).toBeGreaterThanOrEqual(1);
  });

  it('a label is a PDF, a sheet of labels too; unknown ids are refused', async () => {
    const id = (await api('POST', ASSET, body({ name: 'Labelled' }))).json().id;
    const one = await api('GET', `${ASSET}${id}/label.pdf`);
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toContain('application/pdf');
    expect(one.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const sheet = await api('GET', `${ASSET}labels.pdf?ids=${id},${id - 1}`);
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await api('GET', `${ASSET}labels.pdf?ids=${id},${theirs.asset}`)).statusCode).toBe(400);
    expect((await api('GET', `${ASSET}labels.pdf?ids=`)).statusCode).toBe(400);
  });

  it('keeps a picture and a private purchase invoice', async () => {
    const id = (await api('POST', ASSET, body({ name: 'With files' }))).json().id;
    const form = (field: string, data: Buffer, name: string, type: string) => multipartBody({}, { field, name, data, type });
    const pic = form('picture', TINY_PNG, 'p.png', 'image/png');
    const up = await call(t.app, { method: 'POST', url: `${ASSET}${id}/picture/`, host: acme.host, token: key, ...pic });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().picture).toMatch(/^\/uploads\/org-\d+\/.+\.png$/);
    const notPdf = form('invoice_file', Buffer.from('hello'), 'bill.txt', 'text/plain');
    const refused = await call(t.app, { method: 'POST', url: `${ASSET}${id}/invoice-file/`, host: acme.host, token: key, ...notPdf });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual(['invoice_file']);
    const pdf = form('invoice_file', Buffer.from('%PDF-1.4\n%%EOF\n'), 'bill.pdf', 'application/pdf');
    const saved = await call(t.app, { method: 'POST', url: `${ASSET}${id}/invoice-file/`, host: acme.host, token: key, ...pdf });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ invoice_file: `${ASSET}${id}/invoice-file/`, invoice_file_name: 'bill.pdf' });
    const file = await api('GET', `${ASSET}${id}/invoice-file/`);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('exports the register and the transactions as CSV and XLSX', async () => {
    const csv = await api('GET', `${ASSET}?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Name,Code,Category,Center');
    expect(csv.body).toContain('AST-0001');
    const xlsx = await api('GET', `${ASSET}?format=xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0].rowCount).toBeGreaterThan(3);
    const tx = await api('GET', `${BASE}transactions/?format=csv`);
    expect(tx.statusCode).toBe(200);
    expect(tx.body).toContain('Equipment');
  });

  it('dashboard: value by category and centre, due maintenance, warranties ending, spend by month', async () => {
    const today = acme.ctx.now.today;
    const soon = new Date(Date.parse(`${today}T00:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10);
    const inThree = new Date(Date.parse(`${today}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
    const id = (await api('POST', ASSET, body({ name: 'Warranty soon', purchase_date: today, warranty_until: soon }))).json().id;
    await api('POST', `${ASSET}${id}/maintenance/`, { date: inThree, kind: 'preventive', every_days: 30 });
    await api('POST', `${ASSET}${id}/maintenance/`, { status: 'done', date: today, cost: '999.00', payment_mode: cash });
    const d = (await api('GET', `${BASE}dashboard/`)).json();
    const cardioRow = d.by_category.find((c: Body) => c.name === 'Cardio');
    expect(cardioRow.count).toBe(d.total.count);
    expect(d.by_centre.reduce((n: number, c: Body) => n + (c.count as number), 0)).toBe(d.total.count);
    expect(d.due_maintenance.map((m: Body) => m.asset)).toContain(id);
    expect(d.warranties_ending.map((w: Body) => w.id)).toContain(id);
    expect(d.maintenance_spend).toHaveLength(12);
    expect(Number(d.maintenance_spend[11].amount)).toBeGreaterThanOrEqual(999);
    // The same asset is among those whose warranty ends within 30 days.
    expect((await api('GET', `${ASSET}?warranty_ending=true`)).json().results.map((a: Body) => a.id)).toEqual([id]);
    // Due within the week: one notification, once however often the job runs.
    const first = await inOrg(t, acme, (tx, ctx) => notifyMaintenanceDue(tx, { ...ctx, actor: { ...ctx.actor, requestId: 'job' } }));
    const again = await inOrg(t, acme, (tx, ctx) => notifyMaintenanceDue(tx, { ...ctx, actor: { ...ctx.actor, requestId: 'job' } }));
    expect(first).toBeGreaterThanOrEqual(1);
    expect(again).toBe(0);
    const inbox = (await api('GET', '/api/notifications/')).json();
    expect(inbox.results.some((n: Body) => n.event === 'maintenance_due')).toBe(true);
  });

  it('logs: the module audit trail', async () => {
    const logs = (await api('GET', `${BASE}logs/`)).json();
    expect(logs.count).toBeGreaterThan(0);
    expect(logs.results.some((r: Body) => r.resource === 'asset_maintenance')).toBe(true);
  });
});

/** 20 assets added at once on PostgreSQL with a real pool: 20 distinct, consecutive codes. */
describe.runIf(onPostgres)('asset codes under concurrency', () => {
  let t: TestContext;
  let acme: TestOrganisation;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({}, { seed: false, poolSize: 10 });
    acme = await makeOrganisation(t);
    key = await login(t.app, acme.owner, acme.host);
  });
  afterAll(async () => t?.close());

  it('gives 20 parallel creates the codes AST-0001 … AST-0020', async () => {
    const { category, centreId } = await inOrg(t, acme, async (tx, ctx) => ({
      category: (await makeAssetCategory(tx, ctx)).id,
      centreId: (await makeCentre(tx, ctx)).id,
    }));
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(t.app, {
          method: 'POST',
          url: ASSET,
          host: acme.host,
          token: key,
          payload: { name: `Parallel ${i}`, category, centre: centreId, purchase_date: '2025-01-01', cost: 1000 },
        }),
      ),
    );
    for (const r of responses) expect(r.statusCode, r.body).toBe(201);
    const codes = responses.map((r) => r.json().code as string).sort();
    expect(codes).toEqual(Array.from({ length: 20 }, (_, i) => `AST-${String(i + 1).padStart(4, '0')}`));
  });
});
