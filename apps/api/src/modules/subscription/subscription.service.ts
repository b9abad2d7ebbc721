/**
 * The organisation's subscription with the provider (issue 23 §2): the billing page's facts,
 * renewals, plan changes, add-ons, SMS credit packs and payments on account. Every payment is a
 * provider order (`createPaymentOrder`, payee `provider`); what it buys is done by the purpose's
 * `onPaid` (module.ts), in the organisation's tenant transaction, once per order.
 */
import {
  fromPaise,
  toPaise,
  type Addon,
  type SubscriptionBilling,
  type BillingPeriod,
  type StartedPayment,
  type SubscriptionAddon,
  type SubscriptionPlan,
  type SubscriptionTransaction,
} from '@arena/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import { queryRows, type Tx } from '../../platform/db/client.js';
import { appUser, organisation, subscriptionAddonCatalogue, subscriptionPlan } from '../../platform/db/schema.js';
import { badRequest, fieldError, notFound } from '../../platform/errors.js';
import type { PaymentOrderFacts, PlanLimited } from '../../platform/module.js';
import type { Ctx } from '../../platform/request-context.js';
import { daysBetween } from '../../platform/time.js';
import { centre } from '../administrator/index.js';
import { addPaidCredits, creditBalance } from '../messaging/index.js';
import { createPaymentOrder } from '../payments/index.js';
import { activeAddons, activePlans } from './catalogue.js';
import { AUDIT_MODULE, PURPOSE } from './constants.js';
import { subscriptionAccount, subscriptionAddon, subscriptionTransaction } from './schema.js';

type PlanRow = typeof subscriptionPlan.$inferSelect;
type AddonRow = typeof subscriptionAddonCatalogue.$inferSelect;
type TransactionRow = typeof subscriptionTransaction.$inferSelect;

export const MONTHS: Record<BillingPeriod, number> = { monthly: 1, yearly: 12 };

/** yyyy-MM-dd plus whole months, the day kept (clamped to the month's last day: 31 Jan + 1 month = 28/29 Feb). */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

const paise = (v: string) => toPaise(v) ?? 0;
export const priceOf = (plan: PlanRow, period: BillingPeriod): string => (period === 'yearly' ? plan.priceYearly : plan.price);

export function planJson(plan: PlanRow, currentId: number | null): SubscriptionPlan {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    price_monthly: fromPaise(paise(plan.price)),
    price_yearly: fromPaise(paise(plan.priceYearly)),
    modules: plan.modules,
    max_centres: plan.maxCentres,
    max_users: plan.maxUsers,
    sms_credits_per_month: plan.smsCreditsPerMonth,
    is_trial: plan.isTrial,
    is_current: plan.id === currentId,
  };
}

export const addonJson = (a: AddonRow): Addon => ({
  id: a.id,
  code: a.code,
  name: a.name,
  description: a.description,
  kind: a.kind as Addon['kind'],
  quantity: a.quantity,
  price: fromPaise(paise(a.price)),
  recurring: a.recurring,
});

/** The organisation's row as it is now (the request's copy may be cached), locked when asked. */
async function orgNow(tx: Tx, ctx: Ctx, lock = false) {
  const rows = await queryRows<{ subscription_plan_id: number | null; due_date: string | null; account_number: string }>(
    tx,
    sql`select subscription_plan_id, due_date::text as due_date, account_number from ${organisation} where id = ${ctx.organisationId} ${lock ? sql`for update` : sql``}`,
  );
  const row = rows[0];
  return {
    planId: row.subscription_plan_id === null ? null : Number(row.subscription_plan_id),
    dueDate: row.due_date,
    accountNumber: row.account_number,
  };
}

async function planById(tx: Tx, id: number | null): Promise<PlanRow | null> {
  if (!id) return null;
  const [row] = await tx.select().from(subscriptionPlan).where(eq(subscriptionPlan.id, id));
  return row ?? null;
}

/**
 * The organisation's account row, locked when asked (a write: made on first use). A read runs in a
 * read-only transaction, so an organisation without a row yet reads the defaults, unsaved.
 */
async function accountOf(tx: Tx, ctx: Ctx, lock = false): Promise<typeof subscriptionAccount.$inferSelect> {
  const q = () => tx.select().from(subscriptionAccount).where(eq(subscriptionAccount.organisationId, ctx.organisationId));
  if (!lock) {
    const [row] = await q();
    if (row) return row;
    const now = new Date();
    return {
      id: 0,
      organisationId: ctx.organisationId,
      period: 'monthly',
      balance: '0',
      pendingPlanId: null,
      pendingPeriod: null,
      createdAt: now,
      updatedAt: now,
    };
  }
  await tx.insert(subscriptionAccount).values({ organisationId: ctx.organisationId }).onConflictDoNothing();
  const [row] = await q().for('update');
  return row;
}

async function activeAddonRows(tx: Tx, ctx: Ctx) {
  return tx
    .select()
    .from(subscriptionAddon)
    .where(and(eq(subscriptionAddon.organisationId, ctx.organisationId), eq(subscriptionAddon.status, 'active')))
    .orderBy(subscriptionAddon.id);
}

/** What a renewal on `plan` for `period` costs: the plan's price and a period of every active add-on. */
async function renewalPaise(tx: Tx, ctx: Ctx, plan: PlanRow, period: BillingPeriod): Promise<number> {
  const addons = await activeAddonRows(tx, ctx);
  return paise(priceOf(plan, period)) + addons.reduce((sum, a) => sum + paise(a.price), 0) * MONTHS[period];
}

const payerOf = (ctx: Ctx, payer?: { name: string; email: string }) => ({
  name: (payer?.name || ctx.organisation.displayName).slice(0, 200),
  email: payer?.email || ctx.organisation.email || '',
  phone: ctx.organisation.phone || '',
});

export interface Payer {
  name: string;
  email: string;
}

// ---------------------------------------------------------------- reads

export async function plans(tx: Tx, ctx: Ctx): Promise<SubscriptionPlan[]> {
  const { planId } = await orgNow(tx, ctx);
  return (await activePlans(tx)).map((p) => planJson(p, planId));
}

export async function addons(tx: Tx): Promise<Addon[]> {
  return (await activeAddons(tx)).map(addonJson);
}

export async function billing(tx: Tx, ctx: Ctx): Promise<SubscriptionBilling> {
  const org = await orgNow(tx, ctx);
  const plan = await planById(tx, org.planId);
  const account = await accountOf(tx, ctx);
  const extras = await activeAddonRows(tx, ctx);
  const pending = await planById(tx, account.pendingPlanId);
  const [centres] = await tx
    .select({ n: count() })
    .from(centre)
    .where(and(eq(centre.organisationId, ctx.organisationId), eq(centre.isActive, true)));
  const [users] = await tx
    .select({ n: count() })
    .from(appUser)
    .where(and(eq(appUser.organisationId, ctx.organisationId), eq(appUser.isActive, true)));
  const today = ctx.now.today;
  const renewOn = pending && !pending.isTrial ? pending : plan && !plan.isTrial ? plan : null;
  const renewPeriod = (account.pendingPeriod ?? account.period) as BillingPeriod;
  const extraCentres = extras.filter((a) => a.kind === 'centre').reduce((n, a) => n + a.quantity, 0);
  return {
    plan: plan ? planJson(plan, plan.id) : null,
    period: account.period,
    due_date: org.dueDate,
    days_left: org.dueDate ? daysBetween(today, org.dueDate) : null,
    is_expired: org.dueDate ? org.dueDate < today : false,
    renewal_amount: renewOn ? fromPaise(await renewalPaise(tx, ctx, renewOn, renewPeriod)) : '0.00',
    account_balance: fromPaise(paise(account.balance)),
    modules: plan?.modules ?? [],
    centres: { used: Number(centres.n), limit: (plan?.maxCentres ?? 0) + extraCentres },
    users: { used: Number(users.n), limit: plan?.maxUsers ?? 0 },
    sms_credits: { balance: await creditBalance(tx, ctx), per_month: plan?.smsCreditsPerMonth ?? 0 },
    pending_plan: pending ? { id: pending.id, name: pending.name, period: renewPeriod, effective_on: org.dueDate } : null,
    addons: extras.map((a) => ({ id: a.id, name: a.name, quantity: a.quantity, price: fromPaise(paise(a.price)) })),
  };
}

// ---------------------------------------------------------------- plan limits

/** What the organisation may have active: centres (the plan's plus its active Extra centre add-ons) and users; null is no limit. */
export interface PlanLimits {
  centres: number | null;
  users: number | null;
}

/**
 * The organisation's limits now. An organisation without a plan (legacy rows) has none: null. The
 * catalogue never has a limit of 0. Locks the organisation row when asked (`planLimit` does).
 */
export async function planLimits(tx: Tx, ctx: Ctx, lock = false): Promise<PlanLimits> {
  const org = await orgNow(tx, ctx, lock);
  const plan = await planById(tx, org.planId);
  if (!plan) return { centres: null, users: null };
  const [extra] = await tx
    .select({ n: sql<string | null>`sum(${subscriptionAddon.quantity})` })
    .from(subscriptionAddon)
    .where(
      and(
        eq(subscriptionAddon.organisationId, ctx.organisationId),
        eq(subscriptionAddon.status, 'active'),
        eq(subscriptionAddon.kind, 'centre'),
      ),
    );
  return { centres: plan.maxCentres + Number(extra?.n ?? 0), users: plan.maxUsers };
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
export const centreLimitMessage = (n: number) =>
  `Your plan allows ${plural(n, 'centre')}. Buy an Extra centre add-on or upgrade your plan in Administrator › Subscription.`;
export const userLimitMessage = (n: number) => `Your plan allows ${plural(n, 'user')}. Upgrade your plan in Administrator › Subscription.`;

/**
 * The manifest's `planLimit` (platform `ensureWithinPlan`): locks the organisation row, then
 * refuses (400) one more active centre or user when the organisation already has its plan's
 * number. The lock orders parallel writes of one organisation, and each counts after the one
 * before committed (READ COMMITTED: every statement sees what was committed before it).
 */
export async function checkPlanLimit(tx: Tx, ctx: Ctx, what: PlanLimited): Promise<void> {
  const limits = await planLimits(tx, ctx, true);
  const limit = what === 'centre' ? limits.centres : limits.users;
  if (limit === null) return;
  const [used] =
    what === 'centre'
      ? await tx
          .select({ n: count() })
          .from(centre)
          .where(and(eq(centre.organisationId, ctx.organisationId), eq(centre.isActive, true)))
      : await tx
          .select({ n: count() })
          .from(appUser)
          .where(and(eq(appUser.organisationId, ctx.organisationId), eq(appUser.isActive, true)));
  if (Number(used.n) >= limit) throw badRequest(what === 'centre' ? centreLimitMessage(limit) : userLimitMessage(limit));
}

export function transactionJson(t: TransactionRow): SubscriptionTransaction {
  return {
    id: t.id,
    number: t.number,
    kind: t.kind,
    description: t.description,
    plan_name: t.planName,
    period: t.period,
    amount: fromPaise(paise(t.amount)),
    credit_used: fromPaise(paise(t.creditUsed)),
    period_from: t.periodFrom,
    period_to: t.periodTo,
    is_first: t.isFirst,
    order_id: t.orderId,
    gateway_payment_id: t.gatewayPaymentId,
    paid_at: t.paidAt.toISOString(),
  };
}

export async function transactions(tx: Tx, ctx: Ctx, page = 1, pageSize = 25) {
  const where = eq(subscriptionTransaction.organisationId, ctx.organisationId);
  const [{ n }] = await tx.select({ n: count() }).from(subscriptionTransaction).where(where);
  const rows = await tx
    .select()
    .from(subscriptionTransaction)
    .where(where)
    .orderBy(desc(subscriptionTransaction.paidAt), desc(subscriptionTransaction.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const total = Number(n);
  return {
    count: total,
    next: page * pageSize < total ? `?page=${page + 1}` : null,
    previous: page > 1 ? `?page=${page - 1}` : null,
    results: rows.map(transactionJson),
  };
}

export async function transactionById(tx: Tx, ctx: Ctx, id: number): Promise<TransactionRow> {
  const [row] = await tx
    .select()
    .from(subscriptionTransaction)
    .where(and(eq(subscriptionTransaction.organisationId, ctx.organisationId), eq(subscriptionTransaction.id, id)));
  if (!row) throw notFound();
  return row;
}

export function subscriptionAddonJson(a: typeof subscriptionAddon.$inferSelect): SubscriptionAddon {
  return {
    id: a.id,
    addon: a.addonId,
    name: a.name,
    kind: a.kind,
    quantity: a.quantity,
    price: fromPaise(paise(a.price)),
    status: a.status,
    started_on: a.startedOn,
    cancelled_on: a.cancelledOn,
  };
}

export async function subscriptionAddons(tx: Tx, ctx: Ctx): Promise<SubscriptionAddon[]> {
  const rows = await tx
    .select()
    .from(subscriptionAddon)
    .where(eq(subscriptionAddon.organisationId, ctx.organisationId))
    .orderBy(desc(subscriptionAddon.id));
  return rows.map(subscriptionAddonJson);
}

// ---------------------------------------------------------------- starting payments

async function startOrder(
  tx: Tx,
  ctx: Ctx,
  input: {
    purpose: string;
    ref: Record<string, unknown>;
    amountPaise: number;
    description: string;
    payer?: Payer;
    host?: 'organisation' | 'provider';
    returnPath: string;
  },
): Promise<StartedPayment> {
  const order = await createPaymentOrder(tx, ctx, {
    payee: 'provider',
    purpose: input.purpose,
    ref: input.ref,
    amount: fromPaise(input.amountPaise),
    description: input.description,
    payer: payerOf(ctx, input.payer),
    returnPath: input.returnPath,
    host: input.host ?? 'organisation',
  });
  return { payment_url: order.checkout_url, order_id: order.id, amount: fromPaise(input.amountPaise), detail: 'Pay on the checkout page.' };
}

/** `/payments` (spec 2.3): money paid to the provider on the organisation's account, used against its next renewal. */
export async function initiatePayment(
  tx: Tx,
  ctx: Ctx,
  input: { amount: number; description: string },
  payer: Payer,
): Promise<StartedPayment> {
  const amountPaise = Math.round(input.amount * 100);
  if (!(amountPaise > 0)) throw fieldError('amount', 'Please enter a valid amount');
  return startOrder(tx, ctx, {
    purpose: PURPOSE.payment,
    ref: { description: input.description },
    amountPaise,
    description: input.description,
    payer,
    host: 'provider',
    returnPath: '/payments',
  });
}

/** `organisation/renew/`: a period of the plan (the pending downgrade's, or the one named), less the account balance. */
export async function renew(tx: Tx, ctx: Ctx, input: { period?: BillingPeriod; plan?: number }, payer?: Payer): Promise<StartedPayment> {
  const org = await orgNow(tx, ctx);
  const account = await accountOf(tx, ctx);
  const planId = input.plan ?? account.pendingPlanId ?? org.planId;
  const plan = await planById(tx, planId);
  if (input.plan && (!plan || !plan.isActive)) throw fieldError('plan', `Invalid pk "${input.plan}" - object does not exist.`);
  if (!plan || plan.isTrial) throw fieldError('plan', 'Choose a plan to renew on.');
  const period = input.period ?? (input.plan ? null : account.pendingPeriod) ?? account.period;
  const total = await renewalPaise(tx, ctx, plan, period);
  const creditUsed = Math.min(paise(account.balance), total);
  const ref = { plan: plan.id, period, total: fromPaise(total), credit_used: fromPaise(creditUsed) };
  const description = `${plan.name} plan, ${period === 'yearly' ? '1 year' : '1 month'}`;
  if (total - creditUsed <= 0) {
    // The account balance covers it: renewed at once, nothing to pay.
    await completeRenewal(tx, ctx, { ref, amount: '0', orderId: null, gatewayPaymentId: null });
    return { payment_url: null, order_id: null, amount: '0.00', detail: 'Renewed from your account balance.' };
  }
  return startOrder(tx, ctx, {
    purpose: PURPOSE.renewal,
    ref,
    amountPaise: total - creditUsed,
    description,
    payer,
    returnPath: '/admin/subscription',
  });
}

/**
 * `POST organisation/subscription/`: change the plan. A dearer plan (for the current period) is an
 * upgrade now, charged pro rata for the days left until the due date; a cheaper one (or another
 * period) waits for the next renewal. From the trial, or once expired, a change is a renewal on the new plan.
 */
export async function changePlan(tx: Tx, ctx: Ctx, input: { plan: number; period?: BillingPeriod }, payer?: Payer) {
  const org = await orgNow(tx, ctx);
  const account = await accountOf(tx, ctx, true);
  const target = await planById(tx, input.plan);
  if (!target || !target.isActive || target.isTrial) throw fieldError('plan', `Invalid pk "${input.plan}" - object does not exist.`);
  const current = await planById(tx, org.planId);
  const today = ctx.now.today;
  const period = input.period ?? account.period;
  if (!current || current.isTrial || !org.dueDate || org.dueDate < today) {
    const started = await renew(tx, ctx, { plan: target.id, period }, payer);
    return { ...started, action: 'upgrade' as const, effective_on: today };
  }
  if (current.id === target.id && period === account.period) {
    if (account.pendingPlanId) {
      await tx
        .update(subscriptionAccount)
        .set({ pendingPlanId: null, pendingPeriod: null, updatedAt: new Date() })
        .where(eq(subscriptionAccount.id, account.id));
      return {
        payment_url: null,
        order_id: null,
        amount: '0.00',
        detail: 'The scheduled plan change was withdrawn.',
        action: 'unchanged' as const,
        effective_on: null,
      };
    }
    return {
      payment_url: null,
      order_id: null,
      amount: '0.00',
      detail: 'This is your plan already.',
      action: 'unchanged' as const,
      effective_on: null,
    };
  }
  const difference = paise(priceOf(target, account.period)) - paise(priceOf(current, account.period));
  if (difference > 0) {
    const daysLeft = Math.max(daysBetween(today, org.dueDate), 0);
    const periodDays = Math.max(daysBetween(addMonths(org.dueDate, -MONTHS[account.period]), org.dueDate), 1);
    const charge = Math.round((difference * Math.min(daysLeft, periodDays)) / periodDays);
    const ref = { plan: target.id, from_plan: current.id, days_left: daysLeft, period_days: periodDays, period: account.period };
    if (charge <= 0) {
      await completeUpgrade(tx, ctx, { ref, amount: '0', orderId: null, gatewayPaymentId: null });
      return {
        payment_url: null,
        order_id: null,
        amount: '0.00',
        detail: `You are on ${target.name} now.`,
        action: 'upgrade' as const,
        effective_on: today,
      };
    }
    const started = await startOrder(tx, ctx, {
      purpose: PURPOSE.upgrade,
      ref,
      amountPaise: charge,
      description: `Upgrade to ${target.name} for the ${daysLeft} days left`,
      payer,
      returnPath: '/admin/subscription/subscription-plans',
    });
    return {
      ...started,
      detail: `Pay the difference for the ${daysLeft} days left to upgrade now.`,
      action: 'upgrade' as const,
      effective_on: today,
    };
  }
  await tx
    .update(subscriptionAccount)
    .set({ pendingPlanId: target.id, pendingPeriod: period, updatedAt: new Date() })
    .where(eq(subscriptionAccount.id, account.id));
  await record(tx, ctx.actor, {
    module: AUDIT_MODULE,
    resource: 'subscription',
    objectId: ctx.organisationId,
    label: `${current.name} → ${target.name}`,
    action: 'update',
    before: { plan: current.name, period: account.period },
    after: { pending_plan: target.name, pending_period: period, effective_on: org.dueDate },
  });
  return {
    payment_url: null,
    order_id: null,
    amount: '0.00',
    detail: `${target.name} (${period}) takes effect at your next renewal, on ${org.dueDate}.`,
    action: 'downgrade' as const,
    effective_on: org.dueDate,
  };
}

async function addonById(tx: Tx, id: number): Promise<AddonRow> {
  const [row] = await tx.select().from(subscriptionAddonCatalogue).where(eq(subscriptionAddonCatalogue.id, id));
  if (!row || !row.isActive) throw fieldError('addon', `Invalid pk "${id}" - object does not exist.`);
  return row;
}

/** `POST subscription-addon/`: a month of a recurring add-on now (then with each renewal); an SMS pack adds its credits. */
export async function buyAddon(tx: Tx, ctx: Ctx, input: { addon: number; quantity: number }, payer?: Payer): Promise<StartedPayment> {
  const addon = await addonById(tx, input.addon);
  if (addon.kind === 'sms') return purchaseMessages(tx, ctx, { count: addon.quantity * input.quantity }, payer);
  if (addon.kind === 'whatsapp') {
    const active = (await activeAddonRows(tx, ctx)).some((a) => a.kind === 'whatsapp');
    if (active) throw badRequest('WhatsApp is already active.');
    if (input.quantity !== 1) throw fieldError('quantity', 'WhatsApp is one add-on.');
  }
  return startOrder(tx, ctx, {
    purpose: PURPOSE.addon,
    ref: { addon: addon.id, quantity: input.quantity },
    amountPaise: paise(addon.price) * input.quantity,
    description: `${addon.name}${input.quantity > 1 ? ` × ${input.quantity}` : ''}, first month`,
    payer,
    returnPath: '/admin/subscription/addons',
  });
}

export async function cancelAddon(tx: Tx, ctx: Ctx, id: number): Promise<SubscriptionAddon> {
  const [row] = await tx
    .select()
    .from(subscriptionAddon)
    .where(and(eq(subscriptionAddon.organisationId, ctx.organisationId), eq(subscriptionAddon.id, id)))
    .for('update');
  if (!row) throw notFound();
  if (row.status === 'cancelled') throw badRequest('This add-on is cancelled already.');
  const [after] = await tx
    .update(subscriptionAddon)
    .set({ status: 'cancelled', cancelledOn: ctx.now.today, updatedAt: new Date() })
    .where(eq(subscriptionAddon.id, row.id))
    .returning();
  await record(tx, ctx.actor, {
    module: AUDIT_MODULE,
    resource: 'subscription_addon',
    objectId: row.id,
    label: row.name,
    action: 'update',
    before: { status: row.status },
    after: { status: 'cancelled' },
  });
  return subscriptionAddonJson(after);
}

/** The price of `count` SMS credits: the `sms_1000` pack's price pro rata, to the paisa (at least one paisa). */
async function smsPricePaise(tx: Tx, count: number): Promise<number> {
  const [pack] = await tx.select().from(subscriptionAddonCatalogue).where(eq(subscriptionAddonCatalogue.code, 'sms_1000'));
  if (!pack) throw badRequest('SMS credits are not on sale.');
  return Math.max(Math.round((paise(pack.price) * count) / pack.quantity), 1);
}

/** `organisation/purchase-message-count/`: SMS credits, paid to the provider, added when the payment arrives. */
export async function purchaseMessages(tx: Tx, ctx: Ctx, input: { count: number }, payer?: Payer): Promise<StartedPayment> {
  return startOrder(tx, ctx, {
    purpose: PURPOSE.sms,
    ref: { count: input.count },
    amountPaise: await smsPricePaise(tx, input.count),
    description: `${input.count.toLocaleString('en-IN')} SMS credits`,
    payer,
    returnPath: '/admin/subscription/manage',
  });
}

export async function smsUsagePack(tx: Tx) {
  const [pack] = await tx.select().from(subscriptionAddonCatalogue).where(eq(subscriptionAddonCatalogue.code, 'sms_1000'));
  return { size: pack?.quantity ?? 1000, price: fromPaise(paise(pack?.price ?? '0')) };
}

// ---------------------------------------------------------------- what a paid order does

/** What others may do when the organisation pays its subscription (the referral reward on the first one). */
export interface SubscriptionPaidEvent {
  transactionId: number;
  kind: 'renewal' | 'upgrade';
  isFirst: boolean;
  planId: number;
  dueDate: string;
}
type Listener = (tx: Tx, ctx: Ctx, event: SubscriptionPaidEvent) => Promise<void>;
const listeners: Listener[] = [];
/** Registers a hook run in the payment's transaction after each paid renewal or upgrade (`event.isFirst`: the organisation's first). */
export function onSubscriptionPaid(listener: Listener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

async function nextNumber(tx: Tx, ctx: Ctx, accountNumber: string): Promise<string> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(subscriptionTransaction)
    .where(eq(subscriptionTransaction.organisationId, ctx.organisationId));
  return `SUB-${accountNumber}-${String(Number(n) + 1).padStart(4, '0')}`;
}

async function isFirstPaid(tx: Tx, ctx: Ctx): Promise<boolean> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(subscriptionTransaction)
    .where(
      and(eq(subscriptionTransaction.organisationId, ctx.organisationId), sql`${subscriptionTransaction.kind} in ('renewal', 'upgrade')`),
    );
  return Number(n) === 0;
}

async function insertTransaction(
  tx: Tx,
  ctx: Ctx,
  accountNumber: string,
  values: Omit<typeof subscriptionTransaction.$inferInsert, 'organisationId' | 'number'>,
) {
  const [row] = await tx
    .insert(subscriptionTransaction)
    .values({ ...values, organisationId: ctx.organisationId, number: await nextNumber(tx, ctx, accountNumber) })
    .returning();
  await record(tx, ctx.actor, {
    module: AUDIT_MODULE,
    resource: 'subscription_transaction',
    objectId: row.id,
    label: row.number,
    action: 'create',
    after: transactionJson(row),
  });
  return row;
}

interface Settled {
  ref: Record<string, unknown>;
  amount: string;
  orderId: string | null;
  gatewayPaymentId: string | null;
}

export const settledOf = (order: PaymentOrderFacts): Settled => ({
  ref: order.ref,
  amount: order.amount,
  orderId: order.id,
  gatewayPaymentId: order.gatewayPaymentId,
});

/** A renewal paid: the due date moves by the period from the later of the due date and today; the plan (a downgrade) takes effect. */
export async function completeRenewal(tx: Tx, ctx: Ctx, paid: Settled): Promise<void> {
  const org = await orgNow(tx, ctx, true);
  const account = await accountOf(tx, ctx, true);
  const plan = await planById(tx, Number(paid.ref.plan));
  if (!plan) throw new Error(`renewal of unknown plan ${String(paid.ref.plan)}`);
  const period = paid.ref.period === 'yearly' ? 'yearly' : 'monthly';
  const creditUsed = Math.min(paise(String(paid.ref.credit_used ?? '0')), paise(account.balance));
  const today = ctx.now.today;
  const from = org.dueDate && org.dueDate > today ? org.dueDate : today;
  const to = addMonths(from, MONTHS[period]);
  await tx
    .update(organisation)
    .set({ subscriptionPlanId: plan.id, dueDate: to, updatedAt: new Date() })
    .where(eq(organisation.id, ctx.organisationId));
  await tx
    .update(subscriptionAccount)
    .set({
      period,
      balance: fromPaise(paise(account.balance) - creditUsed),
      // The downgrade waiting for this renewal is done (or replaced by the plan renewed on).
      pendingPlanId: null,
      pendingPeriod: null,
      updatedAt: new Date(),
    })
    .where(eq(subscriptionAccount.id, account.id));
  const isFirst = await isFirstPaid(tx, ctx);
  const row = await insertTransaction(tx, ctx, org.accountNumber, {
    kind: 'renewal',
    description: `${plan.name} plan, ${period === 'yearly' ? '1 year' : '1 month'}`,
    planId: plan.id,
    planName: plan.name,
    period,
    amount: fromPaise(paise(paid.amount)),
    creditUsed: fromPaise(creditUsed),
    periodFrom: from,
    periodTo: to,
    isFirst,
    orderId: paid.orderId,
    gatewayPaymentId: paid.gatewayPaymentId,
  });
  // The plan's monthly SMS allowance for the period paid.
  if (plan.smsCreditsPerMonth > 0)
    await addPaidCredits(
      tx,
      ctx,
      plan.smsCreditsPerMonth * MONTHS[period],
      `${plan.name} plan: ${MONTHS[period]} month(s) of SMS credits (${row.number})`,
    );
  // Refer and earn: `rewardReferral(tx, ctx)` is registered through onSubscriptionPaid (index.ts) and runs here.
  for (const listener of listeners)
    await listener(tx, ctx, { transactionId: row.id, kind: 'renewal', isFirst, planId: plan.id, dueDate: to });
}

/** An upgrade paid: the plan changes at once (its modules bound every user's modules from the next request). */
export async function completeUpgrade(tx: Tx, ctx: Ctx, paid: Settled): Promise<void> {
  const org = await orgNow(tx, ctx, true);
  const plan = await planById(tx, Number(paid.ref.plan));
  if (!plan) throw new Error(`upgrade to unknown plan ${String(paid.ref.plan)}`);
  await tx.update(organisation).set({ subscriptionPlanId: plan.id, updatedAt: new Date() }).where(eq(organisation.id, ctx.organisationId));
  await tx
    .update(subscriptionAccount)
    .set({ pendingPlanId: null, pendingPeriod: null, updatedAt: new Date() })
    .where(eq(subscriptionAccount.organisationId, ctx.organisationId));
  const isFirst = await isFirstPaid(tx, ctx);
  const row = await insertTransaction(tx, ctx, org.accountNumber, {
    kind: 'upgrade',
    description: `Upgrade to ${plan.name} (${String(paid.ref.days_left ?? 0)} days pro rata)`,
    planId: plan.id,
    planName: plan.name,
    period: paid.ref.period === 'yearly' ? 'yearly' : 'monthly',
    amount: fromPaise(paise(paid.amount)),
    periodFrom: ctx.now.today,
    periodTo: org.dueDate,
    isFirst,
    orderId: paid.orderId,
    gatewayPaymentId: paid.gatewayPaymentId,
  });
  for (const listener of listeners)
    await listener(tx, ctx, { transactionId: row.id, kind: 'upgrade', isFirst, planId: plan.id, dueDate: org.dueDate ?? ctx.now.today });
}

export async function completeAddon(tx: Tx, ctx: Ctx, paid: Settled): Promise<void> {
  const org = await orgNow(tx, ctx);
  const addon = await addonById(tx, Number(paid.ref.addon));
  const quantity = Number(paid.ref.quantity ?? 1);
  const row = await insertTransaction(tx, ctx, org.accountNumber, {
    kind: 'addon',
    description: `${addon.name}${quantity > 1 ? ` × ${quantity}` : ''}`,
    amount: fromPaise(paise(paid.amount)),
    periodFrom: ctx.now.today,
    periodTo: addMonths(ctx.now.today, 1),
    orderId: paid.orderId,
    gatewayPaymentId: paid.gatewayPaymentId,
  });
  const [line] = await tx
    .insert(subscriptionAddon)
    .values({
      organisationId: ctx.organisationId,
      addonId: addon.id,
      name: addon.name,
      kind: addon.kind as 'centre' | 'sms' | 'whatsapp',
      quantity,
      price: fromPaise(paise(addon.price) * quantity),
      startedOn: ctx.now.today,
      transactionId: row.id,
    })
    .returning();
  await record(tx, ctx.actor, {
    module: AUDIT_MODULE,
    resource: 'subscription_addon',
    objectId: line.id,
    label: line.name,
    action: 'create',
    after: subscriptionAddonJson(line),
  });
}

export async function completeSms(tx: Tx, ctx: Ctx, paid: Settled): Promise<void> {
  const org = await orgNow(tx, ctx);
  const credits = Number(paid.ref.count);
  const row = await insertTransaction(tx, ctx, org.accountNumber, {
    kind: 'sms_credits',
    description: `${credits.toLocaleString('en-IN')} SMS credits`,
    amount: fromPaise(paise(paid.amount)),
    orderId: paid.orderId,
    gatewayPaymentId: paid.gatewayPaymentId,
  });
  await addPaidCredits(tx, ctx, credits, `Bought: ${row.number}`);
}

export async function completePayment(tx: Tx, ctx: Ctx, paid: Settled): Promise<void> {
  const org = await orgNow(tx, ctx);
  const account = await accountOf(tx, ctx, true);
  await tx
    .update(subscriptionAccount)
    .set({ balance: fromPaise(paise(account.balance) + paise(paid.amount)), updatedAt: new Date() })
    .where(eq(subscriptionAccount.id, account.id));
  await insertTransaction(tx, ctx, org.accountNumber, {
    kind: 'payment',
    description: String(paid.ref.description ?? 'Payment'),
    amount: fromPaise(paise(paid.amount)),
    orderId: paid.orderId,
    gatewayPaymentId: paid.gatewayPaymentId,
  });
}
