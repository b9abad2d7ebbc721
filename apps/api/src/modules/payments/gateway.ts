/**
 * The gateways (issue 23). Both speak Razorpay's protocol, so one verification serves both:
 *
 * - an order is made with the gateway for our amount in paise (`POST /v1/orders` for Razorpay;
 *   the sandbox makes its id locally, offline);
 * - the browser's leg carries `razorpay_signature` = HMAC-SHA256(key secret, `order_id|payment_id`) hex;
 * - the webhook carries `X-Razorpay-Signature` = HMAC-SHA256(webhook secret, raw body) hex, with a
 *   `payment.captured` / `order.paid` / `payment.failed` event naming the order, the payment and its amount.
 *
 * The sandbox signs with the same secrets, so a sandbox payment goes through exactly the checks a
 * real one does.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { GatewayProvider } from '@arena/contracts/payments';
import { badRequest } from '../../platform/errors.js';

export interface GatewayKeys {
  provider: GatewayProvider;
  mode: 'test' | 'live';
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** The payments database row, null for the provider's own gateway. */
  gatewayId: number | null;
}

export type Fetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<{
  status: number;
  text(): Promise<string>;
}>;

let fetchImpl: Fetch = (url, init) => fetch(url, init);
/** Tests answer Razorpay's API from recorded fixtures: never the network. */
export function useGatewayFetch(f: Fetch | null): void {
  fetchImpl = f ?? ((url, init) => fetch(url, init));
}

const hex = (secret: string, data: string | Buffer) => createHmac('sha256', secret).update(data).digest('hex');

function sameHex(expected: string, given: string | undefined): boolean {
  if (!given || !/^[0-9a-f]+$/i.test(given)) return false;
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `razorpay_signature` of the browser's leg. */
export const paymentSignature = (keySecret: string, orderId: string, paymentId: string) => hex(keySecret, `${orderId}|${paymentId}`);
export const verifyPaymentSignature = (keySecret: string, orderId: string, paymentId: string, signature: string | undefined) =>
  !!keySecret && sameHex(paymentSignature(keySecret, orderId, paymentId), signature);

/** `X-Razorpay-Signature` of a webhook, over the raw bytes. */
export const webhookSignature = (webhookSecret: string, raw: string | Buffer) => hex(webhookSecret, raw);
export const verifyWebhookSignature = (webhookSecret: string, raw: Buffer, signature: string | undefined) =>
  !!webhookSecret && sameHex(webhookSignature(webhookSecret, raw), signature);

export const randomId = (prefix: string) => `${prefix}${randomBytes(15).toString('base64url')}`;

/** Makes the gateway's order for `amountPaise`; answers its id. A refusal is a 400 the caller shows. */
export async function createGatewayOrder(
  keys: GatewayKeys,
  apiUrl: string,
  input: { amountPaise: number; receipt: string; notes: Record<string, string> },
): Promise<string> {
  if (keys.provider === 'sandbox') return randomId('order_sbx');
  let res: Awaited<ReturnType<Fetch>>;
  try {
    res = await fetchImpl(`${apiUrl.replace(/\/$/, '')}/v1/orders`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ amount: input.amountPaise, currency: 'INR', receipt: input.receipt.slice(0, 40), notes: input.notes }),
      signal: AbortSignal.timeout(8000),
    });
  } catch {
    throw badRequest({ payment: ['The payment gateway could not be reached. Please try again.'] });
  }
  const text = await res.text();
  let body: { id?: string; amount?: number; error?: { description?: string } } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    /* not JSON: handled below */
  }
  if (res.status >= 200 && res.status < 300 && typeof body.id === 'string' && body.amount === input.amountPaise) return body.id;
  const why = body.error?.description ?? `the gateway answered ${res.status}`;
  throw badRequest({ payment: [`The payment gateway refused the order: ${why}`] });
}

/** What a webhook says, when it is about a payment of an order. */
export interface WebhookPayment {
  event: 'paid' | 'failed';
  gatewayOrderId: string;
  paymentId: string;
  amountPaise: number;
  reason: string;
}

export function parseWebhook(body: unknown): WebhookPayment | null {
  const b = body as {
    event?: string;
    payload?: { payment?: { entity?: { id?: string; order_id?: string; amount?: number; error_description?: string | null } } };
  };
  const p = b?.payload?.payment?.entity;
  if (!p || typeof p.id !== 'string' || typeof p.order_id !== 'string' || typeof p.amount !== 'number') return null;
  const event = b.event === 'payment.captured' || b.event === 'order.paid' ? 'paid' : b.event === 'payment.failed' ? 'failed' : null;
  if (!event) return null;
  return { event, gatewayOrderId: p.order_id, paymentId: p.id, amountPaise: p.amount, reason: p.error_description ?? '' };
}

/** The webhook body a gateway sends for a payment (the sandbox sends exactly this). */
export function webhookBody(
  event: 'payment.captured' | 'payment.failed',
  p: { paymentId: string; orderId: string; amountPaise: number; reason?: string },
) {
  return {
    entity: 'event',
    event,
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: p.paymentId,
          entity: 'payment',
          amount: p.amountPaise,
          currency: 'INR',
          status: event === 'payment.captured' ? 'captured' : 'failed',
          order_id: p.orderId,
          method: 'upi',
          error_description: p.reason ?? null,
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  };
}
