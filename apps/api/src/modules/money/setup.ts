/**
 * What a new organisation's books start with: every module's default income and expense
 * categories (`defaultCategories` in the manifests) and the invoice and credit-note series of the
 * current financial year, so its first sale is INV/…/00001.
 */
import { financialYear } from '@arena/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { registeredModules } from '../../platform/module.js';
import type { Ctx } from '../../platform/request-context.js';
import { DOCUMENT_SERIES, startCounters } from '../../platform/sequence.js';

export async function startBooks(tx: Tx, ctx: Ctx): Promise<void> {
  const categories = registeredModules().flatMap((m) => (m.defaultCategories ?? []).map(({ name, type }) => ({ name, type })));
  if (categories.length)
    await tx.execute(
      sql`insert into money_category (organisation_id, name, type)
          select ${ctx.organisationId}::bigint, c.name, c.type from jsonb_to_recordset(${JSON.stringify(categories)}::jsonb) as c (name text, type text)
          on conflict do nothing`,
    );
  const fy = financialYear(ctx.now.today).label;
  await startCounters(tx, ctx.organisationId, [`${DOCUMENT_SERIES.invoice}:${fy}`, `${DOCUMENT_SERIES.credit_note}:${fy}`]);
}
