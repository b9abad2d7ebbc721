/**
 * End User Login's reads of members (issue 27): the member behind a phone or an e-mail that signs
 * in, members' profiles for the end-user list, a search over them, and a member's home (running
 * membership, days left, dues, next batch session).
 */
import { and, asc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { inIds, type Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';
import { addDays, daysBetween, isoWeekday } from '../../platform/time.js';
import { membersJson, photoUrl } from './member.queries.js';
import { fullName } from './sales.service.js';
import { batch, batchMember, member } from './schema.js';

export interface MemberProfile {
  id: number;
  member_code: string;
  full_name: string;
  phone: string;
  email: string;
  photo: string | null;
}

const profileOf = (r: typeof member.$inferSelect): MemberProfile => ({
  id: r.id,
  member_code: r.memberCode,
  full_name: fullName(r),
  phone: r.phone,
  email: r.email,
  photo: photoUrl(r.photo),
});

/** Active members by id (a missing or inactive one is left out). */
export async function memberProfiles(tx: Tx, ctx: Ctx, ids: number[]): Promise<Map<number, MemberProfile & { isActive: boolean }>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const rows = await tx
    .select()
    .from(member)
    .where(and(eq(member.organisationId, ctx.organisationId), inIds(member.id, wanted)));
  return new Map(rows.map((r) => [r.id, { ...profileOf(r), isActive: r.isActive }]));
}

/**
 * The active member who signs in with a phone (unique among active members) or an e-mail (only
 * when exactly one active member has it: a family's shared address signs nobody in), or null.
 */
export async function memberSigningIn(tx: Tx, ctx: Ctx, by: { phone: string } | { email: string }): Promise<MemberProfile | null> {
  const rows = await tx
    .select()
    .from(member)
    .where(
      and(
        eq(member.organisationId, ctx.organisationId),
        eq(member.isActive, true),
        'phone' in by ? eq(member.phone, by.phone) : sql`lower(${member.email}) = ${by.email.toLowerCase()}`,
      ),
    )
    .limit(2);
  return rows.length === 1 ? profileOf(rows[0]) : null;
}

/** A list's search over the member a row points at (`memberId`, `organisationId` of the row): name, code or phone matching `pattern` (ILIKE). */
export const memberMatches = (memberId: AnyColumn, organisationId: AnyColumn, pattern: string): SQL =>
  sql`exists (select 1 from member m where m.id = ${memberId} and m.organisation_id = ${organisationId}
        and (trim(m.first_name || ' ' || m.last_name) ilike ${pattern} or m.member_code ilike ${pattern} or m.phone ilike ${pattern}))`;

export interface MemberHome {
  membership: { plan_name: string; status: string; start_date: string | null; end_date: string; days_left: number } | null;
  due: string;
  next_session: { batch: string; date: string; start_time: string; end_time: string } | null;
}

/** What a member's own app shows first: the running membership (or the latest), what they owe, their next batch session. */
export async function memberHome(tx: Tx, ctx: Ctx, memberId: number): Promise<MemberHome> {
  const [row] = await tx
    .select()
    .from(member)
    .where(and(eq(member.organisationId, ctx.organisationId), eq(member.id, memberId)));
  if (!row) return { membership: null, due: '0.00', next_session: null };
  const [json] = await membersJson(tx, ctx, [row]);
  const current = json.current_membership;
  const last = json.last_membership;
  const today = ctx.now.today;
  const membership = current
    ? {
        plan_name: current.plan_name,
        status: current.status,
        start_date: current.start_date,
        end_date: current.end_date,
        days_left: Math.max(0, daysBetween(today, current.end_date)),
      }
    : last
      ? {
          plan_name: last.plan_name,
          status: last.status,
          start_date: null,
          end_date: last.end_date,
          days_left: Math.max(0, daysBetween(today, last.end_date)),
        }
      : null;
  const batches = await tx
    .select({ name: batch.name, weekdays: batch.weekdays, startTime: batch.startTime, endTime: batch.endTime })
    .from(batchMember)
    .innerJoin(batch, eq(batch.id, batchMember.batchId))
    .where(
      and(
        eq(batchMember.organisationId, ctx.organisationId),
        eq(batchMember.memberId, memberId),
        sql`${batchMember.freedOn} is null`,
        eq(batch.isActive, true),
      ),
    )
    .orderBy(asc(batch.startTime));
  let next: MemberHome['next_session'] = null;
  for (let d = 0; d < 7 && !next; d++) {
    const date = addDays(today, d);
    const day = isoWeekday(date);
    const found = batches.find((b) => b.weekdays.includes(day) && (d > 0 || b.startTime > ctx.now.time));
    if (found) next = { batch: found.name, date, start_time: found.startTime, end_time: found.endTime };
  }
  return { membership, due: json.due, next_session: next };
}
