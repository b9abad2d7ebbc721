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
import { MODULE } from './constants.js';
import { batch, batchMember, member, type BatchRow } from './schema.js';

export type BatchJoin = { b: BatchRow; sportName: string | null; centreName: string };
export const batchFields = { b: batch, sportName: sport.name, centreName: centre.name };

/** Batches with the names of their centre and sport (the page and the count of the list share it). */
export const batchesFrom = (tx: Tx, fields: object) =>
  tx
    .select(fields as typeof batchFields)
    .from(batch)
    .innerJoin(centre, eq(centre.id, batch.centreId))
    .leftJoin(sport, eq(sport.id, batch.sportId))
    .$dynamic();

export function batchJson({ b, sportName, centreName }: BatchJoin): Batch {
  return {
    id: b.id,
    name: b.name,
    sport: b.sportId,
    sport_name: sportName ?? '',
    centre: b.centreId,
    centre_name: centreName,
    // Coaches are staff: null until Staff Management exists.
    coach: b.coachId,
    coach_name: '',
    weekdays: b.weekdays,
    start_time: b.startTime,
    end_time: b.endTime,
    capacity: b.capacity,
    members_count: b.memberCount,
    seats_left: Math.max(0, b.capacity - b.memberCount),
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
  return batchJson(row);
}

/** The batch row, locked until the transaction ends (an update or delete against concurrent joins). */
async function lockBatch(tx: Tx, ctx: Ctx, id: number): Promise<BatchRow> {
  const [row] = await tx.select().from(batch).where(byId(ctx, id)).for('update');
  if (!row) throw notFound();
  return row;
}

const uniqueName = onUnique({
  batch_org_centre_name_key: { field: 'name', message: 'A batch with this name already exists in this centre.' },
});

/** Coaches are staff members, which do not exist yet: any coach id is refused on the field. */
function refuseCoach(coach: number | null | undefined): void {
  if (coach != null) throw fieldError('coach', 'Coaches can be assigned once Staff Management is available; leave coach empty for now.');
}

const defined = <T extends Record<string, unknown>>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;

function batchValues(input: Partial<BatchInput>) {
  return defined({
    name: input.name,
    sportId: input.sport,
    centreId: input.centre,
    weekdays: input.weekdays,
    startTime: input.start_time,
    endTime: input.end_time,
    capacity: input.capacity,
    description: input.description,
    isActive: input.is_active,
  });
}

export async function createBatch(tx: Tx, ctx: Ctx, input: BatchInput): Promise<Batch> {
  refuseCoach(input.coach);
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
  refuseCoach(input.coach);
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

const batchMemberFields = {
  batchId: batchMember.batchId,
  memberId: batchMember.memberId,
  joinedOn: batchMember.joinedOn,
  name: memberName,
  code: member.memberCode,
  phone: member.phone,
  status: member.status,
};

function batchMemberJson(r: {
  batchId: number;
  memberId: number;
  joinedOn: string;
  name: string;
  code: string;
  phone: string;
  status: BatchMember['status'];
}): BatchMember {
  return {
    batch: r.batchId,
    member: r.memberId,
    member_name: r.name,
    member_code: r.code,
    phone: r.phone,
    status: r.status,
    joined_on: r.joinedOn,
  };
}

/** The members of a batch, by name. */
export async function listBatchMembers(tx: Tx, ctx: Ctx, batchId: number): Promise<BatchMember[]> {
  await loadBatch(tx, ctx, batchId);
  const rows = await tx
    .select(batchMemberFields)
    .from(batchMember)
    .innerJoin(member, eq(member.id, batchMember.memberId))
    .where(and(eq(batchMember.organisationId, ctx.organisationId), eq(batchMember.batchId, batchId)))
    .orderBy(asc(memberName), asc(member.id));
  return rows.map(batchMemberJson);
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

/**
 * A member joins a batch: one seat is taken by a conditional update that only succeeds while
 * seats are left (the row lock serialises concurrent joins; each re-reads the count), then the
 * membership row is written; a duplicate rolls the seat back with it.
 */
export async function joinBatch(tx: Tx, ctx: Ctx, input: { batch: number; member: number }): Promise<BatchMember> {
  const b = await loadBatch(tx, ctx, input.batch);
  const m = await activeMember(tx, ctx, input.member);
  const [existing] = await tx
    .select({ id: batchMember.id })
    .from(batchMember)
    .where(and(eq(batchMember.organisationId, ctx.organisationId), eq(batchMember.batchId, b.id), eq(batchMember.memberId, m.id)));
  if (existing) throw fieldError(alreadyIn.field, alreadyIn.message);

  const [seat] = await tx
    .update(batch)
    .set({ memberCount: sql`${batch.memberCount} + 1`, updatedAt: ctx.now.instant })
    .where(and(byId(ctx, b.id), sql`${batch.memberCount} < ${batch.capacity}`, eq(batch.isActive, true)))
    .returning({ memberCount: batch.memberCount, capacity: batch.capacity });
  if (!seat) {
    const [now] = await tx.select({ capacity: batch.capacity, isActive: batch.isActive }).from(batch).where(byId(ctx, b.id));
    if (!now.isActive) throw badRequest(`${b.name} is inactive; members cannot join it.`);
    throw badRequest(`This batch is full (${now.capacity} of ${now.capacity} ${now.capacity === 1 ? 'seat' : 'seats'} taken).`);
  }

  const [joined] = await tx
    .insert(batchMember)
    .values({ organisationId: ctx.organisationId, batchId: b.id, memberId: m.id, joinedOn: ctx.now.today })
    .returning({ id: batchMember.id })
    .catch(onUnique({ batch_member_key: alreadyIn }));
  const [row] = await tx
    .select(batchMemberFields)
    .from(batchMember)
    .innerJoin(member, eq(member.id, batchMember.memberId))
    .where(and(eq(batchMember.organisationId, ctx.organisationId), eq(batchMember.id, joined.id)));
  const after = batchMemberJson(row);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'batch_member',
    objectId: joined.id,
    label: `${b.name} · ${m.code} ${m.name}`,
    action: 'create',
    after: { ...after, batch_name: b.name, seats_left: seat.capacity - seat.memberCount },
  });
  return after;
}

/** A member leaves a batch: the row goes and the seat is given back in the same transaction. */
export async function leaveBatch(tx: Tx, ctx: Ctx, input: { batch: number; member: number }): Promise<void> {
  const b = await loadBatch(tx, ctx, input.batch);
  const [before] = await tx
    .select(batchMemberFields)
    .from(batchMember)
    .innerJoin(member, eq(member.id, batchMember.memberId))
    .where(and(eq(batchMember.organisationId, ctx.organisationId), eq(batchMember.batchId, b.id), eq(batchMember.memberId, input.member)));
  if (!before) throw notFound('This member is not in the batch.');
  const [gone] = await tx
    .delete(batchMember)
    .where(and(eq(batchMember.organisationId, ctx.organisationId), eq(batchMember.batchId, b.id), eq(batchMember.memberId, input.member)))
    .returning({ id: batchMember.id });
  // Another request removed the member first: nothing to give back.
  if (!gone) throw notFound('This member is not in the batch.');
  await tx
    .update(batch)
    .set({ memberCount: sql`${batch.memberCount} - 1`, updatedAt: ctx.now.instant })
    .where(byId(ctx, b.id));
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'batch_member',
    objectId: gone.id,
    label: `${b.name} · ${before.code} ${before.name}`,
    action: 'delete',
    before: { ...batchMemberJson(before), batch_name: b.name },
  });
}
