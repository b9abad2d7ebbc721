/**
 * Payment links for dues (issue 23 §1): the desk makes a link for a sale that still owes (a
 * membership, a member service, a booking …); the payer opens `/pay/<token>` on the organisation's
 * host, presses Pay, and pays the sale's due AT THAT MOMENT through the gateway (purpose `due`).
 * The signed callback records the receipt through the money module's `receive`, under the online
 * payment mode with the gateway's payment id as reference, so the invoice is settled.
 *
 * Overpayment is impossible: `onPaid` locks the sale and records at most its due then. Money the
 * gateway took beyond it (the desk collected meanwhile, a second tab paid too) is not recorded: a
 * `payment_event` `excess_payment` says to refund it from the gateway's dashboard, with an audit row.
 */
import { randomBytes } from 'node:crypto';
import { fromPaise, toPaise, type ModuleName } from '@arena/contracts';
import type { PaymentLink, PaymentLinkValues, PublicPaymentLink } from '@arena/contracts/payments';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import { organisationOrigin } from '../../platform/config.js';
import type { Tx } from '../../platform/db/client.js';
import { badRequest, fieldError, invalidPk, notFound, permissionDenied } from '../../platform/errors.js';
import type { PaymentOrderFacts } from '../../platform/module.js';
import type { Ctx } from '../../platform/request-context.js';
import { hashSecret } from '../../platform/tokens.js';
import { receive, saleSummary, type SaleSummary } from '../money/index.js';
import { notify } from '../notifications/index.js';
import { MODULE } from './constants.js';
import { cancelPaymentOrder, createPaymentOrder, logPaymentEvent, onlinePaymentModeId, paymentOrderOf } from './order.service.js';
import { paymentLink } from './schema.js';

type Row = typeof paymentLink.$inferSelect;

export const DUE_PURPOSE = 'due';
/** Where the checkout sends the payer back; the page finds its link again from the browser's session. */
export const PAY_RETURN_PATH = '/pay/return';

const statusOf = (row: Row, now = new Date()): PaymentLink['status'] =>
  row.status === 'open' && row.expiresAt <= now ? 'expired' : row.status;

const label = (noun: string, saleLabel: string) => `${noun.charAt(0).toUpperCase()}${noun.slice(1)} ${saleLabel}`.trim();

export function linkJson(row: Row, url?: string): PaymentLink {
  return {
    id: row.id,
    sale_type: row.saleType,
    sale_id: row.saleId,
    sale_label: row.saleLabel,
    buyer_name: row.buyerName,
    buyer_phone: row.buyerPhone,
    buyer_email: row.buyerEmail,
    amount: row.amount,
    status: statusOf(row),
    expires_at: row.expiresAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    paid_amount: row.paidAmount,
    created_at: row.createdAt.toISOString(),
    ...(url ? { url } : {}),
  };
}

const positive = (amount: string) => (toPaise(amount) ?? 0) > 0;

/** Makes a link for a sale with a due; the answer carries the page's URL (its token is never stored). */
export async function createPaymentLink(
  tx: Tx,
  ctx: Ctx,
  input: PaymentLinkValues,
  /** Whether the user works in a module at the desk's level (operate): the sale's module or the Administrator's is needed. */
  may: (module: ModuleName) => boolean = () => true,
): Promise<PaymentLink> {
  const ref = { type: input.sale_type, id: input.sale_id };
  const sale = await saleSummary(tx, ctx, ref);
  if (!sale) throw fieldError('sale_id', invalidPk(input.sale_id));
  if (!may(MODULE) && !may(sale.module)) throw permissionDenied(`You do not have access to ${sale.module}.`);
  if (!sale.open) throw fieldError('sale_id', `This ${sale.noun} is cancelled: it takes no payments.`);
  if (!positive(sale.due)) throw fieldError('sale_id', `Nothing is due on ${sale.noun} ${sale.label}: it is paid in full.`);
  const token = randomBytes(24).toString('base64url');
  const days = input.expires_in_days ?? 7;
  const [row] = await tx
    .insert(paymentLink)
    .values({
      organisationId: ctx.organisationId,
      tokenHash: hashSecret(token),
      saleType: ref.type,
      saleId: ref.id,
      saleLabel: label(sale.noun, sale.label),
      buyerName: sale.buyer.name.slice(0, 200),
      buyerPhone: sale.buyer.phone.slice(0, 20),
      buyerEmail: sale.buyer.email.slice(0, 254),
      amount: sale.due,
      expiresAt: new Date(Date.now() + days * 24 * 3600_000),
      createdBy: ctx.actor.actorId,
    })
    .returning();
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'payment_link',
    objectId: row.id,
    label: row.saleLabel,
    action: 'create',
    after: { sale: row.saleLabel, buyer: row.buyerName, amount: row.amount, expires_at: row.expiresAt.toISOString() },
  });
  return linkJson(row, `${organisationOrigin(ctx.config, ctx.organisation.subdomain)}/pay/${token}`);
}

/** The kinds of sale whose links a user sees: null for all (the Administrator's), else those of their modules. */
export type SaleTypes = readonly string[] | null;
const ofTypes = (types: SaleTypes) => (types === null ? undefined : types.length ? inArray(paymentLink.saleType, [...types]) : sql`false`);

export async function listPaymentLinks(
  tx: Tx,
  ctx: Ctx,
  q: { sale_type?: string; sale_id?: number; status?: PaymentLink['status'] },
  types: SaleTypes = null,
): Promise<PaymentLink[]> {
  const now = sql`now()`;
  const rows = await tx
    .select()
    .from(paymentLink)
    .where(
      and(
        eq(paymentLink.organisationId, ctx.organisationId),
        ofTypes(types),
        q.sale_type ? eq(paymentLink.saleType, q.sale_type) : undefined,
        q.sale_id ? eq(paymentLink.saleId, q.sale_id) : undefined,
        q.status === 'expired'
          ? sql`${paymentLink.status} = 'open' and ${paymentLink.expiresAt} <= ${now}`
          : q.status === 'open'
            ? sql`${paymentLink.status} = 'open' and ${paymentLink.expiresAt} > ${now}`
            : q.status
              ? eq(paymentLink.status, q.status)
              : undefined,
      ),
    )
    .orderBy(desc(paymentLink.createdAt), desc(paymentLink.id))
    .limit(200);
  return rows.map((r) => linkJson(r));
}

async function load(tx: Tx, ctx: Ctx, id: number, lock = false, types: SaleTypes = null): Promise<Row> {
  const q = tx
    .select()
    .from(paymentLink)
    .where(and(eq(paymentLink.organisationId, ctx.organisationId), eq(paymentLink.id, id), ofTypes(types)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

export const getPaymentLink = async (tx: Tx, ctx: Ctx, id: number, types: SaleTypes = null) =>
  linkJson(await load(tx, ctx, id, false, types));

/** Cancels an open link (a payment already started on it is cancelled too); a paid link cannot be. */
export async function cancelPaymentLink(tx: Tx, ctx: Ctx, id: number, types: SaleTypes = null): Promise<PaymentLink> {
  const row = await load(tx, ctx, id, true, types);
  if (row.status === 'paid') throw badRequest('This payment link is already paid.');
  if (row.status === 'cancelled') return linkJson(row);
  if (row.orderId) await cancelPaymentOrder(tx, ctx, row.orderId);
  const [after] = await tx
    .update(paymentLink)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(and(eq(paymentLink.organisationId, ctx.organisationId), eq(paymentLink.id, id)))
    .returning();
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'payment_link',
    objectId: id,
    label: row.saleLabel,
    action: 'update',
    before: { status: row.status },
    after: { status: 'cancelled' },
  });
  return linkJson(after);
}

/**
 * The mail of a link to its payer: the token proves the sender holds the link (it is stored only
 * as its hash). Only an open link is sent; the amount said is the due now.
 */
export async function paymentLinkMail(
  tx: Tx,
  ctx: Ctx,
  id: number,
  input: { to: string; token: string },
  types: SaleTypes = null,
): Promise<{ to: string; subject: string; text: string }> {
  const row = await load(tx, ctx, id, false, types);
  const status = statusOf(row);
  if (status !== 'open') throw badRequest(`This payment link is ${status}: make a new one.`);
  if (hashSecret(input.token) !== row.tokenHash) throw fieldError('token', 'This is not the token of this payment link.');
  const sale = await saleSummary(tx, ctx, { type: row.saleType, id: row.saleId });
  const due = sale?.due ?? row.amount;
  if (!positive(due)) throw badRequest(`Nothing is due on ${row.saleLabel} any more.`);
  const url = `${organisationOrigin(ctx.config, ctx.organisation.subdomain)}/pay/${input.token}`;
  const org = ctx.organisation.displayName;
  const first = row.buyerName.trim().split(/\s+/)[0] || 'there';
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'payment_link',
    objectId: row.id,
    label: row.saleLabel,
    action: 'action',
    after: { emailed_to: input.to, due },
  });
  return {
    to: input.to,
    subject: `Payment of ₹${due} due — ${org}`,
    text: [
      `Hello ${first},`,
      '',
      `₹${due} is due on your account with ${org} (${row.saleLabel}).`,
      `You can pay it online here: ${url}`,
      '',
      `The link is valid until ${row.expiresAt.toISOString().slice(0, 10)}. If you have already paid, please ignore this mail.`,
      '',
      `Thank you,`,
      org,
    ].join('\n'),
  };
}

/** The link a token names in this organisation, or a 404 (another organisation's token is unknown here). */
async function byToken(tx: Tx, ctx: Ctx, token: string, lock = false): Promise<Row> {
  const q = tx
    .select()
    .from(paymentLink)
    .where(and(eq(paymentLink.organisationId, ctx.organisationId), eq(paymentLink.tokenHash, hashSecret(token))));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('This payment link does not exist.');
  return row;
}

function publicJson(ctx: Ctx, row: Row, sale: SaleSummary | null): PublicPaymentLink {
  const status = statusOf(row);
  return {
    status,
    payee_name: ctx.organisation.displayName,
    buyer_name: row.buyerName,
    noun: sale ? label(sale.noun, '') : '',
    sale_label: row.saleLabel,
    invoice_numbers: sale?.invoices.map((i) => i.number) ?? [],
    lines: sale?.lines ?? [],
    total: sale?.total ?? row.amount,
    paid: sale?.paid ?? '0.00',
    due: status === 'open' && sale ? sale.due : '0.00',
    expires_at: row.expiresAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    paid_amount: row.paidAmount,
  };
}

/** What the public page shows: the sale's lines and its due now. */
export async function showPaymentLink(tx: Tx, ctx: Ctx, token: string): Promise<PublicPaymentLink> {
  const row = await byToken(tx, ctx, token);
  return publicJson(ctx, row, await saleSummary(tx, ctx, { type: row.saleType, id: row.saleId }));
}

/**
 * Pay: a payment order for the sale's due now (never the browser's amount, nor the link's). An open
 * order of the link for that same amount is handed back again; one for another amount is cancelled.
 */
export async function payPaymentLink(tx: Tx, ctx: Ctx, token: string): Promise<{ checkout_url: string; amount: string }> {
  const row = await byToken(tx, ctx, token, true);
  const status = statusOf(row);
  if (status === 'paid') throw badRequest('This payment link is already paid.');
  if (status === 'cancelled') throw badRequest('This payment link was cancelled. Ask for a new one.');
  if (status === 'expired') throw badRequest('This payment link has expired. Ask for a new one.');
  const sale = await saleSummary(tx, ctx, { type: row.saleType, id: row.saleId });
  if (!sale || !sale.open) throw badRequest('This sale was cancelled: nothing is due.');
  if (!positive(sale.due)) throw badRequest('Nothing is due: this has already been paid in full.');
  const origin = organisationOrigin(ctx.config, ctx.organisation.subdomain);
  if (row.orderId) {
    const open = await paymentOrderOf(tx, ctx, row.orderId);
    if (open?.status === 'created' && open.amount === sale.due && new Date(open.expiresAt).getTime() > Date.now() + 2 * 60_000)
      return { checkout_url: `${origin}/checkout/${open.id}`, amount: open.amount };
    if (open?.status === 'created') await cancelPaymentOrder(tx, ctx, open.id);
  }
  const order = await createPaymentOrder(tx, ctx, {
    payee: 'organisation',
    purpose: DUE_PURPOSE,
    ref: { link: row.id, sale: { type: row.saleType, id: row.saleId } },
    amount: sale.due,
    description: `${row.saleLabel} · due`.slice(0, 200),
    payer: { name: row.buyerName, email: row.buyerEmail, phone: row.buyerPhone },
    returnPath: PAY_RETURN_PATH,
  });
  await tx
    .update(paymentLink)
    .set({ orderId: order.id, updatedAt: new Date() })
    .where(and(eq(paymentLink.organisationId, ctx.organisationId), eq(paymentLink.id, row.id)));
  return { checkout_url: order.checkout_url, amount: sale.due };
}

/**
 * Purpose `due`, once per paid order in the settling transaction: records at most the sale's due
 * now (the sale's row locked) through `receive`, under the online payment mode with the gateway's
 * payment id as reference; marks the link paid. What the gateway took beyond the due is logged for
 * a refund (payment_event `excess_payment`, and an audit row), never recorded as paid.
 */
export async function onDuePaid(tx: Tx, ctx: Ctx, order: PaymentOrderFacts): Promise<void> {
  const ref = order.ref as { link?: number; sale?: { type: string; id: number } };
  if (!ref.sale) return;
  const sale = await saleSummary(tx, ctx, ref.sale, { lock: true });
  const took = toPaise(order.amount) ?? 0;
  const due = sale ? (toPaise(sale.due) ?? 0) : 0;
  const recorded = Math.min(took, due);
  if (recorded > 0)
    await receive(tx, ctx, ref.sale, {
      amount: fromPaise(recorded),
      paymentMode: await onlinePaymentModeId(tx, ctx),
      reference: order.gatewayPaymentId ?? order.id,
      notes: `Paid online through a payment link (order ${order.id}).`,
    });
  if (took > recorded) {
    const excess = fromPaise(took - recorded);
    const detail = `₹${excess} of payment ${order.gatewayPaymentId} was beyond the due of ${sale ? `${sale.noun} ${sale.label}` : 'the sale'} and was not recorded: refund it from the gateway's dashboard.`;
    await logPaymentEvent(tx, {
      orderId: order.id,
      organisationId: ctx.organisationId,
      source: 'payment_link',
      outcome: 'excess_payment',
      paymentId: order.gatewayPaymentId ?? '',
      detail,
    });
    await record(tx, ctx.actor, {
      module: MODULE,
      resource: 'payment_link',
      objectId: ref.link ?? null,
      label: sale ? `${sale.noun} ${sale.label}` : order.description,
      action: 'action',
      after: { excess_payment: excess, payment: order.gatewayPaymentId, refund: 'needed' },
    });
    // Somebody must refund it: the people told of payments (the owner by default) are told of this one.
    await notify(tx, ctx, {
      event: 'payment_received',
      title: `Refund ₹${excess}: paid online beyond the due`,
      body: detail,
      module: sale?.module,
      subject: { type: 'payment_link', id: ref.link ?? null },
    });
  }
  if (ref.link) {
    const [link] = await tx
      .update(paymentLink)
      .set({ status: 'paid', paidAt: new Date(), paidAmount: order.amount, orderId: order.id, updatedAt: new Date() })
      .where(and(eq(paymentLink.organisationId, ctx.organisationId), eq(paymentLink.id, ref.link), sql`${paymentLink.status} <> 'paid'`))
      .returning();
    if (link)
      await record(tx, ctx.actor, {
        module: MODULE,
        resource: 'payment_link',
        objectId: link.id,
        label: link.saleLabel,
        action: 'update',
        before: { status: 'open' },
        after: { status: 'paid', paid_amount: order.amount, recorded: fromPaise(recorded), payment: order.gatewayPaymentId },
      });
  }
}
