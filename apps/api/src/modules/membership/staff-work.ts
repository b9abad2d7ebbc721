/**
 * What Staff Management reads of the work its staff do here (payroll's per-session pay, the
 * staff-wise member count): set-based, one statement each, for every staff member at once.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';

/**
 * Sessions each staff member took in [from, to]: every check-in of a member on a day their member
 * service with that staff member runs (one per service, member and day), plus every batch session
 * they coach that has a present mark on its roll call (one per batch and day).
 */
export async function staffSessions(tx: Tx, ctx: Pick<Ctx, 'organisationId'>, from: string, to: string) {
  const org = ctx.organisationId;
  const rows = await queryRows<{ staff_id: string; sessions: string }>(
    tx,
    sql`
    select staff_id, count(*)::int as sessions from (
      select distinct ms.staff_id, ms.id as k, a.member_id, a.date
        from member_attendance a
        join member_service ms on ms.organisation_id = a.organisation_id and ms.member_id = a.member_id
         and a.date between ms.start_date and ms.end_date and ms.cancelled_at is null and ms.staff_id is not null
       where a.organisation_id = ${org} and a.date between ${from}::date and ${to}::date
      union all
      select distinct b.coach_id, b.id, 0, ba.date
        from batch_attendance ba
        join batch b on b.organisation_id = ba.organisation_id and b.id = ba.batch_id and b.coach_id is not null
       where ba.organisation_id = ${org} and ba.date between ${from}::date and ${to}::date and ba.status = 'present'
    ) s group by staff_id`,
  );
  return rows.map((r) => ({ staffId: Number(r.staff_id), sessions: Number(r.sessions) }));
}

/** As of `today`: active members with them as trainer, active batches they coach, running member services they give. */
export async function staffAssignments(tx: Tx, ctx: Pick<Ctx, 'organisationId'>, today: string) {
  const org = ctx.organisationId;
  const rows = await queryRows<{ staff_id: string; members: number; batches: number; services: number }>(
    tx,
    sql`
    select staff_id, sum(members)::int as members, sum(batches)::int as batches, sum(services)::int as services from (
      select trainer_id as staff_id, count(*) as members, 0 as batches, 0 as services from member
       where organisation_id = ${org} and trainer_id is not null and is_active group by trainer_id
      union all
      select coach_id, 0, count(*), 0 from batch where organisation_id = ${org} and coach_id is not null and is_active group by coach_id
      union all
      select staff_id, 0, 0, count(*) from member_service
       where organisation_id = ${org} and staff_id is not null and cancelled_at is null and end_date >= ${today}::date group by staff_id
    ) x group by staff_id`,
  );
  return rows.map((r) => ({
    staffId: Number(r.staff_id),
    members: Number(r.members),
    batches: Number(r.batches),
    services: Number(r.services),
  }));
}

/**
 * The demo seed's commission: credits up to `limit` memberships sold from `from` (not cancelled,
 * not yet credited, at one of `centres`) to a staff member. Returns how many.
 */
export async function creditDemoSales(
  tx: Tx,
  ctx: Pick<Ctx, 'organisationId'>,
  staffId: number,
  options: { from: string; centres: number[]; limit: number },
): Promise<number> {
  if (!options.centres.length) return 0;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update membership set sold_by = ${staffId}
         where organisation_id = ${ctx.organisationId} and id in (
           select id from membership where organisation_id = ${ctx.organisationId} and sold_by is null and cancelled_at is null
              and start_date >= ${options.from}::date and centre_id in (${sql.join(
                options.centres.map((c) => sql`${c}`),
                sql`, `,
              )})
            order by start_date, id limit ${options.limit})
        returning id`,
  );
  return rows.length;
}

/**
 * The demo seed's per-session trainer: up to `limit` member services of `centres` without a staff
 * member (not cancelled, the latest first) are given to them. Returns how many.
 */
export async function assignDemoServices(
  tx: Tx,
  ctx: Pick<Ctx, 'organisationId'>,
  staffId: number,
  options: { centres: number[]; limit: number },
): Promise<number> {
  if (!options.centres.length) return 0;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update member_service set staff_id = ${staffId}
         where organisation_id = ${ctx.organisationId} and id in (
           select id from member_service where organisation_id = ${ctx.organisationId} and staff_id is null and cancelled_at is null
              and centre_id in (${sql.join(
                options.centres.map((c) => sql`${c}`),
                sql`, `,
              )})
            order by start_date desc, id limit ${options.limit})
        returning id`,
  );
  return rows.length;
}
