/**
 * The organisation's side of its subscription with the provider (issue 23 §2). The catalogue
 * (plans, add-ons) and the plan and due date themselves are platform tables (`subscription_plan`,
 * `addon`, `organisation.subscription_plan_id`/`due_date`).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money, tenantRef, tenantTable, timestamps } from '../../platform/db/columns.js';
import { subscriptionAddonCatalogue, subscriptionPlan } from '../../platform/db/schema.js';

/** One row per organisation: its billing period, its account balance (money paid on /payments), a downgrade waiting for the renewal. */
export const subscriptionAccount = tenantTable(
  'subscription_account',
  {
    period: text('period', { enum: ['monthly', 'yearly'] })
      .notNull()
      .default('monthly'),
    balance: money('balance').notNull().default('0'),
    pendingPlanId: bigint('pending_plan_id', { mode: 'number' }).references(() => subscriptionPlan.id),
    pendingPeriod: text('pending_period', { enum: ['monthly', 'yearly'] }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('subscription_account_org_key').on(t.organisationId), check('subscription_account_balance', sql`${t.balance} >= 0`)],
);

/** Every payment to the provider: renewals, upgrades, add-ons, SMS credits, account payments. One per paid order. */
export const subscriptionTransaction = tenantTable(
  'subscription_transaction',
  {
    /** `SUB-<account number>-0001`: the invoice's number. */
    number: text('number').notNull(),
    kind: text('kind', { enum: ['renewal', 'upgrade', 'addon', 'sms_credits', 'payment'] }).notNull(),
    description: text('description').notNull().default(''),
    planId: bigint('plan_id', { mode: 'number' }).references(() => subscriptionPlan.id),
    planName: text('plan_name'),
    period: text('period', { enum: ['monthly', 'yearly'] }),
    /** Paid through the gateway. */
    amount: money('amount').notNull(),
    /** Taken from the account balance (a renewal). */
    creditUsed: money('credit_used').notNull().default('0'),
    periodFrom: date('period_from', { mode: 'string' }),
    periodTo: date('period_to', { mode: 'string' }),
    /** The organisation's first paid subscription (renewal or upgrade): the referral reward's moment. */
    isFirst: boolean('is_first').notNull().default(false),
    orderId: text('order_id'),
    gatewayPaymentId: text('gateway_payment_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subscription_transaction_order_key').on(t.organisationId, t.orderId),
    uniqueIndex('subscription_transaction_number_key').on(t.organisationId, t.number),
    // At most one first paid subscription per organisation.
    uniqueIndex('subscription_transaction_first_key')
      .on(t.organisationId)
      .where(sql`${t.isFirst}`),
    index('subscription_transaction_org_idx').on(t.organisationId, t.paidAt),
  ],
);

/** An add-on the organisation bought (recurring ones are billed with each renewal until cancelled). */
export const subscriptionAddon = tenantTable(
  'subscription_addon',
  {
    addonId: bigint('addon_id', { mode: 'number' })
      .notNull()
      .references(() => subscriptionAddonCatalogue.id),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['centre', 'sms', 'whatsapp'] }).notNull(),
    quantity: integer('quantity').notNull().default(1),
    /** Monthly price of the whole line (unit price × quantity) when bought. */
    price: money('price').notNull(),
    status: text('status', { enum: ['active', 'cancelled'] })
      .notNull()
      .default('active'),
    startedOn: date('started_on', { mode: 'string' }).notNull(),
    cancelledOn: date('cancelled_on', { mode: 'string' }),
    transactionId: bigint('transaction_id', { mode: 'number' }),
    ...timestamps(),
  },
  (t) => [
    index('subscription_addon_org_idx').on(t.organisationId, t.status),
    tenantRef(t, t.transactionId, () => subscriptionTransaction),
    check('subscription_addon_quantity', sql`${t.quantity} > 0`),
  ],
);
