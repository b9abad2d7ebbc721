import { billingInputFields, billingOutputFields } from '../billing.js';
import { optOutInputFields, optOutOutputFields } from '../opt-out.js';
import { z } from '../zod-config.js';
import {
  idSchema,
  isoDateSchema,
  moneySchema,
  optionalPhoneSchema,
  priceSchema,
  requiredPhoneSchema,
  requiredSingleLineText,
  singleLine,
  singleLineText,
  text,
  timeSchema,
} from '../common.js';
import { gstInputShape, gstOutputShape } from '../tax.js';

// ---- facilities and their slot templates ----
export const timeSlotInputSchema = z
  .object({
    id: idSchema.optional(),
    start_time: timeSchema,
    end_time: timeSchema,
    price: priceSchema,
    weekend_price: priceSchema.nullable().default(null),
    is_active: z.boolean().default(true),
  })
  .refine((s) => s.end_time > s.start_time, { path: ['end_time'], message: 'End time must be after start time.' });

export const slotGroupInputSchema = z.object({
  id: idSchema.optional(),
  name: requiredSingleLineText(60),
  time_slots: z.array(timeSlotInputSchema).max(96),
});

export const facilityInputSchema = z.object({
  name: requiredSingleLineText(120),
  centre: idSchema,
  sport: idSchema,
  description: text(2000).default(''),
  capacity: z.number().int().min(1).max(1000).default(1),
  enable_online_booking: z.boolean().default(false),
  /** The portal holds the slots for 10 minutes and takes the price online before confirming (issue 23). */
  payment_required: z.boolean().default(false),
  advance_booking_days: z.number().int().min(0).max(365).default(30),
  is_active: z.boolean().default(true),
  slot_groups: z.array(slotGroupInputSchema).max(20).optional(),
  ...gstInputShape,
});
export type FacilityInput = z.infer<typeof facilityInputSchema>;

export const timeSlotSchema = z.object({
  id: z.number(),
  start_time: z.string(),
  end_time: z.string(),
  price: z.string(),
  weekend_price: z.string().nullable(),
  is_active: z.boolean(),
});
export const slotGroupSchema = z.object({ id: z.number(), name: z.string(), time_slots: z.array(timeSlotSchema) });
export const facilitySchema = z.object({
  id: z.number(),
  name: z.string(),
  centre: z.number(),
  centre_name: z.string(),
  sport: z.number(),
  sport_name: z.string(),
  description: z.string(),
  capacity: z.number(),
  enable_online_booking: z.boolean(),
  payment_required: z.boolean(),
  advance_booking_days: z.number(),
  is_active: z.boolean(),
  ...gstOutputShape,
  slot_groups: z.array(slotGroupSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Facility = z.infer<typeof facilitySchema>;

// ---- availability ----
export const SLOT_STATUSES = ['available', 'booked', 'past', 'unavailable'] as const;
export const availableSlotSchema = z.object({
  id: z.number(),
  start_time: z.string(),
  end_time: z.string(),
  price: z.string(),
  booking_status: z.enum(SLOT_STATUSES),
});
export const availableSlotGroupSchema = z.object({ id: z.number(), name: z.string(), time_slots: z.array(availableSlotSchema) });
export type AvailableSlotGroup = z.infer<typeof availableSlotGroupSchema>;

/** The staff day view adds who holds each booked slot. */
export const daySlotSchema = availableSlotSchema.extend({
  booking: z
    .object({
      id: z.number(),
      code: z.string(),
      name: z.string(),
      mobile: z.string(),
      status: z.string(),
      source: z.string(),
      payment_status: z.string(),
    })
    .nullable(),
});
export const daySlotGroupSchema = z.object({ id: z.number(), name: z.string(), time_slots: z.array(daySlotSchema) });
export type DaySlotGroup = z.infer<typeof daySlotGroupSchema>;

// ---- limits of booking requests: each bounds the work one request can ask for ----
/** Most slots one booking request may name (a day of quarter-hour slots; the portal's own limit, BOOKING_MAX_SLOTS, is lower). */
export const BOOKING_REQUEST_MAX_SLOTS = 96;
/** Most slots the desk or a subscription may name for one date. */
export const DESK_MAX_SLOTS = 48;
/** The longest a booking subscription may run: days from its start date to its end date. */
export const SUBSCRIPTION_MAX_SPAN_DAYS = 366;

const distinct = (values: readonly unknown[]) => new Set(values).size === values.length;
const daysFrom = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

// ---- the public portal's booking request (spec section 3, messages of section 5) ----
export const bookingContactSchema = z.object({
  name: singleLine(z.string({ error: 'Name is required' }))
    .trim()
    .min(1, 'Name is required')
    .max(120)
    .pipe(singleLineText(120)),
  email: singleLine(z.string({ error: 'Email is required' }))
    .trim()
    .toLowerCase()
    .min(1, { message: 'Email is required', abort: true })
    .max(254)
    .pipe(z.email('Invalid email format')),
  mobile_no: requiredPhoneSchema('Phone number is required'),
});

export const publicBookingRequestSchema = bookingContactSchema.extend({
  centre: idSchema,
  facility: idSchema,
  date: isoDateSchema,
  time_slots: z
    .array(
      z.object({
        date: isoDateSchema,
        slot: idSchema,
        start_time: singleLine(z.string()).max(20).optional(),
        end_time: singleLine(z.string()).max(20).optional(),
      }),
    )
    .min(1, 'Please select at least one slot.')
    .max(BOOKING_REQUEST_MAX_SLOTS, `At most ${BOOKING_REQUEST_MAX_SLOTS} slots can be booked at once.`),
  booking_amount: moneySchema,
  sub_total: moneySchema,
});
export type PublicBookingRequest = z.infer<typeof publicBookingRequestSchema>;

// ---- bookings (back office) ----
/** `awaiting_payment`: a portal hold whose price is being paid online (issue 23); its slots are taken until it is paid or released. */
export const BOOKING_STATUSES = ['confirmed', 'cancelled', 'completed', 'no_show', 'awaiting_payment'] as const;
export const BOOKING_SOURCES = ['online', 'desk', 'subscription'] as const;
export const PAYMENT_STATUSES = ['unpaid', 'partial', 'paid'] as const;

export const bookedSlotSchema = z.object({
  id: z.number(),
  time_slot: z.number(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  price: z.string(),
  /** False once the slot was cancelled out of the booking (partial cancel) or the booking was cancelled. */
  is_active: z.boolean(),
});
export const bookingSchema = z.object({
  id: z.number(),
  code: z.string(),
  centre: z.number(),
  centre_name: z.string(),
  facility: z.number(),
  facility_name: z.string(),
  sport_name: z.string(),
  client: z.number(),
  subscription: z.number().nullable(),
  date: z.string(),
  source: z.enum(BOOKING_SOURCES),
  status: z.enum(BOOKING_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  sub_total: z.string(),
  discount: z.string(),
  tax: z.string(),
  booking_amount: z.string(),
  paid_amount: z.string(),
  due_amount: z.string(),
  /** Money paid and neither used (cancelled slots or booking) nor refunded: the client's credit. */
  credit_amount: z.string(),
  /** Money given back on this booking (its ledger refunds, net of reversals). */
  refunded_amount: z.string(),
  notes: z.string(),
  cancel_reason: z.string(),
  time_slots: z.array(bookedSlotSchema),
  /** The tax invoice of the booking (issued with it); the enum is INVOICE_STATUSES, inline because invoice.ts imports this file. */
  invoice: z.object({ id: z.number(), number: z.string(), status: z.enum(['issued', 'partially_paid', 'paid', 'cancelled']) }).nullable(),
  /** Supplementary invoices of the booking (a move to dearer slots charges the difference on one), in order. */
  supplementary_invoices: z.array(
    z.object({ id: z.number(), number: z.string(), status: z.enum(['issued', 'partially_paid', 'paid', 'cancelled']) }),
  ),
  created_at: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const paymentInputSchema = z.object({
  amount: moneySchema.refine((v) => v !== '0.00', 'Amount must be greater than 0.'),
  payment_mode: idSchema,
  reference: singleLineText(100).default(''),
});

/** Money given back when cancelling a booking or some of its slots (never more than was paid). */
export const bookingRefundSchema = z.object({
  amount: moneySchema,
  payment_mode: idSchema,
  reference: singleLineText(100).default(''),
});
/** POST /booking/booking/:id/cancel/ (and complete/no-show, which take no refund). */
export const bookingCancelSchema = z.object({
  reason: text(500).optional(),
  refund: bookingRefundSchema.optional(),
  /** False gives money back without a credit note (the invoice keeps its tax): after the section 34(2) deadline, when a note is refused. */
  tax_adjustment: z.boolean().optional(),
});
/** POST /booking/booking/:id/cancel-slots/: frees those slots; the excess paid is refunded (up to it) or kept as credit. */
export const bookingCancelSlotsSchema = z.object({
  booked_slot_ids: z
    .array(idSchema)
    .min(1, 'Please select at least one slot.')
    .max(BOOKING_REQUEST_MAX_SLOTS)
    .refine(distinct, 'A slot is selected more than once.'),
  reason: requiredSingleLineText(500, 'Reason is required'),
  refund: bookingRefundSchema.optional(),
});
/**
 * POST /booking/booking/:id/move/: the booking's active slots become these (same centre, a facility
 * of the same sport), priced again: dearer slots make the difference due (a supplementary
 * invoice), cheaper ones a credit note, with `refund` (up to what was paid beyond the new amount)
 * and the rest kept as credit.
 */
export const bookingMoveSchema = z.object({
  date: isoDateSchema,
  time_slot_ids: z
    .array(idSchema)
    .min(1, 'Please select at least one slot.')
    .max(DESK_MAX_SLOTS, `At most ${DESK_MAX_SLOTS} slots can be booked at once.`)
    .refine(distinct, 'A slot is selected more than once.'),
  facility: idSchema.optional(),
  refund: bookingRefundSchema.optional(),
});
/** POST /booking/booking/:id/refund/: gives back (part of) a booking's credit. */
export const bookingCreditRefundSchema = bookingRefundSchema.extend({ reason: text(500).default('') });
/** GET /booking/client/:id/credit/ */
export const clientCreditSchema = z.object({
  client: z.number(),
  credit_amount: z.string(),
  bookings: z.array(z.object({ id: z.number(), code: z.string(), date: z.string(), credit_amount: z.string() })),
});
export type ClientCredit = z.infer<typeof clientCreditSchema>;

/** PATCH /booking/booking/:id/: a new discount or notes. */
export const bookingUpdateSchema = z.object({ discount: moneySchema.optional(), notes: text(1000).optional() });

export const deskBookingInputSchema = z.object({
  facility: idSchema,
  date: isoDateSchema,
  time_slot_ids: z
    .array(idSchema)
    .min(1, 'Please select at least one slot.')
    .max(DESK_MAX_SLOTS, `At most ${DESK_MAX_SLOTS} slots can be booked at once.`),
  client: idSchema.optional(),
  name: singleLineText(120).optional(),
  email: z.union([z.literal(''), z.email('Invalid email format')]).optional(),
  mobile_no: optionalPhoneSchema.optional(),
  discount: moneySchema.default('0.00'),
  notes: text(1000).default(''),
  payment: paymentInputSchema.optional(),
  /** The staff member the booking is credited to (commission): an active staff member of the organisation. */
  sold_by: idSchema.nullable().default(null),
});

export const bookingPaymentSchema = z.object({
  id: z.number(),
  booking: z.number(),
  booking_code: z.string(),
  name: z.string(),
  /** receipt (money in), refund (out), reversal (undoes another movement; `direction` says which way). */
  kind: z.enum(['receipt', 'refund', 'payment', 'reversal']),
  direction: z.enum(['in', 'out']),
  amount: z.string(),
  /** The amount as collections count it: negative when money went out (a refund). */
  signed_amount: z.string(),
  payment_mode: z.number().nullable(),
  payment_mode_name: z.string(),
  reference: z.string(),
  paid_on: z.string(),
  created_at: z.string(),
});
export type BookingPayment = z.infer<typeof bookingPaymentSchema>;

/** A booked slot row of Booking › Transactions (`/booking/booked-time-slot/`): with its booking's code and facility. */
export const bookedTimeSlotSchema = z.object({
  id: z.number(),
  booking: z.number(),
  booking_code: z.string(),
  facility: z.number(),
  facility_name: z.string(),
  time_slot: z.number(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  price: z.string(),
  is_active: z.boolean(),
});
export type BookedTimeSlot = z.infer<typeof bookedTimeSlotSchema>;

// ---- clients and booking subscriptions ----
export const clientInputSchema = z.object({
  name: requiredSingleLineText(120, 'Name is required'),
  email: z.union([z.literal(''), z.email('Invalid email format')]).default(''),
  mobile: optionalPhoneSchema.default(''),
  notes: text(1000).default(''),
  ...billingInputFields,
  ...optOutInputFields,
});
export type BookingClientInput = z.input<typeof clientInputSchema>;
export const clientSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  notes: z.string(),
  /** For GST invoices: a GSTIN makes them B2B. */
  ...billingOutputFields,
  /** The channels the client opted out of (by their mobile and e-mail). */
  ...optOutOutputFields,
  bookings_count: z.number(),
  total_amount: z.string(),
  paid_amount: z.string(),
  due_amount: z.string(),
  created_at: z.string(),
});
export type BookingClient = z.infer<typeof clientSchema>;

/** What to do with a date of a subscription that clashes (from the preview): skip it, or book other slots that day. */
export const subscriptionResolutionSchema = z.object({
  date: isoDateSchema,
  action: z.enum(['skip', 'move']),
  time_slot_ids: z
    .array(idSchema)
    .min(1, 'Please select at least one slot.')
    .max(DESK_MAX_SLOTS, `At most ${DESK_MAX_SLOTS} slots can be booked at once.`)
    .refine(distinct, 'A slot is selected more than once.')
    .optional(),
});
/** How a subscription is paid: all now (one receipt spread over its bookings), or booking by booking later. */
export const subscriptionPaymentSchema = z.object({
  mode: z.enum(['all_now', 'per_booking']),
  /** all_now: the amount received (default: the total of the bookings made). */
  amount: moneySchema.optional(),
  payment_mode: idSchema.optional(),
  reference: singleLineText(100).default(''),
});

export const subscriptionInputSchema = z
  .object({
    client: idSchema.optional(),
    name: singleLineText(120).optional(),
    email: z.union([z.literal(''), z.email('Invalid email format')]).optional(),
    mobile_no: optionalPhoneSchema.optional(),
    facility: idSchema,
    time_slot_ids: z
      .array(idSchema)
      .min(1, 'Please select at least one slot.')
      .max(DESK_MAX_SLOTS, `At most ${DESK_MAX_SLOTS} slots can be booked at once.`)
      .refine(distinct, 'A slot is selected more than once.'),
    weekdays: z
      .array(
        z
          .number()
          .int()
          .min(1, 'A weekday is a number from 1 (Monday) to 7 (Sunday).')
          .max(7, 'A weekday is a number from 1 (Monday) to 7 (Sunday).'),
      )
      .min(1, 'Choose at least one weekday.')
      .max(7, 'Choose at most 7 weekdays.')
      .refine(distinct, 'Each weekday can be chosen only once.'),
    start_date: isoDateSchema,
    end_date: isoDateSchema,
    notes: text(1000).default(''),
    /** Per clashing date: skip it or move it to other slots (a clash without one is reported and skipped). */
    resolutions: z
      .array(subscriptionResolutionSchema)
      .max(SUBSCRIPTION_MAX_SPAN_DAYS + 1)
      .refine((r) => distinct(r.map((x) => x.date)), 'Each date can be resolved only once.')
      .optional(),
    payment: subscriptionPaymentSchema.optional(),
  })
  .refine((v) => v.end_date >= v.start_date, { path: ['end_date'], message: 'End date must be on or after the start date.' })
  // Not more than the limit (an unreadable date is the date field's error, not this one).
  .refine((v) => !(daysFrom(v.start_date, v.end_date) > SUBSCRIPTION_MAX_SPAN_DAYS), {
    path: ['end_date'],
    message: `A subscription can span at most ${SUBSCRIPTION_MAX_SPAN_DAYS} days.`,
  });

export const SUBSCRIPTION_STATUSES = ['active', 'cancelled'] as const;
export const subscriptionSchema = z.object({
  id: z.number(),
  client: z.number(),
  client_name: z.string(),
  facility: z.number(),
  facility_name: z.string(),
  time_slot_ids: z.array(z.number()),
  weekdays: z.array(z.number()),
  start_date: z.string(),
  end_date: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  cancelled_from: z.string().nullable(),
  notes: z.string(),
  created_at: z.string(),
  /** "Mon, Wed" */
  weekday_names: z.string(),
  /** ["18:00–19:00"] */
  slot_times: z.array(z.string()),
  /** The next confirmed booking on or after today, or null. */
  next_date: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionResultSchema = z.object({
  subscription: subscriptionSchema,
  created: z.array(z.object({ date: z.string(), booking_id: z.number(), code: z.string() })),
  clashes: z.array(z.object({ date: z.string(), time_slot_ids: z.array(z.number()), reason: z.string() })),
  /** Dates skipped by a resolution. */
  skipped: z.array(z.string()),
  /** Money taken now (payment all_now): the amount and its receipts, one per booking. */
  payment: z.object({ amount: z.string(), receipts: z.number() }).nullable(),
});
export type SubscriptionResult = z.infer<typeof subscriptionResultSchema>;
/** Cancel a subscription from a date on (its bookings from then are cancelled). */
export const bookingSubscriptionCancelSchema = z.object({ from_date: isoDateSchema });
