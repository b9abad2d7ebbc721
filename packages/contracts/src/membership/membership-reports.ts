/**
 * Reports › Membership (`GET /api/member-management/reports/<name>/`): eight chart-ready reports,
 * each `{from, to, rows, total}` (+ a few extras), with the filters `date_after`, `date_before`
 * (default: the current month; at most 5 years), `centre`, and `format=csv|xlsx` for the file.
 *
 * Vocabulary shared by the reports:
 * - a membership's or member service's *sale month* is the month of its `start_date`;
 * - *running* = status active, expiring or frozen (member services: active or expiring);
 * - *lapsed* = ended before today, not cancelled, and not renewed (no live renewal points at it);
 * - money collected = the module's ledger rows: receipts − refunds, a reversal taking back its original.
 */
import { z } from '../zod-config.js';

const money = z.string();
const count = z.number();
const window = { from: z.string(), to: z.string() };

// ---- reports/member/ — status month wise ----
const statusCounts = {
  /** Members whose `joined_on` falls in the month. */
  joined: count,
  /** Renewals (memberships with `renewed_from`, not cancelled) that start in the month. */
  renewed: count,
  /** Memberships that lapsed in the month (end date in it, before today, not cancelled, not renewed). */
  expired: count,
  /** Memberships cancelled in the month (the organisation's date of `cancelled_at`). */
  cancelled: count,
};
export const membershipStatusReportSchema = z.object({
  ...window,
  rows: z.array(
    z.object({
      /** `YYYY-MM` */
      month: z.string(),
      /** `Mar 2026` */
      label: z.string(),
      ...statusCounts,
      /** Members with a non-cancelled membership covering the month's last day (or the window's end). */
      active: count,
    }),
  ),
  /** Sums of the month columns; `active` is the last month's (active at the window's end). */
  total: z.object({ ...statusCounts, active: count }),
});
export type MembershipStatusReport = z.infer<typeof membershipStatusReportSchema>;

// ---- reports/sports/ — sports wise ----
const sportStatusCounts = {
  /** Distinct members with a non-cancelled membership of the sport overlapping the window. */
  members: count,
  /** …counted by the current status of their latest such membership. */
  upcoming: count,
  active: count,
  expiring: count,
  frozen: count,
  expired: count,
};
export const membershipSportsReportSchema = z.object({
  ...window,
  rows: z.array(
    z.object({
      /** `sport-3`, or `no-sport` for plans without a sport: unique per row. */
      key: z.string(),
      sport_id: z.number().nullable(),
      sport: z.string(),
      ...sportStatusCounts,
    }),
  ),
  total: z.object(sportStatusCounts),
});
export type MembershipSportsReport = z.infer<typeof membershipSportsReportSchema>;

// ---- reports/batch/ — active batch wise ----
const batchCounts = {
  capacity: count,
  /** Members in the batch now. */
  members: count,
  seats_left: count,
  /** Members of the batch whose status is active or expiring. */
  active_members: count,
  /** Members who joined the batch within the window. */
  joined: count,
};
export const membershipBatchReportSchema = z.object({
  ...window,
  rows: z.array(
    z.object({
      batch_id: z.number(),
      batch: z.string(),
      sport: z.string().nullable(),
      centre: z.string(),
      weekdays: z.array(z.number()),
      start_time: z.string(),
      end_time: z.string(),
      ...batchCounts,
      /** members / capacity in per cent, one decimal (0–100). */
      occupancy: z.number(),
    }),
  ),
  total: z.object({ ...batchCounts, occupancy: z.number() }),
});
export type MembershipBatchReport = z.infer<typeof membershipBatchReportSchema>;

// ---- reports/plan/ — active plan ----
const planCounts = {
  /** Memberships of the plan running now (active, expiring, frozen). */
  running: count,
  /** …of which expiring now. */
  expiring: count,
  /** Memberships (not cancelled) starting within the window. */
  sold: count,
  /** Their totals (price − discount + joining fee). */
  amount: money,
};
export const membershipPlanReportSchema = z.object({
  ...window,
  rows: z.array(
    z.object({ plan_id: z.number(), plan: z.string(), sport: z.string().nullable(), price: money, is_active: z.boolean(), ...planCounts }),
  ),
  total: z.object(planCounts),
});
export type MembershipPlanReport = z.infer<typeof membershipPlanReportSchema>;

// ---- reports/service/ — service ----
const serviceCounts = {
  /** Member services (not cancelled) starting within the window. */
  sold: count,
  /** Member services of the service running now (active or expiring). */
  running: count,
  /** Totals, paid and due of the ones sold within the window. */
  amount: money,
  paid: money,
  due: money,
};
export const membershipServiceReportSchema = z.object({
  ...window,
  rows: z.array(z.object({ service_id: z.number(), service: z.string(), price: money, is_active: z.boolean(), ...serviceCounts })),
  total: z.object(serviceCounts),
});
export type MembershipServiceReport = z.infer<typeof membershipServiceReportSchema>;

// ---- reports/due-amount/ — month wise dues ----
const dueSums = {
  /** Memberships and member services (not cancelled) sold in the month. */
  sales: count,
  total: money,
  /** Paid so far (today), not as of the month's end. */
  paid: money,
  due: money,
};
export const membershipDueReportSchema = z.object({
  ...window,
  rows: z.array(z.object({ month: z.string(), label: z.string(), ...dueSums })),
  total: z.object(dueSums),
  /** Members who owe on sales of the window, largest due first (at most 100). */
  members: z.array(
    z.object({
      member_id: z.number(),
      member_code: z.string(),
      name: z.string(),
      phone: z.string(),
      sales: count,
      total: money,
      paid: money,
      due: money,
    }),
  ),
});
export type MembershipDueReport = z.infer<typeof membershipDueReportSchema>;

// ---- reports/transaction/ — month wise collection ----
const collectionSums = {
  /** Receipts less reversed receipts. */
  receipts: money,
  /** Refunds less reversed refunds. */
  refunds: money,
  /** receipts − refunds: the module's income. */
  net: money,
  /** Ledger movements (receipts, refunds, reversals). */
  count: count,
};
export const membershipCollectionReportSchema = z.object({
  ...window,
  rows: z.array(z.object({ month: z.string(), label: z.string(), ...collectionSums })),
  by_mode: z.array(z.object({ payment_mode: z.string(), ...collectionSums })),
  /** The same money per month and payment mode (only the pairs that have movements). */
  by_month_mode: z.array(z.object({ month: z.string(), payment_mode: z.string(), ...collectionSums })),
  total: z.object(collectionSums),
});
export type MembershipCollectionReport = z.infer<typeof membershipCollectionReportSchema>;

// ---- reports/sports-member-transaction/ — sports wise collection ----
export const membershipSportsCollectionReportSchema = z.object({
  ...window,
  rows: z.array(
    z.object({
      /** `sport-3`, `no-sport`, `services` (member services), `other`: unique per row. */
      key: z.string(),
      /** The plan's sport; null for plans without a sport ('No sport') and for member services ('Services'). */
      sport_id: z.number().nullable(),
      sport: z.string(),
      /** Memberships (or member services) the money was taken on. */
      sales: count,
      ...collectionSums,
    }),
  ),
  total: z.object({ sales: count, ...collectionSums }),
});
export type MembershipSportsCollectionReport = z.infer<typeof membershipSportsCollectionReportSchema>;
