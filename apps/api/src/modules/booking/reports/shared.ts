/** What the booking reports share: sums of money from SQL, and the booking movements of the ledger. */
import { fromPaise, moneyFromSql, signedPaise } from '@arena/contracts';
import { sql } from 'drizzle-orm';
import type { WindowRule } from '../../../platform/report.js';

/** A sum from SQL (text or number, possibly negative: refunds) as a 2-decimal string. */
export const money = moneyFromSql;

export const sumMoney = (values: string[]) => fromPaise(values.reduce((s, v) => s + (signedPaise(v) ?? 0), 0));

/** The occupancy and client reports: the last 30 days by default, at most 92 days at once. */
export const BOUNDED_WINDOW: WindowRule = { default: 30, maxDays: 92 };

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
