import { z } from '../zod-config.js';
import { idSchema } from '../common.js';
import { endpoint } from '../endpoint.js';
import { availableSlotGroupSchema, publicBookingRequestSchema } from '../booking/booking.js';
import { portalBookedSchema, portalHoldStateSchema } from './portal.js';

export const publicCentreSchema = z.object({ id: z.number(), name: z.string() });
export type PublicCentre = z.infer<typeof publicCentreSchema>;
/** `payment_required`: the visitor pays online to confirm (issue 23). */
export const publicFacilitySchema = z.object({ id: z.number(), name: z.string(), sport_name: z.string(), payment_required: z.boolean() });
export type PublicFacility = z.infer<typeof publicFacilitySchema>;

/** A facility's day: `:id` the facility, `:date` as the spec writes it (dd-MM-yyyy, or yyyy-MM-dd). */
export const dayParams = z.object({ id: idSchema, date: z.string().max(20) });

/** The portal's anonymous calls (spec 7.1); the organisation comes from the host. */
export const portalEndpoints = {
  centres: endpoint({ method: 'GET', path: '/api/public/centres/', response: z.object({ results: z.array(publicCentreSchema) }) }),
  facilities: endpoint({
    method: 'GET',
    path: '/api/public/facilities/',
    query: z.object({ centre: idSchema.optional(), enable_online_booking: z.stringbool().optional() }),
    response: z.object({ results: z.array(publicFacilitySchema) }),
  }),
  /** A date's slots (the facility must be active and open for online booking). */
  slots: endpoint({
    method: 'GET',
    path: '/api/booking/facility/:id/online-available-slots/:date/',
    params: dayParams,
    response: z.array(availableSlotGroupSchema),
  }),
  /**
   * Book slots without an account: the booking with its venue, for the confirmation panel; on a
   * facility that takes payment online, a 10-minute hold with the `checkout_url` to pay it at.
   */
  book: endpoint({
    method: 'POST',
    path: '/api/public/bookings/',
    body: publicBookingRequestSchema,
    response: portalBookedSchema,
    status: 201,
  }),
  /** The portal's return page after the checkout: the booking an online payment order is for, and its state. */
  byOrder: endpoint({
    method: 'GET',
    path: '/api/public/bookings/by-order/:order/',
    params: z.object({ order: z.string().max(64) }),
    response: portalHoldStateSchema,
  }),
};
