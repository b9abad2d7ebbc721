/**
 * Attendance: a member checks in at the desk (or by the QR code of the member card) and out when
 * leaving. A check-in counts on a running membership — not cancelled, started, not ended, not
 * frozen that day, with sessions left for a pack — and is refused with the reason otherwise,
 * unless a user of the module lets the member in anyway (`override`). One open visit per member
 * and day: the partial unique index `member_attendance_open_key` is the guarantee (a 409).
 * Session packs count down in one conditional update, and a pack at 0 expires at once. A pack
 * spends one session a day: a member who already spent one today is let in again only when the
 * desk says whether this visit is a second session (it spends one) or not (it spends none).
 */
import type { Attendance, AttendanceRegister, CheckInInput } from '@arena/contracts';
import { CHECK_IN_INVALID } from '@arena/contracts/end-user';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { badRequest, conflict, fieldError, notFound, onUnique } from '../../platform/errors.js';
import { checkReferences } from '../../platform/references.js';
import type { Ctx } from '../../platform/request-context.js';
import { dateInZone, displayDate, nowIn } from '../../platform/time.js';
import { isCheckInCode, readCheckInCode } from './check-in-code.js';
import { MODULE } from './constants.js';
import { photoUrl } from './member.queries.js';
import { member, memberAttendance, membership, plan, type AttendanceRow } from './schema.js';
import { refreshStatuses } from './status.js';

/** How far ahead of the server's clock a given check-in or check-out may be (a desk PC's clock runs fast). */
const CLOCK_SLACK_MS = 5 * 60_000;

const memberName = sql<string>`trim(${member.firstName} || ' ' || ${member.lastName})`;

/** A filter's `show` for a member: "MEM-00042 Asha Rao" in an export's title. */
export async function showMember(id: number, tx: Tx, ctx: Ctx): Promise<string> {
  const [row] = await tx
    .select({ name: memberName, code: member.memberCode })
    .from(member)
    .where(and(eq(member.organisationId, ctx.organisationId), eq(member.id, id)));
  return row ? `${row.code} ${row.name}` : `#${id}`;
}

// ---- reading ----

export type AttendanceJoin = {
  a: AttendanceRow;
  memberName: string;
  memberCode: string;
  photo: string | null;
  planName: string | null;
  sessionsLeft: number | null;
};

export const attendanceFields = {
  a: memberAttendance,
  memberName,
  memberCode: member.memberCode,
  photo: member.photo,
  planName: plan.name,
  sessionsLeft: membership.sessionsLeft,
};

/** Visits with their member, and the membership and plan they counted on (the page and the count share it). */
export const attendanceFrom = (tx: Tx, fields: object) =>
  tx
    .select(fields as typeof attendanceFields)
    .from(memberAttendance)
    .innerJoin(member, eq(member.id, memberAttendance.memberId))
    .leftJoin(membership, eq(membership.id, memberAttendance.membershipId))
    .leftJoin(plan, eq(plan.id, membership.planId))
    .$dynamic();

export function attendanceJson(r: AttendanceJoin): Attendance {
  return {
    id: r.a.id,
    member: r.a.memberId,
    member_name: r.memberName,
    member_code: r.memberCode,
    photo: photoUrl(r.photo),
    membership: r.a.membershipId,
    plan_name: r.planName ?? '',
    sessions_left: r.sessionsLeft,
    centre: r.a.centreId,
    date: r.a.date,
    check_in: r.a.checkIn.toISOString(),
    check_out: r.a.checkOut?.toISOString() ?? null,
    source: r.a.source,
    override: r.a.override,
    spent_session: r.a.spentSession,
    created_at: r.a.createdAt.toISOString(),
  };
}

export async function loadAttendance(tx: Tx, ctx: Ctx, id: number): Promise<Attendance> {
  const [row] = await attendanceFrom(tx, attendanceFields).where(
    and(eq(memberAttendance.organisationId, ctx.organisationId), eq(memberAttendance.id, id)),
  );
  if (!row) throw notFound();
  return attendanceJson(row);
}

/** A day's register: every visit of the date (latest first), who is in now, how many came. */
export async function attendanceRegister(tx: Tx, ctx: Ctx, input: { date?: string; centre?: number }): Promise<AttendanceRegister> {
  const date = input.date ?? ctx.now.today;
  const rows = await attendanceFrom(tx, attendanceFields)
    .where(
      and(
        eq(memberAttendance.organisationId, ctx.organisationId),
        eq(memberAttendance.date, date),
        input.centre ? eq(memberAttendance.centreId, input.centre) : undefined,
      ),
    )
    .orderBy(desc(memberAttendance.checkIn), desc(memberAttendance.id));
  const results = rows.map(attendanceJson);
  return {
    date,
    in_now: results.filter((r) => r.check_out === null).length,
    visits: results.length,
    members: new Set(results.map((r) => r.member)).size,
    results,
  };
}

// ---- check-in ----

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const clock = (ctx: Ctx, instant: Date) => nowIn(ctx.timeZone, instant).time.slice(0, 5);
const audited = (a: Attendance) => `${a.member_code} ${a.member_name}, ${displayDate(a.date)}`;

/** The member a check-in names: by id, by the code of the member card, or by the member app's signed check-in code. */
async function memberOf(tx: Tx, ctx: Ctx, input: Pick<CheckInInput, 'member' | 'member_code'>) {
  const fields = { id: member.id, name: memberName, code: member.memberCode, centreId: member.centreId, isActive: member.isActive };
  if (input.member !== undefined) {
    await checkReferences(tx, ctx.organisationId, { member: { table: member, id: input.member } });
    const [row] = await tx
      .select(fields)
      .from(member)
      .where(and(eq(member.organisationId, ctx.organisationId), eq(member.id, input.member)));
    return { row, field: 'member' };
  }
  const text = input.member_code ?? '';
  if (isCheckInCode(text)) {
    // The member app's signed code (issue 27): this organisation's, genuine, and not older than its minute.
    const read = readCheckInCode(ctx.config, ctx.organisationId, text, ctx.now.instant);
    if ('error' in read) throw fieldError('member_code', read.error);
    const [row] = await tx
      .select(fields)
      .from(member)
      .where(and(eq(member.organisationId, ctx.organisationId), eq(member.id, read.memberId)));
    if (!row) throw fieldError('member_code', CHECK_IN_INVALID);
    return { row, field: 'member_code' };
  }
  const code = text.trim().toUpperCase();
  if (code.length > 20) throw fieldError('member_code', `No member has the code "${code.slice(0, 20)}…".`);
  const [row] = await tx
    .select(fields)
    .from(member)
    .where(and(eq(member.organisationId, ctx.organisationId), eq(member.memberCode, code)));
  if (!row) throw fieldError('member_code', `No member has the code "${code}".`);
  return { row, field: 'member_code' };
}

/**
 * The membership a visit on `date` counts on: not cancelled, started, not ended, not frozen that
 * day, with sessions left (for `date` = today exactly the memberships whose status is active or
 * expiring). One without a session count is preferred, so a gym visit never uses up a pack.
 */
export async function runningMembership(tx: Tx, ctx: Ctx, memberId: number, date: string) {
  const [row] = await tx
    .select({ id: membership.id, sessionsLeft: membership.sessionsLeft, planName: plan.name })
    .from(membership)
    .innerJoin(plan, eq(plan.id, membership.planId))
    .where(
      and(
        eq(membership.organisationId, ctx.organisationId),
        eq(membership.memberId, memberId),
        isNull(membership.cancelledAt),
        sql`${membership.startDate} <= ${date}::date and ${membership.endDate} >= ${date}::date`,
        sql`(${membership.sessionsLeft} is null or ${membership.sessionsLeft} > 0)`,
        sql`not exists (select 1 from membership_freeze f where f.organisation_id = ${membership.organisationId}
              and f.membership_id = ${membership.id} and f.days > 0 and f.from_date <= ${date}::date and f.to_date >= ${date}::date)`,
      ),
    )
    .orderBy(sql`${membership.sessionsLeft} is null desc`, membership.endDate, membership.id)
    .limit(1);
  return row;
}

/** Why a member has no running membership on `date`, in the words the desk reads out. */
async function refusal(tx: Tx, ctx: Ctx, memberId: number, date: string): Promise<string> {
  const rows = await tx
    .select({
      start: membership.startDate,
      end: membership.endDate,
      sessionsLeft: membership.sessionsLeft,
      sessionsTotal: membership.sessionsTotal,
      cancelledAt: membership.cancelledAt,
      // The outer row named in full: drizzle leaves a single table's columns unqualified in a select list.
      frozenUntil: sql<string | null>`(select max(f.to_date)::text from membership_freeze f
        where f.organisation_id = membership.organisation_id and f.membership_id = membership.id
          and f.days > 0 and f.from_date <= ${date}::date and f.to_date >= ${date}::date)`,
    })
    .from(membership)
    .where(and(eq(membership.organisationId, ctx.organisationId), eq(membership.memberId, memberId)));
  const live = rows.filter((r) => r.cancelledAt === null);
  const covering = live.filter((r) => r.start <= date && date <= r.end);
  const frozen = covering.find((r) => r.frozenUntil !== null);
  if (frozen) return `The membership is frozen until ${displayDate(frozen.frozenUntil!)}.`;
  const usedUp = covering.find((r) => r.sessionsLeft === 0);
  if (usedUp) return `All ${usedUp.sessionsTotal} sessions of the membership have been used.`;
  const upcoming = live.filter((r) => r.start > date).sort((a, b) => a.start.localeCompare(b.start))[0];
  if (upcoming) return `The membership starts on ${displayDate(upcoming.start)}.`;
  const expired = live.filter((r) => r.end < date).sort((a, b) => b.end.localeCompare(a.end))[0];
  if (expired) return `The membership expired on ${displayDate(expired.end)}.`;
  const cancelled = rows.filter((r) => r.cancelledAt !== null).sort((a, b) => b.cancelledAt!.getTime() - a.cancelledAt!.getTime())[0];
  if (cancelled) return `The membership was cancelled on ${displayDate(dateInZone(cancelled.cancelledAt!, ctx.timeZone))}.`;
  return 'No running membership.';
}

/** How many sessions of the membership the member spent on `date`. */
async function sessionsSpentOn(tx: Tx, ctx: Ctx, memberId: number, membershipId: number, date: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(memberAttendance)
    .where(
      and(
        eq(memberAttendance.organisationId, ctx.organisationId),
        eq(memberAttendance.memberId, memberId),
        eq(memberAttendance.membershipId, membershipId),
        eq(memberAttendance.date, date),
        eq(memberAttendance.spentSession, true),
      ),
    );
  return row.n;
}

/** The member's latest membership that is not cancelled (what an override visit is recorded against), or null. */
export async function latestMembership(tx: Tx, ctx: Ctx, memberId: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: membership.id })
    .from(membership)
    .where(and(eq(membership.organisationId, ctx.organisationId), eq(membership.memberId, memberId), isNull(membership.cancelledAt)))
    .orderBy(desc(membership.startDate), desc(membership.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Checks a member in (now, or at `check_in` — its date is the organisation's date of that
 * instant). The member's statuses are refreshed first, so a membership that ended or started
 * today is seen as it is today.
 */
export async function checkIn(tx: Tx, ctx: Ctx, input: CheckInInput): Promise<Attendance> {
  const { row: m, field } = await memberOf(tx, ctx, input);
  if (!m.isActive) throw fieldError(field, `${m.name} (${m.code}) is inactive; reactivate the member to check in.`);
  const at = input.check_in ? new Date(input.check_in) : ctx.now.instant;
  if (at.getTime() > ctx.now.instant.getTime() + CLOCK_SLACK_MS) throw fieldError('check_in', 'A check-in cannot be in the future.');
  const date = input.check_in ? dateInZone(at, ctx.timeZone) : ctx.now.today;
  await refreshStatuses(tx, ctx, { members: [m.id] });

  const alreadyIn = conflict(`${m.name} (${m.code}) is already checked in.`);
  const [open] = await tx
    .select({ id: memberAttendance.id })
    .from(memberAttendance)
    .where(
      and(
        eq(memberAttendance.organisationId, ctx.organisationId),
        eq(memberAttendance.memberId, m.id),
        eq(memberAttendance.date, date),
        isNull(memberAttendance.checkOut),
      ),
    );
  if (open) throw alreadyIn;

  const running = await runningMembership(tx, ctx, m.id, date);
  if (!running && !input.override) throw badRequest(await refusal(tx, ctx, m.id, date));
  const membershipId = running ? running.id : await latestMembership(tx, ctx, m.id);

  // A pack spends one session a day. A member who already spent one today spends another only
  // when the desk confirms a second session (`second_session: true`), none when it says they are
  // back (`false`), and is asked about otherwise. Two check-ins of one member at once may both see
  // no session spent, but only one of them can insert its open visit (member_attendance_open_key).
  let spends = false;
  if (running && running.sessionsLeft !== null) {
    const spent = input.second_session === true ? 0 : await sessionsSpentOn(tx, ctx, m.id, running.id, date);
    if (spent > 0 && input.second_session === undefined)
      throw fieldError(
        'second_session',
        `${m.name} (${m.code}) already used ${spent === 1 ? 'a session' : `${spent} sessions`} of ${running.planName} today (${plural(running.sessionsLeft, 'session')} left). Check in for a second session to use another, or let them in without using one.`,
      );
    spends = spent === 0;
  }

  const [visit] = await tx
    .insert(memberAttendance)
    .values({
      organisationId: ctx.organisationId,
      memberId: m.id,
      membershipId,
      centreId: m.centreId,
      date,
      checkIn: at,
      source: input.source,
      // Recorded only when it let the member in: a running membership needs no override.
      override: !running,
      spentSession: spends,
      recordedBy: ctx.actor.actorId,
    })
    .returning({ id: memberAttendance.id })
    .catch(onUnique({ member_attendance_open_key: alreadyIn }));

  if (running && spends) {
    // One session per check-in that spends, never below 0 even when two visits race for the last one.
    const [left] = await tx
      .update(membership)
      .set({ sessionsLeft: sql`${membership.sessionsLeft} - 1`, updatedAt: ctx.now.instant })
      .where(and(eq(membership.organisationId, ctx.organisationId), eq(membership.id, running.id), sql`${membership.sessionsLeft} > 0`))
      .returning({ sessionsLeft: membership.sessionsLeft });
    if (!left) throw badRequest(await refusal(tx, ctx, m.id, date));
    if (left.sessionsLeft === 0) await refreshStatuses(tx, ctx, { members: [m.id] });
  }

  const after = await loadAttendance(tx, ctx, visit.id);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'member_attendance',
    objectId: visit.id,
    label: audited(after),
    action: 'create',
    after,
  });
  return after;
}

/** Checks a visit out (now, or at `check_out`): once, and never before its check-in. */
export async function checkOut(tx: Tx, ctx: Ctx, input: { id: number; check_out?: string }): Promise<Attendance> {
  const [row] = await tx
    .select()
    .from(memberAttendance)
    .where(and(eq(memberAttendance.organisationId, ctx.organisationId), eq(memberAttendance.id, input.id)))
    .for('update');
  if (!row) throw notFound();
  const before = await loadAttendance(tx, ctx, input.id);
  if (row.checkOut) throw badRequest(`${before.member_name} already checked out at ${clock(ctx, row.checkOut)}.`);
  // Now by default — or the check-in itself, should the desk's clock have put the check-in a little ahead.
  const at = input.check_out ? new Date(input.check_out) : new Date(Math.max(ctx.now.instant.getTime(), row.checkIn.getTime()));
  if (at.getTime() > ctx.now.instant.getTime() + CLOCK_SLACK_MS) throw fieldError('check_out', 'A check-out cannot be in the future.');
  if (at < row.checkIn)
    throw fieldError('check_out', `The check-out must be at or after the check-in (${clock(ctx, row.checkIn)}, ${displayDate(row.date)}).`);
  await tx
    .update(memberAttendance)
    .set({ checkOut: at })
    .where(and(eq(memberAttendance.organisationId, ctx.organisationId), eq(memberAttendance.id, input.id)));
  const after = await loadAttendance(tx, ctx, input.id);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'member_attendance',
    objectId: input.id,
    label: audited(after),
    action: 'update',
    before,
    after,
  });
  return after;
}
