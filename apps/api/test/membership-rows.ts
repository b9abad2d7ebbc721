/**
 * Members, plans, memberships and freezes as plain rows, for the tests of batches, attendance
 * and performance while the member and membership services are being written (their factories
 * will replace these). Dates are relative to the organisation's today; every write that touches
 * a member ends with `refreshStatuses`, as the services do.
 */
import { freezeDays, membershipEndDate, shiftDays } from '@arena/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { member, membership, membershipFreeze, plan } from '../src/modules/membership/schema.js';
import { refreshStatuses } from '../src/modules/membership/status.js';
import type { Tx } from '../src/platform/db/client.js';
import type { Ctx } from '../src/platform/request-context.js';

let sequence = 0;
const next = () => ++sequence;

/** A date `days` from the organisation's today (negative for the past). */
export const dayFrom = (ctx: Ctx, days: number) => shiftDays(ctx.now.today, days);

export async function insertMember(tx: Tx, ctx: Ctx, values: Partial<typeof member.$inferInsert> & { centreId: number }) {
  const n = next();
  const [row] = await tx
    .insert(member)
    .values({
      memberCode: `MEM-${String(n).padStart(5, '0')}`,
      firstName: `Member${n}`,
      lastName: 'Rao',
      gender: 'female',
      phone: `7${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(6, '0')}`,
      joinedOn: ctx.now.today,
      ...values,
      organisationId: ctx.organisationId,
    })
    .returning();
  return row;
}

export async function insertPlan(tx: Tx, ctx: Ctx, values: Partial<typeof plan.$inferInsert> = {}) {
  const [row] = await tx
    .insert(plan)
    .values({
      name: `Plan ${next()}`,
      durationValue: 1,
      durationUnit: 'month',
      price: '1500.00',
      ...values,
      organisationId: ctx.organisationId,
    })
    .returning();
  return row;
}

/**
 * A membership of a member on a plan from `start` (the plan's end, or `end`); `sessions` makes it
 * a pack with that many left; `cancelled` cancels it. Statuses are refreshed.
 */
export async function insertMembership(
  tx: Tx,
  ctx: Ctx,
  input: {
    member: { id: number; centreId: number; memberCode: string };
    plan: typeof plan.$inferSelect;
    start: string;
    end?: string;
    sessions?: { total: number; left: number };
    cancelled?: boolean;
  },
) {
  const end = input.end ?? membershipEndDate(input.start, input.plan.durationValue, input.plan.durationUnit);
  const [row] = await tx
    .insert(membership)
    .values({
      organisationId: ctx.organisationId,
      memberId: input.member.id,
      planId: input.plan.id,
      centreId: input.member.centreId,
      label: `${input.plan.name} · ${input.member.memberCode}`,
      party: input.member.memberCode,
      startDate: input.start,
      baseEndDate: end,
      endDate: end,
      price: input.plan.price,
      total: input.plan.price,
      status: 'active',
      sessionsTotal: input.sessions?.total ?? null,
      sessionsLeft: input.sessions?.left ?? null,
      cancelledAt: input.cancelled ? new Date() : null,
      cancelReason: input.cancelled ? 'Moved away' : '',
    })
    .returning();
  await refreshStatuses(tx, ctx, { members: [input.member.id] });
  return row;
}

/** A freeze of a membership from `from` to `to`: the end date moves out by its days. */
export async function insertFreeze(tx: Tx, ctx: Ctx, input: { membership: typeof membership.$inferSelect; from: string; to: string }) {
  const days = freezeDays(input.from, input.to);
  await tx.insert(membershipFreeze).values({
    organisationId: ctx.organisationId,
    membershipId: input.membership.id,
    fromDate: input.from,
    toDate: input.to,
    days,
    reason: 'Travel',
  });
  await tx
    .update(membership)
    .set({ endDate: sql`${membership.endDate} + ${days}::int` })
    .where(and(eq(membership.organisationId, ctx.organisationId), eq(membership.id, input.membership.id)));
  await refreshStatuses(tx, ctx, { members: [input.membership.memberId] });
}
