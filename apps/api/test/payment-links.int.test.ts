import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receive, saleSummary } from '../src/modules/money/index.js';
import { ONLINE_PAYMENT_MODE } from '../src/modules/payments/index.js';
import { queryRows } from '../src/platform/db/client.js';
import { hashSecret } from '../src/platform/tokens.js';
import {
  inOrg,
  makeCentre,
  makeMember,
  makeMembership,
  makeOrganisation,
  makePaymentMode,
  makePlan,
  makeUser,
  type TestOrganisation,
} from './factories.js';
import { call, createTestApp, login, PROVIDER_HOST, settleJobs, type TestContext } from './helpers.js';
import { orderIdOf, payOrder } from './payments-support.js';

const LINKS = '/api/administrator/payment-link/';
const tokenOf = (url: string) => url.split('/pay/')[1];

describe('payment links for dues', () => {
  let t: TestContext;
  let acme: TestOrganisation;
  let other: TestOrganisation;
  let owner: string;

  beforeAll(async () => {
    t = await createTestApp();
    acme = await makeOrganisation(t);
    other = await makeOrganisation(t);
    owner = await login(t.app, acme.owner, acme.host);
  });
  afterAll(async () => t?.close());

  /** A member with a membership of ₹1,500 (plus its GST) unpaid: the sale's id and due. */
  const memberWithDue = (price = '1500.00') =>
    inOrg(t, acme, async (tx, ctx) => {
      const centre = await makeCentre(tx, ctx);
      const plan = await makePlan(tx, ctx, { price });
      const m = await makeMember(tx, ctx, { centre: centre.id, email: 'asha@example.com' });
      const id = await makeMembership(tx, ctx, { member: m.id, plan: plan.id });
      const sale = await saleSummary(tx, ctx, { type: 'membership', id });
      return { member: m, id, due: sale!.due };
    });
  const summary = (id: number) => inOrg(t, acme, (tx, ctx) => saleSummary(tx, ctx, { type: 'membership', id }));
  const create = (payload: Record<string, unknown>, token = owner, host = acme.host) =>
    call(t.app, { method: 'POST', url: LINKS, host, token, payload });
  const show = (token: string, host = acme.host) => call(t.app, { method: 'GET', url: `/api/public/payment-link/${token}/`, host });
  const pay = (token: string, host = acme.host) => call(t.app, { method: 'POST', url: `/api/public/payment-link/${token}/pay/`, host });
  const receipts = (id: number) =>
    inOrg(t, acme, (tx) =>
      queryRows<{ amount: string; reference: string; mode: string }>(
        tx,
        sql`select l.amount::text, l.reference, m.name as mode from ledger_entry l join payment_mode m on m.id = l.payment_mode_id
            where l.source_type = 'membership' and l.source_id = ${id} and l.kind = 'receipt' order by l.id`,
      ),
    );

  it("makes a link for a member's due; the public page shows what is owed; paying settles the invoice once", async () => {
    const { id, due } = await memberWithDue();
    const buyer = expect.stringMatching(/^Member\d+ Test$/);
    expect(Number(due)).toBeGreaterThan(0);
    const made = await create({ sale_type: 'membership', sale_id: id });
    expect(made.statusCode, made.body).toBe(201);
    const link = made.json();
    expect(link).toMatchObject({ sale_type: 'membership', sale_id: id, amount: due, status: 'open', buyer_name: buyer });
    expect(link.url).toMatch(new RegExp(`^http://${acme.host.replace('.', '\\.')}/pay/[A-Za-z0-9_-]{32}$`));
    const token = tokenOf(link.url);
    // Only the token's hash is stored; the detail and the list never show the URL again.
    const [stored] = await inOrg(t, acme, (tx) =>
      queryRows<{ token_hash: string }>(tx, sql`select token_hash from payment_link where id = ${link.id}`),
    );
    expect(stored.token_hash).toBe(hashSecret(token));
    const detail = await call(t.app, { method: 'GET', url: `${LINKS}${link.id}/`, host: acme.host, token: owner });
    expect(detail.json().url).toBeUndefined();
    const list = await call(t.app, { method: 'GET', url: `${LINKS}?sale_type=membership&sale_id=${id}`, host: acme.host, token: owner });
    expect(list.json()).toMatchObject({ count: 1, results: [{ id: link.id, status: 'open' }] });
    expect(list.body).not.toContain(token);

    const page = await show(token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      status: 'open',
      payee_name: `${acme.subdomain} Sports`,
      buyer_name: buyer,
      noun: 'Membership',
      due,
      paid: '0.00',
    });
    expect(page.json().lines.length).toBeGreaterThan(0);
    expect(page.json().invoice_numbers.length).toBe(1);

    const started = await pay(token);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().amount).toBe(due);
    const orderId = orderIdOf(started.json().checkout_url);
    // Pressing Pay again before paying hands back the same order.
    expect(orderIdOf((await pay(token)).json().checkout_url)).toBe(orderId);

    const answer = await payOrder(t.app, acme.host, orderId);
    expect(answer.redirect_url).toBe(`/pay/return?order=${orderId}&status=paid`);
    // The browser's leg after the webhook, and the webhook's replay, record nothing more.
    await call(t.app, { method: 'POST', url: '/api/public/payments/callback/', host: acme.host, payload: answer.callback });
    await call(t.app, { method: 'POST', url: '/api/public/payments/callback/', host: acme.host, payload: answer.callback });

    expect(await receipts(id)).toEqual([{ amount: due, reference: answer.callback.razorpay_payment_id, mode: ONLINE_PAYMENT_MODE }]);
    const after = await summary(id);
    expect(after).toMatchObject({ due: '0.00', paid: due });
    const [inv] = await inOrg(t, acme, (tx) =>
      queryRows<{ status: string }>(tx, sql`select status from invoice where source_type = 'membership' and source_id = ${id}`),
    );
    expect(inv.status).toBe('paid');
    expect((await show(token)).json()).toMatchObject({ status: 'paid', due: '0.00', paid_amount: due });
    const again = await pay(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe('This payment link is already paid.');
    // Audit rows of the link.
    const audit = await inOrg(t, acme, (tx) =>
      queryRows<{ action: string }>(
        tx,
        sql`select action from audit_log where resource = 'payment_link' and object_id = ${String(link.id)} order by id`,
      ),
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('charges the due at the moment Pay is pressed, and never records more than the due', async () => {
    const { id, due } = await memberWithDue('1000.00');
    const token = tokenOf((await create({ sale_type: 'membership', sale_id: id })).json().url);
    const cash = await inOrg(t, acme, (tx, ctx) => makePaymentMode(tx, ctx));
    // The desk collects ₹300 in cash after the link was sent: Pay charges the rest.
    await inOrg(t, acme, (tx, ctx) => receive(tx, ctx, { type: 'membership', id }, { amount: '300.00', paymentMode: cash.id }));
    const rest = ((Number(due) * 100 - 30000) / 100).toFixed(2);
    expect((await show(token)).json().due).toBe(rest);
    const started = (await pay(token)).json();
    expect(started.amount).toBe(rest);
    // …and collects ₹200 more while the payer is on the checkout: the gateway takes `rest`, the ledger records the due.
    await inOrg(t, acme, (tx, ctx) => receive(tx, ctx, { type: 'membership', id }, { amount: '200.00', paymentMode: cash.id }));
    const orderId = orderIdOf(started.checkout_url);
    await payOrder(t.app, acme.host, orderId);
    const rows = await receipts(id);
    expect(rows.map((r) => r.amount)).toEqual(['300.00', '200.00', ((Number(rest) * 100 - 20000) / 100).toFixed(2)]);
    expect((await summary(id))!.due).toBe('0.00');
    const events = await queryRows<{ outcome: string; detail: string }>(
      t.handle.db,
      sql`select outcome, detail from payment_event where order_id = ${orderId} order by id`,
    );
    expect(events.map((e) => e.outcome)).toEqual(['excess_payment', 'paid']);
    expect(events[0].detail).toContain('₹200.00');
    expect(events[0].detail).toContain('refund');
    // The owner is told to refund it.
    const inbox = await inOrg(t, acme, (tx) =>
      queryRows<{ title: string; body: string }>(
        tx,
        sql`select title, body from notification where subject_type = 'payment_link' order by id desc limit 1`,
      ),
    );
    expect(inbox[0]).toMatchObject({ title: 'Refund ₹200.00: paid online beyond the due' });
    expect(inbox[0].body).toContain("refund it from the gateway's dashboard");
  });

  it('e-mails an open link to its payer with the due now; a wrong token, a bad address or a closed link sends nothing', async () => {
    const { id, due } = await memberWithDue();
    const link = (await create({ sale_type: 'membership', sale_id: id })).json();
    const token = tokenOf(link.url);
    const email = (linkId: number, payload: Record<string, unknown>, key = owner, host = acme.host) =>
      call(t.app, { method: 'POST', url: `${LINKS}${linkId}/email/`, host, token: key, payload });
    const before = t.mails.length;
    const sent = await email(link.id, { to: ' Asha@Example.com ', token });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ detail: 'Payment link sent to Asha@Example.com.' });
    await settleJobs(t.app);
    const mails = t.mails.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe('Asha@Example.com');
    expect(mails[0].subject).toBe(`Payment of ₹${due} due — ${acme.subdomain} Sports`);
    expect(mails[0].text).toContain(link.url);
    expect(mails[0].text).toContain(`₹${due} is due on your account`);

    const bad = await email(link.id, { to: 'not-an-address', token: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['to', 'token']);
    expect(bad.json().to).toEqual(['Enter a valid email address.']);
    const wrong = await email(link.id, { to: 'asha@example.com', token: 'x'.repeat(32) });
    expect(wrong.json()).toEqual({ token: ['This is not the token of this payment link.'] });
    const otherKey = await login(t.app, other.owner, other.host);
    expect((await email(link.id, { to: 'asha@example.com', token }, otherKey, other.host)).statusCode).toBe(404);
    await call(t.app, { method: 'POST', url: `${LINKS}${link.id}/cancel/`, host: acme.host, token: owner });
    const closed = await email(link.id, { to: 'asha@example.com', token });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().detail).toBe('This payment link is cancelled: make a new one.');
    await settleJobs(t.app);
    expect(t.mails.length - before).toBe(1);
  });

  it('answers a clear 400 for a fully paid sale, and field errors for bad input (nothing written)', async () => {
    const { id, due } = await memberWithDue();
    const cash = await inOrg(t, acme, (tx, ctx) => makePaymentMode(tx, ctx));
    await inOrg(t, acme, (tx, ctx) => receive(tx, ctx, { type: 'membership', id }, { amount: due, paymentMode: cash.id }));
    const count = async () =>
      Number((await inOrg(t, acme, (tx) => queryRows<{ n: string }>(tx, sql`select count(*) as n from payment_link`)))[0].n);
    const before = await count();
    const paid = await create({ sale_type: 'membership', sale_id: id });
    expect(paid.statusCode).toBe(400);
    expect(paid.json().sale_id[0]).toMatch(/^Nothing is due on membership .+: it is paid in full\.$/);
    const bad = await create({ sale_type: '', sale_id: 'x', expires_in_days: 90 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['expires_in_days', 'sale_id', 'sale_type']);
    expect((await create({ sale_type: 'membership', sale_id: 999999 })).json()).toEqual({
      sale_id: ['Invalid pk "999999" - object does not exist.'],
    });
    expect((await create({ sale_type: 'no_such_sale', sale_id: id })).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it("is a 404 on another organisation's host, on the provider host, and for an unknown token", async () => {
    const { id } = await memberWithDue();
    const token = tokenOf((await create({ sale_type: 'membership', sale_id: id })).json().url);
    expect((await show(token, other.host)).statusCode).toBe(404);
    expect((await pay(token, other.host)).statusCode).toBe(404);
    expect((await show(token, PROVIDER_HOST)).statusCode).toBe(404);
    expect((await show('A'.repeat(32))).statusCode).toBe(404);
    expect((await pay('A'.repeat(32))).statusCode).toBe(404);
    // Another organisation's link id is a 404 for its desk too.
    const theirs = await call(t.app, {
      method: 'GET',
      url: `${LINKS}1/`,
      host: other.host,
      token: await login(t.app, other.owner, other.host),
    });
    expect(theirs.statusCode).toBe(404);
  });

  it("keeps links to users of the sale's module or the Administrator's (403, nothing written); a cancelled link cannot be paid", async () => {
    const { id } = await memberWithDue();
    const booking = await login(t.app, await makeUser(t, acme.id, { modules: ['Booking Management'] }), acme.host);
    const staffOnly = await login(t.app, await makeUser(t, acme.id, { modules: ['Staff Management'] }), acme.host);
    const viewer = await login(
      t.app,
      await makeUser(t, acme.id, { modules: ['Membership Management'], levels: { 'Membership Management': 'view' } }),
      acme.host,
    );
    const desk = await login(t.app, await makeUser(t, acme.id, { modules: ['Membership Management'] }), acme.host);
    const count = async () =>
      Number((await inOrg(t, acme, (tx) => queryRows<{ n: string }>(tx, sql`select count(*) as n from payment_link`)))[0].n);
    const before = await count();
    // A booking desk cannot send a link for a membership; a user of neither cannot list them; a viewer cannot make one.
    expect((await create({ sale_type: 'membership', sale_id: id }, booking)).statusCode).toBe(403);
    expect((await create({ sale_type: 'membership', sale_id: id }, staffOnly)).statusCode).toBe(403);
    expect((await call(t.app, { method: 'GET', url: LINKS, host: acme.host, token: staffOnly })).statusCode).toBe(403);
    expect((await create({ sale_type: 'membership', sale_id: id }, viewer)).statusCode).toBe(403);
    expect(await count()).toBe(before);
    // The membership desk can; the booking desk does not see it (list, detail, cancel).
    const made = (await create({ sale_type: 'membership', sale_id: id }, desk)).json();
    expect(made.status).toBe('open');
    const seen = await call(t.app, { method: 'GET', url: `${LINKS}?sale_id=${id}`, host: acme.host, token: booking });
    expect(seen.json().count).toBe(0);
    expect((await call(t.app, { method: 'GET', url: `${LINKS}${made.id}/`, host: acme.host, token: booking })).statusCode).toBe(404);
    expect((await call(t.app, { method: 'POST', url: `${LINKS}${made.id}/cancel/`, host: acme.host, token: booking })).statusCode).toBe(
      404,
    );
    expect((await call(t.app, { method: 'GET', url: `${LINKS}${made.id}/`, host: acme.host, token: desk })).json().status).toBe('open');

    const link = (await create({ sale_type: 'membership', sale_id: id })).json();
    const orderId = orderIdOf((await pay(tokenOf(link.url))).json().checkout_url);
    const cancelled = await call(t.app, { method: 'POST', url: `${LINKS}${link.id}/cancel/`, host: acme.host, token: owner });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    const [o] = await queryRows<{ status: string }>(t.handle.db, sql`select status from payment_order where id = ${orderId}`);
    expect(o.status).toBe('cancelled');
    const refused = await pay(tokenOf(link.url));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(/cancelled/);
    expect((await show(tokenOf(link.url))).json()).toMatchObject({ status: 'cancelled', due: '0.00' });
  });
});
