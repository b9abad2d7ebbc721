import { phoneSearchText } from '@arena/contracts';
import { and, desc, eq, ilike, or } from 'drizzle-orm';
import type { Searcher } from '../../platform/module.js';
import { containsPattern } from '../../platform/pagination.js';
import { displayDate } from '../../platform/time.js';
import { MODULE } from './constants.js';
import { booking, bookingClient, facility } from './schema.js';

const like = containsPattern;

/** Bookings by code, or by the name, phone or e-mail they were made for — newest first. */
const bookings: Searcher = {
  module: MODULE,
  search: async (tx, ctx, q, limit) => {
    const rows = await tx
      .select({
        id: booking.id,
        code: booking.code,
        name: booking.name,
        date: booking.date,
        status: booking.status,
        facility: facility.name,
      })
      .from(booking)
      .innerJoin(facility, eq(facility.id, booking.facilityId))
      .where(
        and(
          eq(booking.organisationId, ctx.organisationId),
          or(ilike(booking.code, like(q)), ilike(booking.name, like(q)), ilike(booking.mobile, like(phoneSearchText(q) ?? q))),
        ),
      )
      .orderBy(desc(booking.date), desc(booking.id))
      .limit(limit);
    return rows.map((r) => ({
      kind: 'booking',
      id: r.id,
      title: r.code,
      subtitle: `${r.name} · ${r.facility} · ${displayDate(r.date)} · ${r.status.replace('_', '-')}`,
      path: `/booking/booking?search=${encodeURIComponent(r.code)}`,
    }));
  },
};

/** Booking clients by name, phone or e-mail. */
const clients: Searcher = {
  module: MODULE,
  search: async (tx, ctx, q, limit) => {
    const rows = await tx
      .select({ id: bookingClient.id, name: bookingClient.name, mobile: bookingClient.mobile, email: bookingClient.email })
      .from(bookingClient)
      .where(
        and(
          eq(bookingClient.organisationId, ctx.organisationId),
          or(
            ilike(bookingClient.name, like(q)),
            ilike(bookingClient.mobile, like(phoneSearchText(q) ?? q)),
            ilike(bookingClient.email, like(q)),
          ),
        ),
      )
      .orderBy(bookingClient.name, bookingClient.id)
      .limit(limit);
    return rows.map((r) => ({
      kind: 'booking_client',
      id: r.id,
      title: r.name,
      subtitle: [r.mobile, r.email].filter(Boolean).join(' · ') || 'Booking client',
      path: `/booking/clients?search=${encodeURIComponent(r.mobile || r.name)}`,
    }));
  },
};

export const bookingSearchers = [bookings, clients];
