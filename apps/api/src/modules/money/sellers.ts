/**
 * Sales credited to staff (commission): every sale source that records who sold it (`soldBy` in
 * its manifest entry) read in one statement, invoices minus credit notes by document date.
 */
import { getTableName, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';
import { allSaleSources, target } from './sources.js';

export interface SellerTotal {
  staffId: number;
  /** The taxable value of the invoices of their sales dated in the window, less the credit notes dated in it. */
  paise: number;
}

/** The SQL of the credited sales: rows (staff_id, taxable) of every source with a `soldBy` column. */
export function sellerTaxableSql(ctx: Pick<Ctx, 'organisationId'>, from: string, to: string): SQL | null {
  const parts = allSaleSources()
    .filter((s) => s.soldBy)
    .map(
      (s) => sql`select src.${target(s.soldBy!)} as staff_id,
          case when i.kind = 'credit_note' then -i.taxable_value else i.taxable_value end as taxable
        from invoice i join ${sql.identifier(getTableName(s.table))} src
          on src.organisation_id = i.organisation_id and src.id = i.source_id
        where i.organisation_id = ${ctx.organisationId} and i.source_type = ${s.type}
          and i.date between ${from}::date and ${to}::date and src.${target(s.soldBy!)} is not null`,
    );
  return parts.length ? sql.join(parts, sql` union all `) : null;
}

/** Net taxable value of the sales credited to each staff member in [from, to] (one statement). */
export async function netTaxableBySeller(tx: Tx, ctx: Pick<Ctx, 'organisationId'>, from: string, to: string): Promise<SellerTotal[]> {
  const inner = sellerTaxableSql(ctx, from, to);
  if (!inner) return [];
  const rows = await queryRows<{ staff_id: string; paise: string }>(
    tx,
    sql`select staff_id, round(sum(taxable) * 100)::bigint as paise from (${inner}) x group by staff_id`,
  );
  return rows.map((r) => ({ staffId: Number(r.staff_id), paise: Number(r.paise) }));
}
