/**
 * The desk's board (issue 12 §1): a centre's facilities as columns and hours as rows for a date,
 * the desk booking of several facilities in one step, and the existing-client lookup by mobile.
 */
import { z } from '../zod-config.js';
import { idSchema, isoDateSchema, moneySchema, optionalPhoneSchema, phoneSchema, singleLineText, text } from '../common.js';
import { bookingSchema, DESK_MAX_SLOTS, paymentInputSchema, SLOT_STATUSES } from './booking.js';

/** Most facilities one desk booking request may name (one booking each). */
export const DESK_MAX_FACILITIES = 8;

/** GET /booking/board/?centre=&date=dd-MM-yyyy[&sport=] */
export const boardQuerySchema = z.object({
  centre: idSchema,
  date: z.string().regex(/^\d{2}-\d{2}-\d{4}$/, 'Enter a date as DD-MM-YYYY.'),
  sport: idSchema.optional(),
});

export const boardBookingSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  mobile: z.string(),
  status: z.string(),
  payment_status: z.string(),
});

export const boardSlotSchema = z.object({
  id: z.number(),
  group: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  price: z.string(),
  status: z.enum(SLOT_STATUSES),
  booking: boardBookingSchema.nullable(),
});
export type BoardSlot = z.infer<typeof boardSlotSchema>;

export const boardFacilitySchema = z.object({
  id: z.number(),
  name: z.string(),
  sport: z.number(),
  sport_name: z.string(),
  slots: z.array(boardSlotSchema),
});
export type BoardFacility = z.infer<typeof boardFacilitySchema>;

export const boardSchema = z.object({
  /** yyyy-MM-dd */
  date: z.string(),
  centre: z.number(),
  /** The rows: every start time any facility's slot has on the date (HH:mm:ss), in order. */
  hours: z.array(z.string()),
  facilities: z.array(boardFacilitySchema),
});
export type Board = z.infer<typeof boardSchema>;

/** POST /booking/desk-bookings/: one booking per facility, all in one transaction. */
export const deskBookingsInputSchema = z.object({
  client: idSchema.optional(),
  name: singleLineText(120).optional(),
  email: z.union([z.literal(''), z.email('Invalid email format')]).optional(),
  mobile_no: optionalPhoneSchema.optional(),
  items: z
    .array(
      z.object({
        facility: idSchema,
        date: isoDateSchema,
        time_slot_ids: z.array(idSchema).min(1, 'Please select at least one slot.').max(DESK_MAX_SLOTS),
      }),
    )
    .min(1, 'Please select at least one slot.')
    .max(DESK_MAX_FACILITIES, `At most ${DESK_MAX_FACILITIES} facilities can be booked at once.`)
    .refine((items) => items.reduce((n, i) => n + i.time_slot_ids.length, 0) <= DESK_MAX_SLOTS, {
      message: `At most ${DESK_MAX_SLOTS} slots can be booked at once.`,
    }),
  discount: moneySchema.default('0.00'),
  notes: text(1000).default(''),
  payment: paymentInputSchema.optional(),
  /** The staff member the bookings are credited to (commission): an active staff member of the organisation. */
  sold_by: idSchema.nullable().default(null),
});
export type DeskBookingsInput = z.infer<typeof deskBookingsInputSchema>;
export const deskBookingsResultSchema = z.object({ bookings: z.array(bookingSchema) });

/** GET /booking/client/lookup/?mobile= */
export const clientLookupQuerySchema = z.object({
  mobile: phoneSchema,
});
export const clientLookupSchema = z.object({
  client: z.object({ id: z.number(), name: z.string(), mobile_no: z.string(), email: z.string() }).nullable(),
});
export type ClientLookup = z.infer<typeof clientLookupSchema>;
