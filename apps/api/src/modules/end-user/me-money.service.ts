/**
 * The member app's money and bookings (issue 27), the signed-in member's own only:
 *
 * - dues and paying them online: an order (purpose `member_due`) for at most a membership's due
 *   now; when paid, `onMemberDuePaid` records at most the due then (the sale's row locked) through
 *   the money module's `receive`, so parallel payments can never overpay: what the gateway took
 *   beyond the due is not recorded, and the desk is told to refund it;
 * - renewing: an order (purpose `member_renewal`) for the plan's price; when paid the renewal is
 *   made by Membership's own `renewMembership` (after the current period, once) and the money
 *   received against it; a renewal that cannot be made (already renewed, plan withdrawn) records
 *   nothing and asks for a refund;
 * - invoices of the member's sales and their PDF; booking as a member (Booking's rules).
 *
 * Each is behind its switch in the settings: 403 when off.
 */
import { fromPaise, toPaise } from '@arena/contracts';
import type { MeCheckout, MeOrder, MemberFeature } from '@arena/contracts/end-user';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { fieldError, invalidPk, notFound, permissionDenied } from '../../platform/errors.js';
import type { PaymentOrderFacts, PaymentPurposeDefinition } from '../../platform/module.js';
import type { Ctx } from '../../platform/request-context.js';
import { bookingIdsOfPhone } from '../booking/index.js';
import { memberPayer, memberSales, memberRenewal, isMembershipOf, renewalOf, renewForMember } from '../membership/index.js';
import { invoiceOfSource, invoicesOfSales, receive, saleSummary, type SalesOf } from '../money/index.js';
import { notify } from '../notifications/index.js';
import { createPaymentOrder, onlinePaymentModeId, paymentOrderOf } from '../payments/index.js';
import { MODULE } from './constants.js';
import { readSettings } from './settings.service.js';

export const MEMBER_DUE_PURPOSE = 'member_due';
export const MEMBER_RENEWAL_PURPOSE = 'member_renewal';
/** Where the checkout sends the member back (`order` and `status` are appended). */
export const ME_PAY_RETURN = '/me/pay';

const FEATURE_NAMES: Record<MemberFeature, string> = {
  pay_dues: 'Paying dues',
  renew: 'Renewing',
  invoices: 'Invoices',
  check_in: 'Check-in',
  freeze_request: 'Freeze requests',
  cancel_request: 'Cancellation requests',
  book: 'Booking',
  plans: 'Plans',
  edit_profile: 'Editing the profile',
  announcements: 'Announcements',
};

/** A 403 when the organisation switched the feature off in the member app's settings. */
export async function requireFeature(tx: Tx, ctx: Ctx, feature: MemberFeature): Promise<void> {
  const settings = await readSettings(tx, ctx);
  if (!settings[feature]) throw permissionDenied(`${FEATURE_NAMES[feature]} is not available in the member app.`);
}

async function payerOf(tx: Tx, ctx: Ctx, memberId: number) {
  const payer = await memberPayer(tx, ctx, memberId);
  if (!payer) throw notFound();
  return payer;
}

const paise = (v: string) => toPaise(v) ?? 0;

/** Opens an online payment of (part of) the member's membership's due: at most the due now. */
export async function payDue(tx: Tx, ctx: Ctx, memberId: number, input: { membership: number; amount: string }): Promise<MeCheckout> {
  if (!(await isMembershipOf(tx, ctx, memberId, input.membership))) throw notFound();
  const ref = { type: 'membership', id: input.membership };
  const sale = await saleSummary(tx, ctx, ref, { lock: true });
  if (!sale || !sale.open) throw fieldError('membership', 'This membership is cancelled: nothing is due.');
  if (paise(sale.due) <= 0) throw fieldError('membership', 'Nothing is due on this membership.');
  if (paise(input.amount) > paise(sale.due)) throw fieldError('amount', `At most ₹${sale.due} is due on this membership.`);
  const order = await createPaymentOrder(tx, ctx, {
    payee: 'organisation',
    purpose: MEMBER_DUE_PURPOSE,
    ref: { member: memberId, sale: ref },
    amount: input.amount,
    description: `Membership ${sale.label} · due`,
    payer: await payerOf(tx, ctx, memberId),
    returnPath: ME_PAY_RETURN,
  });
  return { order: order.id, checkout_url: order.checkout_url, amount: input.amount, expires_at: order.expires_at };
}

/** Opens an online payment of a renewal onto a plan (its price now); the renewal is made when it is paid. */
export async function payRenewal(tx: Tx, ctx: Ctx, memberId: number, planId: number): Promise<MeCheckout> {
  const renewal = await memberRenewal(tx, ctx, memberId);
  if (!renewal.membership) throw fieldError('plan', 'You have no membership to renew. Please visit the front desk.');
  if (renewal.renewed) throw fieldError('plan', 'Your membership has already been renewed.');
  const plan = renewal.plans.find((p) => p.id === planId);
  if (!plan) throw fieldError('plan', invalidPk(planId));
  if (paise(plan.price) <= 0) throw fieldError('plan', 'This plan cannot be paid online. Please visit the front desk.');
  const order = await createPaymentOrder(tx, ctx, {
    payee: 'organisation',
    purpose: MEMBER_RENEWAL_PURPOSE,
    ref: { member: memberId, membership: renewal.membership.id, plan: plan.id },
    amount: plan.price,
    description: `Renewal · ${plan.name} (${plan.duration})`,
    payer: await payerOf(tx, ctx, memberId),
    returnPath: ME_PAY_RETURN,
  });
  return { order: order.id, checkout_url: order.checkout_url, amount: plan.price, expires_at: order.expires_at };
}

/** Money the gateway took that was not recorded: an audit row and a notification, so the desk refunds it. */
async function refundNeeded(tx: Tx, ctx: Ctx, order: PaymentOrderFacts, excess: string, why: string): Promise<void> {
  const detail = `₹${excess} of payment ${order.gatewayPaymentId ?? order.id} (${order.description}) was not recorded: ${why} Refund it from the gateway's dashboard.`;
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'member_payment',
    objectId: null,
    label: order.description,
    action: 'action',
    after: { excess_payment: excess, payment: order.gatewayPaymentId, order: order.id, refund: 'needed' },
  });
  await notify(tx, ctx, {
    event: 'payment_received',
    title: `Refund ₹${excess}: paid in the member app`,
    body: detail,
    subject: { type: 'payment_order', id: null },
  });
}

/** Records at most the sale's due now (its row locked) of what an order took; the rest asks for a refund. */
async function receiveAtMostDue(tx: Tx, ctx: Ctx, order: PaymentOrderFacts, ref: { type: string; id: number }, notes: string) {
  const sale = await saleSummary(tx, ctx, ref, { lock: true });
  const took = paise(order.amount);
  const recorded = Math.min(took, sale ? paise(sale.due) : 0);
  if (recorded > 0)
    await receive(tx, ctx, ref, {
      amount: fromPaise(recorded),
      paymentMode: await onlinePaymentModeId(tx, ctx),
      reference: order.gatewayPaymentId ?? order.id,
      notes,
    });
  if (took > recorded) await refundNeeded(tx, ctx, order, fromPaise(took - recorded), 'it was beyond the due.');
}

/** Purpose `member_due`, once per paid order, in the settling transaction. */
async function onMemberDuePaid(tx: Tx, ctx: Ctx, order: PaymentOrderFacts): Promise<void> {
  const ref = order.ref as { sale?: { type: string; id: number } };
  if (!ref.sale) return;
  await receiveAtMostDue(tx, ctx, order, ref.sale, `Paid online in the member app (order ${order.id}).`);
}

/** Purpose `member_renewal`: the renewal by Membership's rules, then the money against it (at most its due). */
async function onMemberRenewalPaid(tx: Tx, ctx: Ctx, order: PaymentOrderFacts): Promise<void> {
  const ref = order.ref as { member: number; membership: number; plan: number };
  let renewed: number;
  try {
    // A savepoint: a renewal refused (already renewed, the plan withdrawn) leaves the order's transaction usable.
    renewed = await tx.transaction((sp) => renewForMember(sp, ctx, ref.member, ref.membership, ref.plan));
  } catch (err) {
    const why = err instanceof Error && 'body' in err ? JSON.stringify((err as { body: unknown }).body) : 'the renewal could not be made.';
    await refundNeeded(tx, ctx, order, order.amount, `the renewal was refused (${why}).`);
    return;
  }
  await receiveAtMostDue(tx, ctx, order, { type: 'membership', id: renewed }, `Renewal paid online in the member app (order ${order.id}).`);
}

export const memberPaymentPurposes: PaymentPurposeDefinition[] = [
  { name: MEMBER_DUE_PURPOSE, payee: 'organisation', onPaid: onMemberDuePaid },
  { name: MEMBER_RENEWAL_PURPOSE, payee: 'organisation', onPaid: onMemberRenewalPaid },
];

/** One of the member's own orders and the invoice it paid (404 for anyone else's). */
export async function memberOrder(tx: Tx, ctx: Ctx, memberId: number, phone: string, id: string): Promise<MeOrder> {
  const order = await paymentOrderOf(tx, ctx, id);
  if (!order) throw notFound();
  const ref = order.ref as { member?: number; membership?: number; sale?: { type: string; id: number }; booking?: number };
  let source: { type: string; id: number } | null = null;
  if (order.purpose === MEMBER_DUE_PURPOSE && ref.member === memberId && ref.sale) source = ref.sale;
  else if (order.purpose === MEMBER_RENEWAL_PURPOSE && ref.member === memberId && ref.membership) {
    const renewed = await renewalOf(tx, ctx, ref.membership);
    source = renewed ? { type: 'membership', id: renewed } : null;
  } else if (
    order.purpose === 'booking' &&
    typeof ref.booking === 'number' &&
    (await bookingIdsOfPhone(tx, ctx, phone)).includes(ref.booking)
  )
    source = { type: 'booking', id: ref.booking };
  else throw notFound();
  const invoice = source && order.status === 'paid' ? await invoiceOfSource(tx, ctx, source) : null;
  return {
    order: order.id,
    status: order.status,
    amount: order.amount,
    description: order.description,
    invoice: invoice ? { id: invoice.id, number: invoice.number } : null,
  };
}

/** The member's sales whose documents they see: memberships, services, bookings under their phone. */
export async function salesOfMember(tx: Tx, ctx: Ctx, memberId: number, phone: string): Promise<SalesOf[]> {
  return [...(await memberSales(tx, ctx, memberId)), { type: 'booking', ids: await bookingIdsOfPhone(tx, ctx, phone) }];
}

export async function memberInvoices(tx: Tx, ctx: Ctx, memberId: number, phone: string, page: { page: number; size: number }) {
  return invoicesOfSales(tx, ctx, await salesOfMember(tx, ctx, memberId, phone), {
    limit: page.size,
    offset: (page.page - 1) * page.size,
  });
}

export { payerOf };
