/**
 * Statuses of memberships, member services and members, moved in SQL so one statement serves a
 * single member (after every write that touches them) and a whole organisation (the daily job).
 * The rules are `membershipStatus` of @arena/contracts (membership-dates.ts), plus: a session
 * pack with no sessions left is expired. A member's status is its running membership's
 * (an expiring one that has been renewed reads active), else expired when it had one, else inactive.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { idArray, queryRows, type Tx } from '../../platform/db/client.js';
import { forEachOrganisation, type Task } from '../../platform/jobs.js';
import type { Ctx } from '../../platform/request-context.js';
import { membershipSetting } from './schema.js';
import { freeLapsedSeats } from './seats.js';
import { DEFAULT_BATCH_SEAT_GRACE_DAYS } from '@arena/contracts';

export const STATUS_TASK = 'membership.refresh-statuses';
export const DEFAULT_REMINDER_DAYS = 7;

/** The organisation's reminder window ("expiring" within N days). */
export async function reminderDays(tx: Tx, ctx: Ctx): Promise<number> {
  const [row] = await tx
    .select({ days: membershipSetting.reminderDays })
    .from(membershipSetting)
    .where(eq(membershipSetting.organisationId, ctx.organisationId));
  return row?.days ?? DEFAULT_REMINDER_DAYS;
}

/** The organisation's grace days for the batch seats of lapsed members (seats.ts). */
export async function batchSeatGraceDays(tx: Tx, ctx: Ctx): Promise<number> {
  const [row] = await tx
    .select({ days: membershipSetting.batchSeatGraceDays })
    .from(membershipSetting)
    .where(eq(membershipSetting.organisationId, ctx.organisationId));
  return row?.days ?? DEFAULT_BATCH_SEAT_GRACE_DAYS;
}

/** The SQL status of a sale row `s` (membership or member service) on `today`. */
function saleStatus(alias: string, today: string, reminder: number, freezes: boolean): SQL {
  const s = sql.raw(alias);
  const frozen = freezes
    ? sql`when exists (select 1 from membership_freeze f where f.organisation_id = ${s}.organisation_id and f.membership_id = ${s}.id
                        and f.days > 0 and f.from_date <= ${today}::date and f.to_date >= ${today}::date) then 'frozen'`
    : sql``;
  return sql`case when ${s}.cancelled_at is not null then 'cancelled'
                  when ${s}.start_date > ${today}::date then 'upcoming'
                  ${frozen}
                  when ${s}.end_date < ${today}::date or ${s}.sessions_left = 0 then 'expired'
                  when ${s}.end_date - ${today}::date <= ${reminder} then 'expiring'
                  else 'active' end`;
}

export interface RefreshScope {
  /** Only these members (and their sales); every member of the organisation when left out. */
  members?: number[];
}

/**
 * Moves the statuses of the scope's memberships, member services and members to what they are
 * on the organisation's today. Idempotent: a second run changes nothing (rows whose status is
 * already right are not touched). Returns how many rows changed.
 */
export async function refreshStatuses(tx: Tx, ctx: Ctx, scope: RefreshScope = {}): Promise<number> {
  if (scope.members && scope.members.length === 0) return 0;
  const today = ctx.now.today;
  const reminder = await reminderDays(tx, ctx);
  const org = ctx.organisationId;
  const only = (column: string) => (scope.members ? sql`and ${sql.raw(column)} = any(${idArray(scope.members)})` : sql``);
  let changed = 0;
  for (const [table, freezes] of [
    ['membership', true],
    ['member_service', false],
  ] as const) {
    const moved = await queryRows(
      tx,
      sql`update ${sql.raw(table)} t set status = x.status, updated_at = now()
          from (select s.id, ${saleStatus('s', today, reminder, freezes)} as status
                from ${sql.raw(table)} s where s.organisation_id = ${org} ${only('s.member_id')}) x
          where t.organisation_id = ${org} and t.id = x.id and t.status is distinct from x.status
          returning t.id`,
    );
    changed += moved.length;
  }
  const members = await queryRows(
    tx,
    sql`
    update member mb set status = x.status, current_membership_id = x.cur, updated_at = now()
    from (
      select mb.id,
             case when mb.is_active then r.id end as cur,
             case when not mb.is_active then 'inactive'
                  when r.id is not null then
                    case when r.status = 'expiring' and exists (
                           select 1 from membership n where n.organisation_id = mb.organisation_id and n.renewed_from_id = r.id and n.cancelled_at is null)
                         then 'active' else r.status end
                  when exists (select 1 from membership e where e.organisation_id = mb.organisation_id and e.member_id = mb.id and e.status = 'expired')
                    then 'expired'
                  else 'inactive' end as status
      from member mb
      left join lateral (
        select m.id, m.status from membership m
        where m.organisation_id = mb.organisation_id and m.member_id = mb.id and m.status in ('active', 'expiring', 'frozen')
        order by m.start_date desc, m.id desc limit 1) r on true
      where mb.organisation_id = ${org} ${only('mb.id')}) x
    where mb.organisation_id = ${org} and mb.id = x.id
      and (mb.status is distinct from x.status or mb.current_membership_id is distinct from x.cur)
    returning mb.id`,
  );
  return changed + members.length;
}

/**
 * Runs the refresh for one organisation when its own date has moved on since the last run (or
 * always with `force`), and records the day. Returns the rows changed, or null when skipped.
 */
export async function refreshOrganisation(tx: Tx, ctx: Ctx, force = false): Promise<number | null> {
  const [setting] = await tx
    .insert(membershipSetting)
    .values({ organisationId: ctx.organisationId })
    .onConflictDoUpdate({ target: membershipSetting.organisationId, set: { organisationId: ctx.organisationId } })
    .returning();
  const [locked] = await tx.select().from(membershipSetting).where(eq(membershipSetting.id, setting.id)).for('update');
  if (!force && locked.refreshedOn !== null && locked.refreshedOn >= ctx.now.today) return null;
  const changed = (await refreshStatuses(tx, ctx)) + (await freeLapsedSeats(tx, ctx));
  await tx
    .update(membershipSetting)
    .set({ refreshedOn: ctx.now.today, updatedAt: sql`now()` })
    .where(eq(membershipSetting.id, setting.id));
  return changed;
}

/** The scheduled task: every active organisation, each in its own tenant transaction and time zone. */
export const statusTask: Task = {
  name: STATUS_TASK,
  run: (_payload, task) =>
    forEachOrganisation(task, 'membership-status', async (tx, ctx) => {
      const changed = await refreshOrganisation(tx, ctx);
      if (changed) task.log.info({ organisation: ctx.organisationId, changed }, 'membership statuses moved');
    }),
};
