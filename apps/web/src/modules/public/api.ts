import type { AvailableSlotGroup, PublicBookingRequest } from '@arena/contracts/booking';
import { organisationEndpoints } from '@arena/contracts/administrator/routes';
import { type PublicCentre, type PublicFacility } from '@arena/contracts/public';
import { portalEndpoints } from '@arena/contracts/public/routes';
import { format, parseISO } from 'date-fns';
import { call } from '../../lib/api';

export type { PublicCentre, PublicFacility };

/** The organisation as anyone sees it: its name and picture (spec 7.1); the organisation comes from the host. */
export interface PublicOrganisation {
  display_name: string;
  display_picture: string | null;
  email?: string | null;
  /** Past its subscription's grace the organisation takes no bookings (issue 23 §2). */
  bookings_paused?: boolean;
}

export const portalKeys = {
  organisation: ['organisation', 'public'] as const,
  centres: ['public', 'centres'] as const,
  facilities: (centre: string) => ['public', 'facilities', centre] as const,
  slots: (facility: string, date: string) => ['public', 'slots', facility, date] as const,
};

export const fetchOrganisation = () => call(organisationEndpoints.retrieve) as Promise<PublicOrganisation>;
export const fetchCentres = () => call(portalEndpoints.centres).then((r) => r.results);
export const fetchFacilities = (centre: string) =>
  call(portalEndpoints.facilities, { query: { centre, enable_online_booking: 'true' } }).then((r) => r.results);

/** Spec 9: the slot query takes the date as dd-MM-yyyy. */
export const slotPathDate = (isoDate: string) => format(parseISO(isoDate), 'dd-MM-yyyy');

/** A date's slot groups (spec 7.1). */
export const fetchSlots = (facility: string, isoDate: string): Promise<AvailableSlotGroup[]> =>
  call(portalEndpoints.slots, { params: { id: facility, date: slotPathDate(isoDate) } });

/** The booking with its venue (address, phone, time zone) for the confirmation panel; a hold with its `checkout_url` when paid online. */
export const createBooking = (body: PublicBookingRequest) => call(portalEndpoints.book, { body });

/** The return page's poll: the booking an online payment order is for, confirmed, still held or released (issue 23). */
export const fetchHoldState = (order: string) => call(portalEndpoints.byOrder, { params: { order } });
