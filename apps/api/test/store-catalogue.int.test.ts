/**
 * Store › the catalogue (lookups, products and variants), batches and their corrections, the
 * low-stock and near-to-expire lists, the dashboard and the five reports.
 */
import { MODULES } from '@arena/contracts';
import { MRP_MESSAGE } from '@arena/contracts/store';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/platform/db/client.js';
import { describeCrudResource } from './crud-resource.js';
import { inOrg, makeCentre, makeMemberRow, makeOrganisation, makeUser, type TestOrganisation } from './factories.js';
import { call, createTestApp, login, multipartBody, TINY_PNG, type TestContext } from './helpers.js';
import { makeStoreCategory } from './store-factories.js';
import { batchBooks, buy, storeBasics } from './store-support.js';

const MODULE = 'Store Management';

describeCrudResource({
  resource: 'store_brand',
  path: '/api/store/brand/',
  module: MODULE,
  make: (name) => ({ name }),
  update: { description: 'Sports nutrition' },
  filter: { query: 'is_active=false', make: { is_active: false }, field: 'is_active', value: false },
  uniqueName: 'A brand with this name already exists.',
  exportHeaders: ['Name', 'Description', 'Products'],
});

describeCrudResource({
  resource: 'store_category',
  path: '/api/store/category/',
  module: MODULE,
  make: (name) => ({ name }),
  update: { description: 'Protein and more' },
  uniqueName: 'A category with this name already exists.',
  exportHeaders: ['Name', 'Description', 'Sub-categories', 'Products'],
});

describeCrudResource({
  resource: 'store_sub_category',
  path: '/api/store/sub-category/',
  module: MODULE,
  make: (name, refs) => ({ name, category: refs.category }),
  references: { category: (tx, ctx) => makeStoreCategory(tx, ctx) },
  update: { description: 'Whey' },
  exportHeaders: ['Name', 'Category', 'Description', 'Products'],
});

describeCrudResource({
  resource: 'store_supplier',
  path: '/api/store/supplier/',
  module: MODULE,
  make: (name) => ({ name, payment_terms_days: 15 }),
  update: { contact_person: 'Ravi Kumar' },
  uniqueName: 'A supplier with this name already exists.',
  exportHeaders: ['Name', 'Contact person', 'Phone'],
});

describeCrudResource({
  resource: 'store_customer',
  path: '/api/store/customer/',
  module: MODULE,
  make: (name) => ({ name }),
  update: { notes: 'Prefers UPI' },
  exportHeaders: ['Name', 'Phone', 'Email'],
});

type Body = Record<string, unknown>;

describe('store: products, variants, batches, lists, dashboard and reports', () => {
  let t: TestContext;
  let acme: TestOrganisation;
  let other: TestOrganisation;
  let owner: string;
  let basics: Awaited<ReturnType<typeof storeBasics>>;
  const day = (d: number) => new Date(Date.parse(`${acme.ctx.now.today}T00:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp({}, { seed: false });
    acme = await makeOrganisation(t);
    other = await makeOrganisation(t);
    owner = await login(t.app, acme.owner, acme.host);
    basics = await storeBasics(t, acme);
  });
  afterAll(async () => t?.close());

  const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: Body, token = owner, host = acme.host) =>
    call(t.app, { method, url, host, token, payload });
  const count = (table: string) =>
    inOrg(t, acme, async (tx) => Number((await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ${sql.raw(table)}`))[0].n));
  let seq = 0;
  const product = (extra: Body = {}) => ({
    name: `Gold Whey ${++seq}`,
    category: basics.category,
    hsn: '2106',
    gst_rate: 18,
    reorder_level: 5,
    variants: [{ name: 'Chocolate 1 kg', mrp: '120.00', price: '118.00', cost: '60.00' }],
    ...extra,
  });

  describe('products and variants', () => {
    it('creates a product with its variants in one write, with figures and GST periods', async () => {
      const res = await api(
        'POST',
        '/api/store/product/',
        product({
          name: 'Gold Standard Whey',
          variants: [
            { name: 'Chocolate 1 kg', mrp: '3000', price: '2800', barcode: '8901030865275', sku: 'gsw-c1' },
            { name: 'Vanilla 2 kg', mrp: '5500', price: '5200' },
          ],
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        name: 'Gold Standard Whey',
        gst_rate: 18,
        gst_rates: [{ rate: 18, from: '2017-07-01' }],
        variants: 2,
        stock: 0,
        value: '0.00',
        price_from: '2800.00',
        price_to: '5200.00',
        picture: null,
      });
      const variants = (await api('GET', `/api/store/sub-product/?product=${res.json().id}&ordering=name`)).json().results;
      expect(variants.map((v: Body) => [v.name, v.sku, v.label, v.gst_rate, v.hsn])).toEqual([
        ['Chocolate 1 kg', 'GSW-C1', 'Gold Standard Whey, Chocolate 1 kg', 18, '2106'],
        ['Vanilla 2 kg', '', 'Gold Standard Whey, Vanilla 2 kg', 18, '2106'],
      ]);
      // A changed rate applies from today; the history keeps the earlier one.
      const changed = await api('PATCH', `/api/store/product/${res.json().id}/`, { gst_rate: 5 });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({
        gst_rate: 5,
        gst_rates: [
          { rate: 18, from: '2017-07-01' },
          { rate: 5, from: acme.ctx.now.today },
        ],
      });
    });

    it('refuses bad products and variants with field errors, writing nothing', async () => {
      const before = [await count('store_product'), await count('store_sub_product')];
      const cases: [Body, Record<string, string[]>][] = [
        [product({ variants: [{ name: 'A', mrp: '100', price: '101' }] }), { 'variants.0.price': [MRP_MESSAGE] }],
        [
          product({ variants: [{ name: 'A', mrp: '100', price: '90', barcode: '8901030865276' }] }),
          { 'variants.0.barcode': [expect.stringMatching(/check digit/) as unknown as string] },
        ],
        [product({ hsn: '123' }), { hsn: ['HSN code must be 4 to 8 digits.'] }],
        [product({ hsn: '123456789' }), { hsn: ['HSN code must be 4 to 8 digits.'] }],
        [product({ gst_rate: 12 }), { gst_rate: ['GST rate must be 0, 5, 18 or 40 %.'] }],
        [
          product({ variants: [{ name: 'A', mrp: '100', price: '90', barcode: '8901030865275' }] }),
          { 'variants.0.barcode': ['A product with this barcode already exists.'] },
        ],
        [
          product({ variants: [{ name: 'A', mrp: '100', price: '90', sku: 'GSW-C1' }] }),
          { 'variants.0.sku': ['A product with this SKU already exists.'] },
        ],
      ];
      for (const [body, errors] of cases) {
        const res = await api('POST', '/api/store/product/', body);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual(errors);
      }
      expect([await count('store_product'), await count('store_sub_product')]).toEqual(before);
      const sin = await api('POST', '/api/store/product/', product({ gst_rate: 40, variants: [] }));
      expect(sin.statusCode, sin.body).toBe(201);
      expect(sin.json()).toMatchObject({ gst_rate: 40, variants: 0, price_from: '', price_to: '' });
    });

    it('checks references: the organisation’s brand and category, a sub-category of the chosen category', async () => {
      const theirs = await inOrg(t, other, (tx, ctx) => makeStoreCategory(tx, ctx));
      const smuggled = await api('POST', '/api/store/product/', product({ category: theirs }));
      expect(smuggled.statusCode).toBe(400);
      expect(smuggled.json()).toEqual({ category: [`Invalid pk "${theirs}" - object does not exist.`] });
      const otherCategory = (await api('POST', '/api/store/category/', { name: 'Apparel' })).json().id;
      const sub = (await api('POST', '/api/store/sub-category/', { name: 'T-shirts', category: otherCategory })).json().id;
      const wrong = await api('POST', '/api/store/product/', product({ sub_category: sub }));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ sub_category: ['This sub-category is not of the chosen category.'] });
      const right = await api('POST', '/api/store/product/', product({ category: otherCategory, sub_category: sub }));
      expect(right.statusCode, right.body).toBe(201);
      expect(right.json()).toMatchObject({ sub_category_name: 'T-shirts', category_name: 'Apparel' });
      const moved = await api('PATCH', `/api/store/product/${right.json().id}/`, { category: basics.category });
      expect(moved.json()).toEqual({ sub_category: ['This sub-category is not of the chosen category.'] });
    });

    it('keeps variants’ codes unique and the price at or under the MRP on a partial update', async () => {
      const p = (await api('POST', '/api/store/product/', product({ variants: [] }))).json();
      const made = await api('POST', '/api/store/sub-product/', {
        product: p.id,
        name: 'Red M',
        mrp: '500',
        price: '450',
        barcode: '8901030865282',
      });
      expect(made.statusCode, made.body).toBe(201);
      const dup = await api('POST', '/api/store/sub-product/', {
        product: p.id,
        name: 'Red L',
        mrp: '500',
        price: '450',
        barcode: '8901030865282',
      });
      expect(dup.statusCode).toBe(400);
      expect(dup.json()).toEqual({ barcode: ['A product with this barcode already exists.'] });
      const dupSku = await api('POST', '/api/store/sub-product/', {
        product: p.id,
        name: 'Red L',
        mrp: '500',
        price: '450',
        sku: 'GSW-C1',
      });
      expect(dupSku.json()).toEqual({ sku: ['A product with this SKU already exists.'] });
      const above = await api('PATCH', `/api/store/sub-product/${made.json().id}/`, { price: '501' });
      expect(above.statusCode).toBe(400);
      expect(above.json()).toEqual({ price: [MRP_MESSAGE] });
      const lower = await api('PATCH', `/api/store/sub-product/${made.json().id}/`, { mrp: '400' });
      expect(lower.json()).toEqual({ price: [MRP_MESSAGE] });
      const ok = await api('PATCH', `/api/store/sub-product/${made.json().id}/`, { mrp: '450' });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ mrp: '450.00', price: '450.00' });
    });

    it("answers 404 for another organisation's product and 403 without Store Management", async () => {
      const theirKey = await login(t.app, other.owner, other.host);
      const theirCategory = await inOrg(t, other, (tx, ctx) => makeStoreCategory(tx, ctx));
      const theirs = await api('POST', '/api/store/product/', { ...product(), category: theirCategory }, theirKey, other.host);
      expect(theirs.statusCode, theirs.body).toBe(201);
      for (const [method, url] of [
        ['GET', `/api/store/product/${theirs.json().id}/`],
        ['PATCH', `/api/store/product/${theirs.json().id}/`],
        ['DELETE', `/api/store/product/${theirs.json().id}/`],
      ] as const)
        expect((await api(method, url, method === 'PATCH' ? { name: 'Hijacked' } : undefined)).statusCode, method).toBe(404);
      const user = await makeUser(t, acme.id, { modules: MODULES.filter((m) => m !== MODULE) });
      const key = await login(t.app, user, acme.host);
      for (const url of [
        '/api/store/product/',
        '/api/store/sub-product/',
        '/api/store/batch/',
        '/api/store/dashboard/',
        '/api/store/reports/sales/',
      ])
        expect((await api('GET', url, undefined, key)).statusCode, url).toBe(403);
    });

    it('uploads, serves and removes a product picture', async () => {
      const p = (await api('POST', '/api/store/product/', product({ variants: [] }))).json();
      const body = multipartBody({}, { name: 'tub.png', data: TINY_PNG, type: 'image/png', field: 'picture' });
      const up = await call(t.app, {
        method: 'POST',
        url: `/api/store/product/${p.id}/picture/`,
        host: acme.host,
        token: owner,
        payload: body.payload,
        headers: body.headers,
      });
      expect(up.statusCode, up.body).toBe(200);
      expect(up.json().picture).toMatch(/^\/uploads\/org-\d+\/.+\.png$/);
      const file = await api('GET', `/api/store/product/${p.id}/picture/`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      const none = await call(t.app, {
        method: 'POST',
        url: `/api/store/product/${p.id}/picture/`,
        host: acme.host,
        token: owner,
        payload: {},
      });
      expect(none.statusCode).toBe(400);
      expect((await api('DELETE', `/api/store/product/${p.id}/picture/`)).json().picture).toBeNull();
      expect((await api('GET', `/api/store/product/${p.id}/picture/`)).statusCode).toBe(404);
    });

    it('saves a member as a customer once', async () => {
      const m = await inOrg(t, acme, (tx, ctx) => makeMemberRow(tx, ctx, { centreId: basics.centre }));
      const made = await api('POST', '/api/store/customer/', { name: 'Member buyer', member: m.id });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json()).toMatchObject({ member: m.id });
      const again = await api('POST', '/api/store/customer/', { name: 'Member again', member: m.id });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ member: ['This member is already a customer.'] });
    });

    it('exports products and the stock list as CSV and XLSX', async () => {
      const csv = await api('GET', '/api/store/product/?format=csv');
      expect(csv.statusCode).toBe(200);
      expect(csv.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toMatch(/^Name,Brand,Category,Sub-category,HSN,GST %/);
      const stock = await api('GET', '/api/store/sub-product/?format=xlsx&search=whey');
      expect(stock.statusCode).toBe(200);
      expect(stock.headers['content-disposition']).toMatch(/store-stock-.*\.xlsx"$/);
    });
  });

  describe('batches', () => {
    let v: number;
    let productId: number;
    let second: number;
    beforeAll(async () => {
      const p = (await api('POST', '/api/store/product/', product({ tracks_expiry: true }))).json();
      productId = p.id;
      v = (await api('GET', `/api/store/sub-product/?product=${p.id}`)).json().results[0].id;
      second = (await inOrg(t, acme, (tx, ctx) => makeCentre(tx, ctx, { state: 'Karnataka' }))).id;
    });

    it('shows stock, state and days to expiry; a product with stock cannot be deleted', async () => {
      const bill = await buy(t, acme, owner, basics, [
        { sub_product: v, quantity: 10, expiry_date: day(10), cost: '60.00' },
        { sub_product: v, quantity: 6, expiry_date: day(200), cost: '62.00' },
      ]);
      const [near, far] = bill.lines.map((l: Body) => l.batch as number);
      const b = (await api('GET', `/api/store/batch/${near}/`)).json();
      expect(b).toMatchObject({ quantity: 10, received: 10, cost: '60.00', value: '600.00', days_to_expiry: 10, state: 'near_expiry' });
      expect((await api('GET', `/api/store/batch/${far}/`)).json()).toMatchObject({ state: 'ok', days_to_expiry: 200 });
      const nearOnly = (await api('GET', `/api/store/batch/?sub_product=${v}&state=near_expiry`)).json();
      expect(nearOnly.results.map((r: Body) => r.id)).toEqual([near]);
      const variant = (await api('GET', `/api/store/sub-product/${v}/`)).json();
      expect(variant).toMatchObject({ stock: 16, sellable: 16, value: '972.00', next_expiry: day(10) });
      expect((await api('GET', `/api/store/sub-product/${v}/?centre=${second}`)).json()).toMatchObject({ stock: 0, value: '0.00' });
      expect((await api('GET', `/api/store/product/${productId}/`)).json()).toMatchObject({ stock: 16, value: '972.00' });
      expect((await api('DELETE', `/api/store/product/${productId}/`)).statusCode).toBe(409);
      expect((await api('DELETE', `/api/store/sub-product/${v}/`)).statusCode).toBe(409);
    });

    it('writes off (all left by default) as an expense at cost with no money moved; never more than is left', async () => {
      const bill = await buy(t, acme, owner, basics, [{ sub_product: v, quantity: 4, expiry_date: day(3), cost: '50.00' }]);
      const id = bill.lines[0].batch;
      const tooMany = await api('POST', `/api/store/batch/${id}/write-off/`, { quantity: 5, reason: 'Expired' });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toEqual({ quantity: ['Only 4 left in this batch.'] });
      const noReason = await api('POST', `/api/store/batch/${id}/write-off/`, {});
      expect(noReason.statusCode).toBe(400);
      expect((await api('POST', `/api/store/batch/${id}/write-off/`, { quantity: 1, reason: 'Damaged' })).json()).toMatchObject({
        quantity: 3,
      });
      const all = await api('POST', `/api/store/batch/${id}/write-off/`, { reason: 'Expired' });
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json()).toMatchObject({ quantity: 0, state: 'empty', value: '0.00' });
      expect(await batchBooks(t, acme, id)).toEqual({ quantity: 0, moved: 0 });
      const entries = await inOrg(t, acme, (tx) =>
        queryRows<{ kind: string; direction: string; amount: string; payment_mode_id: number | null; category: string }>(
          tx,
          sql`select l.kind, l.direction, l.amount::text, l.payment_mode_id, c.name as category from ledger_entry l join money_category c on c.id = l.category_id
              where l.source_type = 'store_write_off' and l.source_id = ${id} order by l.id`,
        ),
      );
      // The cost moves from Purchases (where the paid bill put it) to Stock Written Off: no money moves, no cost counted twice.
      const moved = (amount: string) => [
        { kind: 'payment', direction: 'out', amount, payment_mode_id: null, category: 'Stock Written Off' },
        { kind: 'reversal', direction: 'in', amount, payment_mode_id: null, category: 'Purchases' },
      ];
      expect(entries).toEqual([...moved('50.00'), ...moved('150.00')]);
      const moves = (await api('GET', `/api/store/stock-movement/?batch=${id}`)).json().results;
      expect(moves.map((m: Body) => [m.kind, m.quantity, m.reason])).toEqual([
        ['write_off', -3, 'Expired'],
        ['write_off', -1, 'Damaged'],
        ['purchase', 4, expect.any(String)],
      ]);
      const logs = (await api('GET', `/api/store/logs/?resource=store_batch`))
        .json()
        .results.filter((l: Body) => l.object_id === String(id));
      expect(logs[0].after).toMatchObject({ quantity: 0, write_off: 3, value: '150.00' });
      expect((await api('POST', `/api/store/batch/${id}/write-off/`, { reason: 'Again' })).statusCode).toBe(400);
    });

    it('adjusts the count both ways, never below nothing', async () => {
      const bill = await buy(t, acme, owner, basics, [{ sub_product: v, quantity: 5, expiry_date: day(90) }]);
      const id = bill.lines[0].batch;
      const below = await api('POST', `/api/store/batch/${id}/adjust/`, { quantity: -6, reason: 'Count' });
      expect(below.statusCode).toBe(400);
      expect(Object.keys(below.json())).toEqual(['quantity']);
      expect((await api('POST', `/api/store/batch/${id}/adjust/`, { quantity: 0, reason: 'Count' })).statusCode).toBe(400);
      expect((await api('POST', `/api/store/batch/${id}/adjust/`, { quantity: 2, reason: 'Found' })).json()).toMatchObject({ quantity: 7 });
      expect((await api('POST', `/api/store/batch/${id}/adjust/`, { quantity: -7, reason: 'Missing' })).json()).toMatchObject({
        quantity: 0,
      });
      expect(await batchBooks(t, acme, id)).toEqual({ quantity: 0, moved: 0 });
    });

    it('transfers units to another active centre as a new batch, two movements in one transaction', async () => {
      const bill = await buy(t, acme, owner, basics, [
        { sub_product: v, quantity: 8, expiry_date: day(120), batch_no: 'LOT-9', cost: '61.00' },
      ]);
      const id = bill.lines[0].batch;
      const same = await api('POST', `/api/store/batch/${id}/transfer/`, { centre: basics.centre, quantity: 1 });
      expect(same.statusCode).toBe(400);
      expect(Object.keys(same.json())).toEqual(['centre']);
      const tooMany = await api('POST', `/api/store/batch/${id}/transfer/`, { centre: second, quantity: 9 });
      expect(tooMany.json()).toEqual({ quantity: ['Only 8 left in this batch.'] });
      const theirCentre = (await inOrg(t, other, (tx, ctx) => makeCentre(tx, ctx))).id;
      expect((await api('POST', `/api/store/batch/${id}/transfer/`, { centre: theirCentre, quantity: 1 })).statusCode).toBe(400);
      const closed = (await inOrg(t, acme, (tx, ctx) => makeCentre(tx, ctx, { isActive: false }))).id;
      expect((await api('POST', `/api/store/batch/${id}/transfer/`, { centre: closed, quantity: 1 })).statusCode).toBe(400);
      const batchesBefore = await count('store_batch');
      const moved = await api('POST', `/api/store/batch/${id}/transfer/`, { centre: second, quantity: 3, reason: 'Branch short' });
      expect(moved.statusCode, moved.body).toBe(200);
      const { from, to } = moved.json();
      expect(from).toMatchObject({ id, quantity: 5, centre: basics.centre });
      expect(to).toMatchObject({ centre: second, quantity: 3, received: 3, batch_no: 'LOT-9', expiry_date: day(120), cost: '61.00' });
      expect(await count('store_batch')).toBe(batchesBefore + 1);
      expect(await batchBooks(t, acme, id)).toEqual({ quantity: 5, moved: 5 });
      expect(await batchBooks(t, acme, to.id)).toEqual({ quantity: 3, moved: 3 });
      const kinds = (await api('GET', `/api/store/stock-movement/?kind=transfer_in&centre=${second}`)).json().results;
      expect(kinds).toHaveLength(1);
      expect(kinds[0]).toMatchObject({ batch: to.id, quantity: 3, reason: 'Branch short' });
      expect((await api('GET', `/api/store/sub-product/${v}/?centre=${second}`)).json()).toMatchObject({ stock: 3, value: '183.00' });
      expect((await api('GET', `/api/store/sub-product/?product=${productId}&centre=${second}&in_stock=true`)).json().count).toBe(1);
      expect((await api('GET', `/api/store/sub-product/?product=${productId}&centre=${second}&in_stock=false`)).json().count).toBe(0);
    });

    it('every batch’s quantity is the sum of its movements', async () => {
      const rows = await inOrg(t, acme, (tx) =>
        queryRows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from store_batch b
              where b.quantity <> (select coalesce(sum(m.quantity), 0) from store_movement m where m.organisation_id = b.organisation_id and m.batch_id = b.id)`,
        ),
      );
      expect(Number(rows[0].n)).toBe(0);
    });
  });

  describe('lists, dashboard and reports on a known data set', () => {
    let org: TestOrganisation;
    let key: string;
    let b: Awaited<ReturnType<typeof storeBasics>>;
    let vA: number;
    let vB: number;
    let expiredBatch: number;
    const on = (method: 'GET' | 'POST', url: string, payload?: Body) => call(t.app, { method, url, host: org.host, token: key, payload });
    const variantOf = async (body: Body) => {
      const p = await on('POST', '/api/store/product/', body);
      expect(p.statusCode, p.body).toBe(201);
      return (await on('GET', `/api/store/sub-product/?product=${p.json().id}`)).json().results[0].id as number;
    };

    beforeAll(async () => {
      org = await makeOrganisation(t);
      key = await login(t.app, org.owner, org.host);
      b = await storeBasics(t, org);
      const today = org.ctx.now.today;
      const shift = (d: number) => new Date(Date.parse(`${today}T00:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);
      vA = await variantOf({
        name: 'Whey A',
        category: b.category,
        hsn: '2106',
        gst_rate: 18,
        reorder_level: 2,
        tracks_expiry: true,
        variants: [{ name: '1 kg', mrp: '120', price: '118', cost: '60' }],
      });
      vB = await variantOf({
        name: 'Bar B',
        category: b.category,
        hsn: '1806',
        gst_rate: 5,
        reorder_level: 5,
        variants: [{ name: 'Box', mrp: '110', price: '105', cost: '50' }],
      });
      await buy(t, org, key, b, [{ sub_product: vA, quantity: 10, expiry_date: shift(10), cost: '60.00', gst_rate: 18 }]);
      await buy(t, org, key, b, [{ sub_product: vB, quantity: 5, cost: '50.00', gst_rate: 18 }]);
      const old = await buy(t, org, key, b, [{ sub_product: vA, quantity: 4, expiry_date: shift(-1), cost: '50.00', gst_rate: 18 }], {
        bill_date: shift(-30),
      });
      expiredBatch = old.lines[0].batch;
      const saleA = await on('POST', '/api/store/shopping-cart/checkout/', {
        centre: b.centre,
        lines: [{ sub_product: vA, quantity: 3 }],
        payments: [{ payment_mode: b.cash, amount: '354.00' }],
      });
      expect(saleA.statusCode, saleA.body).toBe(201);
      const back = await on('POST', `/api/store/sale/${saleA.json().id}/return/`, {
        lines: [{ sold_line: saleA.json().lines[0].id, quantity: 1 }],
        payment_mode: b.cash,
      });
      expect(back.statusCode, back.body).toBe(200);
      const saleB = await on('POST', '/api/store/shopping-cart/checkout/', {
        centre: b.centre,
        lines: [{ sub_product: vB, quantity: 1 }],
        payments: [{ payment_mode: b.cash, amount: '105.00' }],
      });
      expect(saleB.statusCode, saleB.body).toBe(201);
    });

    it('low stock: variants at or under their reorder level with their last purchase', async () => {
      const low = (await on('GET', '/api/store/low-stock/')).json();
      expect(low.results.map((r: Body) => r.id)).toEqual([vB]);
      expect(low.results[0]).toMatchObject({
        stock: 4,
        reorder_level: 5,
        last_supplier: b.supplier,
        last_cost: '50.00',
        last_gst_rate: 18,
        suggested: 6,
      });
      const elsewhere = (await inOrg(t, org, (tx, ctx) => makeCentre(tx, ctx))).id;
      expect(
        (await on('GET', `/api/store/low-stock/?centre=${elsewhere}`))
          .json()
          .results.map((r: Body) => r.id)
          .sort(),
      ).toEqual([vA, vB].sort());
    });

    it('near to expire and expired batches', async () => {
      const near = (await on('GET', '/api/store/near-to-expire/')).json();
      expect(near).toMatchObject({ count: 1, days: 30 });
      expect(near.results[0]).toMatchObject({ sub_product: vA, quantity: 8, days_to_expiry: 10, state: 'near_expiry' });
      expect((await on('GET', '/api/store/near-to-expire/?days=5')).json()).toMatchObject({ count: 0, days: 5 });
      const expired = (await on('GET', '/api/store/near-to-expire/?expired=true')).json();
      expect(expired.results.map((r: Body) => [r.id, r.state, r.days_to_expiry])).toEqual([[expiredBatch, 'expired', -1]]);
      expect((await on('GET', '/api/store/near-to-expire/?days=0')).statusCode).toBe(400);
    });

    it('dashboard: sales net of returns, taxable, FEFO cost, margin, stock and counts', async () => {
      const d = (await on('GET', '/api/store/dashboard/')).json();
      expect(d).toMatchObject({
        today: { sales: 2, amount: '341.00' },
        month: { sales: 2, amount: '341.00', taxable: '300.00', cost: '170.00', margin: '130.00' },
        // A: 8 × 60 + 4 × 50 (expired), B: 4 × 50.
        stock_value: '880.00',
        low_stock: 1,
        near_expiry: 1,
        expired: 1,
      });
      expect(d.top_products).toEqual([
        { sub_product: vA, label: 'Whey A, 1 kg', quantity: 2, amount: '236.00' },
        { sub_product: vB, label: 'Bar B, Box', quantity: 1, amount: '105.00' },
      ]);
      expect(d.monthly).toHaveLength(12);
      expect(d.monthly.at(-1)).toMatchObject({ sales: 2, amount: '341.00', margin: '130.00' });
    });

    it('reports: sales, stock, expired (after a write-off), purchase and profit', async () => {
      const sales = (await on('GET', '/api/store/reports/sales/')).json();
      expect(sales.period).toBe('day');
      expect(sales.total).toEqual({ sales: 2, quantity: 3, taxable: '300.00', gst: '41.00', total: '341.00' });
      expect(sales.rows.find((r: Body) => r.period === org.ctx.now.today)).toMatchObject({ sales: 2, total: '341.00' });
      const onlyBars = (await on('GET', `/api/store/reports/sales/?brand=999999`)).json();
      expect(onlyBars.total.sales).toBe(0);

      const stock = (await on('GET', '/api/store/reports/stock/')).json();
      expect(stock.rows.map((r: Body) => [r.sub_product, r.stock, r.cost_value, r.mrp_value])).toEqual([
        [vB, 4, '200.00', '440.00'],
        [vA, 12, '680.00', '1440.00'],
      ]);
      expect(stock.total).toEqual({ stock: 16, cost_value: '880.00', mrp_value: '1880.00' });

      const w = await on('POST', `/api/store/batch/${expiredBatch}/write-off/`, { quantity: 3, reason: 'Expired' });
      expect(w.statusCode, w.body).toBe(200);
      const since = new Date(Date.parse(`${org.ctx.now.today}T00:00:00Z`) - 40 * 86_400_000).toISOString().slice(0, 10);
      const expired = (await on('GET', `/api/store/reports/product-expired/?date_after=${since}`)).json();
      expect(expired.rows).toEqual([
        expect.objectContaining({ batch: expiredBatch, quantity: 4, written_off: 3, value: '200.00', label: 'Whey A, 1 kg' }),
      ]);

      const wide = (await on('GET', `/api/store/reports/purchase/?date_after=${since}`)).json();
      expect(wide.total).toEqual({ bills: 3, quantity: 19, taxable: '1050.00', gst: '189.00', total: '1239.00', payable: '1239.00' });

      const profit = (await on('GET', '/api/store/reports/profit/')).json();
      expect(profit.rows.map((r: Body) => [r.sub_product, r.quantity, r.taxable, r.cost, r.profit, r.margin])).toEqual([
        [vB, 1, '100.00', '50.00', '50.00', 50],
        [vA, 2, '200.00', '120.00', '80.00', 40],
      ]);
      expect(profit.total).toEqual({ quantity: 3, taxable: '300.00', cost: '170.00', profit: '130.00', margin: 43.3 });

      for (const name of ['sales', 'stock', 'product-expired', 'purchase', 'profit']) {
        const csv = await on('GET', `/api/store/reports/${name}/?format=csv`);
        expect(csv.statusCode, name).toBe(200);
        expect(csv.body).toContain('Total');
        const xlsx = await on('GET', `/api/store/reports/${name}/?format=xlsx&centre=${b.centre}`);
        expect(xlsx.statusCode, name).toBe(200);
      }
    });
  });
});
