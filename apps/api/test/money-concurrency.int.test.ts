import { toPaise } from '@arena/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, withTenant } from '../src/platform/db/client.js';
import { call, createTestApp, login, onPostgres, OWNER, type TestContext } from './helpers.js';
import { inDays, portalFacility, requestBody, slotsOn } from './booking-helpers.js';

/**
 * Money under concurrency on PostgreSQL with a real pool (PGlite has one session, so nothing
 * races there): 100 payments against one booking never take more than is due, and 100
 * bookings made at once get 100 distinct consecutive invoice numbers.
 */
describe.runIf(onPostgres)('money under concurrency', () => {
  let t: TestContext;
  let owner: string;
  let org: number;
  let cash: number;

  beforeAll(async () => {
    t = await createTestApp({ BOOKING_RATE_LIMIT_PER_MINUTE: '1000000', BOOKING_MAX_PER_PHONE_PER_DAY: '1000' }, { poolSize: 10 });
    owner = await login(t.app, OWNER);
    const [row] = await queryRows<{ id: string }>(t.handle.db, sql`select id from organisation where subdomain = 'demo'`);
    org = Number(row.id);
    const modes = (await call(t.app, { method: 'GET', url: '/api/administrator/payment-mode/', token: owner })).json().results;
    cash = modes.find((m: { name: string }) => m.name === 'Cash').id;
  });
  afterAll(async () => t?.close());

  const inOrg = <T>(query: ReturnType<typeof sql>) => withTenant(t.handle.db, org, (tx) => queryRows<T>(tx, query));

  it('takes exactly what is due from 100 concurrent payments against one booking', async () => {
    const court = await portalFacility(t.app, 'Turf A', 'Football');
    const [slot] = (await slotsOn(t.app, court.facility, inDays(12))).filter((s) => s.booking_status === 'available');
    const made = await call(t.app, {
      method: 'POST',
      url: '/api/booking/booking/',
      token: owner,
      payload: { facility: court.facility, date: inDays(12), time_slot_ids: [slot.id], name: 'Race Test' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const booking = made.json();
    const total = toPaise(booking.booking_amount)!;
    const each = 5000; // ₹50 a time: more than enough requests to overshoot
    const responses = await Promise.all(
      Array.from({ length: 100 }, () =>
        call(t.app, {
          method: 'POST',
          url: `/api/booking/booking/${booking.id}/payments/`,
          token: owner,
          payload: { amount: (each / 100).toFixed(2), payment_mode: cash, reference: '' },
        }),
      ),
    );
    const ok = responses.filter((r) => r.statusCode === 200).length;
    expect(ok).toBe(Math.floor(total / each));
    expect(responses.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 400)).toBe(true);
    const [row] = await inOrg<{ paid: string; receipts: string; invoice_paid: string }>(
      sql`select b.paid_amount::text as paid,
                 (select coalesce(sum(amount), 0) from ledger_entry where source_type = 'booking' and source_id = b.id)::text as receipts,
                 (select paid from invoice where source_type = 'booking' and source_id = b.id and kind = 'invoice')::text as invoice_paid
          from booking b where b.id = ${booking.id}`,
    );
    expect(toPaise(row.paid)).toBe(ok * each);
    expect(toPaise(row.receipts)).toBe(ok * each);
    expect(toPaise(row.invoice_paid)).toBe(ok * each);
    expect(ok * each).toBeLessThanOrEqual(total);
  });

  it('gives 100 bookings made at once 100 distinct consecutive invoice numbers', async () => {
    const court = await portalFacility(t.app, 'Court 2', 'Badminton');
    const dates = [13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24].map(inDays);
    const wanted: { date: string; slot: Awaited<ReturnType<typeof slotsOn>>[number] }[] = [];
    for (const date of dates)
      for (const slot of (await slotsOn(t.app, court.facility, date)).filter((s) => s.booking_status === 'available'))
        if (wanted.length < 100) wanted.push({ date, slot });
    expect(wanted).toHaveLength(100);
    const [{ before }] = await inOrg<{ before: string | null }>(sql`select max(number) as before from invoice where kind = 'invoice'`);
    const responses = await Promise.all(
      wanted.map(({ date, slot }, i) =>
        call(t.app, {
          method: 'POST',
          url: '/api/public/bookings/',
          payload: requestBody(court.centre, court.facility, date, [slot], { mobile_no: `93${String(i).padStart(8, '0')}` }),
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode).filter((c) => c !== 201)).toEqual([]);
    const numbers = responses.map((r) => r.json().invoice.number as string);
    expect(new Set(numbers).size).toBe(100);
    const serials = numbers.map((n) => Number(n.split('/')[2])).sort((a, b) => a - b);
    const first = before ? Number(before.split('/')[2]) + 1 : 1;
    expect(serials).toEqual(Array.from({ length: 100 }, (_, i) => first + i));
  });
});
