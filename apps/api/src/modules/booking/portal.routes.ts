import { portalEndpoints as e, type AvailableSlotGroup, type PortalVenue } from '@arena/contracts';
import type { FastifyInstance } from 'fastify';
import { notFound, tooManyRequests } from '../../platform/errors.js';
import { ctxOf, inTenant, type Ctx } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { cachedSlots } from './availability-cache.js';
import { bookOnline } from './booking-entry.service.js';
import { createdBookingJson, guardSlotRace, type CreatedBooking } from './booking.service.js';
import { dayView } from './day-view.js';
import { loadFacility } from './facility.service.js';
import { sendBookingConfirmation } from './notify.js';
import { bookableFacilities } from './member-bookings.js';
import { holdForPayment, holdState, needsPayment } from './portal-hold.service.js';

const tags = ['public'];

/**
 * Where the visitor plays (spec 2.5 confirmation): the centre's address and phone, else the
 * organisation's — read with the booking's own facts, so no statement runs while the booking's
 * number is held.
 */
function venueOf(ctx: Ctx, b: CreatedBooking): PortalVenue {
  return {
    organisation_name: ctx.organisation.displayName,
    centre_name: b.facility.centreName,
    address: b.venue.address,
    phone: b.venue.phone,
    email: b.venue.email,
    time_zone: ctx.timeZone,
  };
}

/** The online booking portal's anonymous calls (spec 2.5): facilities, a date's slots, and the booking itself. */
export async function portalRoutes(app: FastifyInstance): Promise<void> {
  route(app, e.facilities, {
    config: { auth: 'none' },
    tags,
    summary: 'Facilities of a centre open for online booking',
    security: [],
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => ({
        // The portal only ever lists facilities open for online booking, whatever the query says.
        results: (await bookableFacilities(tx, ctx, request.query.centre)).map((f) => ({
          id: f.id,
          name: f.name,
          sport_name: f.sport_name,
          payment_required: f.payment_required,
        })),
      })),
  });

  route(app, e.slots, {
    config: { auth: 'none' },
    tags,
    summary: 'Slots of a date for the public portal (facility must be active and enabled for online booking)',
    security: [],
    handler: async (request) =>
      cachedSlots(app.db, ctxOf(request).organisationId, request.params.id, request.params.date, () =>
        inTenant(request, async (tx, ctx) => {
          const f = await loadFacility(tx, ctx, request.params.id);
          if (!f.isActive || !f.enableOnlineBooking) throw notFound();
          return (await dayView(tx, ctx, f, request.params.date, false)) as AvailableSlotGroup[];
        }),
      ),
  });

  route(app, e.book, {
    config: {
      auth: 'none',
      rateLimit: {
        max: app.config.BOOKING_RATE_LIMIT_PER_MINUTE,
        timeWindow: 60_000,
        errorResponseBuilder: (_req: unknown, limit: { ttl: number }) =>
          tooManyRequests(
            `Too many booking requests from this address. Try again in ${Math.max(1, Math.ceil(limit.ttl / 1000))} seconds.`,
            Math.max(1, Math.ceil(limit.ttl / 1000)),
          ),
      },
    },
    tags,
    summary: 'Book slots from the online portal (no login)',
    security: [],
    description: 'The answer is the booking with its `venue` (address, phone, time zone) for the confirmation panel.',
    handler: async (request, reply) => {
      const created = await guardSlotRace(() =>
        inTenant(request, async (tx, ctx) => {
          const created = await bookOnline(tx, ctx, request.body);
          // A facility that takes payment online holds the slots while the visitor pays (issue 23).
          const order = needsPayment(created) ? await holdForPayment(tx, ctx, created) : null;
          return {
            ...createdBookingJson(created),
            venue: venueOf(ctx, created),
            checkout_url: order?.checkout_url ?? null,
            hold_expires_at: order?.expires_at ?? null,
          };
        }),
      );
      // A hold is confirmed, and mailed, when its payment arrives.
      if (!created.checkout_url) await sendBookingConfirmation(app, ctxOf(request).organisation, created);
      return reply.status(201).send(created);
    },
  });

  route(app, e.byOrder, {
    config: { auth: 'none' },
    tags,
    summary: "The booking an online payment order is for, and its state (the portal's return page)",
    security: [],
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => {
        const state = await holdState(tx, ctx, request.params.order);
        if (!state) throw notFound();
        return state;
      }),
  });
}
