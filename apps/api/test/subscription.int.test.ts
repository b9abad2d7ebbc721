/**
 * The organisation's own subscription (issue 23 §2): `/payments` on the provider host, renewals
 * through the provider's sandbox moving the due date once however often the callback arrives,
 * plan changes (upgrade pro rata now, downgrade at renewal) bounding every user's modules at once,
 * add-ons, SMS credit packs, the history with its invoice PDF; other organisations' rows are 404
 * and users without the Administrator module get 403.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../src/modules/subscription/index.js';
import { queryRows } from '../src/platform/db/client.js';
import { organisation, subscriptionPlan } from '../src/platform/db/schema.js';
import { addDays, dateInZone } from '../src/platform/time.js';
import { makeOrganisation, makeUser, type TestOrganisation } from './factories.js';
import { call, createTestApp, login, PROVIDER_HOST, type TestContext } from './helpers.js';
import { orderIdOf, payOrder } from './payments-support.js';

const A = '/api/administrator/';

describe('subscription: /payments, renewals, plan changes, add-ons and SMS credits', () => {
  let t: TestContext;
  let acme: TestOrganisation;
  let other: TestOrganisation;
  let owner: string;
  let plans: Record<string, { id: number; price_monthly: string; price_yearly: string; modules: string[] }>;
  const today = dateInZone(new Date(), 'Asia/Kolkata');

  beforeAll(async () => {
    t = await createTestApp();
    acme = await makeOrganisation(t);
    other = await makeOrganisation(t);
    owner = await login(t.app, acme.owner, acme.host);
    const list = await api('GET', `${A}subscription/`);
    plans = Object.fromEntries(list.json().results.map((p: { name: string }) => [p.name, p]));
  });
  afterAll(async () => t?.close());

  const api = (method: 'GET' | 'POST', url: string, payload?: unknown, token = owner, host = acme.host) =>
    call(t.app, { method, url, host, token, payload: payload as Record<string, unknown> });
  const org = async (id = acme.id) => (await t.handle.db.select().from(organisation).where(eq(organisation.id, id)))[0];
  const setDue = (due: string | null, id = acme.id) =>
    t.handle.db.update(organisation).set({ dueDate: due }).where(eq(organisation.id, id));
  const setPlan = async (name: string, id = acme.id) => {
    const [p] = await t.handle.db.select().from(subscriptionPlan).where(eq(subscriptionPlan.name, name));
    await t.handle.db.update(organisation).set({ subscriptionPlanId: p.id }).where(eq(organisation.id, id));
  };
  const history = async () => (await api('GET', `${A}subscription-transaction/`)).json();
  const countRows = async (table: string) =>
    Number(
      (
        await queryRows<{ n: string }>(
          t.handle.db,
          sql`select count(*)::text as n from ${sql.raw(table)} where organisation_id = ${acme.id}`,
        )
      )[0].n,
    );

  it('serves the catalogue: plans with monthly and yearly prices and limits, and the add-ons', async () => {
    expect(plans.Starter).toMatchObject({ price_monthly: '999.00', price_yearly: '9990.00', max_centres: 1, max_users: 3 });
    expect(plans.Enterprise.modules).toContain('Booking Management');
    const addons = (await api('GET', `${A}addon/`)).json().results;
    expect(addons.map((a: { code: string }) => a.code)).toEqual(['extra_centre', 'sms_1000', 'whatsapp']);
  });

  it('/payments validates the amount (field error, nothing written) and credits the account once paid', async () => {
    const key = await login(t.app, acme.owner, PROVIDER_HOST);
    const before = await queryRows<{ n: string }>(
      t.handle.db,
      sql`select count(*)::text as n from payment_order where organisation_id = ${acme.id}`,
    );
    for (const amount of [0, -5, 'ten', null]) {
      const bad = await call(t.app, {
        method: 'POST',
        url: '/api/payments/initiate/',
        host: PROVIDER_HOST,
        token: key,
        payload: { amount, description: 'x' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ amount: ['Please enter a valid amount'] });
    }
    const missing = await call(t.app, {
      method: 'POST',
      url: '/api/payments/initiate/',
      host: PROVIDER_HOST,
      token: key,
      payload: { description: 'x' },
    });
    expect(missing.json()).toEqual({ amount: ['Please enter a valid amount'] });
    const after = await queryRows<{ n: string }>(
      t.handle.db,
      sql`select count(*)::text as n from payment_order where organisation_id = ${acme.id}`,
    );
    expect(after[0].n).toBe(before[0].n);

    const res = await call(t.app, {
      method: 'POST',
      url: '/api/payments/initiate/',
      host: PROVIDER_HOST,
      token: key,
      payload: { amount: 500 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().payment_url;
    expect(url).toMatch(new RegExp(`^http://${PROVIDER_HOST}/checkout/ord_`));
    const page = await call(t.app, { method: 'GET', url: `/api/public/payments/checkout/${orderIdOf(url)}/`, host: PROVIDER_HOST });
    expect(page.json()).toMatchObject({ amount: '500.00', description: 'Payment', payee_name: 'Arena', return_path: '/payments' });
    await payOrder(t.app, PROVIDER_HOST, orderIdOf(url));
    expect((await api('GET', `${A}organisation/subscription/`)).json().account_balance).toBe('500.00');
    expect((await history()).results[0]).toMatchObject({ kind: 'payment', amount: '500.00', description: 'Payment' });
    // Without a key: 401.
    expect(
      (await call(t.app, { method: 'POST', url: '/api/payments/initiate/', host: PROVIDER_HOST, payload: { amount: 5 } })).statusCode,
    ).toBe(401);
  });

  it('renews: the account balance first, the rest through the sandbox; the due date moves by the period once, however often the callback comes', async () => {
    const due = addDays(today, 10);
    await setDue(due);
    const noPlan = await api('POST', `${A}organisation/renew/`, {});
    expect(noPlan.statusCode).toBe(400);
    expect(noPlan.json()).toEqual({ plan: ['Choose a plan to renew on.'] });

    const res = await api('POST', `${A}organisation/renew/`, { plan: plans.Starter.id, period: 'monthly' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().amount).toBe('499.00'); // 999 less the 500 on account
    const id = orderIdOf(res.json().payment_url);
    expect((await org()).dueDate).toBe(due); // nothing moves before the payment
    const paid = await payOrder(t.app, acme.host, id);
    for (let i = 0; i < 3; i++)
      await call(t.app, { method: 'POST', url: '/api/public/payments/callback/', host: acme.host, payload: paid.callback });

    const after = await org();
    expect(after.dueDate).toBe(addMonths(due, 1));
    expect(after.subscriptionPlanId).toBe(plans.Starter.id);
    const renewals = (await history()).results.filter((r: { kind: string }) => r.kind === 'renewal');
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({
      amount: '499.00',
      credit_used: '500.00',
      is_first: true,
      period_from: due,
      period_to: addMonths(due, 1),
    });
    const b = (await api('GET', `${A}organisation/subscription/`)).json();
    expect(b).toMatchObject({ due_date: addMonths(due, 1), account_balance: '0.00', period: 'monthly', plan: { name: 'Starter' } });
    // The auth user (the sidebar's Expiry On) sees it.
    expect(
      (await api('GET', '/api/accounts/user/')).json().due_date ?? (await api('GET', '/api/accounts/user/')).json().organisation?.due_date,
    ).toBe(addMonths(due, 1));

    // An expired organisation renews from today; a yearly renewal moves by a year; a second renewal is not the first.
    await setDue(addDays(today, -20));
    const yearly = await api('POST', `${A}organisation/renew/`, { period: 'yearly' });
    expect(yearly.json().amount).toBe('9990.00');
    await payOrder(t.app, acme.host, orderIdOf(yearly.json().payment_url));
    expect((await org()).dueDate).toBe(addMonths(today, 12));
    const again = (await history()).results.filter((r: { kind: string }) => r.kind === 'renewal');
    expect(again.map((r: { is_first: boolean }) => r.is_first)).toEqual([false, true]);
  });

  it('downloads a payment invoice as a PDF; another organisation gets a 404', async () => {
    const [first] = (await history()).results;
    const pdf = await api('GET', `${A}subscription-transaction/${first.id}/invoice/`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const otherKey = await login(t.app, other.owner, other.host);
    expect((await api('GET', `${A}subscription-transaction/${first.id}/invoice/`, undefined, otherKey, other.host)).statusCode).toBe(404);
    expect((await api('GET', `${A}subscription-transaction/`, undefined, otherKey, other.host)).json().count).toBe(0);
  });

  it('upgrades now pro rata (the modules bound every user at once) and downgrades at the renewal', async () => {
    await setPlan('Starter');
    await setDue(addDays(today, 15));
    // The account is on the yearly period since the last renewal: the difference is the yearly prices', for the days left of the year.
    const desk = await makeUser(t, acme.id, { modules: ['Administrator Management', 'Booking Management'] });
    const deskKey = await login(t.app, desk, acme.host);
    const modules = async (key: string) =>
      (await call(t.app, { method: 'GET', url: `${A}organisation/allowed-modules/`, host: acme.host, token: key })).json().allowed_modules;
    expect(await modules(deskKey)).toEqual(['Administrator Management']);
    expect(await modules(owner)).not.toContain('Booking Management');

    const up = await api('POST', `${A}organisation/subscription/`, { plan: plans.Professional.id });
    expect(up.statusCode, up.body).toBe(200);
    const periodDays =
      (Date.parse(`${addDays(today, 15)}T00:00:00Z`) - Date.parse(`${addMonths(addDays(today, 15), -12)}T00:00:00Z`)) / 86_400_000;
    expect(up.json()).toMatchObject({ action: 'upgrade', amount: (Math.round((1_500_000 * 15) / periodDays) / 100).toFixed(2) });
    expect((await org()).subscriptionPlanId).toBe(plans.Starter.id);
    await payOrder(t.app, acme.host, orderIdOf(up.json().payment_url));
    expect((await org()).subscriptionPlanId).toBe(plans.Professional.id);
    expect((await org()).dueDate).toBe(addDays(today, 15)); // an upgrade does not move the due date
    expect(await modules(owner)).toContain('Booking Management');
    expect(await modules(deskKey)).toEqual(['Administrator Management', 'Booking Management']);

    const down = await api('POST', `${A}organisation/subscription/`, { plan: plans.Starter.id });
    expect(down.json()).toMatchObject({ action: 'downgrade', payment_url: null, effective_on: addDays(today, 15) });
    expect((await org()).subscriptionPlanId).toBe(plans.Professional.id);
    const b = (await api('GET', `${A}organisation/subscription/`)).json();
    expect(b.pending_plan).toMatchObject({ name: 'Starter' });
    expect(b.renewal_amount).toBe('9990.00');
    const renewal = await api('POST', `${A}organisation/renew/`, {});
    await payOrder(t.app, acme.host, orderIdOf(renewal.json().payment_url));
    expect((await org()).subscriptionPlanId).toBe(plans.Starter.id);
    expect(await modules(deskKey)).toEqual(['Administrator Management']);
    expect((await api('GET', `${A}organisation/subscription/`)).json().pending_plan).toBeNull();
  });

  it('buys an add-on (the centre limit rises) and cancels it; another organisation cannot', async () => {
    const addons = (await api('GET', `${A}addon/`)).json().results;
    const extra = addons.find((a: { code: string }) => a.code === 'extra_centre');
    const before = (await api('GET', `${A}organisation/subscription/`)).json().centres.limit;
    const bad = await api('POST', `${A}subscription-addon/`, { addon: 999999 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['addon']);
    const res = await api('POST', `${A}subscription-addon/`, { addon: extra.id, quantity: 2 });
    expect(res.json().amount).toBe('998.00');
    expect(await countRows('subscription_addon')).toBe(0);
    await payOrder(t.app, acme.host, orderIdOf(res.json().payment_url));
    const mine = (await api('GET', `${A}subscription-addon/`)).json().results;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ name: 'Extra centre', quantity: 2, price: '998.00', status: 'active' });
    expect((await api('GET', `${A}organisation/subscription/`)).json().centres.limit).toBe(before + 2);
    expect((await api('GET', `${A}organisation/subscription/`)).json().renewal_amount).toBe('21966.00'); // a year of Starter and of the two centres

    const otherKey = await login(t.app, other.owner, other.host);
    expect((await api('POST', `${A}subscription-addon/${mine[0].id}/cancel/`, {}, otherKey, other.host)).statusCode).toBe(404);
    const cancelled = await api('POST', `${A}subscription-addon/${mine[0].id}/cancel/`, {});
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelled_on: today });
    expect((await api('GET', `${A}organisation/subscription/`)).json().centres.limit).toBe(before);
  });

  it('buys SMS credits through purchase-message-count: the credits arrive with the payment, usage by month', async () => {
    const usage = async () => (await api('GET', `${A}organisation/message-usage/`)).json();
    const start = (await usage()).balance;
    const zero = await api('POST', `${A}organisation/purchase-message-count/`, { count: 0 });
    expect(zero.statusCode).toBe(400);
    expect(Object.keys(zero.json())).toEqual(['count']);
    const res = await api('POST', `${A}organisation/purchase-message-count/`, { count: 2000 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().amount).toBe('500.00');
    expect((await usage()).balance).toBe(start);
    await payOrder(t.app, acme.host, orderIdOf(res.json().payment_url));
    const u = await usage();
    expect(u.balance).toBe(start + 2000);
    expect(u.months[0]).toMatchObject({ month: today.slice(0, 7) });
    expect(u.months[0].added).toBeGreaterThanOrEqual(2000);
    expect((await history()).results[0]).toMatchObject({ kind: 'sms_credits', amount: '500.00' });
  });

  it('refuses users without the Administrator module (403) and their writes change nothing', async () => {
    const staff = await makeUser(t, acme.id, { modules: ['Booking Management'] });
    const key = await login(t.app, staff, acme.host);
    const rows = await countRows('subscription_transaction');
    for (const [method, url, body] of [
      ['GET', `${A}organisation/subscription/`],
      ['GET', `${A}subscription-transaction/`],
      ['POST', `${A}organisation/renew/`, {}],
      ['POST', `${A}organisation/subscription/`, { plan: plans.Enterprise.id }],
      ['POST', `${A}organisation/purchase-message-count/`, { count: 10 }],
    ] as const)
      expect((await api(method, url, body, key)).statusCode).toBe(403);
    const providerKey = await login(t.app, staff, PROVIDER_HOST);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/payments/initiate/',
          host: PROVIDER_HOST,
          token: providerKey,
          payload: { amount: 5 },
        })
      ).statusCode,
    ).toBe(403);
    expect(await countRows('subscription_transaction')).toBe(rows);
  });

  it("rewards a referred organisation's first paid renewal and its referrer with a month each, once (refer and earn)", async () => {
    await t.handle.db.update(organisation).set({ referredById: acme.id }).where(eq(organisation.id, other.id));
    const due = addDays(today, 5);
    await setDue(due, other.id);
    const referrerDue = (await org()).dueDate!;
    const otherOwner = await login(t.app, other.owner, other.host);
    const renew = async () => {
      const res = await api('POST', `${A}organisation/renew/`, { plan: plans.Starter.id, period: 'monthly' }, otherOwner, other.host);
      expect(res.statusCode, res.body).toBe(200);
      await payOrder(t.app, other.host, orderIdOf(res.json().payment_url));
    };
    await renew();
    // The renewal's month, then the reward's: both from the later due date.
    expect((await org(other.id)).dueDate).toBe(addMonths(addMonths(due, 1), 1));
    expect((await org()).dueDate).toBe(addMonths(referrerDue > today ? referrerDue : today, 1));
    await renew(); // a second payment is not the first: no second reward
    expect((await org(other.id)).dueDate).toBe(addMonths(addMonths(due, 1), 2));
    expect((await org()).dueDate).toBe(addMonths(referrerDue > today ? referrerDue : today, 1));
    await t.handle.db.update(organisation).set({ referredById: null }).where(eq(organisation.id, other.id));
  });
});
