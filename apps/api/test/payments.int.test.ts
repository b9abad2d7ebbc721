import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentOrder, ONLINE_PAYMENT_MODE, onlinePaymentModeId } from '../src/modules/payments/index.js';
import { useGatewayFetch, webhookSignature } from '../src/modules/payments/gateway.js';
import { expireOrders } from '../src/modules/payments/order.service.js';
import { queryRows, withTenant } from '../src/platform/db/client.js';
import { organisation } from '../src/platform/db/schema.js';
import { systemCtx } from '../src/platform/request-context.js';
import { inOrg, makeOrganisation, makeUser, type TestOrganisation } from './factories.js';
import { call, createTestApp, login, onPostgres, PROVIDER_HOST, type TestContext } from './helpers.js';
import { orderIdOf, payOrder, testPurpose } from './payments-support.js';

const fixture = (name: string) => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures/razorpay', name), 'utf8'));
const WEBHOOK = '/api/public/payments/webhook/';

describe('online payments: gateway settings, orders, checkout and callbacks', () => {
  let t: TestContext;
  let acme: TestOrganisation;
  let other: TestOrganisation;
  let owner: string;
  const seen = testPurpose();

  beforeAll(async () => {
    t = await createTestApp();
    acme = await makeOrganisation(t);
    other = await makeOrganisation(t);
    owner = await login(t.app, acme.owner, acme.host);
  });
  afterAll(async () => t?.close());
  afterEach(() => useGatewayFetch(null));

  const order = (amount = '1250.50', extra: Partial<Parameters<typeof createPaymentOrder>[2]> = {}) =>
    inOrg(t, acme, (tx, ctx) =>
      createPaymentOrder(tx, ctx, {
        payee: 'organisation',
        purpose: 'test_due',
        ref: { sale: 7 },
        amount,
        description: 'Test due',
        payer: { name: 'Asha', email: 'asha@example.com', phone: '9812345678' },
        returnPath: '/pay/abc',
        ...extra,
      }),
    );
  const row = async (id: string) =>
    (
      await queryRows<{ status: string; gateway_payment_id: string | null }>(
        t.handle.db,
        sql`select status, gateway_payment_id from payment_order where id = ${id}`,
      )
    )[0];
  const events = (id: string) =>
    queryRows<{ outcome: string }>(t.handle.db, sql`select outcome from payment_event where order_id = ${id} order by id`);
  const gateways = () => call(t.app, { method: 'GET', url: '/api/administrator/payment-gateway/', host: acme.host, token: owner });

  it('starts every organisation on the built-in sandbox, with its secrets masked and sealed', async () => {
    const res = await gateways();
    expect(res.statusCode).toBe(200);
    const [g] = res.json().results;
    expect(g).toMatchObject({ provider: 'sandbox', mode: 'test', is_active: true, webhook_url: `http://${acme.host}${WEBHOOK}` });
    expect(g.key_secret).toMatch(/^••••.{4}$/);
    const [stored] = await inOrg(t, acme, (tx) =>
      queryRows<{ key_secret: string }>(tx, sql`select key_secret from payment_gateway where id = ${g.id}`),
    );
    expect(stored.key_secret.startsWith('v1:')).toBe(true);
    expect(res.body).not.toContain(stored.key_secret);
  });

  it('never answers a Razorpay secret, keeps it when a change leaves it out, and asks for the keys', async () => {
    const missing = await call(t.app, {
      method: 'POST',
      url: '/api/administrator/payment-gateway/',
      host: acme.host,
      token: owner,
      payload: { provider: 'razorpay', is_active: false },
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json()).sort()).toEqual(['key_id', 'key_secret', 'webhook_secret']);
    const made = await call(t.app, {
      method: 'POST',
      url: '/api/administrator/payment-gateway/',
      host: acme.host,
      token: owner,
      payload: {
        provider: 'razorpay',
        key_id: 'rzp_test_1DP5mmOlF5G5ag',
        key_secret: 'thisisthesecret9876',
        webhook_secret: 'hooksecret4321',
        mode: 'test',
        is_active: false,
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ key_secret: '••••9876', webhook_secret: '••••4321', is_active: false });
    expect(made.body).not.toContain('thisisthesecret');
    const patched = await call(t.app, {
      method: 'PATCH',
      url: `/api/administrator/payment-gateway/${made.json().id}/`,
      host: acme.host,
      token: owner,
      payload: { mode: 'live' },
    });
    expect(patched.json()).toMatchObject({ mode: 'live', key_secret: '••••9876' });
    const list = (await gateways()).json().results;
    expect(JSON.stringify(list)).not.toContain('thisisthesecret');
    expect(list.filter((g: { is_active: boolean }) => g.is_active)).toHaveLength(1);
    // Another organisation's gateway is a 404.
    const theirs = await call(t.app, {
      method: 'GET',
      url: `/api/administrator/payment-gateway/${made.json().id}/`,
      host: other.host,
      token: await login(t.app, other.owner, other.host),
    });
    expect(theirs.statusCode).toBe(404);
  });

  it("keeps the gateway settings to users with the Administrator's module (403 for others, nothing written)", async () => {
    const staff = await makeUser(t, acme.id, { modules: ['Booking Management'] });
    const key = await login(t.app, staff, acme.host);
    const list = await call(t.app, { method: 'GET', url: '/api/administrator/payment-gateway/', host: acme.host, token: key });
    expect(list.statusCode).toBe(403);
    const made = await call(t.app, {
      method: 'POST',
      url: '/api/administrator/payment-gateway/',
      host: acme.host,
      token: key,
      payload: { provider: 'razorpay', key_id: 'rzp_test_abcdefgh', key_secret: 'x', webhook_secret: 'y' },
    });
    expect(made.statusCode).toBe(403);
    const count = await inOrg(t, acme, (tx) => queryRows<{ n: string }>(tx, sql`select count(*) as n from payment_gateway`));
    expect(Number(count[0].n)).toBe(2);
  });

  it('shows the checkout only on its own host, records a sandbox payment once and runs the purpose once', async () => {
    const o = await order();
    const id = orderIdOf(o.checkout_url);
    expect(o.checkout_url).toBe(`http://${acme.host}/checkout/${id}`);
    const page = await call(t.app, { method: 'GET', url: `/api/public/payments/checkout/${id}/`, host: acme.host });
    expect(page.json()).toMatchObject({
      amount: '1250.50',
      status: 'created',
      provider: 'sandbox',
      payee_name: `${acme.subdomain} Sports`,
      return_path: '/pay/abc',
    });
    expect((await call(t.app, { method: 'GET', url: `/api/public/payments/checkout/${id}/`, host: other.host })).statusCode).toBe(404);
    expect((await call(t.app, { method: 'GET', url: `/api/public/payments/checkout/${id}/`, host: PROVIDER_HOST })).statusCode).toBe(404);

    const before = seen.paid.length;
    const answer = await payOrder(t.app, acme.host, id);
    expect(answer.redirect_url).toBe(`/pay/abc?order=${id}&status=paid`);
    expect(await row(id)).toMatchObject({ status: 'paid', gateway_payment_id: answer.callback.razorpay_payment_id });
    expect(seen.paid.length - before).toBe(1);
    expect(seen.paid.at(-1)).toMatchObject({
      id,
      amount: '1250.50',
      ref: { sale: 7 },
      gatewayPaymentId: answer.callback.razorpay_payment_id,
    });

    // The browser's leg arrives after the webhook: verified, nothing recorded again.
    const back = await call(t.app, { method: 'POST', url: '/api/public/payments/callback/', host: acme.host, payload: answer.callback });
    expect(back.json()).toEqual({ status: 'paid', redirect_url: `/pay/abc?order=${id}&status=paid` });
    expect(seen.paid.length - before).toBe(1);
    // A forged signature is refused.
    const forged = await call(t.app, {
      method: 'POST',
      url: '/api/public/payments/callback/',
      host: acme.host,
      payload: { ...answer.callback, razorpay_signature: 'ab'.repeat(32) },
    });
    expect(forged.statusCode).toBe(400);
    // Pressing Pay again is refused.
    const again = await call(t.app, {
      method: 'POST',
      url: `/api/public/payments/checkout/${id}/sandbox/`,
      host: acme.host,
      payload: { outcome: 'pay' },
    });
    expect(again.statusCode).toBe(400);
    expect((await events(id)).map((e) => e.outcome)).toEqual(['paid', 'duplicate', 'bad_signature']);
    const status = await call(t.app, { method: 'GET', url: `/api/public/payments/order/${id}/`, host: acme.host });
    expect(status.json()).toMatchObject({ status: 'paid', amount: '1250.50' });
  });

  it('refuses a webhook with a bad signature or another amount, and records a replayed one once', async () => {
    const o = await order('300.00');
    const id = orderIdOf(o.checkout_url);
    const [{ gateway_order_id: gid }] = await queryRows<{ gateway_order_id: string }>(
      t.handle.db,
      sql`select gateway_order_id from payment_order where id = ${id}`,
    );
    const [{ webhook_secret: sealed }] = await inOrg(t, acme, (tx) =>
      queryRows<{ webhook_secret: string }>(
        tx,
        sql`select webhook_secret from payment_gateway where organisation_id = ${acme.id} and is_active`,
      ),
    );
    const { openSecret } = await import('../src/platform/secrets.js');
    const secret = openSecret(t.config, sealed);
    const body = (amount: number, paymentId = 'pay_replayed01') =>
      JSON.stringify({
        event: 'payment.captured',
        payload: { payment: { entity: { id: paymentId, order_id: gid, amount, status: 'captured' } } },
      });
    const send = (raw: string, signature: string, host = acme.host) =>
      call(t.app, {
        method: 'POST',
        url: WEBHOOK,
        host,
        payload: raw,
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
      });

    const bad = await send(body(30000), webhookSignature('not the secret', body(30000)));
    expect(bad.statusCode).toBe(400);
    const mismatch = await send(body(100), webhookSignature(secret, body(100)));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toHaveProperty('amount');
    expect((await row(id)).status).toBe('created');
    // Another organisation's host does not know the order.
    const elsewhere = await send(body(30000), webhookSignature(secret, body(30000)), other.host);
    expect(elsewhere.json()).toEqual({ status: 'ignored' });
    expect((await row(id)).status).toBe('created');

    const before = seen.paid.length;
    const first = await send(body(30000), webhookSignature(secret, body(30000)));
    const replay = await send(body(30000), webhookSignature(secret, body(30000)));
    expect([first.json().status, replay.json().status]).toEqual(['paid', 'duplicate']);
    expect(seen.paid.length - before).toBe(1);
    expect((await events(id)).map((e) => e.outcome)).toEqual(['bad_signature', 'amount_mismatch', 'paid', 'duplicate']);
  });

  it('runs onFailed once for a failed payment, and for an expired order; a late payment is logged, not recorded', async () => {
    const failed = orderIdOf((await order('10.00')).checkout_url);
    const before = seen.failed.length;
    const answer = await payOrder(t.app, acme.host, failed, 'fail');
    expect(answer.redirect_url).toContain('status=failed');
    expect((await row(failed)).status).toBe('failed');
    const back = await call(t.app, { method: 'POST', url: '/api/public/payments/callback/', host: acme.host, payload: answer.callback });
    expect(back.json().status).toBe('failed');
    expect(seen.failed.length - before).toBe(1);

    const late = orderIdOf((await order('20.00', { expiresInMinutes: 1 })).checkout_url);
    await t.handle.db.execute(sql`update payment_order set expires_at = now() - interval '1 second' where id = ${late}`);
    expect(await expireOrders(t.handle.db, t.config)).toBeGreaterThanOrEqual(1);
    expect((await row(late)).status).toBe('expired');
    expect(seen.failed.length - before).toBe(2);
    expect(seen.failed.at(-1)?.id).toBe(late);
    const paidLate = await call(t.app, {
      method: 'POST',
      url: `/api/public/payments/checkout/${late}/sandbox/`,
      host: acme.host,
      payload: { outcome: 'pay' },
    });
    expect(paidLate.statusCode).toBe(400);
  });

  it('creates Razorpay orders through its REST API (recorded fixture) and shows a refusal as a field error', async () => {
    const make = await call(t.app, {
      method: 'POST',
      url: '/api/administrator/payment-gateway/',
      host: other.host,
      token: await login(t.app, other.owner, other.host),
      payload: {
        provider: 'razorpay',
        key_id: 'rzp_test_1DP5mmOlF5G5ag',
        key_secret: 'keysecret_abcdef',
        webhook_secret: 'hooksecret_xyz',
        is_active: true,
      },
    });
    expect(make.statusCode, make.body).toBe(201);
    const sent: { url: string; headers: Record<string, string>; body?: string }[] = [];
    const recorded = fixture('orders-create.json');
    useGatewayFetch(async (url, init) => {
      sent.push({ url, headers: init.headers, body: init.body });
      return { status: recorded.response.status, text: async () => JSON.stringify(recorded.response.body) };
    });
    const o = await inOrg(t, other, (tx, ctx) =>
      createPaymentOrder(tx, ctx, {
        payee: 'organisation',
        purpose: 'test_due',
        ref: {},
        amount: '1250.50',
        description: 'Dues',
        payer: { name: 'A', email: '', phone: '' },
        returnPath: '/',
      }),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe('https://api.razorpay.com/v1/orders');
    expect(sent[0].headers.authorization).toBe(`Basic ${Buffer.from('rzp_test_1DP5mmOlF5G5ag:keysecret_abcdef').toString('base64')}`);
    expect(JSON.parse(sent[0].body!)).toMatchObject({ amount: 125050, currency: 'INR', receipt: orderIdOf(o.checkout_url) });
    const page = await call(t.app, { method: 'GET', url: `/api/public/payments/checkout/${orderIdOf(o.checkout_url)}/`, host: other.host });
    expect(page.json()).toMatchObject({
      provider: 'razorpay',
      key_id: 'rzp_test_1DP5mmOlF5G5ag',
      gateway_order_id: 'order_NRrUzLwN8VaPLs',
    });

    // Razorpay's recorded webhook, signed with the webhook secret, settles it.
    const hook = JSON.stringify(fixture('webhook-payment-captured.json'));
    const res = await call(t.app, {
      method: 'POST',
      url: WEBHOOK,
      host: other.host,
      payload: hook,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': webhookSignature('hooksecret_xyz', hook) },
    });
    expect(res.json()).toEqual({ status: 'paid' });

    const refused = fixture('orders-create-bad-key.json');
    useGatewayFetch(async () => ({ status: refused.response.status, text: async () => JSON.stringify(refused.response.body) }));
    const err = await inOrg(t, other, (tx, ctx) =>
      createPaymentOrder(tx, ctx, {
        payee: 'organisation',
        purpose: 'test_due',
        ref: {},
        amount: '5',
        description: 'x',
        payer: { name: 'A', email: '', phone: '' },
        returnPath: '/',
      }),
    ).catch((e) => e);
    expect(err.statusCode ?? err.status).toBe(400);
    expect(JSON.stringify(err.body ?? err)).toContain('Authentication failed');
  });

  it('serves a provider order created on the provider host there, and not on an organisation host', async () => {
    const o = await inOrg(t, acme, (tx, ctx) =>
      createPaymentOrder(tx, ctx, {
        payee: 'provider',
        purpose: 'test_provider',
        ref: {},
        amount: '499',
        description: 'Payment',
        payer: { name: 'O', email: '', phone: '' },
        returnPath: '/payments',
        host: 'provider',
      }),
    );
    const id = orderIdOf(o.checkout_url);
    expect(o.checkout_url).toBe(`http://${PROVIDER_HOST}/checkout/${id}`);
    expect((await call(t.app, { method: 'GET', url: `/api/public/payments/checkout/${id}/`, host: acme.host })).statusCode).toBe(404);
    const page = await call(t.app, { method: 'GET', url: `/api/public/payments/checkout/${id}/`, host: PROVIDER_HOST });
    expect(page.json()).toMatchObject({ payee_name: 'Arena', amount: '499.00' });
    await payOrder(t.app, PROVIDER_HOST, id);
    expect((await row(id)).status).toBe('paid');
  });

  it("pays through the seeded demo organisation's sandbox, whose keys were made by another process", async () => {
    const [demo] = await t.handle.db.select().from(organisation).where(eq(organisation.subdomain, 'demo'));
    const made = await withTenant(t.handle.db, demo.id, (tx) =>
      createPaymentOrder(tx, systemCtx(t.config, demo, 'test'), {
        payee: 'organisation',
        purpose: 'test_due',
        ref: {},
        amount: '10',
        description: 'Demo due',
        payer: { name: 'Asha', email: 'asha@example.com', phone: '9812345678' },
        returnPath: '/',
      }),
    );
    await payOrder(t.app, 'demo.localhost', orderIdOf(made.checkout_url));
    expect((await row(orderIdOf(made.checkout_url))).status).toBe('paid');
  });

  it('records online receipts under the online mode even after the owner deactivated it', async () => {
    await inOrg(t, acme, (tx) =>
      tx.execute(sql`update payment_mode set is_active = false where organisation_id = ${acme.id} and name = ${ONLINE_PAYMENT_MODE}`),
    );
    const id = await inOrg(t, acme, (tx, ctx) => onlinePaymentModeId(tx, ctx));
    const [mode] = await inOrg(t, acme, (tx) =>
      queryRows<{ id: number; is_active: boolean }>(tx, sql`select id, is_active from payment_mode where name = ${ONLINE_PAYMENT_MODE}`),
    );
    expect({ id: Number(mode.id), is_active: mode.is_active }).toEqual({ id, is_active: true });
  });

  it('refuses amounts out of bounds before asking the gateway', async () => {
    for (const amount of ['0', '-5', 'abc', '100000001']) {
      const err = await order(amount).catch((e) => e);
      expect(err.statusCode ?? err.status, amount).toBe(400);
    }
  });
});

/** 20 deliveries of one signed webhook at once (gateways retry) record one payment: PostgreSQL, a real pool. */
describe.runIf(onPostgres)('online payments under concurrency', () => {
  let t: TestContext;
  const seen = testPurpose();
  beforeAll(async () => {
    t = await createTestApp({}, { poolSize: 10 });
  });
  afterAll(async () => t?.close());

  it('records one payment from 20 concurrent deliveries of the same webhook', async () => {
    const acme = await makeOrganisation(t);
    const o = await inOrg(t, acme, (tx, ctx) =>
      createPaymentOrder(tx, ctx, {
        payee: 'organisation',
        purpose: 'test_due',
        ref: {},
        amount: '999.99',
        description: 'x',
        payer: { name: 'A', email: '', phone: '' },
        returnPath: '/',
      }),
    );
    const id = orderIdOf(o.checkout_url);
    const [{ gateway_order_id: gid }] = await queryRows<{ gateway_order_id: string }>(
      t.handle.db,
      sql`select gateway_order_id from payment_order where id = ${id}`,
    );
    const [{ webhook_secret: sealed }] = await inOrg(t, acme, (tx) =>
      queryRows<{ webhook_secret: string }>(tx, sql`select webhook_secret from payment_gateway where organisation_id = ${acme.id}`),
    );
    const { openSecret } = await import('../src/platform/secrets.js');
    const raw = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_concurrent1', order_id: gid, amount: 99999 } } },
    });
    const signature = webhookSignature(openSecret(t.config, sealed), raw);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t.app, {
          method: 'POST',
          url: WEBHOOK,
          host: acme.host,
          payload: raw,
          headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
        }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(answers.filter((a) => a.json().status === 'paid')).toHaveLength(1);
    expect(answers.filter((a) => a.json().status === 'duplicate')).toHaveLength(19);
    expect(seen.paid.filter((p) => p.id === id)).toHaveLength(1);
    const [{ n }] = await queryRows<{ n: string }>(
      t.handle.db,
      sql`select count(*) as n from payment_event where order_id = ${id} and outcome = 'paid'`,
    );
    expect(Number(n)).toBe(1);
  });
});
