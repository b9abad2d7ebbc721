import { z } from '../zod-config.js';
import { bookingSchema } from './booking.js';

// ---- Reports › Booking (GET /booking/reports/booking/…) ----
export const bookingReportRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  bookings: z.number(),
  slots: z.number(),
  amount: z.string(),
});
/** Booked or online bookings grouped by date, facility or sport; `label` is the ISO date when grouped by date. */
export const bookingReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(bookingReportRowSchema),
  total: z.object({ bookings: z.number(), slots: z.number(), amount: z.string() }),
});
export type BookingReportRow = z.infer<typeof bookingReportRowSchema>;
export type BookingReport = z.infer<typeof bookingReportSchema>;

/**
 * Collections by date and payment mode, with a subtotal per mode, from the ledger. `received` is
 * what came in (receipts less their reversals), `refunded` what went back (refunds less their
 * reversals, a positive figure) and `amount` the net: received − refunded. `count` is movements.
 */
const collectionFigures = { amount: z.string(), received: z.string(), refunded: z.string(), count: z.number() };
export const transactionReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(z.object({ date: z.string(), payment_mode: z.string(), ...collectionFigures })),
  by_mode: z.array(z.object({ payment_mode: z.string(), ...collectionFigures })),
  /** Per date (every date of `rows`): received, refunded and net over all modes. */
  by_date: z.array(z.object({ date: z.string(), ...collectionFigures })),
  total: z.object(collectionFigures),
});
export type TransactionReport = z.infer<typeof transactionReportSchema>;

/** Collections by sport. */
export const sportsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(z.object({ sport: z.string(), amount: z.string(), bookings: z.number() })),
  total: z.object({ amount: z.string(), bookings: z.number() }),
});
export type SportsReport = z.infer<typeof sportsReportSchema>;

// ---- Booking › Dashboard (GET /booking/dashboard/) ----
export const bookingDashboardSchema = z.object({
  today: z.object({ date: z.string(), bookings: z.number(), slots_booked: z.number(), collections: z.string() }),
  month: z.object({ bookings: z.number(), collections: z.string() }),
  occupancy: z.array(
    z.object({
      facility: z.number(),
      facility_name: z.string(),
      sport_name: z.string(),
      booked: z.number(),
      total: z.number(),
      percent: z.number(),
    }),
  ),
  upcoming: z.array(bookingSchema),
  chart: z.array(z.object({ date: z.string(), bookings: z.number(), amount: z.string() })),
});
export type BookingDashboard = z.infer<typeof bookingDashboardSchema>;

// ---- Reports › Booking › Occupancy (GET /booking/reports/occupancy/) ----
/** Slot-hours of one facility in one hour of the day over the range; `percent` is null where nothing is offered. */
export const occupancyCellSchema = z.object({
  hour: z.number().int(),
  booked_hours: z.number(),
  offered_hours: z.number(),
  percent: z.number().nullable(),
});
const occupancyFigures = { booked_hours: z.number(), offered_hours: z.number(), percent: z.number().nullable() };
export const occupancyReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The hours of the day (0–23) at which any facility offers a slot: the heat map's columns. */
  hours: z.array(z.number().int()),
  facilities: z.array(
    z.object({
      facility: z.number(),
      facility_name: z.string(),
      sport_name: z.string(),
      cells: z.array(occupancyCellSchema),
      ...occupancyFigures,
    }),
  ),
  /** Per hour of the day over every facility. */
  by_hour: z.array(occupancyCellSchema),
  total: z.object(occupancyFigures),
});
export type OccupancyCell = z.infer<typeof occupancyCellSchema>;
export type OccupancyReport = z.infer<typeof occupancyReportSchema>;

// ---- Reports › Booking › No-shows and cancellations (GET /booking/reports/client-reliability/) ----
/**
 * Per client, bookings dated in the range: how many, completed, no-shows and cancellations;
 * `no_show_rate` is no-shows ÷ (completed + no-shows) in %, null before any booking was settled.
 */
export const clientReliabilitySchema = z.object({
  client: z.number(),
  name: z.string(),
  mobile: z.string(),
  bookings: z.number(),
  completed: z.number(),
  no_shows: z.number(),
  cancellations: z.number(),
  no_show_rate: z.number().nullable(),
});
export type ClientReliability = z.infer<typeof clientReliabilitySchema>;
