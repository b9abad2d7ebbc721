import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, withTenant } from '../src/platform/db/client.js';
import { call, createTestApp, login, onPostgres, OWNER, withSocketWrites, type TestContext } from './helpers.js';

/**
 * Reports and dashboards plan each statement for the organisation's own numbers
 * (`plan_cache_mode = force_custom_plan` for their transaction): a generic plan made for an
 * average organisation picked a nested loop five times slower for a big club.
 */
describe.runIf(onPostgres)('custom plans for reports and dashboards (PostgreSQL)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({}, { poolSize: 1 });
  });
  afterAll(async () => t?.close());

  const planMode = async (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) =>
    (await queryRows<{ mode: string }>(tx, sql`select current_setting('plan_cache_mode') as mode`))[0].mode;

  it('holds for the transaction that asks for it, and not for the next user of the connection', async () => {
    const me = (await call(t.app, { method: 'GET', url: '/api/accounts/user/', token: await login(t.app, OWNER) })).json();
    const orgId = me.organisation.id as number;
    expect(await withTenant(t.handle.db, orgId, planMode, { customPlans: true })).toBe('force_custom_plan');
    // One connection in the pool: the same one, its setting back to the default.
    expect(await withTenant(t.handle.db, orgId, planMode)).toBe('auto');
  });

  it('is asked for by a report and a dashboard, and not by a list', async () => {
    const key = await login(t.app, OWNER);
    const sent = async (url: string) => {
      const { result: res, writes } = await withSocketWrites(() => call(t.app, { method: 'GET', url, token: key }));
      expect(res.statusCode, res.body).toBe(200);
      return writes.join('');
    };
    // The plan of the organisation is read once and kept: warm it first.
    await sent('/api/member-management/dashboard/');
    expect(await sent('/api/member-management/reports/sports/')).toContain('set local plan_cache_mode = force_custom_plan');
    expect(await sent('/api/booking/dashboard/')).toContain('set local plan_cache_mode = force_custom_plan');
    expect(await sent('/api/booking/booking/?search=a')).not.toContain('plan_cache_mode');
  });
});
