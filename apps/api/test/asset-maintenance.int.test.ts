/**
 * Asset Management › Maintenance (issue 26): the list of maintenance across assets,
 * `GET /api/asset/maintenance/` — due soonest first with the overdue flagged, repairs open, done;
 * filtered by centre, category, kind, status, overdue and a bounded date window; another
 * organisation's entries never listed; 403 without the module; a due entry marked done from the
 * list posts its cost and leaves the due list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dayFrom,
  inOrg,
  makeAsset,
  makeAssetCategory,
  makeCentre,
  makeOrganisation,
  makePaymentMode,
  makeUser,
  type TestOrganisation,
} from './factories.js';
import { call, createTestApp, login, type TestContext } from './helpers.js';

const BASE = '/api/asset/';
const LIST = `${BASE}maintenance/`;
type Body = Record<string, unknown>;

describe('maintenance across assets', () => {
  let t: TestContext;
  let acme: TestOrganisation;
  let other: TestOrganisation;
  let key: string;
  let cash: number;
  let cardio: number;
  let strength: number;
  let north: number;
  let south: number;
  let treadmill: number;
  let rack: number;
  let theirs: { asset: number; category: number; centre: number };
  const entries: Record<'overdue' | 'soon' | 'later' | 'repair' | 'done', number> = {
    overdue: 0,
    soon: 0,
    later: 0,
    repair: 0,
    done: 0,
  };

  const api = (method: 'GET' | 'POST', url: string, payload?: Body, token = key) =>
    call(t.app, { method, url, host: acme.host, token, payload });
  const ids = async (query: string) => {
    const res = await api('GET', `${LIST}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().results as Body[]).map((m) => m.id);
  };
  const day = (days: number) => dayFrom(acme.ctx, days);

  beforeAll(async () => {
    t = await createTestApp({}, { seed: false });
    acme = await makeOrganisation(t);
    other = await makeOrganisation(t);
    key = await login(t.app, acme.owner, acme.host);
    ({ cash, cardio, strength, north, south, treadmill, rack } = await inOrg(t, acme, async (tx, ctx) => {
      const ids = {
        cash: (await makePaymentMode(tx, ctx, { name: 'Cash' })).id,
        cardio: (await makeAssetCategory(tx, ctx, { name: 'Cardio' })).id,
        strength: (await makeAssetCategory(tx, ctx, { name: 'Strength' })).id,
        north: (await makeCentre(tx, ctx, { name: 'North' })).id,
        south: (await makeCentre(tx, ctx, { name: 'South' })).id,
      };
      return {
        ...ids,
        treadmill: (
          await makeAsset(tx, ctx, { name: 'Treadmill', categoryId: ids.cardio, centreId: ids.north, floor: '1', zone: 'Cardio zone' })
        ).id,
        rack: (await makeAsset(tx, ctx, { name: 'Power rack', categoryId: ids.strength, centreId: ids.south })).id,
      };
    }));
    theirs = await inOrg(t, other, async (tx, ctx) => {
      const category = (await makeAssetCategory(tx, ctx)).id;
      const centre = (await makeCentre(tx, ctx)).id;
      return { category, centre, asset: (await makeAsset(tx, ctx, { categoryId: category, centreId: centre })).id };
    });
    const make = async (id: number, body: Body) => {
      const res = await api('POST', `${BASE}asset/${id}/maintenance/`, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    entries.later = await make(treadmill, { date: day(20), kind: 'preventive', every_days: 90 });
    entries.overdue = await make(treadmill, { date: day(-3), kind: 'preventive', every_days: 30, notes: 'Belt check' });
    entries.soon = await make(rack, { date: day(2), kind: 'preventive' });
    entries.repair = (await api('POST', `${BASE}asset/${rack}/report-fault/`, { notes: 'Pulley squeaks' })).json().id;
    entries.done = await make(treadmill, { status: 'done', date: day(-40), kind: 'repair', cost: '1200.00', payment_mode: cash });
    // Another organisation's maintenance is never listed here.
    const theirKey = await login(t.app, other.owner, other.host);
    const theirs_ = await call(t.app, {
      method: 'POST',
      url: `${BASE}asset/${theirs.asset}/maintenance/`,
      host: other.host,
      token: theirKey,
      payload: { date: day(1) },
    });
    expect(theirs_.statusCode, theirs_.body).toBe(201);
  });
  afterAll(async () => t?.close());

  it('lists the due soonest first, with the overdue flagged, and each row names its asset, centre and place', async () => {
    const res = await api('GET', `${LIST}?status=scheduled&kind=preventive`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().results as Body[];
    expect(rows.map((m) => m.id)).toEqual([entries.overdue, entries.soon, entries.later]);
    expect(rows.map((m) => m.overdue)).toEqual([true, false, false]);
    expect(rows[0]).toMatchObject({
      asset: treadmill,
      asset_name: 'Treadmill',
      asset_code: expect.stringMatching(/^AST-\d{4}$/),
      centre: north,
      centre_name: 'North',
      location: { floor: '1', zone: 'Cardio zone' },
      status: 'scheduled',
      every_days: 30,
    });
    expect(await ids('overdue=true')).toEqual([entries.overdue]);
    // Repairs open, and what was done (latest first).
    expect(await ids('status=scheduled&kind=repair')).toEqual([entries.repair]);
    expect(await ids('status=done')).toEqual([entries.done]);
  });

  it('filters by centre, category, kind, asset and a date window; searches asset and notes', async () => {
    // Scheduled at the south centre, soonest first: the repair reported today, then the service in two days.
    expect(await ids(`status=scheduled&centre=${south}`)).toEqual([entries.repair, entries.soon]);
    expect(await ids(`category=${cardio}&status=scheduled`)).toEqual([entries.overdue, entries.later]);
    expect(await ids(`category=${strength}&kind=preventive`)).toEqual([entries.soon]);
    expect(await ids(`kind=repair`)).toEqual(expect.arrayContaining([entries.repair, entries.done]));
    expect(await ids(`asset=${rack}&kind=repair`)).toEqual([entries.repair]);
    expect(await ids(`status=scheduled&date_after=${day(0)}&date_before=${day(10)}`)).toEqual([entries.repair, entries.soon]);
    expect(await ids(`date_before=${day(-30)}`)).toEqual([entries.done]);
    expect(await ids('search=belt')).toEqual([entries.overdue]);
    expect(await ids('search=power%20rack&status=scheduled')).toEqual([entries.repair, entries.soon]);
  });

  it('refuses a window beyond ten years and bad filters with field errors', async () => {
    for (const [query, field] of [
      [`date_after=${day(-3700)}`, 'date_after'],
      [`date_before=${day(3700)}`, 'date_before'],
      ['date_after=2026-02-30', 'date_after'],
      ['status=lost', 'status'],
      ['kind=cleaning', 'kind'],
      ['category=abc', 'category'],
      ['overdue=maybe', 'overdue'],
    ]) {
      const res = await api('GET', `${LIST}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json()), query).toEqual([field]);
    }
  });

  it("never lists another organisation's maintenance, whatever the filter names", async () => {
    const all = (await api('GET', `${LIST}?page_size=500`)).json();
    expect(all.count).toBe(5);
    expect(await ids(`asset=${theirs.asset}`)).toEqual([]);
    expect(await ids(`category=${theirs.category}`)).toEqual([]);
    expect(await ids(`centre=${theirs.centre}`)).toEqual([]);
  });

  it('refuses users without the module (403)', async () => {
    const stranger = await makeUser(t, acme.id, { modules: ['Staff Management'] });
    const token = await login(t.app, stranger, acme.host);
    expect((await api('GET', LIST, undefined, token)).statusCode).toBe(403);
    expect((await api('GET', `${LIST}?format=csv`, undefined, token)).statusCode).toBe(403);
  });

  it('exports the list with its filters as CSV', async () => {
    const csv = await api('GET', `${LIST}?format=csv&status=scheduled&kind=preventive`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Date,Asset,Center,Location,Kind,Status,Vendor,Cost,Notes,Next due');
    expect(csv.body).toContain('Floor 1 · Cardio zone');
    expect(csv.body).toContain('overdue');
    expect(csv.body).not.toContain('Pulley squeaks');
  });

  it('a due entry marked done from the list posts its cost, leaves the due list and schedules the next', async () => {
    const [row] = (await api('GET', `${LIST}?overdue=true`)).json().results as Body[];
    const done = await api('POST', `${BASE}asset/${row.asset}/maintenance/${row.id}/done/`, {
      date: day(0),
      cost: '850.00',
      payment_mode: cash,
      notes: 'Belt replaced',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'done', overdue: false, cost: '850.00', next_due: day(30), expense: expect.any(Number) });
    expect(await ids('overdue=true')).toEqual([]);
    const due = (await api('GET', `${LIST}?status=scheduled&kind=preventive`)).json().results as Body[];
    expect(due.map((m) => m.date)).toEqual([day(2), day(20), day(30)]);
    expect((await ids('status=done'))[0]).toBe(entries.overdue);
    const spent = (await api('GET', `${BASE}transactions/`)).json().results as Body[];
    expect(spent.some((e) => e.amount === '850.00' && (e.source as Body).id === entries.overdue)).toBe(true);
  });
});
