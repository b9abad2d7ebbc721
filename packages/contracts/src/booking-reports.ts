import { z } from './zod-config.js';
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

/** Collections by date and payment mode, with a subtotal per mode. */
export const transactionReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(z.object({ date: z.string(), payment_mode: z.string(), amount: z.string(), count: z.number() })),
  by_mode: z.array(z.object({ payment_mode: z.string(), amount: z.string(), count: z.number() })),
  total: z.object({ amount: z.string(), count: z.number() }),
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
