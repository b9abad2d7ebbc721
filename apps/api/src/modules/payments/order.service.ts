/**
 * Online payment orders (issue 23): made here with the gateway for an amount the caller computed
 * from its own rows, paid on the gateway's checkout, and settled by `settleOrder` when a signed
 * callback says so — once, whichever of the webhook, its retries and the browser's leg comes first:
 * the order moves from `created` in one conditional UPDATE (the row lock orders concurrent
 * deliveries; `gateway_payment_id` is unique), and the purpose's hook runs in that transaction.
 */
import { fromPaise, toPaise } from '@arena/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { organisationOrigin, type Config } from '../../platform/config.js';
import { queryRows, withTenant, type Database, type Tx } from '../../platform/db/client.js';
import { organisation } from '../../platform/db/schema.js';
import { conflict, fieldError } from '../../platform/errors.js';
import { registeredModules, type PaymentOrderFacts, type PaymentPayee, type PaymentPurposeDefinition } from '../../platform/module.js';
import { systemCtx, type Ctx } from '../../platform/request-context.js';
import { derivedSecret, openSecret } from '../../platform/secrets.js';
import { createGatewayOrder, randomId, type GatewayKeys } from './gateway.js';
import { sandboxSecret } from './gateway-settings.service.js';
import { paymentMode } from '../administrator/index.js';
import { paymentEvent, paymentGateway, paymentOrder } from './schema.js';

/** The payment mode every online payment is received under (created for each organisation by this module's hook). */
export const ONLINE_PAYMENT_MODE = 'Online (gateway)';

/**
 * The payment mode an online receipt is recorded under (for `receive` in a purpose's `onPaid`).
 * Money that arrived must be recorded even if the owner deactivated or renamed the mode: it is
 * made active again, or made anew.
 */
export async function onlinePaymentModeId(tx: Tx, ctx: Ctx): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into ${paymentMode} (organisation_id, name) values (${ctx.organisationId}, ${ONLINE_PAYMENT_MODE})
        on conflict (organisation_id, lower(name)) do update set is_active = true returning id`,
  );
  return Number(rows[0].id);
}
/** The largest online payment: ₹10,00,00,000. */
export const MAX_ONLINE_PAISE = 100_000_000 * 100;

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
   * Where the browser lands after paying or failing: a path on the same host (`/online-booking`);
   * `order=<id>&status=paid|failed` is appended to its query.
   */
  returnPath: string;
  /** Unpaid orders expire after this (default 30 minutes; a portal hold uses 10), and the purpose's onFailed runs. */
  expiresInMinutes?: number;
  /**
   * The host the payer's browser is on, where the checkout and the return page are served: the
   * organisation's (default) or the provider's (`/payments`, a signed-in owner on the provider host).
   */
  host?: 'organisation' | 'provider';
}

export interface CreatedPaymentOrder {
  id: string;
  /** The absolute `…/checkout/<id>` on the order's host. */
  checkout_url: string;
  expires_at: string;
}

export type OrderRow = typeof paymentOrder.$inferSelect;

export interface PaymentOrderView extends PaymentOrderFacts {
  status: OrderRow['status'];
  createdAt: string;
  expiresAt: string;
  paidAt: string | null;
}

const purposes = (): PaymentPurposeDefinition[] => registeredModules().flatMap((m) => m.paymentPurposes ?? []);
export const purposeOf = (name: string) => purposes().find((p) => p.name === name);

export function factsOf(o: OrderRow): PaymentOrderFacts {
  return {
    id: o.id,
    payee: o.payee,
    organisationId: o.organisationId,
    purpose: o.purpose,
    ref: o.ref,
    amount: o.amount,
    description: o.description,
    provider: o.provider,
    gatewayPaymentId: o.gatewayPaymentId,
    payer: { name: o.payerName, email: o.payerEmail, phone: o.payerPhone },
  };
}

const viewOf = (o: OrderRow): PaymentOrderView => ({
  ...factsOf(o),
  status: o.status,
  createdAt: o.createdAt.toISOString(),
  expiresAt: o.expiresAt.toISOString(),
  paidAt: o.paidAt?.toISOString() ?? null,
});

/** The provider's own gateway, from the environment; the sandbox's keys are derived from the sealing key. */
export function providerKeys(config: Config): GatewayKeys {
  if (config.PROVIDER_GATEWAY === 'razorpay')
    return {
      provider: 'razorpay',
      mode: 'live',
      keyId: config.PROVIDER_RAZORPAY_KEY_ID,
      keySecret: config.PROVIDER_RAZORPAY_KEY_SECRET,
      webhookSecret: config.PROVIDER_RAZORPAY_WEBHOOK_SECRET,
      gatewayId: null,
    };
  return {
    provider: 'sandbox',
    mode: 'test',
    keyId: 'sbx_provider',
    keySecret: derivedSecret(config, 'provider sandbox key secret'),
    webhookSecret: derivedSecret(config, 'provider sandbox webhook secret'),
    gatewayId: null,
  };
}

function open(config: Config, row: typeof paymentGateway.$inferSelect): GatewayKeys {
  const keys = { provider: row.provider, mode: row.mode, keyId: row.keyId, gatewayId: row.id };
  if (row.provider === 'sandbox')
    return { ...keys, keySecret: sandboxSecret(config, row.keyId, 'key'), webhookSecret: sandboxSecret(config, row.keyId, 'webhook') };
  try {
    return { ...keys, keySecret: openSecret(config, row.keySecret), webhookSecret: openSecret(config, row.webhookSecret) };
  } catch {
    // Sealed under another key (SECRETS_KEY changed, DATA_DIR moved): the owner enters them again.
    throw conflict("The payment gateway's keys cannot be read. Enter them again in Administrator › Payment Gateway.");
  }
}

/** The organisation's active gateway's keys, or null when it has none. */
export async function activeGatewayKeys(tx: Tx, ctx: Ctx): Promise<GatewayKeys | null> {
  const [row] = await tx
    .select()
    .from(paymentGateway)
    .where(and(eq(paymentGateway.organisationId, ctx.organisationId), eq(paymentGateway.isActive, true)));
  return row ? open(ctx.config, row) : null;
}

/** The keys an order was made with (in its organisation's tenant transaction). */
export async function keysOfOrder(tx: Tx, config: Config, order: OrderRow): Promise<GatewayKeys | null> {
  if (order.payee === 'provider') return providerKeys(config);
  if (!order.gatewayId) return null;
  const [row] = await tx
    .select()
    .from(paymentGateway)
    .where(and(eq(paymentGateway.organisationId, order.organisationId), eq(paymentGateway.id, order.gatewayId)));
  return row ? open(config, row) : null;
}

export async function createPaymentOrder(tx: Tx, ctx: Ctx, input: NewPaymentOrder): Promise<CreatedPaymentOrder> {
  const paise = toPaise(input.amount);
  if (paise === null || paise <= 0) throw fieldError('amount', 'Please enter a valid amount');
  if (paise > MAX_ONLINE_PAISE) throw fieldError('amount', 'An online payment can be at most ₹10,00,00,000.');
  const purpose = purposeOf(input.purpose);
  if (!purpose || purpose.payee !== input.payee) throw new Error(`No payment purpose '${input.purpose}' for payee ${input.payee}`);
  if (!input.returnPath.startsWith('/') || input.returnPath.startsWith('//')) throw new Error('returnPath must be a path on the same host');
  const keys = input.payee === 'provider' ? providerKeys(ctx.config) : await activeGatewayKeys(tx, ctx);
  if (!keys) throw fieldError('payment', 'Online payments are not set up. Add a gateway under Administrator › Payment Gateway.');
  const id = randomId('ord_');
  const gatewayOrderId = await createGatewayOrder(keys, ctx.config.RAZORPAY_API_URL, {
    amountPaise: paise,
    receipt: id,
    notes: { purpose: input.purpose, organisation: ctx.organisation.accountNumber },
  });
  const minutes = Math.min(Math.max(input.expiresInMinutes ?? 30, 1), 24 * 60);
  const onProvider = input.host === 'provider';
  const [row] = await tx
    .insert(paymentOrder)
    .values({
      id,
      organisationId: ctx.organisationId,
      payee: input.payee,
      purpose: input.purpose,
      ref: { ...input.ref, ...(onProvider ? { $host: 'provider' } : {}) },
      amount: fromPaise(paise),
      description: input.description.slice(0, 200),
      payerName: input.payer.name.slice(0, 200),
      payerEmail: input.payer.email.slice(0, 254),
      payerPhone: input.payer.phone.slice(0, 20),
      provider: keys.provider,
      mode: keys.mode,
      gatewayId: keys.gatewayId,
      gatewayOrderId,
      returnPath: input.returnPath,
      expiresAt: new Date(Date.now() + minutes * 60_000),
    })
    .returning();
  const origin = organisationOrigin(ctx.config, onProvider ? null : ctx.organisation.subdomain);
  return { id, checkout_url: `${origin}/checkout/${id}`, expires_at: row.expiresAt.toISOString() };
}

/** Whether an order is served on the provider host (else on its organisation's). */
export const onProviderHost = (o: OrderRow) => o.ref.$host === 'provider';

/** Where the browser goes once the order is settled: its return path with `order` and `status`. */
export function returnUrl(o: Pick<OrderRow, 'id' | 'returnPath'>, status: string): string {
  const sep = o.returnPath.includes('?') ? '&' : '?';
  return `${o.returnPath}${sep}order=${encodeURIComponent(o.id)}&status=${status === 'paid' ? 'paid' : status === 'created' ? 'pending' : 'failed'}`;
}

export async function loadOrder(db: Database | Tx, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(paymentOrder).where(eq(paymentOrder.id, id));
  return row ?? null;
}

export async function paymentOrderOf(db: Database | Tx, ctx: Ctx, id: string): Promise<PaymentOrderView | null> {
  const [row] = await db
    .select()
    .from(paymentOrder)
    .where(and(eq(paymentOrder.id, id), eq(paymentOrder.organisationId, ctx.organisationId)));
  return row ? viewOf(row) : null;
}

export async function logPaymentEvent(
  db: Database | Tx,
  e: { orderId?: string | null; organisationId?: number | null; source: string; outcome: string; paymentId?: string; detail?: string },
): Promise<void> {
  await db.insert(paymentEvent).values({
    orderId: e.orderId ?? null,
    organisationId: e.organisationId ?? null,
    source: e.source,
    outcome: e.outcome,
    gatewayPaymentId: e.paymentId ?? '',
    detail: (e.detail ?? '').slice(0, 500),
  });
}

export type Settlement =
  | { outcome: 'paid' | 'failed' | 'expired' | 'cancelled'; order: OrderRow }
  | { outcome: 'duplicate' | 'late' | 'ignored'; order: OrderRow };

/**
 * Settles an order in its organisation's tenant transaction: `created` → paid/failed/expired/cancelled
 * once, with the purpose's hook. A delivery of a payment already recorded is a `duplicate`; a payment
 * for an order already closed unpaid (expired, failed, cancelled) is `late` — logged for a refund,
 * the order left as it was, because its purpose has already released what it held.
 */
export async function settleOrder(
  db: Database,
  config: Config,
  /** The order, or its id (an order already read by the caller saves a round trip). */
  orderOrId: string | OrderRow,
  to: { status: 'paid'; paymentId: string } | { status: 'failed' | 'expired' | 'cancelled'; reason: string; paymentId?: string },
  source: string,
  /** Checked first in the settling transaction (a callback's signature); false settles nothing and answers null. */
  verify?: (tx: Tx) => Promise<boolean>,
): Promise<Settlement | null> {
  const found = typeof orderOrId === 'string' ? await loadOrder(db, orderOrId) : orderOrId;
  if (!found) return null;
  return withTenant(db, found.organisationId, async (tx): Promise<Settlement | null> => {
    if (verify && !(await verify(tx))) return null;
    return settleWithin(tx, config, found, to, source);
  });
}

/**
 * Settles an order of the caller's organisation inside the caller's transaction, as a callback
 * would (the demo seed's payments made in the member app): the purpose's hook runs once.
 */
export async function settleOrderWithin(
  tx: Tx,
  ctx: Ctx,
  orderId: string,
  to: { status: 'paid'; paymentId: string },
  source: string,
): Promise<Settlement | null> {
  const found = await loadOrder(tx, orderId);
  if (!found || found.organisationId !== ctx.organisationId) return null;
  return settleWithin(tx, ctx.config, found, to, source);
}

async function settleWithin(
  tx: Tx,
  config: Config,
  found: OrderRow,
  to: { status: 'paid'; paymentId: string } | { status: 'failed' | 'expired' | 'cancelled'; reason: string; paymentId?: string },
  source: string,
): Promise<Settlement | null> {
  const orderId = found.id;
  const [org] = await tx.select().from(organisation).where(eq(organisation.id, found.organisationId));
  const [moved] = await tx
    .update(paymentOrder)
    .set(
      to.status === 'paid'
        ? { status: 'paid', gatewayPaymentId: to.paymentId, paidAt: new Date(), closedAt: new Date() }
        : { status: to.status, failureReason: to.reason.slice(0, 300), closedAt: new Date() },
    )
    .where(and(eq(paymentOrder.id, orderId), eq(paymentOrder.status, 'created')))
    .returning();
  if (!moved) {
    const [now] = await tx.select().from(paymentOrder).where(eq(paymentOrder.id, orderId));
    const outcome =
      to.status !== 'paid' ? 'ignored' : now.status === 'paid' ? (now.gatewayPaymentId === to.paymentId ? 'duplicate' : 'ignored') : 'late';
    await logPaymentEvent(tx, {
      orderId,
      organisationId: now.organisationId,
      source,
      outcome: outcome === 'late' ? 'late_payment' : outcome,
      paymentId: to.paymentId,
      detail:
        outcome === 'late'
          ? `Payment ${to.paymentId} arrived for an order already ${now.status}: refund it from the gateway's dashboard.`
          : `Order already ${now.status}.`,
    });
    return { outcome, order: now };
  }
  const ctx = systemCtx(config, org, `payments:${source}`);
  const purpose = purposeOf(moved.purpose);
  if (moved.status === 'paid') await purpose?.onPaid(tx, ctx, factsOf(moved));
  else await purpose?.onFailed?.(tx, ctx, factsOf(moved));
  await logPaymentEvent(tx, {
    orderId,
    organisationId: moved.organisationId,
    source,
    outcome: moved.status,
    paymentId: to.paymentId,
    detail: to.status === 'paid' ? '' : to.reason,
  });
  return { outcome: moved.status as 'paid' | 'failed' | 'expired' | 'cancelled', order: moved };
}

/** Cancels an unpaid order of the organisation (the visitor went back): runs onFailed once; a paid order is left alone. */
export async function cancelPaymentOrder(tx: Tx, ctx: Ctx, id: string): Promise<void> {
  const [moved] = await tx
    .update(paymentOrder)
    .set({ status: 'cancelled', failureReason: 'Cancelled', closedAt: new Date() })
    .where(and(eq(paymentOrder.id, id), eq(paymentOrder.organisationId, ctx.organisationId), eq(paymentOrder.status, 'created')))
    .returning();
  if (!moved) return;
  await purposeOf(moved.purpose)?.onFailed?.(tx, ctx, factsOf(moved));
  await logPaymentEvent(tx, { orderId: id, organisationId: ctx.organisationId, source: 'cancel', outcome: 'cancelled' });
}

/** The expiry job: unpaid orders past their time, oldest first, at most `limit` per run. */
export async function expireOrders(db: Database, config: Config, limit = 500): Promise<number> {
  const due = await db
    .select({ id: paymentOrder.id })
    .from(paymentOrder)
    .where(and(eq(paymentOrder.status, 'created'), sql`${paymentOrder.expiresAt} < now()`))
    .orderBy(paymentOrder.expiresAt)
    .limit(limit);
  let expired = 0;
  for (const { id } of due) {
    // One order's failing hook never stops the others; it is tried again on the next run.
    const s = await settleOrder(db, config, id, { status: 'expired', reason: 'Not paid in time.' }, 'expiry').catch(() => null);
    if (s?.outcome === 'expired') expired++;
  }
  return expired;
}

/** How many orders of `purposes` were paid since `since`, and for how much (another module's dashboard figure). */
export async function paidOrderTotals(tx: Tx, ctx: Ctx, purposes: string[], since: Date): Promise<{ count: number; amount: string }> {
  if (!purposes.length) return { count: 0, amount: '0.00' };
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int`, amount: sql<string>`coalesce(sum(${paymentOrder.amount}), 0)::numeric(14,2)::text` })
    .from(paymentOrder)
    .where(
      and(
        eq(paymentOrder.organisationId, ctx.organisationId),
        eq(paymentOrder.status, 'paid'),
        sql`${paymentOrder.purpose} in ${purposes}`,
        sql`${paymentOrder.paidAt} >= ${since.toISOString()}::timestamptz`,
        // An order is paid within hours of being made: the index on (organisation, created_at) bounds the scan.
        sql`${paymentOrder.createdAt} >= ${since.toISOString()}::timestamptz - interval '2 days'`,
      ),
    );
  return { count: Number(row?.count ?? 0), amount: String(row?.amount ?? '0.00') };
}
