/**
 * Accommodation's guarantees on PostgreSQL with a real pool (PGlite has one session, so these
 * races cannot happen there; CI runs this file on PostgreSQL): 50 simultaneous reservations of one
 * bed for overlapping dates — exactly one wins, the exclusion constraint refusing the rest as a
 * field error; adjacent stays both win; the monthly rent run concurrently (two instances) and
 * again bills each stay once per month.
 */
import { BED_TAKEN_MESSAGE } from '@arena/contracts/accommodation';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billMonthlyRent } from '../src/modules/accommodation/stay.service.js';
import { queryRows, withTenant } from '../src/platform/db/client.js';
import { addDays } from '../src/platform/time.js';
import { inOrg, makeAccommodationRoom, makeOrganisation, type TestOrganisation } from './factories.js';
import { call, createTestApp, login, onPostgres, type TestContext } from './helpers.js';

describe.runIf(onPostgres)('accommodation under concurrency (PostgreSQL)', () => {
  let t: TestContext;
  let acme: TestOrganisation;
  let owner: string;
  let today: string;

  beforeAll(async () => {
    t = await createTestApp({}, { seed: false, poolSize: 10 });
    acme = await makeOrganisation(t);
    owner = await login(t.app, acme.owner, acme.host);
    today = acme.ctx.now.today;
  });
  afterAll(async () => t?.close());

  const api = (url: string, payload: Record<string, unknown>) =>
    call(t.app, { method: 'POST', url, host: acme.host, token: owner, payload });
  let phone = 9100000000;
  const residents = async (n: number) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await api('/api/accommodation/client/', { name: `Racer ${i}`, phone: String(++phone) });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    return ids;
  };
  const stays = (room: number) =>
    withTenant(t.handle.db, acme.id, async (tx) =>
      queryRows<{ bed: number; check_in: string; check_out: string }>(
        tx,
        sql`select bed, check_in::text, check_out::text from accommodation_stay where room_id = ${room} and status <> 'cancelled' order by check_in`,
      ),
    );

  it('50 simultaneous reservations of one bed for overlapping dates: exactly one succeeds, the rest get a field error', async () => {
    const room = await inOrg(t, acme, (tx, ctx) => makeAccommodationRoom(tx, ctx, { beds: 1 }));
    const people = await residents(50);
    const responses = await Promise.all(
      people.map((client, i) =>
        api('/api/accommodation/booking/', {
          client,
          room: room.id,
          bed: 1,
          check_in: addDays(today, 10 + (i % 3)),
          check_out: addDays(today, 14 + (i % 4)),
          rate_basis: 'nightly',
        }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(49);
    for (const r of responses.filter((x) => x.statusCode === 400)) expect(r.json()).toEqual({ bed: [BED_TAKEN_MESSAGE] });
    expect(await stays(room.id)).toHaveLength(1);
  });

  it('adjacent stays (one leaves the day the next arrives), reserved at once, both succeed', async () => {
    const room = await inOrg(t, acme, (tx, ctx) => makeAccommodationRoom(tx, ctx, { beds: 1 }));
    const [a, b] = await residents(2);
    const [x, y] = await Promise.all([
      api('/api/accommodation/booking/', {
        client: a,
        room: room.id,
        bed: 1,
        check_in: addDays(today, 20),
        check_out: addDays(today, 23),
        rate_basis: 'nightly',
      }),
      api('/api/accommodation/booking/', {
        client: b,
        room: room.id,
        bed: 1,
        check_in: addDays(today, 23),
        check_out: addDays(today, 25),
        rate_basis: 'nightly',
      }),
    ]);
    expect([x.statusCode, y.statusCode]).toEqual([201, 201]);
    expect((await stays(room.id)).map((s) => [s.check_in, s.check_out])).toEqual([
      [addDays(today, 20), addDays(today, 23)],
      [addDays(today, 23), addDays(today, 25)],
    ]);
  });

  it('the monthly rent run on two instances at once, and again: one invoice per stay and month', async () => {
    const people = await residents(6);
    const ids: number[] = [];
    for (const client of people) {
      const room = await inOrg(t, acme, (tx, ctx) => makeAccommodationRoom(tx, ctx, { beds: 1, deposit: '0.00' }));
      const s = await api('/api/accommodation/booking/', {
        client,
        room: room.id,
        bed: 1,
        check_in: today,
        check_out: addDays(today, 120),
        rate_basis: 'monthly',
      });
      expect(s.statusCode, s.body).toBe(201);
      expect((await api(`/api/accommodation/booking/${s.json().id}/check-in/`, {})).statusCode).toBe(200);
      ids.push(s.json().id);
    }
    // Next month's start, as two instances' jobs would run it: concurrently, then once more.
    const next = addDays(`${today.slice(0, 7)}-01`, 40).slice(0, 7) + '-01';
    const run = () => withTenant(t.handle.db, acme.id, (tx) => billMonthlyRent(tx, acme.ctx, next));
    const counts = await Promise.all([run(), run(), run()]);
    expect(counts.reduce((n, c) => n + c, 0)).toBe(6);
    expect(await run()).toBe(0);
    const rows = await withTenant(t.handle.db, acme.id, (tx) =>
      queryRows<{ stay_id: number; month: string; n: number; invoices: number }>(
        tx,
        sql`select c.stay_id, c.month, count(*)::int as n from accommodation_charge c where c.stay_id = any(${sql.raw(`array[${ids.join(',')}]::bigint[]`)}) group by 1, 2`,
      ),
    );
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
    for (const id of ids) {
      const detail = await call(t.app, { method: 'GET', url: `/api/accommodation/booking/${id}/`, host: acme.host, token: owner });
      const invoices = detail.json().invoices as { month: string; number: string }[];
      expect(invoices.map((i) => i.month)).toEqual([today.slice(0, 7), next.slice(0, 7)]);
      expect(new Set(invoices.map((i) => i.number)).size).toBe(2);
    }
  });
});
