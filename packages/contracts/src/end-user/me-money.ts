/**
 * The member app's money and bookings (issue 27): what the signed-in member owes and paying it
 * online, renewing onto a plan, their invoices (PDF), and booking courts as a member. Every answer
 * is the signed-in member's own; another member's ids are a 404. Each group has its switch in the
 * settings (pay_dues, renew, invoices, book): 403 when it is off.
 */
import { z } from '../zod-config.js';
import { availableSlotGroupSchema } from '../booking/booking.js';
import { idParamsSchema, idSchema, isoDateSchema, moneySchema, paginatedSchema } from '../common.js';
import { endpoint } from '../endpoint.js';

/** The most slots a member books at once. */
export const ME_BOOKING_MAX_SLOTS = 8;
/** A member may cancel a booking until this many hours before its first slot starts. */
export const ME_CANCEL_HOURS_BEFORE = 2;

const amountAboveZero = moneySchema.refine((v) => v !== '0.00', 'Amount must be greater than 0.');

/** A membership (or member service) that still owes something. */
export const meDueSchema = z.object({
  membership: z.number(),
  /** `membership` or `member_service`. */
  type: z.string(),
  label: z.string(),
  plan_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  total: z.string(),
  paid: z.string(),
  due: z.string(),
});
export type MeDue = z.infer<typeof meDueSchema>;
export const meDuesSchema = z.object({ results: z.array(meDueSchema), total: z.string() });

export const mePayInputSchema = z.object({ membership: idSchema, amount: amountAboveZero });
export type MePayInput = z.input<typeof mePayInputSchema>;

/** An online payment order opened for the member: pay it on `checkout_url` (the sandbox when the organisation has no gateway). */
export const meCheckoutSchema = z.object({ order: z.string(), checkout_url: z.string(), amount: z.string(), expires_at: z.string() });
export type MeCheckout = z.infer<typeof meCheckoutSchema>;

/** An order of the member's and what it paid for: the return page's "Paid" and the invoice. */
export const meOrderSchema = z.object({
  order: z.string(),
  status: z.enum(['created', 'paid', 'failed', 'expired', 'cancelled']),
  amount: z.string(),
  description: z.string(),
  invoice: z.object({ id: z.number(), number: z.string() }).nullable(),
});
export type MeOrder = z.infer<typeof meOrderSchema>;

export const meRenewalPlanSchema = z.object({
  id: z.number(),
  name: z.string(),
  price: z.string(),
  /** '1 month', '12 months' … */
  duration: z.string(),
  /** The plan of the running (or latest) membership: listed first. */
  current: z.boolean(),
});
export const meRenewalSchema = z.object({
  /** The membership a renewal follows; null when the member has none (nothing to renew). */
  membership: z.object({ id: z.number(), plan_name: z.string(), end_date: z.string() }).nullable(),
  /** The day a renewal would start (the day after the current period ends, or today when it has lapsed). */
  start_date: z.string().nullable(),
  /** Whether it has already been renewed (a membership is renewed once). */
  renewed: z.boolean(),
  plans: z.array(meRenewalPlanSchema),
});
export type MeRenewal = z.infer<typeof meRenewalSchema>;
export const meRenewInputSchema = z.object({ plan: idSchema });

export const meInvoiceSchema = z.object({
  id: z.number(),
  number: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  date: z.string(),
  /** What was sold ('Gold · M-0001', 'Booking BK-…'). */
  for: z.string(),
  total: z.string(),
  paid: z.string(),
  status: z.string(),
});
export type MeInvoice = z.infer<typeof meInvoiceSchema>;
export const mePageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  page_size: z.coerce.number().int().min(1).max(100).optional(),
});

export const meFacilitySchema = z.object({
  id: z.number(),
  name: z.string(),
  sport_name: z.string(),
  centre_name: z.string(),
  payment_required: z.boolean(),
  advance_booking_days: z.number(),
});
export type MeFacility = z.infer<typeof meFacilitySchema>;

export const meBookInputSchema = z.object({
  facility: idSchema,
  date: isoDateSchema,
  slots: z
    .array(idSchema)
    .min(1, 'Choose at least one slot.')
    .max(ME_BOOKING_MAX_SLOTS, `At most ${ME_BOOKING_MAX_SLOTS} slots can be booked at once.`),
});
export type MeBookInput = z.input<typeof meBookInputSchema>;

export const meBookingSchema = z.object({
  id: z.number(),
  code: z.string(),
  facility_name: z.string(),
  sport_name: z.string(),
  date: z.string(),
  slots: z.array(z.object({ start_time: z.string(), end_time: z.string() })),
  amount: z.string(),
  paid: z.string(),
  status: z.string(),
  /** Whether the member may still cancel it (confirmed, and more than ME_CANCEL_HOURS_BEFORE hours before it starts). */
  can_cancel: z.boolean(),
});
export type MeBooking = z.infer<typeof meBookingSchema>;
export const meBookedSchema = z.object({ booking: meBookingSchema, checkout_url: z.string().nullable() });

const ME = '/api/me/' as const;
const facilityDateParams = z.object({ id: idSchema, date: isoDateSchema });

export const meMoneyEndpoints = {
  /** What the member owes: each membership with a due, and the total. Switch: pay_dues. */
  dues: endpoint({ method: 'GET', path: `${ME}dues/`, response: meDuesSchema }),
  /** Opens an online payment of (part of) a membership's due: at most the due. Switch: pay_dues. */
  pay: endpoint({ method: 'POST', path: `${ME}dues/pay/`, body: mePayInputSchema, response: meCheckoutSchema, status: 201 }),
  /** One of the member's own payment orders (the checkout's return page). */
  order: endpoint({ method: 'GET', path: `${ME}orders/:order/`, params: z.object({ order: z.string().max(64) }), response: meOrderSchema }),
  /** The plans the member may renew to, the running plan first. Switch: renew. */
  renewal: endpoint({ method: 'GET', path: `${ME}renewal/`, response: meRenewalSchema }),
  /** Opens an online payment of a renewal; once paid the renewal is made by the membership's rules. Switch: renew. */
  renew: endpoint({ method: 'POST', path: `${ME}renew/`, body: meRenewInputSchema, response: meCheckoutSchema, status: 201 }),
  /** The member's invoices and credit notes, newest first. Switch: invoices. */
  invoices: endpoint({ method: 'GET', path: `${ME}invoices/`, query: mePageQuerySchema, response: paginatedSchema(meInvoiceSchema) }),
  invoicePdf: endpoint({ method: 'GET', path: `${ME}invoices/:id/pdf/`, params: idParamsSchema, file: true }),
  /** Facilities open for booking. Switch: book. */
  facilities: endpoint({ method: 'GET', path: `${ME}booking/facilities/`, response: z.object({ results: z.array(meFacilitySchema) }) }),
  /** A date's slots of a facility (the booking portal's availability). Switch: book. */
  availability: endpoint({
    method: 'GET',
    path: `${ME}booking/facilities/:id/availability/:date/`,
    params: facilityDateParams,
    response: z.array(availableSlotGroupSchema),
  }),
  /** Books slots with the member as the client; a facility that takes payment online answers a checkout. Switch: book. */
  book: endpoint({ method: 'POST', path: `${ME}bookings/`, body: meBookInputSchema, response: meBookedSchema, status: 201 }),
  /** The member's bookings, upcoming first. Switch: book. */
  bookings: endpoint({ method: 'GET', path: `${ME}bookings/`, response: z.object({ results: z.array(meBookingSchema) }) }),
  cancelBooking: endpoint({ method: 'POST', path: `${ME}bookings/:id/cancel/`, params: idParamsSchema, response: meBookingSchema }),
};
