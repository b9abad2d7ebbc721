/**
 * What Training/Workouts reads of the members (issue 25): how many members are running (active,
 * expiring, frozen), for its dashboard's "members with and without a plan", and the active members
 * for its demo data. One statement each.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';

/** The organisation's active members (any membership status: the demo seed runs before its sales are dated in), by id. */
export async function activeMemberIds(tx: Tx, ctx: Ctx, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select m.id from member m where m.organisation_id = ${ctx.organisationId} and m.is_active order by m.id limit ${limit}`,
  );
  return rows.map((r) => Number(r.id));
}

export async function runningMemberCount(tx: Tx, ctx: Ctx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from member m where m.organisation_id = ${ctx.organisationId} and m.is_active
          and m.status in ('active', 'expiring', 'frozen')`,
  );
  return Number(row?.n ?? 0);
}
