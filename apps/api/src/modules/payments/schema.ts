/**
 * Online payments (issue 23).
 *
 * - `payment_gateway`: the organisation's gateway (tenant table): provider, key id, sealed secrets.
 * - `payment_order`: every online payment order, the organisation's (payee organisation) and the
 *   provider's (payee provider, the organisation's subscription). A platform table filtered in
 *   code (`PLATFORM_TABLES`): a gateway's callback names only the order, and a provider order's
 *   callback lands on the provider host, outside any organisation. Our id (`ord_…`) is what the
 *   browser sees; the amount is ours; `gateway_payment_id` is unique, so a payment is recorded once
 *   however many times the gateway delivers it.
 * - `payment_event`: every callback refused or noted (bad signature, amount mismatch, unknown
 *   order), for the provider's support and the organisation's logs.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisation } from '../../platform/db/schema.js';
import { money, ref, tenantTable, timestamps } from '../../platform/db/columns.js';

export const paymentGateway = tenantTable(
  'payment_gateway',
  {
    provider: text('provider', { enum: ['sandbox', 'razorpay'] }).notNull(),
    keyId: text('key_id').notNull().default(''),
    /** Sealed (`platform/secrets.ts`); never answered. */
    keySecret: text('key_secret').notNull().default(''),
    webhookSecret: text('webhook_secret').notNull().default(''),
    mode: text('mode', { enum: ['test', 'live'] })
      .notNull()
      .default('test'),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    // One gateway per provider; at most one active.
    uniqueIndex('payment_gateway_org_provider_key').on(t.organisationId, t.provider),
    uniqueIndex('payment_gateway_org_active_key')
      .on(t.organisationId)
      .where(sql`${t.isActive}`),
    check('payment_gateway_provider', sql`${t.provider} in ('sandbox', 'razorpay')`),
    check('payment_gateway_mode', sql`${t.mode} in ('test', 'live')`),
  ],
);

export const paymentOrder = pgTable(
  'payment_order',
  {
    id: text('id').primaryKey(),
    organisationId: bigint('organisation_id', { mode: 'number' })
      .notNull()
      .references(() => organisation.id),
    payee: text('payee', { enum: ['organisation', 'provider'] }).notNull(),
    purpose: text('purpose').notNull(),
    ref: jsonb('ref').$type<Record<string, unknown>>().notNull(),
    amount: money('amount').notNull(),
    description: text('description').notNull(),
    payerName: text('payer_name').notNull().default(''),
    payerEmail: text('payer_email').notNull().default(''),
    payerPhone: text('payer_phone').notNull().default(''),
    provider: text('provider', { enum: ['sandbox', 'razorpay'] }).notNull(),
    mode: text('mode', { enum: ['test', 'live'] }).notNull(),
    /** The gateway row the order was made with (payee organisation); null for the provider's. */
    gatewayId: bigint('gateway_id', { mode: 'number' }),
    gatewayOrderId: text('gateway_order_id').notNull(),
    gatewayPaymentId: text('gateway_payment_id'),
    status: text('status', { enum: ['created', 'paid', 'failed', 'expired', 'cancelled'] })
      .notNull()
      .default('created'),
    failureReason: text('failure_reason').notNull().default(''),
    returnPath: text('return_path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_order_gateway_payment_key').on(t.provider, t.gatewayPaymentId),
    uniqueIndex('payment_order_gateway_order_key').on(t.provider, t.gatewayOrderId),
    index('payment_order_org_idx').on(t.organisationId, t.createdAt),
    index('payment_order_open_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'created'`),
    check('payment_order_amount', sql`${t.amount} > 0 and ${t.amount} <= 100000000`),
    check('payment_order_status', sql`${t.status} in ('created', 'paid', 'failed', 'expired', 'cancelled')`),
    check('payment_order_payee', sql`${t.payee} in ('organisation', 'provider')`),
  ],
);

export const paymentEvent = pgTable(
  'payment_event',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: text('order_id'),
    organisationId: bigint('organisation_id', { mode: 'number' }),
    /** `webhook` | `callback` | `sandbox` | `expiry`. */
    source: text('source').notNull(),
    /** `paid`, `failed`, `duplicate`, `bad_signature`, `amount_mismatch`, `unknown_order`, `ignored`. */
    outcome: text('outcome').notNull(),
    gatewayPaymentId: text('gateway_payment_id').notNull().default(''),
    detail: text('detail').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_event_order_idx').on(t.orderId), index('payment_event_org_idx').on(t.organisationId, t.createdAt)],
);

/**
 * A payment link for a sale's due (issue 23 §1): a page `/pay/<token>` on the organisation's host.
 * Only the token's SHA-256 is stored. `amount` is the due when the link was made; paying charges
 * the due at that moment (purpose `due`). `status` is `open` until paid or cancelled; an open link
 * past `expires_at` reads as expired. The sale is another module's row (any declared sale source),
 * named by `sale_type` and `sale_id` as the ledger names it.
 */
export const paymentLink = tenantTable(
  'payment_link',
  {
    tokenHash: text('token_hash').notNull(),
    saleType: text('sale_type').notNull(),
    saleId: ref('sale_id').notNull(),
    saleLabel: text('sale_label').notNull().default(''),
    buyerName: text('buyer_name').notNull().default(''),
    buyerPhone: text('buyer_phone').notNull().default(''),
    buyerEmail: text('buyer_email').notNull().default(''),
    amount: money('amount').notNull(),
    status: text('status', { enum: ['open', 'paid', 'cancelled'] })
      .notNull()
      .default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** What the gateway took; the ledger got at most the due then (the rest is logged for a refund). */
    paidAmount: money('paid_amount'),
    /** The last payment order made from the link. */
    orderId: text('order_id'),
    createdBy: ref('created_by'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('payment_link_token_key').on(t.tokenHash),
    index('payment_link_org_sale_idx').on(t.organisationId, t.saleType, t.saleId),
    index('payment_link_org_created_idx').on(t.organisationId, t.createdAt),
    check('payment_link_status', sql`${t.status} in ('open', 'paid', 'cancelled')`),
    check('payment_link_amount', sql`${t.amount} > 0`),
  ],
);
