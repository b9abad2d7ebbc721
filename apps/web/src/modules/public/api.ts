import type { AvailableSlotGroup, PortalBooking, PublicBookingRequest } from '@arena/contracts';
import { format, parseISO } from 'date-fns';
import { api } from '../../lib/api';

/** The portal's anonymous calls (spec 7.1); the organisation comes from the host. */
export interface PublicOrganisation {
  display_name: string;
  display_picture: string | null;
  email?: string | null;
}
export interface PublicCentre {
  id: number;
  name: string;
}
export interface PublicFacility {
  id: number;
  name: string;
  sport_name: string;
}

export const portalKeys = {
  organisation: ['organisation', 'public'] as const,
  centres: ['public', 'centres'] as const,
  facilities: (centre: string) => ['public', 'facilities', centre] as const,
  slots: (facility: string, date: string) => ['public', 'slots', facility, date] as const,
};

export const fetchOrganisation = () => api.get<PublicOrganisation>('/administrator/organisation/');
export const fetchCentres = () => api.get<{ results: PublicCentre[] }>('/public/centres/').then((r) => r.results);
export const fetchFacilities = (centre: string) =>
  api.get<{ results: PublicFacility[] }>('/public/facilities/', { params: { centre, enable_online_booking: true } }).then((r) => r.results);

/** Spec 9: the slot query takes the date as dd-MM-yyyy. */
export const slotPathDate = (isoDate: string) => format(parseISO(isoDate), 'dd-MM-yyyy');

/** Spec 7.1: the answer is a list of slot groups, or an object whose results hold them. */
export async function fetchSlots(facility: string, isoDate: string): Promise<AvailableSlotGroup[]> {
  const data = await api.get<AvailableSlotGroup[] | { results: AvailableSlotGroup[] }>(
    `/booking/facility/${facility}/online-available-slots/${slotPathDate(isoDate)}/`,
  );
  return Array.isArray(data) ? data : (data?.results ?? []);
}

/** The booking with its venue (address, phone, time zone) for the confirmation panel. */
export const createBooking = (body: PublicBookingRequest) => api.post<PortalBooking>('/public/bookings/', body);
