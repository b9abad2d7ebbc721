/**
 * Online payment orders (issue 23). STUB of the interface: the lead is filling it in.
 */
import type { Database, Tx } from '../../platform/db/client.js';
import type { PaymentOrderFacts, PaymentPayee } from '../../platform/module.js';
import type { Ctx } from '../../platform/request-context.js';

/** The payment mode every online payment is received under (created for each organisation by this module's hook). */
export const ONLINE_PAYMENT_MODE = 'Online (gateway)';

export interface NewPaymentOrder {
  payee: PaymentPayee;
  /** A purpose declared in some manifest's `paymentPurposes` with this payee. */
  purpose: string;
  /** What `onPaid` needs (JSON): a booking id, a sale ref, a plan id and period … */
  ref: Record<string, unknown>;
  /** Rupees ('1234.50'), computed by the caller from its own rows, never from the browser. > 0, ≤ 10,00,00,000. */
  amount: string;
  /** Shown on the checkout page and the gateway ('Booking BK-00012', 'Membership dues'). ≤ 200 characters. */
  description: string;
  payer: { name: string; email: string; phone: string };
  /**
   * Where the browser lands after paying or failing: a path on the same host (`/online-booking?order=…`);
   * the checkout page appends `order=<id>&status=paid|failed`.
   */
  returnPath: string;
  /** Unpaid orders expire after this (default 30 minutes; a portal hold uses 10), and the purpose's onFailed runs. */
  expiresInMinutes?: number;
}

export interface CreatedPaymentOrder {
  id: string;
  /** `/checkout/<id>` on the host the order belongs to (the organisation's for payee organisation, the provider's otherwise). */
  checkout_url: string;
  expires_at: string;
}

export interface PaymentOrderView extends PaymentOrderFacts {
  status: 'created' | 'paid' | 'failed' | 'expired' | 'cancelled';
  createdAt: string;
  expiresAt: string;
  paidAt: string | null;
}

/**
 * Creates an order with the gateway and stores it. Payee organisation: in the organisation's
 * tenant transaction (`tx`, `ctx`), through its active Payment Gateway (400 on `payment` when it
 * has none). Payee provider: the provider's gateway from the environment (sandbox by default),
 * `ctx` the paying organisation.
 */
export async function createPaymentOrder(_tx: Tx, _ctx: Ctx, _input: NewPaymentOrder): Promise<CreatedPaymentOrder> {
  throw new Error('createPaymentOrder: not yet implemented');
}

/** Cancels an unpaid order of the organisation (the visitor went back): runs onFailed once; a paid order is left alone. */
export async function cancelPaymentOrder(_tx: Tx, _ctx: Ctx, _id: string): Promise<void> {
  throw new Error('cancelPaymentOrder: not yet implemented');
}

/** One order of the organisation (payee either way), or null. */
export async function paymentOrderOf(_db: Database | Tx, _ctx: Ctx, _id: string): Promise<PaymentOrderView | null> {
  throw new Error('paymentOrderOf: not yet implemented');
}
