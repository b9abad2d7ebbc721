/**
 * The organisation's own subscription with the provider (issue 23 §2): the provider's catalogue
 * (plans and add-ons), the billing page, renewals, plan changes, add-ons, SMS credit packs and
 * the history of payments. Paths are spec 7.2's `/administrator/…` ones.
 */
import { z } from '../zod-config.js';
import { idParamsSchema, listQuerySchema, paginatedSchema } from '../common.js';
import { endpoint } from '../endpoint.js';

export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
export const BILLING_PERIOD_LABELS: Record<BillingPeriod, string> = { monthly: 'Monthly', yearly: 'Yearly' };

export const SUBSCRIPTION_TRANSACTION_KINDS = ['renewal', 'upgrade', 'addon', 'sms_credits', 'payment'] as const;
export type SubscriptionTransactionKind = (typeof SUBSCRIPTION_TRANSACTION_KINDS)[number];
export const SUBSCRIPTION_TRANSACTION_KIND_LABELS: Record<SubscriptionTransactionKind, string> = {
  renewal: 'Renewal',
  upgrade: 'Plan upgrade',
  addon: 'Add-on',
  sms_credits: 'SMS credits',
  payment: 'Account payment',
};

export const ADDON_KINDS = ['centre', 'sms', 'whatsapp'] as const;
export type AddonKind = (typeof ADDON_KINDS)[number];

/** A plan of the provider's catalogue (`GET /api/administrator/subscription/`). */
export const subscriptionPlanSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  price_monthly: z.string(),
  price_yearly: z.string(),
  modules: z.array(z.string()),
  max_centres: z.number(),
  max_users: z.number(),
  sms_credits_per_month: z.number(),
  is_trial: z.boolean(),
  is_current: z.boolean(),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

/** An add-on of the catalogue (`GET /api/administrator/addon/`). */
export const addonSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(ADDON_KINDS),
  quantity: z.number(),
  price: z.string(),
  recurring: z.boolean(),
});
export type Addon = z.infer<typeof addonSchema>;

const usageSchema = z.object({ used: z.number(), limit: z.number() });

/** The billing page (`GET /api/administrator/organisation/subscription/`). */
export const billingSchema = z.object({
  plan: subscriptionPlanSchema.nullable(),
  period: z.enum(BILLING_PERIODS),
  /** The sidebar's "Expiry On". */
  due_date: z.string().nullable(),
  days_left: z.number().nullable(),
  is_expired: z.boolean(),
  /** What the next renewal costs for the period (the plan taking effect then, add-ons included), before the account balance. */
  renewal_amount: z.string(),
  /** Money paid on /payments, used against the next renewal. */
  account_balance: z.string(),
  modules: z.array(z.string()),
  centres: usageSchema,
  users: usageSchema,
  sms_credits: z.object({ balance: z.number(), per_month: z.number() }),
  /** A downgrade waiting for the next renewal. */
  pending_plan: z
    .object({ id: z.number(), name: z.string(), period: z.enum(BILLING_PERIODS), effective_on: z.string().nullable() })
    .nullable(),
  addons: z.array(z.object({ id: z.number(), name: z.string(), quantity: z.number(), price: z.string() })),
});
export type SubscriptionBilling = z.infer<typeof billingSchema>;

/** A payment started with the provider: where the browser pays. `payment_url` null when nothing was due (the account balance covered it). */
export const startedPaymentSchema = z.object({
  payment_url: z.string().nullable(),
  order_id: z.string().nullable(),
  amount: z.string(),
  detail: z.string(),
});
export type StartedPayment = z.infer<typeof startedPaymentSchema>;

export const subscriptionRenewInputSchema = z.object({
  period: z.enum(BILLING_PERIODS).optional(),
  /** The plan to renew on (required when the current one is the trial). */
  plan: z.number().int().positive().optional(),
});
export type SubscriptionRenewInput = z.input<typeof subscriptionRenewInputSchema>;

export const changePlanInputSchema = z.object({
  plan: z.number({ error: 'Choose a plan.' }).int().positive(),
  period: z.enum(BILLING_PERIODS).optional(),
});
export type ChangePlanInput = z.input<typeof changePlanInputSchema>;
export const changePlanSchema = startedPaymentSchema.extend({
  /** `upgrade`: paid now (pro rata); `downgrade`: takes effect at the next renewal; `unchanged`. */
  action: z.enum(['upgrade', 'downgrade', 'unchanged']),
  effective_on: z.string().nullable(),
});

/** A row of the history (`GET /api/administrator/subscription-transaction/`). */
export const subscriptionTransactionSchema = z.object({
  id: z.number(),
  number: z.string(),
  kind: z.enum(SUBSCRIPTION_TRANSACTION_KINDS),
  description: z.string(),
  plan_name: z.string().nullable(),
  period: z.enum(BILLING_PERIODS).nullable(),
  amount: z.string(),
  /** Account balance applied (a renewal). */
  credit_used: z.string(),
  period_from: z.string().nullable(),
  period_to: z.string().nullable(),
  is_first: z.boolean(),
  order_id: z.string().nullable(),
  gateway_payment_id: z.string().nullable(),
  paid_at: z.string(),
});
export type SubscriptionTransaction = z.infer<typeof subscriptionTransactionSchema>;

export const subscriptionAddonSchema = z.object({
  id: z.number(),
  addon: z.number(),
  name: z.string(),
  kind: z.enum(ADDON_KINDS),
  quantity: z.number(),
  price: z.string(),
  status: z.enum(['active', 'cancelled']),
  started_on: z.string(),
  cancelled_on: z.string().nullable(),
});
export type SubscriptionAddon = z.infer<typeof subscriptionAddonSchema>;

export const buyAddonInputSchema = z.object({
  addon: z.number({ error: 'Choose an add-on.' }).int().positive(),
  quantity: z.number().int().min(1, 'Enter at least 1.').max(100, 'Enter at most 100.').default(1),
});

/** SMS credits are sold at the `sms_1000` add-on's price per 1,000 (any count; the amount is pro rata to the paisa). */
export const SMS_PACK = 1000;
export const MAX_SMS_PURCHASE = 100_000;
export const purchaseMessagesInputSchema = z.object({
  count: z
    .number({ error: 'Enter the number of credits.' })
    .int('Enter a whole number of credits.')
    .min(1, `Enter from 1 to ${MAX_SMS_PURCHASE} credits.`)
    .max(MAX_SMS_PURCHASE, `Enter from 1 to ${MAX_SMS_PURCHASE} credits.`),
});

export const smsUsageSchema = z.object({
  balance: z.number(),
  per_month: z.number(),
  pack_size: z.number(),
  pack_price: z.string(),
  months: z.array(z.object({ month: z.string(), sent: z.number(), added: z.number() })),
});
export type SmsUsage = z.infer<typeof smsUsageSchema>;

const A = '/api/administrator/';
export const subscriptionEndpoints = {
  plans: endpoint({ method: 'GET', path: `${A}subscription/`, response: z.object({ results: z.array(subscriptionPlanSchema) }) }),
  addons: endpoint({ method: 'GET', path: `${A}addon/`, response: z.object({ results: z.array(addonSchema) }) }),
  billing: endpoint({ method: 'GET', path: `${A}organisation/subscription/`, response: billingSchema }),
  changePlan: endpoint({ method: 'POST', path: `${A}organisation/subscription/`, body: changePlanInputSchema, response: changePlanSchema }),
  renew: endpoint({ method: 'POST', path: `${A}organisation/renew/`, body: subscriptionRenewInputSchema, response: startedPaymentSchema }),
  transactions: endpoint({
    method: 'GET',
    path: `${A}subscription-transaction/`,
    query: listQuerySchema.pick({ page: true, page_size: true }),
    response: paginatedSchema(subscriptionTransactionSchema),
  }),
  invoice: endpoint({ method: 'GET', path: `${A}subscription-transaction/:id/invoice/`, params: idParamsSchema, file: true }),
  subscriptionAddons: endpoint({
    method: 'GET',
    path: `${A}subscription-addon/`,
    response: z.object({ results: z.array(subscriptionAddonSchema) }),
  }),
  buyAddon: endpoint({ method: 'POST', path: `${A}subscription-addon/`, body: buyAddonInputSchema, response: startedPaymentSchema }),
  cancelAddon: endpoint({
    method: 'POST',
    path: `${A}subscription-addon/:id/cancel/`,
    params: idParamsSchema,
    response: subscriptionAddonSchema,
  }),
  smsUsage: endpoint({ method: 'GET', path: `${A}organisation/message-usage/`, response: smsUsageSchema }),
  purchaseMessages: endpoint({
    method: 'POST',
    path: `${A}organisation/purchase-message-count/`,
    body: purchaseMessagesInputSchema,
    response: startedPaymentSchema,
    status: 201,
  }),
};
