/**
 * Batches (Morning Yoga, Mon/Wed/Fri 06:00–07:00, 20 seats) and the members in them. The seats
 * are held by the database: `batch.member_count` moves only in the join and leave statements,
 * a join takes a seat with one conditional update (`member_count < capacity`), and the check
 * `member_count <= capacity` refuses anything else — so 30 members joining a 10-seat batch at
 * once give exactly 10 members, whatever the interleaving.
 */
import type { Batch, BatchInput, BatchMember } from '@arena/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { badRequest, fieldError, notFound, onUnique, conflict } from '../../platform/errors.js';
import { checkReferences } from '../../platform/references.js';
import type { Ctx } from '../../platform/request-context.js';
import { centre, sport } from '../administrator/index.js';
import { checkActiveStaff, staffNames } from '../staff/index.js';
import { MODULE } from './constants.js';
import { batch, batchMember, batchWaitlist, member, type BatchRow } from './schema.js';
import { batchSeatFields, freeLapsedSeats, graceDaysSql, lapsedOnSql, offerSeats } from './seats.js';
import { ORG_TODAY } from '../../platform/time.js';

export type BatchJoin = {
  b: BatchRow;
  sportName: string | null;
  centreName: string;
  held: number;
  lapsed: number;
  waiting: number;
};
export const batchFields = { b: batch, sportName: sport.name, centreName: centre.name, ...batchSeatFields('batch') };

/** Batches with the names of their centre and sport (the page and the count of the list share it). */
export const batchesFrom = (tx: Tx, fields: object) =>
  tx
    .select(fields as typeof batchFields)
    .from(batch)
    .innerJoin(centre, eq(centre.id, batch.centreId))
    .leftJoin(sport, eq(sport.id, batch.sportId))
    .$dynamic();

/** Batches as JSON with their coaches' names (one query for the page). */
export async function batchesJson(tx: Tx, ctx: Ctx, rows: BatchJoin[]): Promise<Batch[]> {
  const coaches = await staffNames(
    tx,
    ctx,
    rows.map((r) => r.b.coachId),
  );
  return rows.map((r) => batchJson(r, r.b.coachId === null ? '' : (coaches.get(r.b.coachId) ?? '')));
}

export function batchJson({ b, sportName, centreName, held, lapsed, waiting }: BatchJoin, coachName = ''): Batch {
  return {
    id: b.id,
    name: b.name,
    sport: b.sportId,
    sport_name: sportName ?? '',
    centre: b.centreId,
    centre_name: centreName,
    // A staff member of the organisation (Staff Management), or none.
    coach: b.coachId,
    coach_name: coachName,
    weekdays: b.weekdays,
    start_time: b.startTime,
    end_time: b.endTime,
    capacity: b.capacity,
    members_count: held,
    // A free seat goes to the waiting list first.
    seats_left: b.isActive ? Math.max(0, b.capacity - held - waiting) : 0,
    lapsed_count: lapsed,
    waitlist_count: waiting,
    description: b.description,
    is_active: b.isActive,
    created_at: b.createdAt.toISOString(),
    updated_at: b.updatedAt.toISOString(),
  };
}

const byId = (ctx: Ctx, id: number) => and(eq(batch.organisationId, ctx.organisationId), eq(batch.id, id));

export async function loadBatch(tx: Tx, ctx: Ctx, id: number): Promise<Batch> {
  const [row] = await batchesFrom(tx, batchFields).where(byId(ctx, id));
  if (!row) throw notFound();
  return (await batchesJson(tx, ctx, [row]))[0];
}

/**
 * The batch row, locked until the transaction ends (every write of its seats takes it first, so
 * they run one after another), with the seats whose grace days are over freed and offered.
 */
export async function lockBatch(tx: Tx, ctx: Ctx, id: number): Promise<BatchRow> {
  const [found] = await tx.select({ id: batch.id }).from(batch).where(byId(ctx, id)).for('update');
  if (!found) throw notFound();
  await freeLapsedSeats(tx, ctx, [id]);
  const [row] = await tx.select().from(batch).where(byId(ctx, id));
  return row;
}

const uniqueName = onUnique({
  batch_org_centre_name_key: { field: 'name', message: 'A batch with this name already exists in this centre.' },
});

const defined = <T extends Record<string, unknown>>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;

function batchValues(input: Partial<BatchInput>) {
  return defined({
    name: input.name,
    sportId: input.sport,
    centreId: input.centre,
    coachId: input.coach,
    weekdays: input.weekdays,
    startTime: input.start_time,
    endTime: input.end_time,
    capacity: input.capacity,
    description: input.description,
    isActive: input.is_active,
  });
}

export async function createBatch(tx: Tx, ctx: Ctx, input: BatchInput): Promise<Batch> {
  // The coach: an active staff member of the organisation, or none.
  await checkActiveStaff(tx, ctx, 'coach', input.coach);
  await checkReferences(tx, ctx.organisationId, { centre: { table: centre, id: input.centre }, sport: { table: sport, id: input.sport } });
  const [row] = await tx
    .insert(batch)
    .values({ ...(batchValues(input) as Required<ReturnType<typeof batchValues>>), organisationId: ctx.organisationId })
    .returning({ id: batch.id })
    .catch(uniqueName);
  const after = await loadBatch(tx, ctx, row.id);
  await record(tx, ctx.actor, { module: MODULE, resource: 'batch', objectId: row.id, label: after.name, action: 'create', after });
  return after;
}

/**
 * Changes a batch (PUT or PATCH). The row is locked first, so a join cannot slip in between the
 * capacity check and the update; the capacity may not go below the members already in it.
 */
export async function updateBatch(tx: Tx, ctx: Ctx, input: Partial<BatchInput> & { id: number }): Promise<Batch> {
  const current = await lockBatch(tx, ctx, input.id);
  const before = await loadBatch(tx, ctx, input.id);
  // A coach who has since become inactive may stay; a new one must be active.
  await checkActiveStaff(tx, ctx, 'coach', input.coach, current.coachId);
  await checkReferences(tx, ctx.organisationId, { centre: { table: centre, id: input.centre }, sport: { table: sport, id: input.sport } });
  const start = input.start_time ?? current.startTime;
  const end = input.end_time ?? current.endTime;
  if (end <= start) throw fieldError('end_time', 'End time must be after start time.');
  if (input.capacity !== undefined && input.capacity < current.memberCount)
    throw fieldError(
      'capacity',
      `This batch has ${current.memberCount} members; the capacity cannot be lower than that. Remove members first.`,
    );
  await tx
    .update(batch)
    .set({ ...batchValues(input), updatedAt: ctx.now.instant })
    .where(byId(ctx, input.id))
    .catch(uniqueName);
  // More seats (or the batch active again): the waiting list is offered them.
  await offerSeats(tx, ctx, input.id);
  const after = await loadBatch(tx, ctx, input.id);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'batch',
    objectId: input.id,
    label: after.name,
    action: 'update',
    before,
    after,
  });
  return after;
}

/** Deletes a batch nobody is in; one with members is refused (deactivating keeps its history). */
export async function deleteBatch(tx: Tx, ctx: Ctx, input: { id: number }): Promise<void> {
  const current = await lockBatch(tx, ctx, input.id);
  if (current.memberCount > 0)
    throw conflict(
      `This batch has ${current.memberCount} member${current.memberCount === 1 ? '' : 's'} and cannot be deleted. Remove them first, or deactivate it (is_active: false).`,
    );
  const before = await loadBatch(tx, ctx, input.id);
  await tx.delete(batch).where(byId(ctx, input.id));
  await record(tx, ctx.actor, { module: MODULE, resource: 'batch', objectId: input.id, label: before.name, action: 'delete', before });
}

// ---- members of a batch ----

const memberName = sql<string>`trim(${member.firstName} || ' ' || ${member.lastName})`;

export const batchMemberFields = {
  batchId: batchMember.batchId,
  memberId: batchMember.memberId,
  joinedOn: batchMember.joinedOn,
  freedOn: batchMember.freedOn,
  name: memberName,
  code: member.memberCode,
  phone: member.phone,
  photo: member.photo,
  status: member.status,
  lapsedOn: sql<string | null>`(${lapsedOnSql('batch_member')})::text`,
  grace: sql<number>`${graceDaysSql('batch_member.organisation_id')}`.mapWith(Number),
  today: sql<string>`(${ORG_TODAY})::text`,
};

export type BatchMemberRow = {
  batchId: number;
  memberId: number;
  joinedOn: string;
  freedOn: string | null;
  name: string;
  code: string;
  phone: string;
  photo: string | null;
  status: BatchMember['status'];
  lapsedOn: string | null;
  grace: number;
  today: string;
};

const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
const isoOf = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

/** A batch member's seat: held, lapsed (kept until `until`) or freed (`freed_on` written, or grace over). */
export function seatOf(r: Pick<BatchMemberRow, 'freedOn' | 'lapsedOn' | 'grace' | 'today'>) {
  if (r.lapsedOn === null && r.freedOn === null) return { status: 'held' as const, lapsedOn: null, until: null, daysLeft: null };
  const lapsedOn = r.lapsedOn ?? r.freedOn;
  if (r.freedOn !== null || r.lapsedOn === null) return { status: 'freed' as const, lapsedOn, until: null, daysLeft: null };
  const end = dayNumber(r.lapsedOn) + r.grace; // the first day without the seat
  const today = dayNumber(r.today);
  if (today >= end) return { status: 'freed' as const, lapsedOn, until: null, daysLeft: null };
  return { status: 'lapsed' as const, lapsedOn, until: isoOf(end - 1), daysLeft: end - today };
}

export function batchMemberJson(r: BatchMemberRow): BatchMember {
  const seat = seatOf(r);
  return {
    batch: r.batchId,
    member: r.memberId,
    member_name: r.name,
    member_code: r.code,
    phone: r.phone,
    status: r.status,
    joined_on: r.joinedOn,
    seat_status: seat.status,
    lapsed_on: seat.lapsedOn,
    seat_until: seat.until,
    seat_days_left: seat.daysLeft,
  };
}

/** The rows of a batch's members (freed ones included), by name. */
export async function batchMemberRows(tx: Tx, ctx: Ctx, batchId: number): Promise<BatchMemberRow[]> {
  return tx
    .select(batchMemberFields)
    .from(batchMember)
    .innerJoin(member, eq(member.id, batchMember.memberId))
    .where(and(eq(batchMember.organisationId, ctx.organisationId), eq(batchMember.batchId, batchId)))
    .orderBy(asc(memberName), asc(member.id));
}

/** The members of a batch: those with a seat by name, the lapsed ones, then those whose seat was freed. */
export async function listBatchMembers(tx: Tx, ctx: Ctx, batchId: number): Promise<BatchMember[]> {
  await loadBatch(tx, ctx, batchId);
  const rows = (await batchMemberRows(tx, ctx, batchId)).map(batchMemberJson);
  return rows.sort((a, b) => Number(a.seat_status === 'freed') - Number(b.seat_status === 'freed'));
}

/** The member a body names: the organisation's (another tenant's id is a 400 on `member`) and active. */
async function activeMember(tx: Tx, ctx: Ctx, id: number) {
  await checkReferences(tx, ctx.organisationId, { member: { table: member, id } });
  const [row] = await tx
    .select({ id: member.id, name: memberName, code: member.memberCode, isActive: member.isActive })
    .from(member)
    .where(and(eq(member.organisationId, ctx.organisationId), eq(member.id, id)));
  if (!row.isActive) throw fieldError('member', `${row.name} (${row.code}) is inactive and cannot join a batch.`);
  return row;
}

const alreadyIn = { field: 'member', message: 'This member is already in the batch.' };

/** One batch member's row as the API shows it. */
async function batchMemberRow(tx: Tx, ctx: Ctx, batchId: number, memberId: number): Promise<BatchMemberRow | undefined> {
  const [row] = await tx
    .select(batchMemberFields)
    .from(batchMember)
    .innerJoin(member, eq(member.id, batchMember.memberId))
    .where(and(eq(batchMember.organisationId, ctx.organisationId), eq(batchMember.batchId, batchId), eq(batchMember.memberId, memberId)));
  return row;
}

const openEntry = sql`${batchWaitlist.status} in ('waiting', 'offered')`;

/**
 * Takes a seat of a locked batch for a member: one conditional update that succeeds only while
 * a seat is left that is not kept for someone else on the waiting list (an offered seat is
 * theirs until the desk confirms or declines it); the check `member_count <= capacity` holds
 * whatever the interleaving. Refusals say why.
 */
async function takeSeat(tx: Tx, ctx: Ctx, b: BatchRow, memberId: number) {
  const [seat] = await tx
    .update(batch)
    .set({ memberCount: sql`${batch.memberCount} + 1`, updatedAt: ctx.now.instant })
    .where(
      and(
        byId(ctx, b.id),
        eq(batch.isActive, true),
        sql`${batch.memberCount} + (select count(*) from batch_waitlist o where o.organisation_id = ${ctx.organisationId}
              and o.batch_id = ${b.id} and o.status = 'offered' and o.member_id <> ${memberId}) < ${batch.capacity}`,
      ),
    )
    .returning({ memberCount: batch.memberCount, capacity: batch.capacity });
  if (seat) return seat;
  const [now] = await tx
    .select({ capacity: batch.capacity, count: batch.memberCount, isActive: batch.isActive })
    .from(batch)
    .where(byId(ctx, b.id));
  if (!now.isActive) throw badRequest(`${b.name} is inactive; members cannot join it.`);
  if (now.count < now.capacity) {
    const free = now.capacity - now.count;
    throw badRequest(
      `The free ${free === 1 ? 'seat is' : 'seats are'} offered to the waiting list. Confirm or decline the offer first, or put this member on the waiting list.`,
    );
  }
  throw badRequest(`This batch is full (${now.capacity} of ${now.capacity} ${now.capacity === 1 ? 'seat' : 'seats'} taken).`);
}

/**
 * A member joins a batch (or takes a seat again after theirs was freed). The batch is locked and
 * its lapsed seats freed first, then a seat is taken (`takeSeat`) and the row written; a
 * duplicate rolls the seat back with it. A member with an open waiting-list entry leaves the
 * list as accepted.
 */
export async function joinBatch(tx: Tx, ctx: Ctx, input: { batch: number; member: number }): Promise<BatchMember> {
  const b = await lockBatch(tx, ctx, input.batch);
  const m = await activeMember(tx, ctx, input.member);
  const [existing] = await tx
    .select({ id: batchMember.id, freedOn: batchMember.freedOn })
    .from(batchMember)
    .where(and(eq(batchMember.organisationId, ctx.organisationId), eq(batchMember.batchId, b.id), eq(batchMember.memberId, m.id)));
  if (existing && existing.freedOn === null) throw fieldError(alreadyIn.field, alreadyIn.message);

  const seat = await takeSeat(tx, ctx, b, m.id);
  let id: number;
  if (existing) {
    await tx
      .update(batchMember)
      .set({ freedOn: null, joinedOn: ctx.now.today })
      .where(and(eq(batchMember.organisationId, ctx.organisationId), eq(batchMember.id, existing.id)));
    id = existing.id;
  } else {
    const [joined] = await tx
      .insert(batchMember)
      .values({ organisationId: ctx.organisationId, batchId: b.id, memberId: m.id, joinedOn: ctx.now.today })
      .returning({ id: batchMember.id })
      .catch(onUnique({ batch_member_key: alreadyIn }));
    id = joined.id;
  }
  await tx
    .update(batchWaitlist)
    .set({ status: 'accepted', closedAt: ctx.now.instant })
    .where(
      and(
        eq(batchWaitlist.organisationId, ctx.organisationId),
        eq(batchWaitlist.batchId, b.id),
        eq(batchWaitlist.memberId, m.id),
        openEntry,
      ),
    );
  const after = batchMemberJson((await batchMemberRow(tx, ctx, b.id, m.id))!);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'batch_member',
    objectId: id,
    label: `${b.name} · ${m.code} ${m.name}`,
    action: 'create',
    after: { ...after, batch_name: b.name, seats_left: seat.capacity - seat.memberCount },
  });
  return after;
}

/**
 * A member leaves a batch: the row goes and, when it held a seat, the seat is given back and
 * offered to the waiting list, in the same transaction.
 */
export async function leaveBatch(tx: Tx, ctx: Ctx, input: { batch: number; member: number }): Promise<void> {
  const b = await lockBatch(tx, ctx, input.batch);
  const before = await batchMemberRow(tx, ctx, b.id, input.member);
  if (!before) throw notFound('This member is not in the batch.');
  const [gone] = await tx
    .delete(batchMember)
    .where(and(eq(batchMember.organisationId, ctx.organisationId), eq(batchMember.batchId, b.id), eq(batchMember.memberId, input.member)))
    .returning({ id: batchMember.id, freedOn: batchMember.freedOn });
  if (!gone) throw notFound('This member is not in the batch.');
  if (gone.freedOn === null)
    await tx
      .update(batch)
      .set({ memberCount: sql`${batch.memberCount} - 1`, updatedAt: ctx.now.instant })
      .where(byId(ctx, b.id));
  await offerSeats(tx, ctx, b.id);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'batch_member',
    objectId: gone.id,
    label: `${b.name} · ${before.code} ${before.name}`,
    action: 'delete',
    before: { ...batchMemberJson(before), batch_name: b.name },
  });
}
