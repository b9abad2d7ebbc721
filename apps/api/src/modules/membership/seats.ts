/**
 * Batch seats and lapses. A member's seat in a batch is held while the member has a membership
 * that covers today or later (not cancelled, not ended, sessions left — a frozen or upcoming one
 * counts). When the last one ends or is cancelled the seat is "lapsed": it stays held for the
 * organisation's grace days (`membership_setting.batch_seat_grace_days`, default 7) so the desk
 * can renew, and renewing in time makes it held again. After the grace days the seat is freed.
 *
 * Everything is computed in SQL from the membership dates on the organisation's own today
 * (`arena_org_today()`, migration 0017), so a read is exact at any hour without a job having run.
 * `batch.member_count` counts the rows that have not been freed (`batch_member.freed_on` null);
 * a lapse past its grace days is written down (`freeLapsedSeats`) by every write that takes a
 * seat, under the batch's row lock and before the conditional update that takes it, and by the
 * daily status job — so the counter and its check (`member_count <= capacity`) stay the guarantee
 * of the capacity. A seat that frees is offered to the waiting list at once (`offerSeats`).
 */
import { sql, type SQL } from 'drizzle-orm';
import { idArray, queryRows, type Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';
import { ORG_TODAY } from '../../platform/time.js';
import { DEFAULT_BATCH_SEAT_GRACE_DAYS } from '@arena/contracts';

/** The organisation's grace days for lapsed seats, in SQL (`org`: an SQL expression of its id). */
export const graceDaysSql = (org: string) =>
  sql.raw(
    `coalesce((select s.batch_seat_grace_days from membership_setting s where s.organisation_id = ${org}), ${DEFAULT_BATCH_SEAT_GRACE_DAYS})`,
  );

/**
 * The first day a batch member `bm` (an alias with organisation_id, member_id, joined_on) has no
 * membership, or null while one covers today or later. A membership ends the day after its end
 * date, on the day it was cancelled, or on the day its last session was spent; the day the member
 * joined the batch is the earliest it can be (someone added before buying a plan is lapsed from
 * that day).
 */
export function lapsedOnSql(bm: string): SQL {
  const a = sql.raw(bm);
  const zone = sql.raw(`(select o.time_zone from organisation o where o.id = ${bm}.organisation_id)`);
  return sql`case when exists (
      select 1 from membership m where m.organisation_id = ${a}.organisation_id and m.member_id = ${a}.member_id
        and m.cancelled_at is null and m.end_date >= ${ORG_TODAY} and (m.sessions_left is null or m.sessions_left > 0))
    then null
    else greatest(${a}.joined_on, (
      select max(least(m.end_date + 1,
                        case when m.cancelled_at is not null then (m.cancelled_at at time zone ${zone})::date end,
                        case when m.sessions_left = 0 then (m.updated_at at time zone ${zone})::date end))
      from membership m where m.organisation_id = ${a}.organisation_id and m.member_id = ${a}.member_id
        and m.start_date <= ${ORG_TODAY}))
    end`;
}

/**
 * `{ held, lapsed }` of batch `b` (an SQL alias) and its open waiting-list entries (waiting or
 * offered: not closed), as SQL fields of a select. No literal and no parameter, so the batch list
 * opened as it first shows keeps its one-message page (`inlineIntegers` in platform/list.ts).
 */
export function batchSeatFields(b: string) {
  const lapsed = lapsedOnSql('bm');
  const grace = graceDaysSql(`${b}.organisation_id`);
  const rows = sql`from (select ${lapsed} as lapsed_on from batch_member bm
      where bm.organisation_id = ${sql.raw(b)}.organisation_id and bm.batch_id = ${sql.raw(b)}.id and bm.freed_on is null) x`;
  return {
    held: sql<number>`(select count(*) filter (where x.lapsed_on is null or x.lapsed_on + ${grace} > ${ORG_TODAY})::int ${rows})`.mapWith(
      Number,
    ),
    lapsed:
      sql<number>`(select count(*) filter (where x.lapsed_on is not null and x.lapsed_on + ${grace} > ${ORG_TODAY})::int ${rows})`.mapWith(
        Number,
      ),
    waiting: sql<number>`(select count(*)::int from batch_waitlist w
      where w.organisation_id = ${sql.raw(b)}.organisation_id and w.batch_id = ${sql.raw(b)}.id and w.closed_at is null)`.mapWith(Number),
  };
}

/**
 * Writes down the seats whose grace days are over (`freed_on`, the first day without the seat)
 * and gives them back to the batch's counter, in one statement; then offers the free seats to
 * the waiting lists. `batches`: only these (each already locked by the caller), else every batch
 * of the organisation (locked here first, in id order, as the joins lock them). Returns how many
 * seats were freed.
 */
export async function freeLapsedSeats(tx: Tx, ctx: Ctx, batches?: number[]): Promise<number> {
  const org = ctx.organisationId;
  let ids = batches;
  if (!ids) {
    const locked = await queryRows<{ id: string | number }>(
      tx,
      sql`select id from batch where organisation_id = ${org} order by id for update`,
    );
    ids = locked.map((r) => Number(r.id));
  }
  if (ids.length === 0) return 0;
  const list = idArray(ids);
  const grace = graceDaysSql(String(Number(org)));
  const freed = await queryRows<{ id: string | number; n: string | number }>(
    tx,
    sql`with lapsing as (
          select bm.id, ${lapsedOnSql('bm')} as lapsed_on from batch_member bm
          where bm.organisation_id = ${org} and bm.batch_id = any(${list}) and bm.freed_on is null),
        freed as (
          update batch_member bm set freed_on = l.lapsed_on + ${grace}
          from lapsing l
          where bm.organisation_id = ${org} and bm.id = l.id and bm.freed_on is null
            and l.lapsed_on is not null and l.lapsed_on + ${grace} <= ${ORG_TODAY}
          returning bm.batch_id),
        counts as (select batch_id, count(*) as n from freed group by batch_id)
        update batch b set member_count = b.member_count - c.n, updated_at = now()
        from counts c where b.organisation_id = ${org} and b.id = c.batch_id
        returning b.id, c.n`,
  );
  for (const id of ids) await offerSeats(tx, ctx, id);
  return freed.reduce((sum, r) => sum + Number(r.n), 0);
}

/**
 * Offers a locked batch's free seats to its waiting list, first come first: as many waiting
 * entries become `offered` as there are seats neither held nor already offered. Returns the ids
 * of the entries offered now.
 */
export async function offerSeats(tx: Tx, ctx: Ctx, batchId: number): Promise<number[]> {
  const org = ctx.organisationId;
  const rows = await queryRows<{ id: string | number }>(
    tx,
    sql`update batch_waitlist w set status = 'offered', offered_at = now()
        where w.organisation_id = ${org} and w.id in (
          select q.id from batch_waitlist q
          where q.organisation_id = ${org} and q.batch_id = ${batchId} and q.status = 'waiting'
          order by q.id
          limit greatest(0,
            (select b.capacity - b.member_count from batch b where b.organisation_id = ${org} and b.id = ${batchId} and b.is_active)
            - (select count(*) from batch_waitlist o where o.organisation_id = ${org} and o.batch_id = ${batchId} and o.status = 'offered')))
        returning w.id`,
  );
  return rows.map((r) => Number(r.id));
}
