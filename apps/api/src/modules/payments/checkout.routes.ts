/**
 * The gateway's side of an online payment (issue 23), without a key, on the host the order
 * belongs to (its organisation's, or the provider's for `/payments`):
 *
 * - `checkout/:id/`: what the hosted checkout page shows;
 * - `checkout/:id/sandbox/`: the sandbox gateway's Pay and Fail — it delivers its signed webhook
 *   (through the same verification as any gateway's) and answers the signed browser callback;
 * - `callback/`: the browser's leg, verified by `razorpay_signature`;
 * - `webhook/`: the gateway's webhook, verified by `X-Razorpay-Signature` over the raw body; an
 *   amount other than the order's is refused and logged;
 * - `order/:id/`: the order's state for a return page.
 *
 * A bad signature is a 400 and changes nothing; the same payment delivered again records nothing
 * more (`settleOrder`).
 */
import { fromPaise, toPaise } from '@arena/contracts';
import { paymentEndpoints as e } from '@arena/contracts/payments';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { settleInvalidations, withTenant, type Tx } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { route } from '../../platform/route.js';
import { keysOfOrder, loadOrder, logPaymentEvent, onProviderHost, returnUrl, settleOrder, type OrderRow } from './order.service.js';
import {
  paymentSignature,
  parseWebhook,
  randomId,
  verifyPaymentSignature,
  verifyWebhookSignature,
  webhookBody,
  webhookSignature,
} from './gateway.js';
import { paymentOrder } from './schema.js';
import { eq } from 'drizzle-orm';

const tags = ['payments'];
const open = { auth: 'none' as const, tenant: false };

interface RawRequest extends FastifyRequest {
  rawBody?: Buffer;
}

/** An order is served only on its own host: another host (another organisation's) answers 404. */
function onHost(request: FastifyRequest, o: OrderRow | null): OrderRow {
  const org = request.organisation;
  if (!o || (onProviderHost(o) ? org !== null : org?.id !== o.organisationId)) throw notFound();
  return o;
}

/** The keys of an order, read in its organisation's transaction. */
const keysOf = (app: FastifyInstance, o: OrderRow) => withTenant(app.db, o.organisationId, (tx) => keysOfOrder(tx, app.config, o));

/**
 * One webhook delivery: settles the order it names once its signature is good. A payment of
 * another amount than the order's is refused (400) and logged; an order of another host is unknown.
 */
async function deliver(
  app: FastifyInstance,
  to: { host: number | null } | 'sandbox',
  body: unknown,
  raw: Buffer,
  signature: string | undefined,
) {
  const event = parseWebhook(body);
  if (!event) return { status: 'ignored' };
  const [found] = await app.db.select().from(paymentOrder).where(eq(paymentOrder.gatewayOrderId, event.gatewayOrderId));
  // The organisation's gateway posts to the organisation's host, the provider's to the provider host (the sandbox delivers in-process).
  const order =
    found && (to === 'sandbox' || (found.payee === 'provider' ? to.host === null : to.host === found.organisationId)) ? found : null;
  if (!order) {
    await logPaymentEvent(app.db, {
      organisationId: to === 'sandbox' ? null : to.host,
      source: 'webhook',
      outcome: 'unknown_order',
      paymentId: event.paymentId,
      detail: event.gatewayOrderId,
    });
    return { status: 'ignored' };
  }
  // The signature (then the amount) is checked in the settling transaction itself: one tenant
  // transaction a delivery. A refusal rolls it back and is logged outside it.
  let refusal: { outcome: 'bad_signature' | 'amount_mismatch'; detail?: string } | null = null;
  const verify = async (tx: Tx) => {
    const keys = await keysOfOrder(tx, app.config, order);
    if (!keys || !verifyWebhookSignature(keys.webhookSecret, raw, signature)) refusal = { outcome: 'bad_signature' };
    else if (event.event === 'paid' && event.amountPaise !== toPaise(order.amount))
      refusal = { outcome: 'amount_mismatch', detail: `Paid ${fromPaise(event.amountPaise)} for an order of ${order.amount}.` };
    return refusal === null;
  };
  const settled = await settleOrder(
    app.db,
    app.config,
    order,
    event.event === 'paid'
      ? { status: 'paid', paymentId: event.paymentId }
      : { status: 'failed', reason: event.reason || 'The payment failed.', paymentId: event.paymentId },
    'webhook',
    verify,
  );
  const refused = refusal as { outcome: 'bad_signature' | 'amount_mismatch'; detail?: string } | null;
  if (refused) {
    await logPaymentEvent(app.db, {
      orderId: order.id,
      organisationId: order.organisationId,
      source: 'webhook',
      outcome: refused.outcome,
      paymentId: event.paymentId,
      detail: refused.detail,
    });
    if (refused.outcome === 'bad_signature') throw badRequest('Invalid signature.');
    throw badRequest({ amount: [`The payment's amount (${fromPaise(event.amountPaise)}) is not the order's (${order.amount}).`] });
  }
  return { status: settled?.outcome ?? 'ignored' };
}

/**
 * The payer's browser goes back to the app next: the settlement (this leg's, or the webhook's on
 * any instance) may have changed what this instance caches — a plan's modules, a slot's
 * availability — so the answer waits until this instance has heard every invalidation committed
 * before it. A webhook (the gateway's server) has nobody to wait for.
 */
const returning = (app: FastifyInstance) => settleInvalidations(app.db);

export async function checkoutRoutes(app: FastifyInstance): Promise<void> {
  route(app, e.checkout, {
    config: open,
    security: [],
    tags,
    summary: 'The hosted checkout page: an order to pay (amount, payee, description)',
    handler: async (request) => {
      const o = onHost(request, await loadOrder(app.db, request.params.id));
      const keys = o.status === 'created' ? await keysOf(app, o) : null;
      return {
        id: o.id,
        status: o.status,
        amount: o.amount,
        currency: 'INR' as const,
        description: o.description,
        payee_name: o.payee === 'provider' ? app.config.PROVIDER_NAME : (request.organisation?.displayName ?? ''),
        provider: o.provider,
        mode: o.mode,
        key_id: keys?.keyId ?? '',
        gateway_order_id: o.gatewayOrderId,
        payer: { name: o.payerName, email: o.payerEmail, phone: o.payerPhone },
        return_path: o.returnPath,
        expires_at: o.expiresAt.toISOString(),
      };
    },
  });

  route(app, e.sandbox, {
    config: open,
    security: [],
    tags,
    summary: "The sandbox gateway's Pay and Fail: delivers its signed webhook, then answers the browser's signed callback",
    handler: async (request) => {
      const o = onHost(request, await loadOrder(app.db, request.params.id));
      if (o.provider !== 'sandbox') throw badRequest('This order is not paid through the sandbox.');
      if (o.status !== 'created') throw badRequest(`This payment is already ${o.status}.`);
      const keys = await keysOf(app, o);
      if (!keys) throw badRequest('The payment gateway of this order was removed.');
      const paymentId = randomId('pay_sbx');
      const pay = request.body.outcome === 'pay';
      const body = webhookBody(pay ? 'payment.captured' : 'payment.failed', {
        paymentId,
        orderId: o.gatewayOrderId,
        amountPaise: toPaise(o.amount) ?? 0,
        reason: pay ? undefined : 'The payer declined the payment in the sandbox.',
      });
      const raw = Buffer.from(JSON.stringify(body));
      await deliver(app, 'sandbox', body, raw, webhookSignature(keys.webhookSecret, raw));
      await returning(app);
      return {
        redirect_url: returnUrl(o, pay ? 'paid' : 'failed'),
        callback: pay
          ? {
              razorpay_order_id: o.gatewayOrderId,
              razorpay_payment_id: paymentId,
              razorpay_signature: paymentSignature(keys.keySecret, o.gatewayOrderId, paymentId),
            }
          : {
              razorpay_order_id: o.gatewayOrderId,
              razorpay_payment_id: paymentId,
              error: 'The payer declined the payment in the sandbox.',
            },
      };
    },
  });

  route(app, e.callback, {
    config: open,
    security: [],
    tags,
    summary: "The browser's leg of a payment (razorpay_signature checked); recorded once with the webhook",
    handler: async (request) => {
      const b = request.body;
      const [found] = await app.db.select().from(paymentOrder).where(eq(paymentOrder.gatewayOrderId, b.razorpay_order_id));
      const o = onHost(request, found ?? null);
      if (b.error || !b.razorpay_payment_id) {
        // The checkout reported a failure: the order closes unpaid (a later signed payment is logged as late).
        const s = await settleOrder(
          app.db,
          app.config,
          o.id,
          { status: 'failed', reason: b.error || 'The payment was not completed.' },
          'callback',
        );
        const status = s?.order.status ?? o.status;
        await returning(app);
        return { status, redirect_url: returnUrl(o, status) };
      }
      const keys = await keysOf(app, o);
      if (!keys || !verifyPaymentSignature(keys.keySecret, o.gatewayOrderId, b.razorpay_payment_id, b.razorpay_signature)) {
        await logPaymentEvent(app.db, {
          orderId: o.id,
          organisationId: o.organisationId,
          source: 'callback',
          outcome: 'bad_signature',
          paymentId: b.razorpay_payment_id,
        });
        throw badRequest('Invalid signature.');
      }
      const s = await settleOrder(app.db, app.config, o, { status: 'paid', paymentId: b.razorpay_payment_id }, 'callback');
      const status = s?.order.status ?? o.status;
      await returning(app);
      return { status, redirect_url: returnUrl(o, status) };
    },
  });

  route(app, e.status, {
    config: open,
    security: [],
    tags,
    summary: "An order's state, for the page the payer returns to",
    handler: async (request) => {
      const o = onHost(request, await loadOrder(app.db, request.params.id));
      return { id: o.id, status: o.status, amount: o.amount, description: o.description, paid_at: o.paidAt?.toISOString() ?? null };
    },
  });

  await app.register(async (scope) => {
    // The signature is over the bytes as sent: keep them beside the parsed body.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (request, body, done) => {
      (request as RawRequest).rawBody = body as Buffer;
      try {
        done(null, body.length ? JSON.parse(body.toString('utf8')) : {});
      } catch {
        done(badRequest('The body is not JSON.'), undefined);
      }
    });
    route(scope, e.webhook, {
      config: open,
      security: [],
      tags,
      summary: "The gateway's webhook (X-Razorpay-Signature over the raw body): payment.captured, order.paid, payment.failed",
      handler: async (request) =>
        deliver(
          app,
          { host: request.organisation?.id ?? null },
          request.body,
          (request as RawRequest).rawBody ?? Buffer.from(''),
          request.headers['x-razorpay-signature'] as string | undefined,
        ),
    });
  });
}
