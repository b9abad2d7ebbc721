/**
 * End User Login's writes (issue 27): what a member may change of their own record from the app —
 * photo, emergency contact, and (once the new one is verified by End User Login) phone or e-mail.
 * Nothing else of the member record; each change audited. And the reads the member app needs of
 * a member's memberships and visits.
 */

/** The composite key `(organisation_id, column) → membership`: the database refuses another organisation's membership. */
export const referencesMembership = (t: TenantColumns, column: AnyPgColumn, onDelete?: UpdateDeleteAction) =>
  tenantRef(t, column, () => membership, onDelete ? { onDelete } : {});

/** One of the member's memberships (another member's is null): what a member's request checks. */
export async function memberMembership(tx: Tx, ctx: Ctx, memberId: number, membershipId: number) {
  const [row] = await tx
    .select({ id: membership.id, cancelledAt: membership.cancelledAt, endDate: membership.endDate })
    .from(membership)
    .where(and(eq(membership.organisationId, ctx.organisationId), eq(membership.id, membershipId), eq(membership.memberId, memberId)));
  return row ?? null;
}

/** The member's memberships that are neither cancelled nor ended, soonest first. */
export async function liveMemberships(tx: Tx, ctx: Ctx, memberId: number) {
  return tx
    .select({ id: membership.id, plan_name: plan.name, start_date: membership.startDate, end_date: membership.endDate })
    .from(membership)
    .innerJoin(plan, eq(plan.id, membership.planId))
    .where(
      and(
        eq(membership.organisationId, ctx.organisationId),
        eq(membership.memberId, memberId),
        isNull(membership.cancelledAt),
        gte(membership.endDate, ctx.now.today),
      ),
    )
    .orderBy(membership.startDate, membership.id)
    .limit(20);
}

/** The plan name of each membership, by id. */
export async function membershipPlanNames(tx: Tx, ctx: Ctx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ id: membership.id, name: plan.name })
    .from(membership)
    .innerJoin(plan, eq(plan.id, membership.planId))
    .where(and(eq(membership.organisationId, ctx.organisationId), inArray(membership.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The days a member came from `from` to before `until` (ISO dates), each with its number of visits. */
export async function memberVisitDays(tx: Tx, ctx: Ctx, memberId: number, from: string, until: string) {
  return tx
    .select({ date: memberAttendance.date, n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(memberAttendance)
    .where(
      and(
        eq(memberAttendance.organisationId, ctx.organisationId),
        eq(memberAttendance.memberId, memberId),
        sql`${memberAttendance.date} >= ${from}::date and ${memberAttendance.date} < ${until}::date`,
      ),
    )
    .groupBy(memberAttendance.date)
    .orderBy(memberAttendance.date);
}
import type { UpdateDeleteAction } from 'drizzle-orm/pg-core';
import { and, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { tenantRef, type TenantColumns } from '../../platform/db/columns.js';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { fieldError, notFound, onUnique } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { MODULE } from './constants.js';
import { photoUrl } from './member.queries.js';
import { member, memberAttendance, membership, plan } from './schema.js';

export interface MemberSelf {
  photo: string | null;
  /** The stored path of the photo (to remove its file once replaced). */
  photoPath: string | null;
  emergency_name: string;
  emergency_phone: string;
  phone: string;
  email: string;
}

export interface MemberSelfChange {
  photo?: string | null;
  emergency_name?: string;
  emergency_phone?: string;
  phone?: string;
  email?: string;
}

const PHONE_TAKEN = 'This phone number cannot be used for your account. Please contact the front desk.';

export async function memberSelf(tx: Tx, ctx: Ctx, memberId: number, lock = false): Promise<MemberSelf & { label: string }> {
  const query = tx
    .select()
    .from(member)
    .where(and(eq(member.organisationId, ctx.organisationId), eq(member.id, memberId)));
  const [m] = lock ? await query.for('update') : await query;
  if (!m) throw notFound();
  return {
    photo: photoUrl(m.photo),
    photoPath: m.photo,
    emergency_name: m.emergencyContactName,
    emergency_phone: m.emergencyContactPhone,
    phone: m.phone,
    email: m.email,
    label: `${m.memberCode} ${`${m.firstName} ${m.lastName}`.trim()}`,
  };
}

/** Whether a phone is free for this member (no other active member of the organisation has it). */
export async function phoneFreeFor(tx: Tx, ctx: Ctx, memberId: number, phone: string): Promise<boolean> {
  const [other] = await tx
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.organisationId, ctx.organisationId), eq(member.phone, phone), eq(member.isActive, true), ne(member.id, memberId)));
  return !other;
}

/** Applies the member's own change (audited as the member's); answers the record before it. */
export async function updateMemberSelf(tx: Tx, ctx: Ctx, memberId: number, change: MemberSelfChange): Promise<MemberSelf> {
  const before = await memberSelf(tx, ctx, memberId, true);
  if (change.phone !== undefined && !(await phoneFreeFor(tx, ctx, memberId, change.phone))) throw fieldError('phone', PHONE_TAKEN);
  const set = {
    ...(change.photo !== undefined ? { photo: change.photo } : {}),
    ...(change.emergency_name !== undefined ? { emergencyContactName: change.emergency_name } : {}),
    ...(change.emergency_phone !== undefined ? { emergencyContactPhone: change.emergency_phone } : {}),
    ...(change.phone !== undefined ? { phone: change.phone } : {}),
    ...(change.email !== undefined ? { email: change.email } : {}),
  };
  if (!Object.keys(set).length) return before;
  await tx
    .update(member)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(member.organisationId, ctx.organisationId), eq(member.id, memberId)))
    .catch(onUnique({ member_org_phone_key: { field: 'phone', message: PHONE_TAKEN } }));
  const after = await memberSelf(tx, ctx, memberId);
  const shown = ({ photo, emergency_name, emergency_phone, phone, email }: MemberSelf) => ({
    photo,
    emergency_name,
    emergency_phone,
    phone,
    email,
  });
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'member',
    objectId: memberId,
    label: before.label,
    action: 'update',
    before: shown(before),
    after: { ...shown(after), by: 'member app' },
  });
  return before;
}
