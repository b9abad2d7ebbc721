/**
 * A batch session's roll call: the trainer opens today's 06:00 Yoga, sees the roster and marks
 * each member present or absent in one tap. Present writes the member's visit of the day
 * (`member_attendance`, source `batch`, from the session's start to its end) unless the member
 * already came through the door that day; absent records the absence (`batch_attendance`). A
 * door check-in (desk or QR) of a roster member shows them present without a mark — and after an
 * absent mark too, when they checked in after it (late).
 *
 * The roster of a date: the members whose seat covers it (joined on or before it, not freed
 * before it), and anyone marked that day. Dates: a weekday of the batch, at most 7 days ahead and
 * 31 days back; marks only for today's and past sessions.
 */
import { ROLL_CALL_DAYS_AHEAD, ROLL_CALL_DAYS_BACK, type RollCall, type RollCallEntry, type RollCallMarkInput } from '@arena/contracts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { badRequest, fieldError, notFound } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { addDays, displayDate, isoWeekday } from '../../platform/time.js';
import { latestMembership, runningMembership } from './attendance.service.js';
import { batchMemberFields, loadBatch, seatOf, type BatchMemberRow } from './batch.service.js';
import { MODULE } from './constants.js';
import { photoUrl } from './member.queries.js';
import { batch, batchAttendance, batchMember, member, memberAttendance } from './schema.js';
import type { Batch } from '@arena/contracts';

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The session day nearest `from` in `step` direction (within a week), or null. */
function sessionDay(b: Batch, from: string, step: 1 | -1): string | null {
  for (let i = 1; i <= 7; i++) {
    const d = addDays(from, i * step);
    if (b.weekdays.includes(isoWeekday(d))) return d;
  }
  return null;
}

/** The date asked for, checked (field errors on `date`), or today's session (else the next one). */
function sessionDate(ctx: Ctx, b: Batch, date: string | undefined): string {
  const today = ctx.now.today;
  if (date === undefined) return b.weekdays.includes(isoWeekday(today)) ? today : (sessionDay(b, today, 1) ?? today);
  const latest = addDays(today, ROLL_CALL_DAYS_AHEAD);
  const earliest = addDays(today, -ROLL_CALL_DAYS_BACK);
  if (date > latest)
    throw fieldError('date', `A roll call opens at most ${ROLL_CALL_DAYS_AHEAD} days ahead (until ${displayDate(latest)}).`);
  if (date < earliest) throw fieldError('date', `A roll call goes back at most ${ROLL_CALL_DAYS_BACK} days (to ${displayDate(earliest)}).`);
  if (!b.weekdays.includes(isoWeekday(date)))
    throw fieldError(
      'date',
      `${b.name} meets on ${b.weekdays.map((d) => SHORT[d - 1]).join(', ')}; ${displayDate(date)} is a ${DAY_NAMES[isoWeekday(date) - 1]}.`,
    );
  return date;
}

type Mark = typeof batchAttendance.$inferSelect;
type Visit = { memberId: number; checkIn: Date; source: string };

/** The roster of a session with each member's mark. */
async function roster(tx: Tx, ctx: Ctx, b: Batch, date: string, only?: number) {
  const org = ctx.organisationId;
  const marks = await tx
    .select()
    .from(batchAttendance)
    .where(
      and(
        eq(batchAttendance.organisationId, org),
        eq(batchAttendance.batchId, b.id),
        eq(batchAttendance.date, date),
        only ? eq(batchAttendance.memberId, only) : undefined,
      ),
    );
  const rows: BatchMemberRow[] = await tx
    .select(batchMemberFields)
    .from(batchMember)
    .innerJoin(member, eq(member.id, batchMember.memberId))
    .where(
      and(
        eq(batchMember.organisationId, org),
        eq(batchMember.batchId, b.id),
        sql`${batchMember.joinedOn} <= ${date}::date`,
        only ? eq(batchMember.memberId, only) : undefined,
      ),
    );
  const onRoster = rows.filter((r) => {
    const seat = seatOf(r);
    if (seat.status !== 'freed') return true;
    // Freed: on the roster of the days before the seat went.
    const freedOn = r.freedOn ?? (r.lapsedOn ? addDays(r.lapsedOn, r.grace) : null);
    return freedOn !== null && date < freedOn;
  });
  const marked = new Map(marks.map((m) => [m.memberId, m]));
  // Marked members who are no longer in the batch keep their mark on the day's list.
  const missing = marks.filter((m) => !onRoster.some((r) => r.memberId === m.memberId)).map((m) => m.memberId);
  const gone = missing.length
    ? await tx
        .select({
          id: member.id,
          name: sql<string>`trim(${member.firstName} || ' ' || ${member.lastName})`,
          code: member.memberCode,
          phone: member.phone,
          photo: member.photo,
        })
        .from(member)
        .where(and(eq(member.organisationId, org), inArray(member.id, missing)))
    : [];
  const ids = [...onRoster.map((r) => r.memberId), ...gone.map((g) => g.id)];
  const visits: Visit[] = ids.length
    ? await tx
        .select({ memberId: memberAttendance.memberId, checkIn: memberAttendance.checkIn, source: memberAttendance.source })
        .from(memberAttendance)
        .where(
          and(
            eq(memberAttendance.organisationId, org),
            eq(memberAttendance.date, date),
            inArray(memberAttendance.memberId, ids),
            ne(memberAttendance.source, 'batch'),
          ),
        )
        .orderBy(memberAttendance.checkIn)
    : [];
  const doorOf = (id: number) => visits.find((v) => v.memberId === id);
  const entry = (
    m: { id: number; name: string; code: string; phone: string; photo: string | null },
    seat: Pick<RollCallEntry, 'seat_status' | 'seat_days_left'>,
  ): RollCallEntry => {
    const mark = marked.get(m.id);
    const door = doorOf(m.id);
    const base = { member: m.id, member_name: m.name, member_code: m.code, phone: m.phone, photo: photoUrl(m.photo), ...seat };
    if (mark?.status === 'present') return { ...base, status: 'present', marked_by: 'roll_call', check_in: null };
    if (door && (!mark || door.checkIn > mark.markedAt))
      return { ...base, status: 'present', marked_by: 'door', check_in: door.checkIn.toISOString() };
    if (mark) return { ...base, status: 'absent', marked_by: 'roll_call', check_in: null };
    return { ...base, status: 'unmarked', marked_by: null, check_in: null };
  };
  const results = [
    ...onRoster.map((r) => {
      const seat = seatOf(r);
      return entry(
        { id: r.memberId, name: r.name, code: r.code, phone: r.phone, photo: r.photo },
        { seat_status: seat.status, seat_days_left: seat.daysLeft },
      );
    }),
    ...gone.map((g) => entry(g, { seat_status: 'freed', seat_days_left: null })),
  ].sort((x, y) => x.member_name.localeCompare(y.member_name) || x.member - y.member);
  return { results, marked };
}

export async function rollCall(tx: Tx, ctx: Ctx, input: { batch: number; date?: string }): Promise<RollCall> {
  const b = await loadBatch(tx, ctx, input.batch);
  const date = sessionDate(ctx, b, input.date);
  const { results } = await roster(tx, ctx, b, date);
  const earliest = addDays(ctx.now.today, -ROLL_CALL_DAYS_BACK);
  const latest = addDays(ctx.now.today, ROLL_CALL_DAYS_AHEAD);
  const previous = sessionDay(b, date, -1);
  const next = sessionDay(b, date, 1);
  return {
    batch: b.id,
    batch_name: b.name,
    centre_name: b.centre_name,
    date,
    start_time: b.start_time,
    end_time: b.end_time,
    weekdays: b.weekdays,
    can_mark: date <= ctx.now.today,
    previous_date: previous && previous >= earliest ? previous : null,
    next_date: next && next <= latest ? next : null,
    present: results.filter((r) => r.status === 'present').length,
    absent: results.filter((r) => r.status === 'absent').length,
    unmarked: results.filter((r) => r.status === 'unmarked').length,
    results,
  };
}

/** Deletes the visit a present mark wrote (the mark is changing). */
async function dropVisit(tx: Tx, ctx: Ctx, mark: Mark | undefined) {
  if (mark?.attendanceId)
    await tx
      .delete(memberAttendance)
      .where(
        and(
          eq(memberAttendance.organisationId, ctx.organisationId),
          eq(memberAttendance.id, mark.attendanceId),
          eq(memberAttendance.source, 'batch'),
        ),
      );
}

/**
 * Marks one member of a session present, absent or unmarked: idempotent (the same tap twice
 * changes nothing the second time). The batch row is locked, so two taps at once run in turn.
 */
export async function markRollCall(tx: Tx, ctx: Ctx, input: RollCallMarkInput & { batch: number; member: number }): Promise<RollCallEntry> {
  const b = await loadBatch(tx, ctx, input.batch);
  const date = sessionDate(ctx, b, input.date);
  if (date > ctx.now.today) throw fieldError('date', `The session of ${displayDate(date)} has not happened yet; mark it on the day.`);
  await tx
    .select({ id: batch.id })
    .from(batch)
    .where(and(eq(batch.organisationId, ctx.organisationId), eq(batch.id, b.id)))
    .for('update');
  const { results, marked } = await roster(tx, ctx, b, date, input.member);
  const current = results[0];
  if (!current) {
    const [exists] = await tx
      .select({ id: member.id })
      .from(member)
      .where(and(eq(member.organisationId, ctx.organisationId), eq(member.id, input.member)));
    if (!exists) throw notFound('No such member.');
    throw badRequest(`This member is not in ${b.name} on ${displayDate(date)}.`);
  }
  const mark = marked.get(input.member);
  const label = `${b.name} · ${current.member_code} ${current.member_name}, ${displayDate(date)}`;
  const unchanged =
    (input.status === 'unmarked' && !mark) || (mark?.status === input.status && (input.status !== 'absent' || current.status === 'absent'));
  if (unchanged) return current;

  await dropVisit(tx, ctx, mark);
  const key = and(
    eq(batchAttendance.organisationId, ctx.organisationId),
    eq(batchAttendance.batchId, b.id),
    eq(batchAttendance.date, date),
    eq(batchAttendance.memberId, input.member),
  );
  if (input.status === 'unmarked') {
    await tx.delete(batchAttendance).where(key);
  } else {
    let attendanceId: number | null = null;
    if (input.status === 'present' && current.marked_by !== 'door') {
      const running = await runningMembership(tx, ctx, input.member, date);
      const membershipId = running ? running.id : await latestMembership(tx, ctx, input.member);
      const [m] = await tx
        .select({ centreId: member.centreId })
        .from(member)
        .where(and(eq(member.organisationId, ctx.organisationId), eq(member.id, input.member)));
      const at = (time: string) => sql`(${date}::date + ${time}::time) at time zone ${ctx.timeZone}`;
      const [visit] = await tx
        .insert(memberAttendance)
        .values({
          organisationId: ctx.organisationId,
          memberId: input.member,
          membershipId,
          centreId: m.centreId,
          date,
          checkIn: at(b.start_time),
          checkOut: at(b.end_time),
          source: 'batch',
          override: !running,
          spentSession: false,
          recordedBy: ctx.actor.actorId,
        })
        .returning({ id: memberAttendance.id });
      attendanceId = visit.id;
    }
    await tx
      .insert(batchAttendance)
      .values({
        organisationId: ctx.organisationId,
        batchId: b.id,
        memberId: input.member,
        date,
        status: input.status,
        attendanceId,
        markedBy: ctx.actor.actorId,
        markedAt: ctx.now.instant,
      })
      .onConflictDoUpdate({
        target: [batchAttendance.organisationId, batchAttendance.batchId, batchAttendance.date, batchAttendance.memberId],
        set: { status: input.status, attendanceId, markedBy: ctx.actor.actorId, markedAt: ctx.now.instant },
      });
  }
  const after = (await roster(tx, ctx, b, date, input.member)).results[0];
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'batch_attendance',
    objectId: b.id,
    label,
    action: 'update',
    before: { status: current.status },
    after: { status: after.status, date },
  });
  return after;
}
