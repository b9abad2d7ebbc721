/**
 * Dues outstanding across every kind of sale (memberships, member services, bookings …): what
 * open sales still owe, read from each selling module's own table through its declared sale
 * source (total − paid where the sale is open), one bounded aggregate per kind.
 */
import { fromPaise, toPaise } from '@arena/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';
import { allSaleSources } from './sources.js';

export interface DuesOfSource {
  type: string;
  noun: string;
  module: string;
  /** Sales that still owe something. */
  count: number;
  amount: string;
}

export async function duesOutstanding(tx: Tx, ctx: Ctx, centre?: number | null): Promise<{ total: string; by_source: DuesOfSource[] }> {
  const kinds = allSaleSources();
  if (!kinds.length) return { total: '0.00', by_source: [] };
  const rows = await queryRows<{ type: string; count: number; amount: string }>(
    tx,
    sql.join(
      kinds.map(
        (s) => sql`select ${s.type}::text as type, count(*)::int as count, coalesce(sum((${s.total}) - ${s.paid}), 0)::text as amount
          from ${s.table} where organisation_id = ${ctx.organisationId} and (${s.open}) and (${s.total}) > ${s.paid}
          ${centre ? sql`and ${s.centre} = ${centre}` : sql``}`,
      ),
      sql` union all `,
    ),
  );
  const byType = new Map(rows.map((r) => [r.type, r]));
  const by_source = kinds.map((s) => ({
    type: s.type,
    noun: s.noun,
    module: s.module,
    count: Number(byType.get(s.type)?.count ?? 0),
    amount: fromPaise(toPaise(byType.get(s.type)?.amount ?? '0') ?? 0),
  }));
  return { total: fromPaise(by_source.reduce((n, s) => n + (toPaise(s.amount) ?? 0), 0)), by_source };
}
