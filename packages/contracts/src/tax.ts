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

// ---- GSTINs and states (a seller's, a buyer's, a centre's) ----
/** GST state codes (the first two digits of a GSTIN) and the states and territories they name. */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
};

export const GSTIN_MESSAGE = 'Enter a valid 15-character GSTIN (e.g. 29ABCDE1234F1ZW).';
export const GSTIN_CHECK_MESSAGE = "This GSTIN's last character does not match the rest: check it for a typing mistake.";

/** A GSTIN's shape: state code, PAN (5 letters, 4 digits, 1 letter), entity number, "Z", check character. */
export const GSTIN_PATTERN = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** The check character of a GSTIN's first 14 (GSTN's mod-36 checksum: weights 1 and 2 in turn, digits of base 36 summed). */
export function gstinCheckCharacter(gstin: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const v = GSTIN_CHARS.indexOf(gstin[i]) * (i % 2 ? 2 : 1);
    sum += Math.floor(v / 36) + (v % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36];
}

/** The state a GSTIN is registered in ("29…" → "Karnataka"); null for an unknown code. */
export function gstinState(gstin: string): string | null {
  const match = GSTIN_PATTERN.exec(gstin);
  return match ? (GST_STATES[match[1]] ?? null) : null;
}

/** An optional GSTIN: "" or a valid one, upper-cased. */
export const gstinSchema = singleLine(z.string())
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || (GSTIN_PATTERN.test(v) && gstinState(v) !== null), { message: GSTIN_MESSAGE, abort: true })
  .refine((v) => v === '' || gstinCheckCharacter(v) === v[14], GSTIN_CHECK_MESSAGE);

/** Whether two state names are the same state (case and spacing aside). */
export const sameState = (a: string, b: string) =>
  a.trim().toLowerCase().replace(/\s+/g, ' ') === b.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Why a GSTIN cannot be the registration of a place in `state` (its state code names another
 * state, or the state is missing), or null when it can. A registration is per state: a centre's
 * GSTIN begins with its own state's code.
 */
export function gstinStateMismatch(gstin: string, state: string): string | null {
  const registered = gstin ? gstinState(gstin) : null;
  if (!registered) return null;
  if (!state.trim()) return `Enter the state: this GSTIN is registered in ${registered}.`;
  return sameState(registered, state)
    ? null
    : `This GSTIN is registered in ${registered} (state code ${gstin.slice(0, 2)}), not in ${state.trim()}.`;
}

/**
 * The warning of a centre of a registered organisation that is in another state and has no GSTIN
 * of its own: it cannot sell until it has one (a supplier registers in each state where it has a
 * fixed establishment, and a session or a court hour is supplied where it is performed). '' when none.
 */
export function centreGstWarning(org: { gstin: string; state: string }, centre: { gstin: string; state: string }): string {
  if (!org.gstin || centre.gstin || !centre.state.trim() || !org.state.trim() || sameState(org.state, centre.state)) return '';
  return `This center is in ${centre.state.trim()}, but the organisation's GSTIN is registered in ${org.state.trim()}: add the center's own GSTIN for ${centre.state.trim()} before it sells anything.`;
}
