import { z } from '../zod-config.js';
import { idSchema } from '../common.js';
import { endpoint } from '../endpoint.js';
import { availableSlotGroupSchema, publicBookingRequestSchema } from '../booking/booking.js';
import { portalBookingSchema } from './portal.js';

export const publicCentreSchema = z.object({ id: z.number(), name: z.string() });
export type PublicCentre = z.infer<typeof publicCentreSchema>;
export const publicFacilitySchema = z.object({ id: z.number(), name: z.string(), sport_name: z.string() });
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
  /** Book slots without an account: the booking with its venue, for the confirmation panel. */
  book: endpoint({
    method: 'POST',
    path: '/api/public/bookings/',
    body: publicBookingRequestSchema,
    response: portalBookingSchema,
    status: 201,
  }),
};
