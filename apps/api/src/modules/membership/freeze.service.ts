/**
 * Freezes of a membership: a freeze moves the end date out by its days (within the plan's limits:
 * times and days per membership and per membership year, and the shortest freeze), a freeze that
 * has not started can be changed or removed, a running one can be made longer or shorter, and one
 * ended early gives its unused days back. A freeze gives a reason from the owner's list when the
 * owner keeps one. Each locks the membership first, so parallel freezes of one
 * membership give the answer one request would.
 */
import { freezeDays, freezeYear, overlaps, shiftDays, type FreezeInput, type FreezeUpdate } from '@arena/contracts';
import { and, asc, eq, gte, isNull, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { badRequest, fieldError, notFound } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { displayDate } from '../../platform/time.js';
import { MODULE } from './constants.js';
import { lockMembership } from './sales.service.js';
import { freezeReason, memberAttendance, membership, membershipFreeze, plan, type MembershipRow } from './schema.js';
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

type FreezeRow = Awaited<ReturnType<typeof freezesOf>>[number];

/**
 * The reason a freeze gives: when the owner keeps a list (Membership › Freeze Reasons) with an
 * active reason, one of them, in the list's own words; otherwise any words, or none.
 */
async function checkedReason(tx: Tx, ctx: Ctx, reason: string): Promise<string> {
  const reasons = await tx
    .select({ name: freezeReason.name })
    .from(freezeReason)
    .where(and(eq(freezeReason.organisationId, ctx.organisationId), eq(freezeReason.isActive, true)))
    .orderBy(asc(freezeReason.name))
    .limit(200);
  if (reasons.length === 0) return reason;
  const found = reasons.find((r) => r.name.toLowerCase() === reason.trim().toLowerCase());
  if (found) return found.name;
  const list = reasons.map((r) => r.name).join(', ');
  throw fieldError('reason', reason.trim() ? `Choose one of your freeze reasons: ${list}.` : `Choose a reason: ${list}.`);
}

/**
 * The checks of a freeze from one day to another against its membership, beside the others it
 * has (`others`: every freeze but the one being changed) and the end it would have without this
 * freeze (`baseEnd`). Answers its days.
 */
async function checkFreeze(
  tx: Tx,
  ctx: Ctx,
  m: MembershipRow,
  others: FreezeRow[],
  baseEnd: string,
  range: { from_date: string; to_date: string },
  options: { attendance: boolean },
): Promise<number> {
  if (range.from_date < m.startDate)
    throw fieldError('from_date', `The freeze cannot start before the membership does (${displayDate(m.startDate)}).`);
  if (range.from_date > baseEnd)
    throw fieldError('from_date', `The freeze must start by the membership's last day (${displayDate(baseEnd)}).`);
  // A day the member came is not a day frozen: a freeze (backdated or starting today) begins after the last visit.
  if (options.attendance) {
    const [{ last }] = await tx
      .select({ last: sql<string | null>`max(${memberAttendance.date})` })
      .from(memberAttendance)
      .where(
        and(
          eq(memberAttendance.organisationId, ctx.organisationId),
          eq(memberAttendance.memberId, m.memberId),
          gte(memberAttendance.date, range.from_date),
        ),
      );
    if (last)
      throw fieldError('from_date', `The member checked in on ${displayDate(last)}; a freeze must start after the last day they attended.`);
  }
  const [p] = await tx
    .select()
    .from(plan)
    .where(and(eq(plan.organisationId, ctx.organisationId), eq(plan.id, m.planId)));
  const days = freezeDays(range.from_date, range.to_date);
  if (p.freezeMaxTimes === 0 || p.freezeMaxDays === 0) throw badRequest(`The plan "${p.name}" allows no freezes.`);
  if (days < p.minFreezeDays)
    throw fieldError(
      'to_date',
      `The plan "${p.name}" freezes for at least ${plural(p.minFreezeDays, 'day')}; this freeze is ${plural(days, 'day')}.`,
    );
  if (others.length + 1 > p.freezeMaxTimes)
    throw badRequest(
      `The plan "${p.name}" allows at most ${plural(p.freezeMaxTimes, 'freeze')} per membership; ${others.length} already taken.`,
    );
  const used = others.reduce((n, f) => n + f.days, 0);
  if (used + days > p.freezeMaxDays)
    throw badRequest(
      `The plan "${p.name}" allows at most ${plural(p.freezeMaxDays, 'frozen day')} per membership; ${used} used, ${days} asked.`,
    );
  const year = freezeYear(
    m.startDate,
    others.map((f) => ({ from_date: f.fromDate, days: f.days })),
    range.from_date,
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
  if (renewal && shiftDays(baseEnd, days) >= renewal.start)
    throw badRequest(
      `This membership has been renewed from ${displayDate(renewal.start)}; a freeze would run into the renewal. Freeze the renewal instead, or cancel it first.`,
    );
  const clash = others.find(
    (f) => f.days > 0 && overlaps({ from: f.fromDate, to: f.toDate }, { from: range.from_date, to: range.to_date }),
  );
  if (clash) throw badRequest(`This freeze overlaps another one (${displayDate(clash.fromDate)} – ${displayDate(clash.toDate)}).`);
  return days;
}

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
  const reason = await checkedReason(tx, ctx, input.reason);
  const existing = await freezesOf(tx, ctx, m.id);
  const days = await checkFreeze(tx, ctx, m, existing, m.endDate, input, { attendance: true });
  const [freeze] = await tx
    .insert(membershipFreeze)
    .values({
      organisationId: ctx.organisationId,
      membershipId: m.id,
      fromDate: input.from_date,
      toDate: input.to_date,
      days,
      reason,
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
    after: { freeze: freeze.id, from_date: input.from_date, to_date: input.to_date, days, reason, end_date: end },
  });
  await refreshStatuses(tx, ctx, { members: [m.memberId] });
}

/**
 * Changes a freeze: a scheduled one (not started) may move both its days, a running one only its
 * last day — later, or earlier down to yesterday (the member is back today: it ends early) — and
 * any freeze its reason. The end date moves by the difference in frozen days; every rule of a new
 * freeze holds, counted beside the membership's other freezes.
 */
export async function updateFreeze(tx: Tx, ctx: Ctx, id: number, freezeId: number, input: FreezeUpdate): Promise<void> {
  const m = await lockMembership(tx, ctx, id);
  const all = await freezesOf(tx, ctx, m.id);
  const freeze = all.find((f) => f.id === freezeId);
  if (!freeze) throw notFound();
  const today = ctx.now.today;
  const reason = input.reason === undefined ? freeze.reason : await checkedReason(tx, ctx, input.reason);
  const from = input.from_date ?? freeze.fromDate;
  const to = input.to_date ?? freeze.toDate;
  const datesChange = from !== freeze.fromDate || to !== freeze.toDate;
  let days = freeze.days;
  let endedOn = freeze.endedOn;
  if (datesChange) {
    if (m.cancelledAt) throw badRequest('The membership is cancelled: its freezes cannot change.');
    const over = freeze.endedOn !== null || freeze.toDate < today;
    if (over) throw badRequest(`This freeze is over (it ended ${displayDate(freeze.toDate)}); only its reason can change.`);
    const running = freeze.fromDate <= today;
    if (running && from !== freeze.fromDate)
      throw fieldError(
        'from_date',
        `The freeze has started (${displayDate(freeze.fromDate)}): its first day stays. Change its last day, or end it early.`,
      );
    if (to < from) throw fieldError('to_date', 'The freeze must end on or after its first day.');
    if (running && to < shiftDays(today, -1))
      throw fieldError(
        'to_date',
        `A running freeze ends yesterday at the earliest (${displayDate(shiftDays(today, -1))}): the member is back today.`,
      );
    const baseEnd = shiftDays(m.endDate, -freeze.days);
    const others = all.filter((f) => f.id !== freeze.id);
    days = await checkFreeze(tx, ctx, m, others, baseEnd, { from_date: from, to_date: to }, { attendance: !running });
    // Shortened to before today: the member came back early, on the day after its new last day.
    endedOn = running && to < today ? shiftDays(to, 1) : null;
  }
  await tx
    .update(membershipFreeze)
    .set({ fromDate: from, toDate: to, days, reason, endedOn })
    .where(and(eq(membershipFreeze.organisationId, ctx.organisationId), eq(membershipFreeze.id, freeze.id)));
  const end = days === freeze.days ? m.endDate : await moveEnd(tx, ctx, m, days - freeze.days);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'membership',
    objectId: m.id,
    label: m.label,
    action: 'update',
    before: {
      freeze: freeze.id,
      from_date: freeze.fromDate,
      to_date: freeze.toDate,
      days: freeze.days,
      reason: freeze.reason,
      end_date: m.endDate,
    },
    after: { freeze: freeze.id, from_date: from, to_date: to, days, reason, end_date: end },
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
