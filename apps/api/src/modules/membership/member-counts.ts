/** What Diet Management and Training/Workouts read of the members (issue 25): how many are running, ids for their demo assignments, and the members a many-member request chose. */
import { MEMBER_SELECTION_MAX, type MemberSelection } from '@arena/contracts/kit';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../platform/db/client.js';
import { badRequest, fieldError, invalidPk } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { checkBatch, checkPlans, memberAudience, memberContacts } from './crm.queries.js';

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

/**
 * The members a many-member request chose (`@arena/contracts/kit`'s member selection): the ids
 * named (each must be the organisation's: a field error lists up to 20 that are not), or a batch's
 * current members, or the running members on a membership plan; more than
 * MEMBER_SELECTION_MAX is a field error on the batch or plan.
 */
export async function selectMembers(tx: Tx, ctx: Ctx, input: MemberSelection): Promise<number[]> {
  if (input.members) {
    const ids = [...new Set(input.members)];
    const found = await memberContacts(tx, ctx, ids);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw badRequest({ members: missing.slice(0, 20).map(invalidPk) });
    return ids;
  }
  const field = input.batch !== undefined ? 'batch' : 'plan_filter';
  if (input.batch !== undefined) await checkBatch(tx, ctx, 'batch', input.batch);
  else await checkPlans(tx, ctx, 'plan_filter', [input.plan_filter!]);
  const audience =
    input.batch !== undefined
      ? ({ audience: 'batch', batch: input.batch } as const)
      : ({ audience: 'plan', plan: input.plan_filter! } as const);
  const people = await memberAudience(tx, ctx, audience, MEMBER_SELECTION_MAX + 1);
  if (people.length > MEMBER_SELECTION_MAX)
    throw fieldError(field, `At most ${MEMBER_SELECTION_MAX} members at once; choose the members instead.`);
  return people.map((p) => p.id);
}
