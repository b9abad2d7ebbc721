/**
 * Online payments in tests: pressing the sandbox checkout's Pay or Fail as the payer's browser
 * does (the sandbox delivers its signed webhook before it answers, so the order is settled when
 * this returns), and a test-only purpose that records what its hooks saw.
 */
import type { FastifyInstance } from 'fastify';
import { registeredModules, registerModules, type PaymentOrderFacts } from '../src/platform/module.js';
import { call } from './helpers.js';

/** Presses Pay (or Fail) on the sandbox checkout of an order, on the order's host; answers the sandbox's reply. */
export async function payOrder(app: FastifyInstance, host: string, orderId: string, outcome: 'pay' | 'fail' = 'pay') {
  const res = await call(app, { method: 'POST', url: `/api/public/payments/checkout/${orderId}/sandbox/`, host, payload: { outcome } });
  if (res.statusCode !== 200) throw new Error(`sandbox ${outcome} of ${orderId} failed: ${res.statusCode} ${res.body}`);
  return res.json() as { redirect_url: string; callback: Record<string, string> };
}

/** The id in a checkout URL (`…/checkout/ord_…`). */
export const orderIdOf = (checkoutUrl: string) => checkoutUrl.split('/checkout/')[1];

/** Registers (once) a purpose `test_due` whose hooks push what they saw; answers the two lists. */
let registered: { paid: PaymentOrderFacts[]; failed: PaymentOrderFacts[] } | null = null;

export function testPurpose(): { paid: PaymentOrderFacts[]; failed: PaymentOrderFacts[] } {
  if (registered) return registered;
  const seen = (registered = { paid: [] as PaymentOrderFacts[], failed: [] as PaymentOrderFacts[] });
  const others = registeredModules().filter((m) => m.name !== 'test-payments');
  registerModules([
    ...others,
    {
      name: 'test-payments',
      routes: async () => {},
      paymentPurposes: [
        {
          name: 'test_due',
          payee: 'organisation',
          onPaid: async (_tx, _ctx, order) => void seen.paid.push(order),
          onFailed: async (_tx, _ctx, order) => void seen.failed.push(order),
        },
        {
          name: 'test_provider',
          payee: 'provider',
          onPaid: async (_tx, _ctx, order) => void seen.paid.push(order),
          onFailed: async (_tx, _ctx, order) => void seen.failed.push(order),
        },
      ],
    },
  ]);
  return seen;
}
