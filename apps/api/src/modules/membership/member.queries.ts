/** Reading members, memberships and member services as API JSON, a page at a time (one query per kind of related row). */
import { uploadUrl } from '../../platform/uploads.js';
import { freezeYear, fromPaise, toPaise, type Member, type Membership, type MemberService, type MembershipStatus } from '@arena/contracts';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { inIds, type Tx } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { centre } from '../administrator/index.js';
import { invoicesOf } from '../money/index.js';
import { optOutsOf } from '../messaging/index.js';
import { staffNames } from '../staff/index.js';
import { batch, batchMember, member, memberService, membership, membershipFreeze, plan, service, type MemberRow } from './schema.js';
import { fullName, memberDues } from './sales.service.js';

const iso = (d: Date | string | null) => (d === null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString());
/** What is still owed on a sale: nothing once it is cancelled (what was kept stays paid). */
const due = (total: string, paid: string, cancelled: Date | null) =>
  cancelled ? '0.00' : fromPaise((toPaise(total) ?? 0) - (toPaise(paid) ?? 0));

/** A member's photo as a URL on its organisation's host. */
/** A member's photo's address. */
export const photoUrl = uploadUrl;

export async function membersJson(tx: Tx, ctx: Ctx, rows: MemberRow[]): Promise<Member[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const currentIds = rows.map((r) => r.currentMembershipId).filter((v): v is number => v !== null);
  const withoutCurrent = rows.filter((r) => r.currentMembershipId === null).map((r) => r.id);
  const centreIds = [...new Set(rows.map((r) => r.centreId))];
  const [centres, currents, lasts, dues, batches, optOuts] = await Promise.all([
    tx
      .select({ id: centre.id, name: centre.name })
      .from(centre)
      .where(and(eq(centre.organisationId, ctx.organisationId), inIds(centre.id, centreIds))),
    currentIds.length
      ? tx
          .select({ m: membership, planName: plan.name })
          .from(membership)
          .innerJoin(plan, eq(plan.id, membership.planId))
          .where(and(eq(membership.organisationId, ctx.organisationId), inIds(membership.id, currentIds)))
      : Promise.resolve([]),
    // The members with no running membership: each one's latest by end date, not cancelled (one query for the page).
    withoutCurrent.length
      ? tx
          .selectDistinctOn([membership.memberId], {
            memberId: membership.memberId,
            id: membership.id,
            plan: membership.planId,
            planName: plan.name,
            endDate: membership.endDate,
            status: membership.status,
          })
          .from(membership)
          .innerJoin(plan, eq(plan.id, membership.planId))
          .where(
            and(
              eq(membership.organisationId, ctx.organisationId),
              inIds(membership.memberId, withoutCurrent),
              isNull(membership.cancelledAt),
            ),
          )
          .orderBy(membership.memberId, desc(membership.endDate), desc(membership.id))
      : Promise.resolve([]),
    memberDues(tx, ctx, ids),
    tx
      .select({ memberId: batchMember.memberId, id: batch.id, name: batch.name })
      .from(batchMember)
      .innerJoin(batch, eq(batch.id, batchMember.batchId))
      .where(and(eq(batchMember.organisationId, ctx.organisationId), inIds(batchMember.memberId, ids), isNull(batchMember.freedOn)))
      .orderBy(asc(batch.name)),
    optOutsOf(tx, ctx, rows),
  ]);
  const centreName = new Map(centres.map((c) => [c.id, c.name]));
  const trainers = await staffNames(
    tx,
    ctx,
    rows.map((r) => r.trainerId),
  );
  const current = new Map(currents.map((c) => [c.m.id, c]));
  const last = new Map(lasts.map((l) => [l.memberId, l]));
  return rows.map((r, i) => {
    const cur = r.currentMembershipId === null ? undefined : current.get(r.currentMembershipId);
    const previous = r.currentMembershipId === null ? last.get(r.id) : undefined;
    return {
      id: r.id,
      member_code: r.memberCode,
      first_name: r.firstName,
      last_name: r.lastName,
      full_name: fullName(r),
      gender: r.gender,
      date_of_birth: r.dateOfBirth,
      phone: r.phone,
      email: r.email,
      address: r.address,
      centre: r.centreId,
      centre_name: centreName.get(r.centreId) ?? '',
      photo: photoUrl(r.photo),
      emergency_contact_name: r.emergencyContactName,
      emergency_contact_phone: r.emergencyContactPhone,
      blood_group: r.bloodGroup,
      health_notes: r.healthNotes,
      source: r.source,
      joined_on: r.joinedOn,
      trainer: r.trainerId,
      trainer_name: r.trainerId === null ? '' : (trainers.get(r.trainerId) ?? ''),
      notes: r.notes,
      is_active: r.isActive,
      gstin: r.gstin,
      billing_name: r.billingName,
      billing_address: r.billingAddress,
      billing_state: r.billingState,
      message_opt_out: optOuts[i],
      status: r.status,
      current_membership: cur
        ? {
            id: cur.m.id,
            plan: cur.m.planId,
            plan_name: cur.planName,
            start_date: cur.m.startDate,
            end_date: cur.m.endDate,
            status: cur.m.status as MembershipStatus,
            sessions_left: cur.m.sessionsLeft,
          }
        : null,
      last_membership: previous
        ? {
            id: previous.id,
            plan: previous.plan,
            plan_name: previous.planName,
            end_date: previous.endDate,
            status: previous.status as MembershipStatus,
          }
        : null,
      due: dues.get(r.id) ?? '0.00',
      batches: batches.filter((b) => b.memberId === r.id).map((b) => ({ id: b.id, name: b.name })),
      created_at: iso(r.createdAt)!,
      updated_at: iso(r.updatedAt)!,
    };
  });
}

export async function loadMember(tx: Tx, ctx: Ctx, id: number): Promise<MemberRow> {
  const [row] = await tx
    .select()
    .from(member)
    .where(and(eq(member.organisationId, ctx.organisationId), eq(member.id, id)));
  if (!row) throw notFound();
  return row;
}

export async function loadMemberJson(tx: Tx, ctx: Ctx, id: number): Promise<Member> {
  return (await membersJson(tx, ctx, [await loadMember(tx, ctx, id)]))[0];
}

/** The plan's limits on freezes, beside each membership (the freeze dialog shows them and what is left). */
const planFreezeLimits = {
  maxTimes: plan.freezeMaxTimes,
  maxDays: plan.freezeMaxDays,
  maxFreezesPerYear: plan.maxFreezesPerYear,
  maxFreezeDaysPerYear: plan.maxFreezeDaysPerYear,
  minFreezeDays: plan.minFreezeDays,
};
type PlanFreezeLimits = {
  maxTimes: number;
  maxDays: number;
  maxFreezesPerYear: number | null;
  maxFreezeDaysPerYear: number | null;
  minFreezeDays: number;
};

export const membershipFields = { m: membership, planName: plan.name, memberCode: member.memberCode, limits: planFreezeLimits };
export type MembershipSelectRow = { m: typeof membership.$inferSelect; planName: string; memberCode: string; limits: PlanFreezeLimits };

export const membershipFrom = (tx: Tx, fields: Record<string, unknown>) =>
  tx
    .select(fields as typeof membershipFields)
    .from(membership)
    .innerJoin(plan, eq(plan.id, membership.planId))
    .innerJoin(member, eq(member.id, membership.memberId))
    .$dynamic();

export async function membershipsJson(tx: Tx, ctx: Ctx, rows: MembershipSelectRow[]): Promise<Membership[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.m.id);
  const [invoices, freezes, renewals] = await Promise.all([
    invoicesOf(tx, ctx, 'membership', ids),
    tx
      .select()
      .from(membershipFreeze)
      .where(and(eq(membershipFreeze.organisationId, ctx.organisationId), inIds(membershipFreeze.membershipId, ids)))
      .orderBy(asc(membershipFreeze.fromDate)),
    tx
      .select({ id: membership.id, from: membership.renewedFromId })
      .from(membership)
      .where(
        and(
          eq(membership.organisationId, ctx.organisationId),
          inIds(membership.renewedFromId, ids),
          sql`${membership.cancelledAt} is null`,
        ),
      ),
  ]);
  const renewedBy = new Map(renewals.map((r) => [Number(r.from), r.id]));
  return rows.map(({ m, planName, memberCode, limits }) => {
    const own = freezes.filter((f) => f.membershipId === m.id);
    const year = freezeYear(
      m.startDate,
      own.map((f) => ({ from_date: f.fromDate, days: f.days })),
      m.startDate > ctx.now.today ? m.startDate : ctx.now.today,
    );
    return {
      id: m.id,
      member: m.memberId,
      member_name: m.party,
      member_code: memberCode,
      plan: m.planId,
      plan_name: planName,
      centre: m.centreId,
      start_date: m.startDate,
      end_date: m.endDate,
      base_end_date: m.baseEndDate,
      price: m.price,
      discount: m.discount,
      joining_fee: m.joiningFee,
      total: m.total,
      paid: m.paid,
      due: due(m.total, m.paid, m.cancelledAt),
      status: m.status as MembershipStatus,
      invoice: invoices.get(m.id) ?? null,
      renewed_from: m.renewedFromId,
      renewed_by: renewedBy.get(m.id) ?? null,
      freezes: own.map((f) => ({
        id: f.id,
        from_date: f.fromDate,
        to_date: f.toDate,
        days: f.days,
        reason: f.reason,
        ended_on: f.endedOn,
        created_at: iso(f.createdAt)!,
      })),
      frozen_days: own.reduce((n, f) => n + f.days, 0),
      freeze_limits: {
        max_times: limits.maxTimes,
        max_days: limits.maxDays,
        max_freezes_per_year: limits.maxFreezesPerYear,
        max_freeze_days_per_year: limits.maxFreezeDaysPerYear,
        min_freeze_days: limits.minFreezeDays,
      },
      freeze_year: year,
      sessions_total: m.sessionsTotal,
      sessions_left: m.sessionsLeft,
      cancelled_at: iso(m.cancelledAt),
      cancel_reason: m.cancelReason,
      notes: m.notes,
      created_at: iso(m.createdAt)!,
    };
  });
}

export async function loadMembershipJson(tx: Tx, ctx: Ctx, id: number): Promise<Membership> {
  const rows = await membershipFrom(tx, membershipFields).where(
    and(eq(membership.organisationId, ctx.organisationId), eq(membership.id, id)),
  );
  if (!rows.length) throw notFound();
  return (await membershipsJson(tx, ctx, rows as MembershipSelectRow[]))[0];
}

export const memberServiceFields = { s: memberService, serviceName: service.name, memberCode: member.memberCode };
export type MemberServiceSelectRow = { s: typeof memberService.$inferSelect; serviceName: string; memberCode: string };

export const memberServiceFrom = (tx: Tx, fields: Record<string, unknown>) =>
  tx
    .select(fields as typeof memberServiceFields)
    .from(memberService)
    .innerJoin(service, eq(service.id, memberService.serviceId))
    .innerJoin(member, eq(member.id, memberService.memberId))
    .$dynamic();

export async function memberServicesJson(tx: Tx, ctx: Ctx, rows: MemberServiceSelectRow[]): Promise<MemberService[]> {
  const invoices = await invoicesOf(
    tx,
    ctx,
    'member_service',
    rows.map((r) => r.s.id),
  );
  const staff = await staffNames(
    tx,
    ctx,
    rows.map((r) => r.s.staffId),
  );
  return rows.map(({ s, serviceName, memberCode }) => ({
    id: s.id,
    member: s.memberId,
    member_name: s.party,
    member_code: memberCode,
    service: s.serviceId,
    service_name: serviceName,
    centre: s.centreId,
    staff: s.staffId,
    staff_name: s.staffId === null ? '' : (staff.get(s.staffId) ?? ''),
    start_date: s.startDate,
    end_date: s.endDate,
    price: s.price,
    discount: s.discount,
    total: s.total,
    paid: s.paid,
    due: due(s.total, s.paid, s.cancelledAt),
    status: s.status as MembershipStatus,
    invoice: invoices.get(s.id) ?? null,
    sessions_total: s.sessionsTotal,
    sessions_left: s.sessionsLeft,
    cancelled_at: iso(s.cancelledAt),
    cancel_reason: s.cancelReason,
    notes: s.notes,
    created_at: iso(s.createdAt)!,
  }));
}

export async function loadMemberServiceJson(tx: Tx, ctx: Ctx, id: number): Promise<MemberService> {
  const rows = await memberServiceFrom(tx, memberServiceFields).where(
    and(eq(memberService.organisationId, ctx.organisationId), eq(memberService.id, id)),
  );
  if (!rows.length) throw notFound();
  return (await memberServicesJson(tx, ctx, rows as MemberServiceSelectRow[]))[0];
}
