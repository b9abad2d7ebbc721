/**
 * Memberships and member services are sales: each is invoiced when it is created, takes payments
 * through the ledger (`receive`, never above its due), and on cancellation refunds through the
 * ledger with a credit note. Dues are `total − paid`, never typed in. Every write here locks the
 * row it changes (freezes, renewals, cancellations) so concurrent requests give the answer one
 * request would, and ends by moving the member's statuses (status.ts).
 */
import {
  discountError,
  fromPaise,
  membershipEndDate,
  moneyFromSql,
  membershipStatus,
  renewalStart,
  shiftDays,
  paise,
  type MembershipInput,
  type MemberServiceInput,
  type RenewInput,
  type SaleCancelInput,
  type SalePaymentInput,
} from '@arena/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import { idArray, queryRows, type Tx } from '../../platform/db/client.js';
import { ApiError, badRequest, fieldError, invalidPk, notFound, onUnique } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { displayDate } from '../../platform/time.js';
import { checkDiscountCap } from '../../platform/discount-cap.js';
import {
  buyerOf,
  cancelSaleInvoice,
  lastReceiptMode,
  numberSales,
  receive,
  refund,
  sell,
  type SaleItem,
  type SaleRef,
} from '../money/index.js';
import { checkActiveStaff } from '../staff/index.js';
import { MODULE } from './constants.js';
import { member, memberService, membership, plan, service, type MemberRow, type MembershipRow, type MemberServiceRow } from './schema.js';
import { reminderDays, refreshStatuses } from './status.js';

export const fullName = (m: Pick<MemberRow, 'firstName' | 'lastName'>) => `${m.firstName} ${m.lastName}`.trim();
const MAX_AHEAD_DAYS = 366;

/** The member a sale is for: locked (one sale decision at a time per member), active, of this organisation. */
async function lockMember(tx: Tx, ctx: Ctx, id: number, field = 'member'): Promise<MemberRow> {
  const [row] = await tx
    .select()
    .from(member)
    .where(and(eq(member.organisationId, ctx.organisationId), eq(member.id, id)))
    .for('update');
  if (!row) throw fieldError(field, invalidPk(id));
  if (!row.isActive) throw fieldError(field, `${fullName(row)} (${row.memberCode}) is inactive; activate the member first.`);
  return row;
}

/** The plan or service a sale is of: this organisation's, and on offer. */
async function activeOffer<T extends typeof plan | typeof service>(tx: Tx, ctx: Ctx, table: T, id: number, field: 'plan' | 'service') {
  const [row] = (await tx
    .select()
    .from(table as typeof plan)
    .where(and(eq(table.organisationId, ctx.organisationId), eq(table.id, id)))) as unknown as T['$inferSelect'][];
  if (!row) throw fieldError(field, invalidPk(id));
  if (!row.isActive) throw fieldError(field, `The ${field} "${row.name}" is not active.`);
  return row;
}

function checkStart(ctx: Ctx, start: string): void {
  if (start > shiftDays(ctx.now.today, MAX_AHEAD_DAYS)) throw fieldError('start_date', 'A start date can be at most a year ahead.');
}

function checkDiscount(ctx: Ctx, discount: string, price: string): void {
  const error = discountError(discount, price);
  if (error) throw fieldError('discount', error);
  // A user who only operates Membership Management gives at most the organisation's cap (issue 21).
  checkDiscountCap(ctx, MODULE, discount, price);
}

/** A sale's payment errors are reported under `payment.` (the field the client sent). */
async function asPaymentErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ApiError && err.statusCode === 400 && !('detail' in err.body))
      throw new ApiError(
        400,
        Object.fromEntries(Object.entries(err.body).map(([k, v]) => [k.startsWith('payment.') || k === 'member' ? k : `payment.${k}`, v])),
      );
    throw err;
  }
}

/**
 * The one path of a sale to a member, once its row is written: its audit row, the sale through
 * the money module (invoice, the first payment, numbered as the transaction's last write of
 * money), then the member's statuses.
 */
async function completeSale(
  tx: Tx,
  ctx: Ctx,
  sale: {
    type: 'membership' | 'member_service';
    row: { id: number; label: string };
    member: MemberRow;
    lines: SaleItem[];
    payment: SalePaymentInput | null;
    total: string;
    after: Record<string, unknown>;
  },
): Promise<number> {
  const { row, member: m, payment } = sale;
  if (payment && paise(payment.amount) > paise(sale.total))
    throw fieldError('payment.amount', `The payment cannot exceed the total (${sale.total}).`);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: sale.type,
    objectId: row.id,
    label: row.label,
    action: 'create',
    after: sale.after,
  });
  const pending = await asPaymentErrors(() =>
    sell(tx, ctx, {
      source: { type: sale.type, id: row.id, label: row.label },
      buyer: buyerOf({ name: fullName(m), phone: m.phone, email: m.email, address: m.address }, m),
      // A gym's services follow the general rule (IGST Act s.12(2)): a registered member's state is the place of supply.
      placeOfSupply: m.gstin && m.billingState ? m.billingState : undefined,
      buyerField: 'member',
      lines: sale.lines,
      payments: payment
        ? [
            {
              amount: payment.amount,
              paymentMode: payment.payment_mode,
              reference: payment.reference,
              date: payment.date,
              notes: payment.notes,
            },
          ]
        : [],
      centre: m.centreId,
    }),
  );
  await asPaymentErrors(() => numberSales(tx, ctx, [pending]));
  await refreshStatuses(tx, ctx, { members: [m.id] });
  return row.id;
}

const renewedOnce = onUnique({ membership_renewed_from_key: badRequest('This membership has already been renewed.') });

export interface SellMembership extends Omit<MembershipInput, 'member' | 'sold_by'> {
  member: number;
  /** The staff member the sale is credited to (commission): an active staff member. */
  sold_by?: number | null;
  renewedFrom?: MembershipRow;
}

/** Puts a member on a plan: the membership, its invoice, the first payment, the audit row. Returns its id. */
export async function sellMembership(tx: Tx, ctx: Ctx, input: SellMembership): Promise<number> {
  const m = await lockMember(tx, ctx, input.member);
  const p = await activeOffer(tx, ctx, plan, input.plan, 'plan');
  const start = input.start_date ?? ctx.now.today;
  checkStart(ctx, start);
  checkDiscount(ctx, input.discount, p.price);
  await checkActiveStaff(tx, ctx, 'sold_by', input.sold_by);
  const end = membershipEndDate(start, p.durationValue, p.durationUnit);
  // The joining fee is charged once: on a member's first membership that was not cancelled.
  const [earlier] = await tx
    .select({ id: membership.id })
    .from(membership)
    .where(and(eq(membership.organisationId, ctx.organisationId), eq(membership.memberId, m.id), isNull(membership.cancelledAt)))
    .limit(1);
  const joiningFee = earlier ? '0.00' : p.joiningFee;
  const total = fromPaise(paise(p.price) - paise(input.discount) + paise(joiningFee));
  const status = membershipStatus({ start, end, cancelled: false, freezes: [] }, ctx.now.today, await reminderDays(tx, ctx));
  const [row] = await tx
    .insert(membership)
    .values({
      organisationId: ctx.organisationId,
      memberId: m.id,
      planId: p.id,
      centreId: m.centreId,
      label: `${p.name} · ${m.memberCode}`,
      party: fullName(m),
      startDate: start,
      baseEndDate: end,
      endDate: end,
      price: p.price,
      discount: input.discount,
      joiningFee,
      total,
      status,
      sessionsTotal: p.sessions,
      sessionsLeft: p.sessions,
      renewedFromId: input.renewedFrom?.id ?? null,
      notes: input.notes,
      soldBy: input.sold_by ?? null,
      createdBy: ctx.actor.actorId,
    })
    .returning()
    .catch(renewedOnce);
  const period = `${displayDate(start)} – ${displayDate(end)}`;
  const lines: SaleItem[] = [
    { description: `${p.name} membership, ${period}`, sacCode: p.sacCode, unitPrice: p.price, discount: input.discount, rates: p.gstRates },
  ];
  if (paise(joiningFee) > 0)
    lines.push({ description: 'Joining fee', sacCode: p.sacCode, unitPrice: joiningFee, discount: '0', rates: p.gstRates });
  return completeSale(tx, ctx, {
    type: 'membership',
    row,
    member: m,
    lines,
    payment: input.payment,
    total,
    after: {
      member: m.memberCode,
      plan: p.name,
      start_date: start,
      end_date: end,
      total,
      discount: input.discount,
      renewed_from: input.renewedFrom?.id ?? null,
    },
  });
}

/** The membership, locked for a change. */
export async function lockMembership(tx: Tx, ctx: Ctx, id: number): Promise<MembershipRow> {
  const [row] = await tx
    .select()
    .from(membership)
    .where(and(eq(membership.organisationId, ctx.organisationId), eq(membership.id, id)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * A new membership after this one: the same plan unless another is chosen (an early upgrade
 * is a renewal onto the other plan from a date), starting the day after the old end, or today
 * when it has lapsed. A membership is renewed once.
 */
export async function renewMembership(
  tx: Tx,
  ctx: Ctx,
  id: number,
  input: Omit<RenewInput, 'sold_by'> & { sold_by?: number | null },
): Promise<number> {
  const old = await lockMembership(tx, ctx, id);
  if (old.cancelledAt) throw badRequest('A cancelled membership cannot be renewed.');
  const [renewal] = await tx
    .select({ id: membership.id })
    .from(membership)
    .where(and(eq(membership.organisationId, ctx.organisationId), eq(membership.renewedFromId, old.id), isNull(membership.cancelledAt)));
  if (renewal) throw badRequest('This membership has already been renewed.');
  return sellMembership(tx, ctx, {
    member: old.memberId,
    plan: input.plan ?? old.planId,
    start_date: input.start_date ?? renewalStart(old.endDate, ctx.now.today),
    discount: input.discount,
    payment: input.payment,
    notes: input.notes,
    sold_by: input.sold_by,
    renewedFrom: old,
  });
}

type SaleTable = typeof membership | typeof memberService;

/** Cancels a membership or member service: an optional refund (ledger + credit note), then its invoice is closed. */
async function cancelSale(
  tx: Tx,
  ctx: Ctx,
  ref: SaleRef,
  table: SaleTable,
  row: MembershipRow | MemberServiceRow,
  input: SaleCancelInput,
): Promise<void> {
  const noun = ref.type === 'membership' ? 'membership' : 'service';
  if (row.cancelledAt) throw badRequest(`This ${noun} is already cancelled.`);
  if (input.refund_amount) {
    const mode = input.payment_mode ?? (await lastReceiptMode(tx, ctx, ref));
    if (!mode) throw fieldError('payment_mode', 'Choose how the refund is paid.');
    await refund(tx, ctx, ref, {
      amount: input.refund_amount,
      paymentMode: mode,
      reference: input.reference,
      reason: input.reason,
      creditNote: true,
      taxAdjustment: input.tax_adjustment,
    });
  }
  await tx
    .update(table)
    .set({ cancelledAt: sql`now()`, cancelReason: input.reason, status: 'cancelled', updatedAt: sql`now()` })
    .where(and(eq(table.organisationId, ctx.organisationId), eq(table.id, row.id)));
  // The money kept pays for the days used: the credit note gives back the rest of the invoice.
  await cancelSaleInvoice(tx, ctx, ref, input.reason, { keptStands: true, taxAdjustment: input.tax_adjustment });
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: ref.type,
    objectId: row.id,
    label: row.label,
    action: 'update',
    before: { status: row.status, paid: row.paid },
    after: { status: 'cancelled', reason: input.reason, refund: input.refund_amount ?? null },
  });
  await refreshStatuses(tx, ctx, { members: [row.memberId] });
}

export async function cancelMembership(tx: Tx, ctx: Ctx, id: number, input: SaleCancelInput): Promise<void> {
  const row = await lockMembership(tx, ctx, id);
  await cancelSale(tx, ctx, { type: 'membership', id }, membership, row, input);
}

// ---- member services ----

/** Sells a service to a member (personal training, a locker …): its own dates, invoice and dues. */
export async function sellService(tx: Tx, ctx: Ctx, input: MemberServiceInput): Promise<number> {
  const m = await lockMember(tx, ctx, input.member);
  const s = await activeOffer(tx, ctx, service, input.service, 'service');
  // Who gives the service: an active staff member of the organisation, or none.
  await checkActiveStaff(tx, ctx, 'staff', input.staff);
  const start = input.start_date ?? ctx.now.today;
  checkStart(ctx, start);
  checkDiscount(ctx, input.discount, s.price);
  const end = shiftDays(start, s.durationDays - 1);
  const total = fromPaise(paise(s.price) - paise(input.discount));
  const status = membershipStatus({ start, end, cancelled: false, freezes: [] }, ctx.now.today, await reminderDays(tx, ctx));
  const [row] = await tx
    .insert(memberService)
    .values({
      organisationId: ctx.organisationId,
      memberId: m.id,
      serviceId: s.id,
      centreId: m.centreId,
      staffId: input.staff,
      label: `${s.name} · ${m.memberCode}`,
      party: fullName(m),
      startDate: start,
      endDate: end,
      price: s.price,
      discount: input.discount,
      total,
      status,
      sessionsTotal: s.sessions,
      sessionsLeft: s.sessions,
      notes: input.notes,
      createdBy: ctx.actor.actorId,
    })
    .returning();
  return completeSale(tx, ctx, {
    type: 'member_service',
    row,
    member: m,
    lines: [
      {
        description: `${s.name}, ${displayDate(start)} – ${displayDate(end)}`,
        sacCode: s.sacCode,
        unitPrice: s.price,
        discount: input.discount,
        rates: s.gstRates,
      },
    ],
    payment: input.payment,
    total,
    after: { member: m.memberCode, service: s.name, start_date: start, end_date: end, total },
  });
}

export async function cancelMemberService(tx: Tx, ctx: Ctx, id: number, input: SaleCancelInput): Promise<void> {
  const [row] = await tx
    .select()
    .from(memberService)
    .where(and(eq(memberService.organisationId, ctx.organisationId), eq(memberService.id, id)))
    .for('update');
  if (!row) throw notFound();
  await cancelSale(tx, ctx, { type: 'member_service', id }, memberService, row, input);
}

/** A payment against a membership or a member service (`payment-history/`): partial allowed, never above the due. */
export async function collectPayment(
  tx: Tx,
  ctx: Ctx,
  input: SalePaymentInput & { membership?: number; member_service?: number },
): Promise<number> {
  const ref: SaleRef = input.membership
    ? { type: 'membership', id: input.membership }
    : { type: 'member_service', id: input.member_service! };
  const table = ref.type === 'membership' ? membership : memberService;
  const field = ref.type === 'membership' ? 'membership' : 'member_service';
  const [row] = await tx
    .select({ id: table.id, memberId: table.memberId })
    .from(table)
    .where(and(eq(table.organisationId, ctx.organisationId), eq(table.id, ref.id)));
  if (!row) throw fieldError(field, invalidPk(ref.id));
  const { entry } = await receive(tx, ctx, ref, {
    amount: input.amount,
    paymentMode: input.payment_mode,
    reference: input.reference,
    date: input.date,
    notes: input.notes,
  });
  await refreshStatuses(tx, ctx, { members: [row.memberId] });
  return entry.id;
}

/** Sum of the dues of each member's sales that are not cancelled. */
export async function memberDues(tx: Tx, ctx: Ctx, memberIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!memberIds.length) return out;
  const ids = idArray(memberIds);
  const rows = await queryRows<{ member_id: string | number; due: string }>(
    tx,
    sql`select member_id, sum(total - paid)::text as due from (
          select member_id, total, paid from membership where organisation_id = ${ctx.organisationId} and member_id = any(${ids}) and cancelled_at is null
          union all
          select member_id, total, paid from member_service where organisation_id = ${ctx.organisationId} and member_id = any(${ids}) and cancelled_at is null
        ) s group by member_id`,
  );
  for (const r of rows) out.set(Number(r.member_id), moneyFromSql(r.due));
  return out;
}
