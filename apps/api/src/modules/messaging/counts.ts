import { MESSAGE_STATUSES, type MessageStatus } from '@arena/contracts/messaging';
import { sql } from 'drizzle-orm';
import { idArray, queryRows, type Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';

export type StatusCounts = Record<Exclude<MessageStatus, 'sending'>, number>;

/**
 * The messages of each of a module's rows (a promotion's) by status, in one statement over the
 * `(organisation, source, source_id)` index: `sending` counts as queued (it has not gone yet).
 */
export async function messageCounts(tx: Tx, ctx: Ctx, source: string, ids: readonly number[]): Promise<Map<number, StatusCounts>> {
  const out = new Map<number, StatusCounts>();
  if (!ids.length) return out;
  const rows = await queryRows<{ source_id: number; status: MessageStatus; n: number }>(
    tx,
    sql`select source_id, status, count(*)::int as n from message
        where organisation_id = ${ctx.organisationId} and source = ${source}
          and source_id = any(${idArray(ids.map(Number))})
        group by source_id, status`,
  );
  for (const id of ids) out.set(id, { queued: 0, sent: 0, delivered: 0, failed: 0, skipped: 0 });
  for (const r of rows) {
    const counts = out.get(Number(r.source_id));
    if (!counts || !MESSAGE_STATUSES.includes(r.status)) continue;
    counts[r.status === 'sending' ? 'queued' : r.status] += Number(r.n);
  }
  return out;
}
