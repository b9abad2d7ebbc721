/**
 * Freezes of a membership: a freeze moves the end date out by its days (within the plan's limits:
 * times and days per membership and per membership year, and the shortest freeze), a freeze that has not started can be removed, and a running one ended early
 * gives its unused days back. Each locks the membership first, so parallel freezes of one
 * membership give the answer one request would.
 */
import { freezeDays, freezeYear, overlaps, shiftDays, type FreezeInput } from '@arena/contracts';
import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { badRequest, fieldError, notFound } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { displayDate } from '../../platform/time.js';
import { MODULE } from './constants.js';
import { lockMembership } from './sales.service.js';
import { memberAttendance, membership, membershipFreeze, plan, type MembershipRow } from './schema.js';
import { refreshStatuses } from './status.js';

async function freezesOf(tx: Tx, ctx: Ctx, membershipId: number) {
  return tx
    .select()
    .from(membershipFreeze)
    .where(and(eq(membershipFreeze.organisationId, ctx.organisationId), eq(membershipFreeze.membershipId, membershipId)))
    .orderBy(membershipFreeze.fromDate);
}

async function moveEnd(tx: Tx, ctx: Ctx, m: MembershipRow, days: number): Promise<string> {
  const end = shiftDays(m.endDate, days);
  await tx
    .update(membership)
    .set({ endDate: end, updatedAt: sql`now()` })
    .where(and(eq(membership.organisationId, ctx.organisationId), eq(membership.id, m.id)));
  return end;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Freezes a membership from one day to another: the end date moves out by the frozen days.
 * Refused beyond the plan's number of freezes or frozen days (per membership, and per membership
 * year: the freezes whose first day falls in the year the new one starts in), shorter than the
 * plan's shortest freeze, over another freeze, outside the membership, or on an expired or
 * cancelled one. The membership row is locked first, so two freezes that each fit alone but not
 * together never both pass.
 */
export async function freezeMembership(tx: Tx, ctx: Ctx, id: number, input: FreezeInput): Promise<void> {
  const m = await lockMembership(tx, ctx, id);
  if (m.cancelledAt) throw badRequest('A cancelled membership cannot be frozen.');
  if (m.endDate < ctx.now.today || m.sessionsLeft === 0)
    throw badRequest(`An expired membership cannot be frozen (it ended on ${displayDate(m.endDate)}).`);
  if (input.from_date < m.startDate)
    throw fieldError('from_date', `The freeze cannot start before the membership does (${displayDate(m.startDate)}).`);
  if (input.from_date > m.endDate)
    throw fieldError('from_date', `The freeze must start by the membership's last day (${displayDate(m.endDate)}).`);
  // A day the member came is not a day frozen: a freeze (backdated or starting today) begins after the last visit.
  const [{ last }] = await tx
    .select({ last: sql<string | null>`max(${memberAttendance.date})` })
    .from(memberAttendance)
    .where(
      and(
        eq(memberAttendance.organisationId, ctx.organisationId),
        eq(memberAttendance.memberId, m.memberId),
        gte(memberAttendance.date, input.from_date),
      ),
    );
  if (last)
    throw fieldError('from_date', `The member checked in on ${displayDate(last)}; a freeze must start after the last day they attended.`);
  const [p] = await tx
    .select()
    .from(plan)
    .where(and(eq(plan.organisationId, ctx.organisationId), eq(plan.id, m.planId)));
  const existing = await freezesOf(tx, ctx, m.id);
  const days = freezeDays(input.from_date, input.to_date);
  if (p.freezeMaxTimes === 0 || p.freezeMaxDays === 0) throw badRequest(`The plan "${p.name}" allows no freezes.`);
  if (days < p.minFreezeDays)
    throw fieldError(
      'to_date',
      `The plan "${p.name}" freezes for at least ${plural(p.minFreezeDays, 'day')}; this freeze is ${plural(days, 'day')}.`,
    );
  if (existing.length + 1 > p.freezeMaxTimes)
    throw badRequest(
      `The plan "${p.name}" allows at most ${plural(p.freezeMaxTimes, 'freeze')} per membership; ${existing.length} already taken.`,
    );
  const used = existing.reduce((n, f) => n + f.days, 0);
  if (used + days > p.freezeMaxDays)
    throw badRequest(
      `The plan "${p.name}" allows at most ${plural(p.freezeMaxDays, 'frozen day')} per membership; ${used} used, ${days} asked.`,
    );
  const year = freezeYear(
    m.startDate,
    existing.map((f) => ({ from_date: f.fromDate, days: f.days })),
    input.from_date,
  );
  const inYear = `in the membership year ${displayDate(year.from)} – ${displayDate(year.to)}`;
  if (p.maxFreezesPerYear !== null && year.freezes + 1 > p.maxFreezesPerYear)
    throw fieldError(
      'from_date',
      p.maxFreezesPerYear === 0
        ? `The plan "${p.name}" allows no freezes in a membership year.`
        : `The plan "${p.name}" allows at most ${plural(p.maxFreezesPerYear, 'freeze')} per membership year; ${year.freezes} already taken ${inYear}.`,
    );
  if (p.maxFreezeDaysPerYear !== null && year.days + days > p.maxFreezeDaysPerYear)
    throw fieldError(
      'to_date',
      `The plan "${p.name}" allows at most ${plural(p.maxFreezeDaysPerYear, 'frozen day')} per membership year; ${year.days} used ${inYear}, ${days} asked.`,
    );
  const [renewal] = await tx
    .select({ start: membership.startDate })
    .from(membership)
    .where(and(eq(membership.organisationId, ctx.organisationId), eq(membership.renewedFromId, m.id), isNull(membership.cancelledAt)));
  if (renewal && shiftDays(m.endDate, days) >= renewal.start)
    throw badRequest(
      `This membership has been renewed from ${displayDate(renewal.start)}; a freeze would run into the renewal. Freeze the renewal instead, or cancel it first.`,
    );
  const clash = existing.find(
    (f) => f.days > 0 && overlaps({ from: f.fromDate, to: f.toDate }, { from: input.from_date, to: input.to_date }),
  );
  if (clash) throw badRequest(`This freeze overlaps another one (${displayDate(clash.fromDate)} – ${displayDate(clash.toDate)}).`);
  const [freeze] = await tx
    .insert(membershipFreeze)
    .values({
      organisationId: ctx.organisationId,
      membershipId: m.id,
      fromDate: input.from_date,
      toDate: input.to_date,
      days,
      reason: input.reason,
      createdBy: ctx.actor.actorId,
    })
    .returning();
  const end = await moveEnd(tx, ctx, m, days);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'membership',
    objectId: m.id,
    label: m.label,
    action: 'update',
    before: { end_date: m.endDate },
    after: { freeze: freeze.id, from_date: input.from_date, to_date: input.to_date, days, reason: input.reason, end_date: end },
  });
  await refreshStatuses(tx, ctx, { members: [m.memberId] });
}

/** Removes a freeze that has not started: the end date moves back. */
export async function deleteFreeze(tx: Tx, ctx: Ctx, id: number, freezeId: number): Promise<void> {
  const m = await lockMembership(tx, ctx, id);
  const freeze = (await freezesOf(tx, ctx, m.id)).find((f) => f.id === freezeId);
  if (!freeze) throw notFound();
  if (freeze.fromDate <= ctx.now.today) throw badRequest('A freeze that has started cannot be deleted; end it early instead.');
  await tx.delete(membershipFreeze).where(and(eq(membershipFreeze.organisationId, ctx.organisationId), eq(membershipFreeze.id, freeze.id)));
  const end = await moveEnd(tx, ctx, m, -freeze.days);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'membership',
    objectId: m.id,
    label: m.label,
    action: 'update',
    before: { freeze: freeze.id, from_date: freeze.fromDate, to_date: freeze.toDate, end_date: m.endDate },
    after: { freeze: null, end_date: end },
  });
  await refreshStatuses(tx, ctx, { members: [m.memberId] });
}

/** Ends the running freeze on `date` (the member is back that day): the unused days come off the end date. */
export async function unfreezeMembership(tx: Tx, ctx: Ctx, id: number, date = ctx.now.today): Promise<void> {
  const m = await lockMembership(tx, ctx, id);
  const freeze = (await freezesOf(tx, ctx, m.id)).find((f) => f.days > 0 && f.fromDate <= date && date <= f.toDate);
  if (!freeze) throw badRequest(`The membership is not frozen on ${displayDate(date)}.`);
  const to = shiftDays(date, -1);
  const kept = to < freeze.fromDate ? 0 : freezeDays(freeze.fromDate, to);
  const back = freeze.days - kept;
  const where = and(eq(membershipFreeze.organisationId, ctx.organisationId), eq(membershipFreeze.id, freeze.id));
  // Back on the first day: the freeze never happened.
  if (kept === 0) await tx.delete(membershipFreeze).where(where);
  else await tx.update(membershipFreeze).set({ toDate: to, days: kept, endedOn: date }).where(where);
  const end = await moveEnd(tx, ctx, m, -back);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'membership',
    objectId: m.id,
    label: m.label,
    action: 'update',
    before: { freeze: freeze.id, to_date: freeze.toDate, days: freeze.days, end_date: m.endDate },
    after: { ended_on: date, days: kept, end_date: end },
  });
  await refreshStatuses(tx, ctx, { members: [m.memberId] });
}
