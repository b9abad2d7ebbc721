/**
 * A full batch's waiting list. Members wait in the order they were put on it; when a seat frees
 * (a member leaves, a lapsed seat's grace days end, the capacity grows) the first waiting entries
 * are offered it (`offerSeats`, one entry per free seat) and the seat is kept for them: nobody
 * else can be added while the offer is open. The desk confirms the offer (the member joins,
 * taking the seat) or declines it (the next in line is offered it). Every write locks the batch
 * row first, so two confirms of one seat cannot both succeed.
 */
import type { BatchMember, BatchWaitlistEntry } from '@arena/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { badRequest, fieldError, notFound, onUnique } from '../../platform/errors.js';
import { checkReferences } from '../../platform/references.js';
import type { Ctx } from '../../platform/request-context.js';
import { joinBatch, loadBatch, lockBatch } from './batch.service.js';
import { MODULE } from './constants.js';
import { batchMember, batchWaitlist, member, type BatchWaitlistRow } from './schema.js';
import { offerSeats } from './seats.js';

const memberName = sql<string>`trim(${member.firstName} || ' ' || ${member.lastName})`;
const entryFields = { w: batchWaitlist, name: memberName, code: member.memberCode, phone: member.phone };
type EntryJoin = { w: BatchWaitlistRow; name: string; code: string; phone: string };

function entryJson(r: EntryJoin, position: number | null, shownStatus = r.w.status): BatchWaitlistEntry {
  return {
    id: r.w.id,
    batch: r.w.batchId,
    member: r.w.memberId,
    member_name: r.name,
    member_code: r.code,
    phone: r.phone,
    position,
    status: shownStatus,
    offered_at: r.w.offeredAt?.toISOString() ?? null,
    note: r.w.note,
    created_at: r.w.createdAt.toISOString(),
  };
}

const isOpen = (status: string) => status === 'waiting' || status === 'offered';
const ordinal = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;

/**
 * The waiting list: open entries in line (position 1 first), then the last 20 closed ones. A seat
 * that freed by a lapse no write has seen yet is shown offered to the first waiting entries as
 * the next write will offer it, so the list reads the same before and after.
 */
export async function listWaitlist(tx: Tx, ctx: Ctx, batchId: number): Promise<BatchWaitlistEntry[]> {
  const b = await loadBatch(tx, ctx, batchId);
  const where = and(eq(batchWaitlist.organisationId, ctx.organisationId), eq(batchWaitlist.batchId, batchId));
  const open = await tx
    .select(entryFields)
    .from(batchWaitlist)
    .innerJoin(member, eq(member.id, batchWaitlist.memberId))
    .where(and(where, sql`${batchWaitlist.status} in ('waiting', 'offered')`))
    .orderBy(asc(batchWaitlist.id));
  const closed = await tx
    .select(entryFields)
    .from(batchWaitlist)
    .innerJoin(member, eq(member.id, batchWaitlist.memberId))
    .where(and(where, sql`${batchWaitlist.status} not in ('waiting', 'offered')`))
    .orderBy(desc(batchWaitlist.closedAt), desc(batchWaitlist.id))
    .limit(20);
  const offered = open.filter((r) => r.w.status === 'offered').length;
  let unoffered = b.is_active ? Math.max(0, b.capacity - b.members_count - offered) : 0;
  return [
    ...open.map((r, i) => {
      const shown = r.w.status === 'waiting' && unoffered > 0 ? (unoffered--, 'offered' as const) : r.w.status;
      return entryJson(r, i + 1, shown);
    }),
    ...closed.map((r) => entryJson(r, null)),
  ];
}

async function entryOf(tx: Tx, ctx: Ctx, batchId: number, entryId: number): Promise<EntryJoin> {
  const [row] = await tx
    .select(entryFields)
    .from(batchWaitlist)
    .innerJoin(member, eq(member.id, batchWaitlist.memberId))
    .where(and(eq(batchWaitlist.organisationId, ctx.organisationId), eq(batchWaitlist.batchId, batchId), eq(batchWaitlist.id, entryId)));
  if (!row) throw notFound('This entry is not on the waiting list.');
  return row;
}

async function positionOf(tx: Tx, ctx: Ctx, batchId: number, entryId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(batchWaitlist)
    .where(
      and(
        eq(batchWaitlist.organisationId, ctx.organisationId),
        eq(batchWaitlist.batchId, batchId),
        sql`${batchWaitlist.status} in ('waiting', 'offered')`,
        sql`${batchWaitlist.id} <= ${entryId}`,
      ),
    );
  return row.n;
}

const alreadyWaiting = { field: 'member', message: 'This member is already on the waiting list.' };

/** Puts a member on a full batch's waiting list (a batch with a seat to give: add them directly). */
export async function joinWaitlist(tx: Tx, ctx: Ctx, input: { batch: number; member: number; note: string }): Promise<BatchWaitlistEntry> {
  const b = await lockBatch(tx, ctx, input.batch);
  await checkReferences(tx, ctx.organisationId, { member: { table: member, id: input.member } });
  const [m] = await tx
    .select({ id: member.id, name: memberName, code: member.memberCode, isActive: member.isActive })
    .from(member)
    .where(and(eq(member.organisationId, ctx.organisationId), eq(member.id, input.member)));
  if (!m.isActive) throw fieldError('member', `${m.name} (${m.code}) is inactive and cannot wait for a batch.`);
  if (!b.isActive) throw badRequest(`${b.name} is inactive; nobody can wait for it.`);
  const [inBatch] = await tx
    .select({ id: batchMember.id })
    .from(batchMember)
    .where(
      and(
        eq(batchMember.organisationId, ctx.organisationId),
        eq(batchMember.batchId, b.id),
        eq(batchMember.memberId, m.id),
        sql`${batchMember.freedOn} is null`,
      ),
    );
  if (inBatch) throw fieldError('member', 'This member is already in the batch.');
  const [waiting] = await tx
    .select({ id: batchWaitlist.id })
    .from(batchWaitlist)
    .where(
      and(
        eq(batchWaitlist.organisationId, ctx.organisationId),
        eq(batchWaitlist.batchId, b.id),
        eq(batchWaitlist.memberId, m.id),
        sql`${batchWaitlist.status} in ('waiting', 'offered')`,
      ),
    );
  if (waiting)
    throw fieldError(
      alreadyWaiting.field,
      `${alreadyWaiting.message.slice(0, -1)} (${ordinal(await positionOf(tx, ctx, b.id, waiting.id))} in line).`,
    );
  const [{ open }] = await tx
    .select({ open: sql<number>`count(*)::int`.mapWith(Number) })
    .from(batchWaitlist)
    .where(
      and(
        eq(batchWaitlist.organisationId, ctx.organisationId),
        eq(batchWaitlist.batchId, b.id),
        sql`${batchWaitlist.status} in ('waiting', 'offered')`,
      ),
    );
  if (b.memberCount + open < b.capacity)
    throw badRequest(`${b.name} has a free seat; add the member to the batch instead of the waiting list.`);

  const [row] = await tx
    .insert(batchWaitlist)
    .values({ organisationId: ctx.organisationId, batchId: b.id, memberId: m.id, note: input.note, createdBy: ctx.actor.actorId })
    .returning({ id: batchWaitlist.id })
    .catch(onUnique({ batch_waitlist_open_key: alreadyWaiting }));
  const entry = entryJson(await entryOf(tx, ctx, b.id, row.id), await positionOf(tx, ctx, b.id, row.id));
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'batch_waitlist',
    objectId: row.id,
    label: `${b.name} · ${m.code} ${m.name}`,
    action: 'create',
    after: { ...entry, batch_name: b.name },
  });
  return entry;
}

async function closeEntry(
  tx: Tx,
  ctx: Ctx,
  input: { batch: number; entry: number },
  to: 'declined' | 'removed',
): Promise<BatchWaitlistEntry> {
  const b = await lockBatch(tx, ctx, input.batch);
  const before = await entryOf(tx, ctx, b.id, input.entry);
  if (!isOpen(before.w.status)) throw notFound('This entry is not on the waiting list.');
  if (to === 'declined' && before.w.status !== 'offered')
    throw badRequest(`${before.name} has not been offered a seat yet; remove them from the waiting list instead.`);
  await tx
    .update(batchWaitlist)
    .set({ status: to, closedAt: ctx.now.instant })
    .where(and(eq(batchWaitlist.organisationId, ctx.organisationId), eq(batchWaitlist.id, before.w.id)));
  // An offered seat goes to the next in line.
  await offerSeats(tx, ctx, b.id);
  const after = entryJson(await entryOf(tx, ctx, b.id, before.w.id), null);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'batch_waitlist',
    objectId: before.w.id,
    label: `${b.name} · ${before.code} ${before.name}`,
    action: 'update',
    before: entryJson(before, null),
    after,
  });
  return after;
}

/** The member declines the seat offered to them: the next in line is offered it. */
export const declineOffer = (tx: Tx, ctx: Ctx, input: { batch: number; entry: number }) => closeEntry(tx, ctx, input, 'declined');
/** Takes an entry off the waiting list (an offered seat goes to the next in line). */
export const removeFromWaitlist = (tx: Tx, ctx: Ctx, input: { batch: number; entry: number }) => closeEntry(tx, ctx, input, 'removed');

/**
 * The desk confirms an offered seat: the member joins the batch, taking the seat kept for them
 * (`joinBatch`, which marks the entry accepted). The batch row lock makes parallel confirms run
 * one after the other: the second finds the entry accepted (or the seat gone) and is refused.
 */
export async function confirmOffer(tx: Tx, ctx: Ctx, input: { batch: number; entry: number }): Promise<BatchMember> {
  const b = await lockBatch(tx, ctx, input.batch);
  const entry = await entryOf(tx, ctx, b.id, input.entry);
  if (entry.w.status === 'accepted') throw badRequest(`${entry.name} has already taken the seat.`);
  if (!isOpen(entry.w.status)) throw notFound('This entry is not on the waiting list.');
  if (entry.w.status === 'waiting') {
    const position = await positionOf(tx, ctx, b.id, entry.w.id);
    throw badRequest(`${entry.name} is ${ordinal(position)} on the waiting list and has not been offered a seat yet: ${b.name} is full.`);
  }
  return joinBatch(tx, ctx, { batch: b.id, member: entry.w.memberId });
}
