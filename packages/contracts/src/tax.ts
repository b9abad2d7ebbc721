/**
 * The GST fields every sellable thing carries (a facility, a plan, a service, a product): its
 * rate with effective dates, so an invoice uses the rate in force on its date, and its SAC/HSN.
 * Kept apart from invoice.ts so booking.ts (facilities) can use it without an import cycle.
 */
import { z } from './zod-config.js';
import { DATE_MAX, DATE_MIN, DATE_RANGE_MESSAGE, singleLine } from './common.js';
import { GST_RATES, rateOn, type RatePeriod } from './gst.js';

export const gstRateSchema = z.coerce
  .number()
  .refine((v) => (GST_RATES as readonly number[]).includes(v), `GST rate must be one of ${GST_RATES.join(', ')} %.`);

const dateText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.')
  .refine((v) => v >= DATE_MIN && v <= DATE_MAX, DATE_RANGE_MESSAGE);

/** One rate of a sellable thing and the first day it applies. */
export const gstRatePeriodSchema = z.object({ rate: gstRateSchema, from: dateText });
export type GstRatePeriod = z.infer<typeof gstRatePeriodSchema>;

/** SAC (services, 6 digits starting 99) or HSN (goods, 4–8 digits); empty when not set. */
export const sacCodeSchema = singleLine(z.string())
  .trim()
  .refine((v) => v === '' || /^\d{4,8}$/.test(v), 'SAC/HSN code must be 4 to 8 digits.');

/**
 * The GST fields on input: `gst_rate` (the rate from today on; earlier periods are kept for
 * invoices dated before) or the whole `gst_rates` history, and `sac_code`.
 */
export const gstInputShape = {
  gst_rate: gstRateSchema.optional(),
  gst_rates: z.array(gstRatePeriodSchema).min(1).max(20).optional(),
  sac_code: sacCodeSchema.optional(),
};
export const gstOutputShape = {
  /** The rate in force today. */
  gst_rate: z.number(),
  gst_rates: z.array(z.object({ rate: z.number(), from: z.string() })),
  sac_code: z.string(),
};

/**
 * The rate periods after an edit: a whole history replaces the old one (sorted, one per day);
 * a single `gst_rate` different from today's starts a new period today.
 */
export function nextRatePeriods(
  current: readonly RatePeriod[],
  input: { gst_rate?: number; gst_rates?: RatePeriod[] },
  today: string,
): RatePeriod[] {
  if (input.gst_rates) {
    const byDay = new Map(input.gst_rates.map((p) => [p.from, p.rate]));
    return [...byDay].map(([from, rate]) => ({ rate, from })).sort((a, b) => a.from.localeCompare(b.from));
  }
  if (input.gst_rate === undefined || rateOn(current, today) === input.gst_rate) return [...current];
  return [...current.filter((p) => p.from < today), { rate: input.gst_rate, from: today }];
}
