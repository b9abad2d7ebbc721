/**
 * A reference can never cross tenants: every foreign key between tenant tables is composite
 * `(organisation_id, x_id)`, the database refuses another organisation's row even inside a
 * tenant transaction, and the API answers DRF's field error and writes nothing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, withTenant } from '../src/platform/db/client.js';
import { PLATFORM_TABLES } from '../src/platform/db/security.js';
import { call, createTestApp, login, OWNER, RIVERSIDE_HOST, RIVERSIDE_OWNER, type TestContext } from './helpers.js';
import { inDays } from './booking-helpers.js';

let ctx: TestContext;
let owner: string;
let riverside: string;
const theirs = { centre: 0, sport: 0, facility: 0, client: 0, paymentMode: 0, organisation: 0 };
const ours = { centre: 0, sport: 0, facility: 0, slot: 0 };

const demo = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown) =>
  call(ctx.app, { method, url, token: owner, payload: payload as Record<string, unknown> });
const river = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  call(ctx.app, { method, url, token: riverside, host: RIVERSIDE_HOST, payload: payload as Record<string, unknown> });

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await login(ctx.app, OWNER);
  riverside = await login(ctx.app, RIVERSIDE_OWNER, RIVERSIDE_HOST);
  theirs.centre = (await river('GET', '/api/administrator/centre/')).json().results[0].id;
  theirs.sport = (await river('POST', '/api/administrator/sport/', { name: 'Squash' })).json().id;
  theirs.paymentMode = (await river('GET', '/api/administrator/payment-mode/')).json().results[0].id;
  const facility = await river('POST', '/api/booking/facility/', {
    name: 'Squash Court',
    centre: theirs.centre,
    sport: theirs.sport,
    slot_groups: [{ name: 'Day', time_slots: [{ start_time: '10:00', end_time: '11:00', price: '300.00' }] }],
  });
  expect(facility.statusCode).toBe(201);
  theirs.facility = facility.json().id;
  theirs.client = (await river('POST', '/api/booking/client/', { name: 'Their Client', mobile: '9000000001' })).json().id;
  const [org] = await queryRows<{ id: string }>(ctx.handle.db, sql`select id from organisation where subdomain = 'riverside'`);
  theirs.organisation = Number(org.id);

  ours.centre = (await demo('GET', '/api/administrator/centre/')).json().results[0].id;
  ours.sport = (await demo('GET', '/api/administrator/sport/')).json().results[0].id;
  const mine = (await demo('GET', '/api/booking/facility/?search=Court 1')).json().results[0];
  ours.facility = mine.id;
  ours.slot = mine.slot_groups[1].time_slots[0].id;
});
afterAll(async () => ctx?.close());

const invalid = (id: number) => [`Invalid pk "${id}" - object does not exist.`];

describe('references between tenant tables', () => {
  it('are all composite foreign keys that include organisation_id', async () => {
    const keys = await queryRows<{ name: string; tbl: string; ref: string; cols: string[]; refcols: string[] }>(
      ctx.handle.db,
      sql`select c.conname as name, t.relname as tbl, r.relname as ref,
                 array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as cols,
                 array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as refcols
          from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_class r on r.oid = c.confrelid
          join pg_namespace n on n.oid = t.relnamespace
          where c.contype = 'f' and n.nspname = 'public'`,
    );
    const hasOrg = new Set(
      (
        await queryRows<{ tbl: string }>(
          ctx.handle.db,
          sql`select table_name as tbl from information_schema.columns where table_schema = 'public' and column_name = 'organisation_id'`,
        )
      ).map((r) => r.tbl),
    );
    const tenant = (t: string) => hasOrg.has(t) && !PLATFORM_TABLES.includes(t);
    const between = keys.filter((k) => tenant(k.tbl) && tenant(k.ref));
    expect(between.length).toBeGreaterThanOrEqual(15);
    const wrong = between.filter((k) => k.cols[0] !== 'organisation_id' || k.refcols[0] !== 'organisation_id' || k.refcols[1] !== 'id');
    expect(wrong.map((k) => `${k.tbl}.${k.cols.join(',')} -> ${k.ref}(${k.refcols.join(',')}) [${k.name}]`)).toEqual([]);
  });

  it("are refused by the database even inside the tenant's own transaction", async () => {
    const demoOrg = Number(
      (await queryRows<{ id: string }>(ctx.handle.db, sql`select id from organisation where subdomain = 'demo'`))[0].id,
    );
    const attempt = withTenant(ctx.handle.db, demoOrg, (tx) =>
      tx.execute(
        sql`insert into facility (organisation_id, centre_id, sport_id, name) values (${demoOrg}, ${theirs.centre}, ${ours.sport}, 'Smuggled')`,
      ),
    );
    await expect(attempt).rejects.toMatchObject({ cause: { code: '23503' } });
  });
});

describe("a body naming another organisation's row", () => {
  it('creating a facility: 400 on centre and sport, nothing written', async () => {
    const before = (await demo('GET', '/api/booking/facility/')).json().count;
    const res = await demo('POST', '/api/booking/facility/', { name: 'Smuggled', centre: theirs.centre, sport: theirs.sport });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ centre: invalid(theirs.centre), sport: invalid(theirs.sport) });
    expect((await demo('GET', '/api/booking/facility/')).json().count).toBe(before);
  });

  it('moving a facility to their centre: 400, the facility unchanged', async () => {
    const res = await demo('PATCH', `/api/booking/facility/${ours.facility}/`, { centre: theirs.centre });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ centre: invalid(theirs.centre) });
    expect((await demo('GET', `/api/booking/facility/${ours.facility}/`)).json().centre).toBe(ours.centre);
  });

  it('a desk booking of their facility or for their client: 400, nothing booked', async () => {
    const before = (await demo('GET', '/api/booking/booking/')).json().count;
    const facility = await demo('POST', '/api/booking/booking/', {
      facility: theirs.facility,
      date: inDays(2),
      time_slot_ids: [1],
      name: 'X',
    });
    expect(facility.statusCode).toBe(400);
    expect(facility.json()).toEqual({ facility: invalid(theirs.facility) });
    const client = await demo('POST', '/api/booking/booking/', {
      facility: ours.facility,
      date: inDays(2),
      time_slot_ids: [ours.slot],
      client: theirs.client,
    });
    expect(client.statusCode).toBe(400);
    expect(client.json()).toEqual({ client: invalid(theirs.client) });
    expect((await demo('GET', '/api/booking/booking/')).json().count).toBe(before);
  });

  it('a payment in their payment mode: 400, nothing paid', async () => {
    const booked = await demo('POST', '/api/booking/booking/', {
      facility: ours.facility,
      date: inDays(3),
      time_slot_ids: [ours.slot],
      name: 'Pay Test',
    });
    expect(booked.statusCode).toBe(201);
    const res = await demo('POST', `/api/booking/booking/${booked.json().id}/payments/`, {
      amount: '100.00',
      payment_mode: theirs.paymentMode,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ payment_mode: invalid(theirs.paymentMode) });
    expect((await demo('GET', `/api/booking/booking/${booked.json().id}/`)).json().paid_amount).toBe('0.00');
  });

  it('a subscription for their client: 400', async () => {
    const res = await demo('POST', '/api/booking/subscription/', {
      client: theirs.client,
      facility: ours.facility,
      time_slot_ids: [ours.slot],
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      start_date: inDays(5),
      end_date: inDays(8),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ client: invalid(theirs.client) });
  });
});
