import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, withTenant } from '../src/platform/db/client.js';
import { call, createTestApp, onPostgres, type TestContext } from './helpers.js';
import { inDays, portalFacility, requestBody, slotsOn, today } from './booking-helpers.js';

/**
 * What a booking keeps when requests race, on PostgreSQL with a real pool (PGlite has one
 * session, so nothing races there): the per-phone limit holds, codes stay gapless whatever
 * rolls back, and every booking has its audit row.
 */
describe.runIf(onPostgres)('booking guarantees under concurrency', () => {
  const LIMIT = 3;
  let ctx: TestContext;
  let court: { centre: number; facility: number };
  let org: number;

  beforeAll(async () => {
    ctx = await createTestApp({ BOOKING_RATE_LIMIT_PER_MINUTE: '1000000', BOOKING_MAX_PER_PHONE_PER_DAY: String(LIMIT) }, { poolSize: 10 });
    court = await portalFacility(ctx.app);
    const [row] = await queryRows<{ id: string }>(ctx.handle.db, sql`select id from organisation where subdomain = 'demo'`);
    org = Number(row.id);
  });
  afterAll(async () => ctx?.close());

  const inOrg = <T>(query: ReturnType<typeof sql>) => withTenant(ctx.handle.db, org, (tx) => queryRows<T>(tx, query));
  const book = (date: string, slot: Parameters<typeof requestBody>[3][number], mobile: string) =>
    call(ctx.app, {
      method: 'POST',
      url: '/api/public/bookings/',
      payload: requestBody(court.centre, court.facility, date, [slot], { mobile_no: mobile }),
    });

  it('lets one phone hold at most the limit of open online bookings for a date, however many arrive at once', async () => {
    for (let round = 0; round < 6; round++) {
      const date = inDays(14 + round);
      const mobile = `95500000${String(round).padStart(2, '0')}`;
      const free = (await slotsOn(ctx.app, court.facility, date)).filter((s) => s.booking_status === 'available');
      expect(free.length).toBeGreaterThan(LIMIT);
      const responses = await Promise.all(free.map((slot) => book(date, slot, mobile)));
      const codes = responses.map((r) => r.statusCode);
      expect(
        codes.filter((c) => c === 201),
        `round ${round}: ${codes.join(' ')}`,
      ).toHaveLength(LIMIT);
      expect(codes.filter((c) => c === 429)).toHaveLength(free.length - LIMIT);
      expect(responses.find((r) => r.statusCode === 429)!.json().detail).toMatch(`already has ${LIMIT} open online bookings`);
      const [{ n }] = await inOrg<{ n: number }>(
        sql`select count(*)::int as n from booking where mobile = ${mobile} and date = ${date} and source = 'online' and status = 'confirmed'`,
      );
      expect(n).toBe(LIMIT);
    }
  });

  it('keeps booking codes gapless and writes one audit row per booking while winners and losers race', async () => {
    const date = inDays(22);
    const free = (await slotsOn(ctx.app, court.facility, date)).filter((s) => s.booking_status === 'available');
    // Each slot wanted by four phones: one wins, three roll back after claiming nothing or losing the index race.
    const responses = await Promise.all(
      free.flatMap((slot, i) => [0, 1, 2, 3].map((k) => book(date, slot, `94${String(i).padStart(4, '0')}000${k}`))),
    );
    expect(responses.filter((r) => r.statusCode >= 500)).toHaveLength(0);
    const won = responses.filter((r) => r.statusCode === 201).map((r) => r.json() as { id: number; code: string });
    expect(won).toHaveLength(free.length);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(free.length * 3);

    const year = today().slice(0, 4);
    const numbers = (await inOrg<{ code: string }>(sql`select code from booking where code like ${`BK-${year}-%`}`))
      .map((r) => Number(r.code.slice(`BK-${year}-`.length)))
      .sort((a, b) => a - b);
    expect(numbers.length).toBeGreaterThan(free.length);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    const [{ last }] = await inOrg<{ last: string }>(
      sql`select last_value::text as last from document_sequence where name = ${`booking:${year}`}`,
    );
    expect(Number(last)).toBe(numbers.length);

    const audited = await inOrg<{ object_id: string; object_label: string }>(
      sql`select object_id, object_label from audit_log where resource = 'booking' and action = 'create'
          and object_id in (${sql.join(
            won.map((b) => sql`${String(b.id)}`),
            sql`, `,
          )})`,
    );
    expect(audited.map((a) => a.object_label).sort()).toEqual(won.map((b) => b.code).sort());
  });
});
