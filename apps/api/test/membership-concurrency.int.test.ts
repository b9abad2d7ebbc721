import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, withTenant } from '../src/platform/db/client.js';
import { call, createTestApp, login, onPostgres, OWNER, type TestContext } from './helpers.js';

/**
 * Memberships under concurrency on PostgreSQL with a real pool (PGlite has one session, so
 * nothing races there): payments racing one due never take more than it, parallel renewals of
 * one membership make exactly one, parallel freezes never pass the plan's limits, and parallel
 * new members get distinct consecutive codes.
 */
describe.runIf(onPostgres)('memberships under concurrency', () => {
  let t: TestContext;
  let owner: string;
  let org: number;
  let cash: number;
  let centre: number;
  let plan: number;
  let seq = 0;
  const API = '/api/member-management';

  beforeAll(async () => {
    t = await createTestApp({}, { poolSize: 10 });
    owner = await login(t.app, OWNER);
    const [row] = await queryRows<{ id: string }>(t.handle.db, sql`select id from organisation where subdomain = 'demo'`);
    org = Number(row.id);
    const modes = (await call(t.app, { method: 'GET', url: '/api/administrator/payment-mode/', token: owner })).json().results;
    cash = modes.find((m: { name: string }) => m.name === 'Cash').id;
    centre = (await call(t.app, { method: 'GET', url: '/api/administrator/centre/', token: owner })).json().results[0].id;
    const made = await call(t.app, {
      method: 'POST',
      url: `${API}/plan/`,
      token: owner,
      payload: { name: 'Race plan', duration_value: 1, duration_unit: 'month', price: '1000.00', freeze_max_times: 2, freeze_max_days: 10 },
    });
    expect(made.statusCode, made.body).toBe(201);
    plan = made.json().id;
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: unknown) =>
    call(t.app, { method: 'POST', url: `${API}${url}`, token: owner, payload: payload as Record<string, unknown> });
  const newMember = async (extra: Record<string, unknown> = {}) => {
    const res = await post('/member/', {
      first_name: 'Race',
      gender: 'male',
      phone: `97${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(5, '0')}`,
      centre,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  it('takes exactly the due from 40 payments racing it', async () => {
    const m = await newMember({ membership: { plan } });
    const id = m.membership.id;
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => post('/payment-history/', { membership: id, amount: '100.00', payment_mode: cash })),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(responses.filter((r) => r.statusCode !== 201).every((r) => r.statusCode === 400)).toBe(true);
    const [row] = await withTenant(t.handle.db, org, (tx) =>
      queryRows<{ paid: string; receipts: string; invoice_paid: string }>(
        tx,
        sql`select m.paid::text as paid,
                   (select sum(amount) from ledger_entry where source_type = 'membership' and source_id = m.id)::text as receipts,
                   (select paid from invoice where source_type = 'membership' and source_id = m.id and kind = 'invoice')::text as invoice_paid
            from membership m where m.id = ${id}`,
      ),
    );
    expect(row).toEqual({ paid: '1000.00', receipts: '1000.00', invoice_paid: '1000.00' });
  });

  it('renews a membership once from 20 parallel renewals', async () => {
    const m = await newMember({ membership: { plan } });
    const responses = await Promise.all(Array.from({ length: 20 }, () => post(`/membership/${m.membership.id}/renew/`, {})));
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode !== 201).every((r) => r.statusCode === 400)).toBe(true);
  });

  it('never lets parallel freezes pass the plan’s number of freezes or days', async () => {
    const m = await newMember({ membership: { plan } });
    const today = m.membership.start_date as string;
    const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        // The demo keeps a list of freeze reasons: a freeze gives one of them.
        post(`/membership/${m.membership.id}/freeze/`, { from_date: day(2 + i * 2), to_date: day(2 + i * 2), reason: 'Travel' }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(2);
    const after = (await call(t.app, { method: 'GET', url: `${API}/membership/${m.membership.id}/`, token: owner })).json();
    expect(after.freezes).toHaveLength(2);
    expect(after.frozen_days).toBe(2);
  });

  it('gives 30 members added at once 30 distinct consecutive codes', async () => {
    const made = await Promise.all(Array.from({ length: 30 }, () => newMember()));
    const numbers = made.map((m) => Number(m.member_code.slice(4))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(30);
    expect(numbers[29] - numbers[0]).toBe(29);
  });
});
