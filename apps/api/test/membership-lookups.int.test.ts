/**
 * Membership Management's lookups (plans, services, batches, performance categories and items),
 * each proved by the one generic suite (test/crud-resource.ts), then what is their own: GST rate
 * periods, duration labels, members counted on a plan, deleting what is in use (400 with what to
 * do instead), and members' performance records.
 */
import { MODULES } from '@arena/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { memberService, performanceCategory, performanceItem, plan as planTable } from '../src/modules/membership/schema.js';
import { describeCrudResource } from './crud-resource.js';
import {
  dayFrom,
  inOrg,
  makeCentre,
  makeMemberRow,
  makeMembershipRow,
  makeOrganisation,
  makeSport,
  makeUser,
  type TestOrganisation,
} from './factories.js';
import { call, createTestApp, login, type TestContext } from './helpers.js';

const API = '/api/member-management';
const MODULE = 'Membership Management';

describeCrudResource({
  resource: 'plan',
  path: `${API}/plan/`,
  module: MODULE,
  references: { sport: async (tx, ctx) => (await makeSport(tx, ctx, { name: 'Fitness' })).id },
  make: (name, refs) => ({ name, sport: refs.sport, duration_value: 1, duration_unit: 'month', price: '1500', gst_rate: 5 }),
  update: {
    price: '1800.00',
    freeze_max_times: 2,
    freeze_max_days: 30,
    max_freezes_per_year: 3,
    max_freeze_days_per_year: 45,
    min_freeze_days: 5,
    is_active: false,
  },
  filter: { query: 'duration_unit=day', make: { duration_value: 30, duration_unit: 'day' }, field: 'duration_unit', value: 'day' },
  uniqueName: 'A plan with this name already exists.',
  exportHeaders: ['Name', 'Sport', 'Duration', 'Price', 'Joining fee', 'GST %', 'SAC'],
});

describeCrudResource({
  resource: 'service',
  path: `${API}/service/`,
  module: MODULE,
  make: (name) => ({ name, price: '6000', duration_days: 30, sessions: 12 }),
  update: { price: '6500.00', sessions: null, is_active: false },
  filter: { query: 'is_active=false', make: { is_active: false }, field: 'is_active', value: false },
  uniqueName: 'A service with this name already exists.',
  exportHeaders: ['Name', 'Duration (days)', 'Sessions', 'Price', 'GST %', 'SAC'],
});

describeCrudResource({
  resource: 'batch',
  path: `${API}/batch/`,
  module: MODULE,
  references: {
    centre: async (tx, ctx) => (await makeCentre(tx, ctx, { name: 'Batch Centre' })).id,
    sport: async (tx, ctx) => (await makeSport(tx, ctx, { name: 'Yoga' })).id,
  },
  make: (name, refs) => ({
    name,
    centre: refs.centre,
    sport: refs.sport,
    weekdays: [5, 1, 3],
    start_time: '06:00',
    end_time: '07:00',
    capacity: 10,
  }),
  update: { capacity: 12, end_time: '07:30:00', is_active: false },
  filter: { query: 'weekday=6', make: { weekdays: [7, 6] }, field: 'weekdays', value: [6, 7] },
  uniqueName: 'A batch with this name already exists in this centre.',
  exportHeaders: ['Name', 'Sport', 'Center', 'Days', 'Start', 'End', 'Capacity', 'Members', 'Seats left'],
});

describeCrudResource({
  resource: 'performance_category',
  path: `${API}/performance-category/`,
  module: MODULE,
  make: (name) => ({ name, description: `${name} measures` }),
  update: { description: 'Lifts and holds', is_active: false },
  filter: { query: 'is_active=false', make: { is_active: false }, field: 'is_active', value: false },
  uniqueName: 'A performance category with this name already exists.',
  exportHeaders: ['Name', 'Description', 'Status', 'Created'],
});

describeCrudResource({
  resource: 'performance_item',
  path: `${API}/performance-item/`,
  module: MODULE,
  references: {
    category: async (tx, ctx) =>
      (await tx.insert(performanceCategory).values({ name: 'Strength', organisationId: ctx.organisationId }).returning())[0].id,
  },
  make: (name, refs) => ({ name, category: refs.category, unit: 'kg' }),
  update: { unit: 'reps', is_active: false },
  filter: { query: 'unit=min', make: { unit: 'min' }, field: 'unit', value: 'min' },
  uniqueName: 'An item with this name already exists in this category.',
  exportHeaders: ['Name', 'Category', 'Unit', 'Description', 'Status', 'Created'],
});

describe('membership lookups: their own rules', () => {
  let t: TestContext;
  let acme: TestOrganisation;
  let other: TestOrganisation;
  let key: string;
  let otherKey: string;
  let centreId: number;

  const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>, token = key) =>
    call(t.app, { method, url, host: acme.host, token, payload });

  beforeAll(async () => {
    t = await createTestApp({}, { seed: false });
    acme = await makeOrganisation(t);
    other = await makeOrganisation(t);
    key = await login(t.app, acme.owner, acme.host);
    otherKey = await login(t.app, other.owner, other.host);
    centreId = (await inOrg(t, acme, (tx, ctx) => makeCentre(tx, ctx))).id;
  });
  afterAll(async () => t?.close());

  it('keeps GST rate periods: a rate from the start of GST, a new rate from today, a whole history', async () => {
    const made = await api('POST', `${API}/plan/`, {
      name: 'Monthly',
      duration_value: 1,
      duration_unit: 'month',
      price: '1500',
      gst_rate: 18,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      gst_rate: 18,
      gst_rates: [{ rate: 18, from: '2017-07-01' }],
      sac_code: '999723',
      duration_label: '1 month',
      sport: null,
      sport_name: '',
      active_members: 0,
      joining_fee: '0.00',
    });
    const id = made.json().id;
    const changed = (await api('PATCH', `${API}/plan/${id}/`, { gst_rate: 5, sac_code: '999722' })).json();
    expect(changed.gst_rate).toBe(5);
    expect(changed.sac_code).toBe('999722');
    expect(changed.gst_rates).toEqual([
      { rate: 18, from: '2017-07-01' },
      { rate: 5, from: acme.ctx.now.today },
    ]);
    // The same rate again changes nothing.
    expect((await api('PATCH', `${API}/plan/${id}/`, { gst_rate: 5 })).json().gst_rates).toHaveLength(2);
    const history = [
      { rate: 5, from: '2025-09-22' },
      { rate: 18, from: '2017-07-01' },
    ];
    expect((await api('PATCH', `${API}/plan/${id}/`, { gst_rates: history })).json().gst_rates).toEqual([history[1], history[0]]);
    // Without GST fields a plan gets the fitness rates (18 % until 21 Sep 2025, then 5 %).
    const plain = (
      await api('POST', `${API}/plan/`, { name: 'Quarterly', duration_value: 3, duration_unit: 'month', price: '4000' })
    ).json();
    expect(plain).toMatchObject({ gst_rate: 5, duration_label: '3 months' });
    expect(
      (await api('POST', `${API}/plan/`, { name: 'Bad GST', duration_value: 1, duration_unit: 'day', price: '100', gst_rate: 7 }))
        .statusCode,
    ).toBe(400);
  });

  it('labels durations and refuses more than 120 months, also in a partial update', async () => {
    const pack = (
      await api('POST', `${API}/plan/`, { name: 'PT pack', duration_value: 180, duration_unit: 'day', sessions: 12, price: '9000' })
    ).json();
    expect(pack.duration_label).toBe('12 sessions in 180 days');
    const long = await api('POST', `${API}/plan/`, { name: 'Lifetime', duration_value: 121, duration_unit: 'month', price: '1' });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ duration_value: ['A plan lasts at most 120 months.'] });
    const switched = await api('PATCH', `${API}/plan/${pack.id}/`, { duration_unit: 'month' });
    expect(switched.statusCode).toBe(400);
    expect(switched.json()).toEqual({ duration_value: ['A plan lasts at most 120 months.'] });
    expect((await api('PATCH', `${API}/plan/${pack.id}/`, { duration_value: 2, duration_unit: 'month' })).json().duration_label).toBe(
      '12 sessions in 2 months',
    );
  });

  it('keeps the yearly freeze limits (empty = no limit) and the shortest freeze, within their bounds', async () => {
    const made = await api('POST', `${API}/plan/`, { name: 'Two years', duration_value: 24, duration_unit: 'month', price: '20000' });
    expect(made.statusCode, made.body).toBe(201);
    // Left out: no yearly limit, and any freeze of at least a day.
    expect(made.json()).toMatchObject({ max_freezes_per_year: null, max_freeze_days_per_year: null, min_freeze_days: 1 });
    const id = made.json().id;
    const limited = await api('PATCH', `${API}/plan/${id}/`, { max_freezes_per_year: 2, max_freeze_days_per_year: 30, min_freeze_days: 7 });
    expect(limited.json()).toMatchObject({ max_freezes_per_year: 2, max_freeze_days_per_year: 30, min_freeze_days: 7 });
    // A partial update of another field keeps them.
    expect((await api('PATCH', `${API}/plan/${id}/`, { price: '21000' })).json()).toMatchObject({
      max_freezes_per_year: 2,
      max_freeze_days_per_year: 30,
      min_freeze_days: 7,
    });
    const out = await api('PATCH', `${API}/plan/${id}/`, { max_freezes_per_year: 366, max_freeze_days_per_year: 3651, min_freeze_days: 0 });
    expect(out.statusCode).toBe(400);
    expect(Object.keys(out.json()).sort()).toEqual(['max_freeze_days_per_year', 'max_freezes_per_year', 'min_freeze_days']);
    expect((await api('PATCH', `${API}/plan/${id}/`, { min_freeze_days: 366 })).json()).toHaveProperty('min_freeze_days');
    expect((await api('PATCH', `${API}/plan/${id}/`, { max_freezes_per_year: -1 })).json()).toHaveProperty('max_freezes_per_year');
    const cleared = await api('PATCH', `${API}/plan/${id}/`, { max_freezes_per_year: null, max_freeze_days_per_year: null });
    expect(cleared.json()).toMatchObject({ max_freezes_per_year: null, max_freeze_days_per_year: null, min_freeze_days: 7 });
    const exported = await api('GET', `${API}/plan/?format=csv&search=Two%20years`);
    expect(exported.body).toMatch(/Freezes per year,Freeze days per year,Minimum freeze days/);
    expect(exported.body).toMatch(/No limit,No limit,7/);
  });

  it('bounds a price where it is entered, so no sale of it can overflow a total', async () => {
    const huge = await api('POST', `${API}/plan/`, {
      name: 'Gold',
      duration_value: 1,
      duration_unit: 'month',
      price: '9999999999.99',
      joining_fee: 10000000.01,
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual({ price: ['Enter a price up to ₹1,00,00,000.00.'], joining_fee: ['Enter a price up to ₹1,00,00,000.00.'] });
    const service = await api('POST', `${API}/service/`, { name: 'Sauna', duration_days: 30, price: '10000000.01' });
    expect(service.json()).toEqual({ price: ['Enter a price up to ₹1,00,00,000.00.'] });
    const most = await api('POST', `${API}/plan/`, {
      name: 'Gold',
      duration_value: 1,
      duration_unit: 'month',
      price: '10000000.00',
      gst_rate: 18,
    });
    expect(most.statusCode, most.body).toBe(201);
    expect(most.json().price).toBe('10000000.00');
  });

  it('counts the members on a plan now, and refuses to delete a plan or service that was sold', async () => {
    const yearly = (
      await api('POST', `${API}/plan/`, { name: 'Yearly', duration_value: 12, duration_unit: 'month', price: '12000' })
    ).json();
    await inOrg(t, acme, async (tx, ctx) => {
      const [p] = await tx.select().from(planTable).where(eq(planTable.id, yearly.id));
      for (const start of [dayFrom(ctx, -10), dayFrom(ctx, -20), dayFrom(ctx, -400)]) {
        const m = await makeMemberRow(tx, ctx, { centreId });
        await makeMembershipRow(tx, ctx, { member: m, plan: p, start });
      }
    });
    const plan = (await api('GET', `${API}/plan/${yearly.id}/`)).json();
    expect(plan.active_members).toBe(2); // the third has expired
    const refused = await api('DELETE', `${API}/plan/${yearly.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/^This plan has 3 memberships and cannot be deleted\. Deactivate it instead/);
    expect((await api('GET', `${API}/plan/${yearly.id}/`)).statusCode).toBe(200);
    expect((await api('PATCH', `${API}/plan/${yearly.id}/`, { is_active: false })).json().is_active).toBe(false);
    expect((await api('GET', `${API}/plan/dropdown/`)).json().results.map((r: { name: string }) => r.name)).not.toContain('Yearly');

    const pt = (await api('POST', `${API}/service/`, { name: 'Personal training', price: '6000', duration_days: 30, sessions: 12 })).json();
    await inOrg(t, acme, async (tx, ctx) => {
      const m = await makeMemberRow(tx, ctx, { centreId });
      await tx.insert(memberService).values({
        organisationId: ctx.organisationId,
        memberId: m.id,
        serviceId: pt.id,
        centreId,
        label: 'PT',
        party: 'x',
        startDate: ctx.now.today,
        endDate: dayFrom(ctx, 29),
        price: '6000.00',
        total: '6000.00',
        status: 'active',
      });
    });
    expect((await api('GET', `${API}/service/${pt.id}/`)).json().active_members).toBe(1);
    const locker = (await api('POST', `${API}/service/`, { name: 'Locker', price: '300', duration_days: 30 })).json();
    expect(
      (await api('GET', `${API}/service/?ordering=name&search=l`))
        .json()
        .results.map((s: { name: string; active_members: number }) => [s.name, s.active_members]),
    ).toEqual([
      ['Locker', 0],
      ['Personal training', 1],
    ]);
    expect((await api('DELETE', `${API}/service/${locker.id}/`)).statusCode).toBe(204);
    const refusedService = await api('DELETE', `${API}/service/${pt.id}/`);
    expect(refusedService.statusCode).toBe(409);
    expect(refusedService.json().detail).toMatch(/^This service was sold 1 time and cannot be deleted/);
    // Another organisation's plan is still simply not there.
    expect((await call(t.app, { method: 'DELETE', url: `${API}/plan/${yearly.id}/`, host: other.host, token: otherKey })).statusCode).toBe(
      404,
    );
  });

  it('refuses to delete a category with items and an item with recorded values', async () => {
    const cat = (await api('POST', `${API}/performance-category/`, { name: 'Cardio' })).json();
    const item = (await api('POST', `${API}/performance-item/`, { name: '5 km run', category: cat.id, unit: 'min' })).json();
    expect(item).toMatchObject({ category: cat.id, category_name: 'Cardio', unit: 'min' });
    const refused = await api('DELETE', `${API}/performance-category/${cat.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/^This category has 1 item and cannot be deleted/);
    const m = await inOrg(t, acme, (tx, ctx) => makeMemberRow(tx, ctx, { centreId }));
    expect((await api('POST', `${API}/member-performance/`, { member: m.id, item: item.id, value: 27.5 })).statusCode).toBe(201);
    const itemRefused = await api('DELETE', `${API}/performance-item/${item.id}/`);
    expect(itemRefused.statusCode).toBe(409);
    expect(itemRefused.json().detail).toMatch(/^This item has 1 recorded value and cannot be deleted/);
  });

  describe('member-performance/', () => {
    let strength: number;
    let bench: number;
    let squat: number;
    let run: number;
    let asha: { id: number };
    let ravi: { id: number };
    let theirMember: number;
    let theirItem: number;

    beforeAll(async () => {
      ({ strength, bench, squat, run, asha, ravi } = await inOrg(t, acme, async (tx, ctx) => {
        const [s] = await tx.insert(performanceCategory).values({ name: 'Strength', organisationId: ctx.organisationId }).returning();
        const [c] = await tx.insert(performanceCategory).values({ name: 'Endurance', organisationId: ctx.organisationId }).returning();
        const item = async (name: string, categoryId: number, unit: string) =>
          (await tx.insert(performanceItem).values({ name, categoryId, unit, organisationId: ctx.organisationId }).returning())[0].id;
        return {
          strength: s.id,
          bench: await item('Bench press', s.id, 'kg'),
          squat: await item('Squat', s.id, 'kg'),
          run: await item('1 km run', c.id, 'min'),
          asha: await makeMemberRow(tx, ctx, { centreId, firstName: 'Asha', lastName: 'Kulkarni' }),
          ravi: await makeMemberRow(tx, ctx, { centreId, firstName: 'Ravi', lastName: 'Menon' }),
        };
      }));
      ({ theirMember, theirItem } = await inOrg(t, other, async (tx, ctx) => {
        const c = await makeCentre(tx, ctx);
        const [cat] = await tx.insert(performanceCategory).values({ name: 'Theirs', organisationId: ctx.organisationId }).returning();
        const [i] = await tx
          .insert(performanceItem)
          .values({ name: 'Theirs', categoryId: cat.id, unit: 'kg', organisationId: ctx.organisationId })
          .returning();
        return { theirMember: (await makeMemberRow(tx, ctx, { centreId: c.id })).id, theirItem: i.id };
      }));
    });

    it('records values with two decimals, today by default, with audit rows', async () => {
      const res = await api('POST', `${API}/member-performance/`, { member: asha.id, item: bench, value: '42.5', notes: 'Felt strong' });
      expect(res.statusCode, res.body).toBe(201);
      const rec = res.json();
      expect(rec).toMatchObject({
        member: asha.id,
        member_name: 'Asha Kulkarni',
        item: bench,
        item_name: 'Bench press',
        category: strength,
        category_name: 'Strength',
        unit: 'kg',
        value: '42.50',
        date: acme.ctx.now.today,
        notes: 'Felt strong',
      });
      const patched = await api('PATCH', `${API}/member-performance/${rec.id}/`, { value: 45, date: '2026-01-05' });
      expect(patched.json()).toMatchObject({ value: '45.00', date: '2026-01-05', notes: 'Felt strong' });
      expect((await api('POST', `${API}/member-performance/`, { member: asha.id, item: bench, value: 1.234 })).json()).toEqual({
        value: ['At most 2 decimals.'],
      });
      expect((await api('DELETE', `${API}/member-performance/${rec.id}/`)).statusCode).toBe(204);
      expect((await api('GET', `${API}/member-performance/${rec.id}/`)).statusCode).toBe(404);
      const logs = (await api('GET', `${API}/logs/?resource=member_performance&search=${rec.id}`)).json().results;
      expect(logs.filter((l: { object_id: string }) => l.object_id === String(rec.id)).map((l: { action: string }) => l.action)).toEqual([
        'delete',
        'update',
        'create',
      ]);
      expect(logs[0].object_label).toBe('Asha Kulkarni · Bench press, 05 Jan 2026');
    });

    it('filters by member, item, category and dates (a progress chart), latest first', async () => {
      const add = (member: number, item: number, value: number, date: string) =>
        api('POST', `${API}/member-performance/`, { member, item, value, date }).then((r) => expect(r.statusCode, r.body).toBe(201));
      await add(asha.id, squat, 60, '2026-02-01');
      await add(asha.id, squat, 65, '2026-03-01');
      await add(asha.id, squat, 70, '2026-04-01');
      await add(asha.id, run, 6.5, '2026-03-01');
      await add(ravi.id, squat, 80, '2026-03-01');
      const values = (q: string) =>
        api('GET', `${API}/member-performance/?${q}`).then((r) => r.json().results.map((x: { value: string }) => x.value));
      expect(await values(`member=${asha.id}&item=${squat}&ordering=date`)).toEqual(['60.00', '65.00', '70.00']);
      expect(await values(`member=${asha.id}&item=${squat}`)).toEqual(['70.00', '65.00', '60.00']);
      expect(await values(`member=${asha.id}&category=${strength}&date_after=2026-03-01&date_before=2026-03-31`)).toEqual(['65.00']);
      expect(await values(`item=${squat}&date_after=2026-03-01&date_before=2026-03-01&ordering=-value`)).toEqual(['80.00', '65.00']);
      expect(await values(`search=menon`)).toEqual(['80.00']);
      const csv = await api('GET', `${API}/member-performance/?member=${asha.id}&item=${squat}&ordering=date&format=csv`);
      expect(csv.statusCode).toBe(200);
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toBe('Date,Member,Category,Item,Value,Unit,Notes');
      expect(lines).toHaveLength(4);
    });

    it("answers 400 for another organisation's member or item and 404 for its records", async () => {
      const res = await api('POST', `${API}/member-performance/`, { member: theirMember, item: theirItem, value: 10 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        member: [`Invalid pk "${theirMember}" - object does not exist.`],
        item: [`Invalid pk "${theirItem}" - object does not exist.`],
      });
      const theirs = await call(t.app, {
        method: 'POST',
        url: `${API}/member-performance/`,
        host: other.host,
        token: otherKey,
        payload: { member: theirMember, item: theirItem, value: 10 },
      });
      expect(theirs.statusCode, theirs.body).toBe(201);
      for (const method of ['GET', 'PATCH', 'DELETE'] as const)
        expect(
          (await api(method, `${API}/member-performance/${theirs.json().id}/`, method === 'PATCH' ? { value: 1 } : undefined)).statusCode,
        ).toBe(404);
      const mine = (await api('POST', `${API}/member-performance/`, { member: asha.id, item: bench, value: 50 })).json();
      expect((await api('PATCH', `${API}/member-performance/${mine.id}/`, { item: theirItem })).statusCode).toBe(400);
    });

    it('keeps the records to users allowed Membership Management', async () => {
      const restricted = await makeUser(t, acme.id, { modules: MODULES.filter((m) => m !== MODULE) });
      const outsider = await login(t.app, restricted, acme.host);
      expect((await api('GET', `${API}/member-performance/`, undefined, outsider)).statusCode).toBe(403);
      expect((await api('POST', `${API}/member-performance/`, { member: asha.id, item: bench, value: 1 }, outsider)).statusCode).toBe(403);
    });
  });
});
