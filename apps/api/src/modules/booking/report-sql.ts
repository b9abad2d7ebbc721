import { fromPaise, idSchema, isoDateSchema, moneyFromSql, signedPaise, z } from '@arena/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../platform/request-context.js';
import { fieldError } from '../../platform/errors.js';
import { addDays, daysBetween } from '../../platform/time.js';

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

/** The longest range the occupancy and client reports cover at once. */
export const MAX_REPORT_DAYS = 92;

/** `?from=&to=&centre=` of the occupancy and client reports (the last 30 days unless given). */
export const boundedRange = z.object({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  centre: idSchema.optional(),
});

/** The range of a bounded report: `to` not before `from`, at most MAX_REPORT_DAYS days; a 400 on `to` otherwise. */
export function boundedWindow(q: z.infer<typeof boundedRange>, ctx: Ctx) {
  const to = q.to ?? (q.from ? addDays(q.from, 29) : ctx.now.today);
  const from = q.from ?? addDays(to, -29);
  if (to < from) throw fieldError('to', 'The end date must be on or after the start date.');
  if (daysBetween(from, to) + 1 > MAX_REPORT_DAYS) throw fieldError('to', `The range can be at most ${MAX_REPORT_DAYS} days.`);
  return { from, to };
}

/**
 * Booking money on the ledger, one row per movement: `signed` (in +, out −) and `base_kind`, the
 * kind of the movement or, for a reversal, of the movement it undoes (so a reversed refund is
 * taken back from the refunds, a reversed receipt from what was received).
 */
export const bookingLedger = (organisationId: number) => sql`(
  select e.organisation_id, e.source_id as booking_id, e.date, e.payment_mode_id,
    case when e.direction = 'in' then e.amount else -e.amount end as signed,
    coalesce(o.kind, e.kind) as base_kind
  from ledger_entry e left join ledger_entry o on o.organisation_id = e.organisation_id and o.id = e.reversal_of
  where e.organisation_id = ${organisationId} and e.source_type = 'booking')`;
