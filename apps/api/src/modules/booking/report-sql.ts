import { fromPaise, idSchema, isoDateSchema, moneyFromSql, signedPaise, z } from '@arena/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../platform/request-context.js';
import { addDays } from '../../platform/time.js';

/** A sum from SQL (text or number, possibly negative: refunds) as a 2-decimal string. */
export const money = moneyFromSql;

export const sumMoney = (values: string[]) => fromPaise(values.reduce((s, v) => s + (signedPaise(v) ?? 0), 0));

export const reportRange = z.object({
  date_after: isoDateSchema.optional(),
  date_before: isoDateSchema.optional(),
  centre: idSchema.optional(),
});

/** The report's dates; the last 30 days in the organisation's zone unless the query says otherwise. */
export function reportWindow(q: z.infer<typeof reportRange>, ctx: Ctx) {
  return { from: q.date_after ?? addDays(ctx.now.today, -29), to: q.date_before ?? ctx.now.today };
}

export const centreFilter = (centre: number | undefined, column: SQL) => (centre ? sql` and ${column} = ${centre}` : sql``);
