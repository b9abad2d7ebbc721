/** What Diet Management and Training/Workouts read of the members (issue 25): how many are running, and ids for their demo assignments. One statement each. */
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';

const running = sql.raw(`m.is_active and m.status in ('active', 'expiring', 'frozen')`);

/** The organisation's running members (active, expiring, frozen). */
export async function runningMemberCount(tx: Tx, ctx: Ctx): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from member m where m.organisation_id = ${ctx.organisationId} and ${running}`,
  );
  return Number(r.n);
}

/** Ids of running members, oldest first, at most `limit`. */
export async function runningMemberIds(tx: Tx, ctx: Ctx, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select m.id from member m where m.organisation_id = ${ctx.organisationId} and ${running} order by m.id limit ${limit}`,
  );
  return rows.map((r) => Number(r.id));
}

/** The organisation's active members (any membership status: the demo seed runs before its sales are dated in), by id, at most `limit`. */
export async function activeMemberIds(tx: Tx, ctx: Ctx, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select m.id from member m where m.organisation_id = ${ctx.organisationId} and m.is_active order by m.id limit ${limit}`,
  );
  return rows.map((r) => Number(r.id));
}
