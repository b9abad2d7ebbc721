/**
 * End User Login's reads for announcements (issue 27): what a member belongs to — their centre,
 * the plans of the memberships running today (not cancelled), the batches they hold a seat in —
 * and batches' names for an announcement's audience.
 */
import { sql } from 'drizzle-orm';
import { idArray, queryRows, type Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';

export interface MemberFeedAudience {
  centre: number;
  plans: number[];
  batches: number[];
}

/** The member's centre, running plans and batch seats; null when the member is not the organisation's. */
export async function memberFeedAudience(tx: Tx, ctx: Ctx, memberId: number): Promise<MemberFeedAudience | null> {
  const org = ctx.organisationId;
  const today = ctx.now.today;
  const [row] = await queryRows<{ centre: string; plans: string[] | null; batches: string[] | null }>(
    tx,
    sql`select m.centre_id as centre,
               (select array_agg(distinct ms.plan_id) from membership ms where ms.organisation_id = m.organisation_id and ms.member_id = m.id
                   and ms.cancelled_at is null and ms.start_date <= ${today}::date and ms.end_date >= ${today}::date) as plans,
               (select array_agg(bm.batch_id) from batch_member bm where bm.organisation_id = m.organisation_id and bm.member_id = m.id
                   and bm.freed_on is null) as batches
          from member m where m.organisation_id = ${org} and m.id = ${memberId}`,
  );
  if (!row) return null;
  return { centre: Number(row.centre), plans: (row.plans ?? []).map(Number), batches: (row.batches ?? []).map(Number) };
}

/** Batches' names by id. */
export async function batchNames(tx: Tx, ctx: Ctx, ids: number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const rows = await queryRows<{ id: string; name: string }>(
    tx,
    sql`select b.id, b.name from batch b where b.organisation_id = ${ctx.organisationId} and b.id = any(${idArray(wanted)})`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

/** Members' centres by id (End User Login's reports by centre). */
export async function memberCentres(tx: Tx, ctx: Ctx, ids: number[]): Promise<Map<number, number>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const rows = await queryRows<{ id: string; centre: string }>(
    tx,
    sql`select m.id, m.centre_id as centre from member m where m.organisation_id = ${ctx.organisationId} and m.id = any(${idArray(wanted)})`,
  );
  return new Map(rows.map((r) => [Number(r.id), Number(r.centre)]));
}
