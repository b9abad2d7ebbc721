/**
 * End User Login's reads and one write of a member's memberships (issue 27): what the member owes
 * on each membership, whether a membership is theirs, their sales (for their invoices), and the
 * renewal they may buy — made by `renewMembership`, the desk's own rules (starts after the period).
 */
import { fromPaise, renewalStart, toPaise } from '@arena/contracts';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';
import { renewMembership } from './sales.service.js';
import { member, memberService, membership, plan } from './schema.js';

export interface MemberDue {
  membership: number;
  type: 'membership';
  label: string;
  plan_name: string;
  start_date: string;
  end_date: string;
  total: string;
  paid: string;
  due: string;
}

/** The member's memberships that still owe something (not cancelled), oldest first. */
export async function memberMembershipDues(tx: Tx, ctx: Ctx, memberId: number): Promise<MemberDue[]> {
  const rows = await tx
    .select({
      id: membership.id,
      label: membership.label,
      planName: plan.name,
      startDate: membership.startDate,
      endDate: membership.endDate,
      total: membership.total,
      paid: membership.paid,
    })
    .from(membership)
    .innerJoin(plan, and(eq(plan.organisationId, membership.organisationId), eq(plan.id, membership.planId)))
    .where(
      and(
        eq(membership.organisationId, ctx.organisationId),
        eq(membership.memberId, memberId),
        isNull(membership.cancelledAt),
        sql`${membership.total} > ${membership.paid}`,
      ),
    )
    .orderBy(asc(membership.startDate), asc(membership.id))
    .limit(100);
  return rows.map((r) => ({
    membership: r.id,
    type: 'membership',
    label: r.label,
    plan_name: r.planName,
    start_date: r.startDate,
    end_date: r.endDate,
    total: r.total,
    paid: r.paid,
    due: fromPaise(Math.max(0, (toPaise(r.total) ?? 0) - (toPaise(r.paid) ?? 0))),
  }));
}

/** Whether a membership is the member's own (in this organisation). */
export async function isMembershipOf(tx: Tx, ctx: Ctx, memberId: number, membershipId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: membership.id })
    .from(membership)
    .where(and(eq(membership.organisationId, ctx.organisationId), eq(membership.id, membershipId), eq(membership.memberId, memberId)));
  return !!row;
}

/** The member's sales (memberships and member services) by kind, for their invoices. */
export async function memberSales(tx: Tx, ctx: Ctx, memberId: number): Promise<{ type: string; ids: number[] }[]> {
  const own = (t: typeof membership | typeof memberService) =>
    tx
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.organisationId, ctx.organisationId), eq(t.memberId, memberId)));
  return [
    { type: 'membership', ids: (await own(membership)).map((r) => r.id) },
    { type: 'member_service', ids: (await own(memberService)).map((r) => r.id) },
  ];
}

export interface MemberRenewal {
  membership: { id: number; plan_name: string; end_date: string } | null;
  start_date: string | null;
  renewed: boolean;
  plans: { id: number; name: string; price: string; duration: string; current: boolean }[];
}

const duration = (value: number, unit: 'day' | 'month') => `${value} ${unit}${value === 1 ? '' : 's'}`;

/** The member's latest membership that was not cancelled (the one a renewal follows). */
async function latestMembership(tx: Tx, ctx: Ctx, memberId: number) {
  const [row] = await tx
    .select({ id: membership.id, planId: membership.planId, endDate: membership.endDate, planName: plan.name })
    .from(membership)
    .innerJoin(plan, and(eq(plan.organisationId, membership.organisationId), eq(plan.id, membership.planId)))
    .where(and(eq(membership.organisationId, ctx.organisationId), eq(membership.memberId, memberId), isNull(membership.cancelledAt)))
    .orderBy(desc(membership.endDate), desc(membership.id))
    .limit(1);
  return row ?? null;
}

/** What the member may renew to: the active plans with prices, the running plan first; the day the renewal would start. */
export async function memberRenewal(tx: Tx, ctx: Ctx, memberId: number): Promise<MemberRenewal> {
  const current = await latestMembership(tx, ctx, memberId);
  const [renewal] = current
    ? await tx
        .select({ id: membership.id })
        .from(membership)
        .where(
          and(eq(membership.organisationId, ctx.organisationId), eq(membership.renewedFromId, current.id), isNull(membership.cancelledAt)),
        )
    : [];
  const plans = await tx
    .select()
    .from(plan)
    .where(and(eq(plan.organisationId, ctx.organisationId), eq(plan.isActive, true)))
    .orderBy(asc(plan.name))
    .limit(200);
  const list = plans
    .map((p) => ({
      id: p.id,
      name: p.name,
      price: p.price,
      duration: duration(p.durationValue, p.durationUnit),
      current: p.id === current?.planId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
  return {
    membership: current ? { id: current.id, plan_name: current.planName, end_date: current.endDate } : null,
    start_date: current ? renewalStart(current.endDate, ctx.now.today) : null,
    renewed: !!renewal,
    plans: list,
  };
}

/** The member's name, phone and e-mail (a payment order's payer). */
export async function memberPayer(tx: Tx, ctx: Ctx, memberId: number): Promise<{ name: string; phone: string; email: string } | null> {
  const [row] = await tx
    .select({ first: member.firstName, last: member.lastName, phone: member.phone, email: member.email })
    .from(member)
    .where(and(eq(member.organisationId, ctx.organisationId), eq(member.id, memberId)));
  return row ? { name: `${row.first} ${row.last}`.trim(), phone: row.phone, email: row.email } : null;
}

/**
 * Renews the member's membership onto a plan as the desk does (`renewMembership`: starts the day
 * after the current period, once), with no payment: the caller records the money it took.
 * Answers the new membership's id.
 */
export async function renewForMember(tx: Tx, ctx: Ctx, memberId: number, membershipId: number, planId: number): Promise<number> {
  return renewMembership(tx, ctx, membershipId, {
    plan: planId,
    discount: '0.00',
    payment: null,
    notes: `Renewed in the member app (member ${memberId}).`,
  });
}

/** The renewal made from a membership (not cancelled), or null. */
export async function renewalOf(tx: Tx, ctx: Ctx, membershipId: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: membership.id })
    .from(membership)
    .where(
      and(eq(membership.organisationId, ctx.organisationId), eq(membership.renewedFromId, membershipId), isNull(membership.cancelledAt)),
    );
  return row?.id ?? null;
}
