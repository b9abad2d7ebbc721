import { centreEndpoints, paymentModeEndpoints, sportEndpoints } from '@arena/contracts/administrator/routes';
/**
 * The shared lookups (centres, sports, payment modes, facilities, booking clients): one query key
 * and one cached shape per lookup, for every screen. The cache holds the server's body as it is
 * (`{results: [{id, name}]}`, contracts' `dropdownSchema`) and each hook selects the list, so two
 * screens can never store different shapes under one key.
 */
import { bookingClientEndpoints, facilityEndpoints } from '@arena/contracts/booking/routes';
import { staffEndpoints } from '@arena/contracts/staff/routes';
import type { dropdownSchema, z } from '@arena/contracts/kit';
import { useQuery } from '@tanstack/react-query';
import { call } from './api';

export type Dropdown = z.infer<typeof dropdownSchema>;
export type LookupOption = Dropdown['results'][number];

/** Query keys of the lookups, for mutations that change them to invalidate. */
export const lookupKeys = {
  /** Spec 7.1: the centres list is cached as 'centres'. */
  centres: ['centres'] as const,
  sports: ['administrator', 'sport', 'dropdown'] as const,
  paymentModes: ['administrator', 'payment-mode', 'dropdown'] as const,
  /** Every centre's facility list (a prefix of `facilities(centre)`). */
  allFacilities: ['booking', 'facility', 'dropdown'] as const,
  facilities: (centre: string) => ['booking', 'facility', 'dropdown', centre] as const,
  clients: (search: string) => ['booking', 'client', 'pick', search] as const,
  /** Active staff for a sale's Sold by (under Staff Management's `['staff', …]` keys). */
  staff: ['staff', 'staff', 'dropdown', 'sold-by'] as const,
};

const results = (body: Dropdown) => body.results;

/** Active centres: GET /administrator/centre/dropdown/. */
export const useCentres = () => useQuery({ queryKey: lookupKeys.centres, queryFn: () => call(centreEndpoints.dropdown), select: results });

/** Active sports and events: GET /administrator/sport/dropdown/. */
export const useSports = () => useQuery({ queryKey: lookupKeys.sports, queryFn: () => call(sportEndpoints.dropdown), select: results });

/** Active payment modes: GET /administrator/payment-mode/dropdown/. */
export const usePaymentModes = () =>
  useQuery({ queryKey: lookupKeys.paymentModes, queryFn: () => call(paymentModeEndpoints.dropdown), select: results });

/** Facilities ("Sport - Facility") of one centre, or of every centre when `centre` is empty: GET /booking/facility/dropdown/?centre=. */
export const useFacilities = (centre = '') =>
  useQuery({
    queryKey: lookupKeys.facilities(centre),
    queryFn: () => call(facilityEndpoints.dropdown, { query: { centre } }),
    select: results,
  });

/** The first booking clients whose name, mobile or email matches `search` (all clients when empty). */
export const useBookingClients = (search: string, { enabled = true, limit = 8 }: { enabled?: boolean; limit?: number } = {}) =>
  useQuery({
    queryKey: lookupKeys.clients(search),
    queryFn: () => call(bookingClientEndpoints.list, { query: { page: 1, page_size: limit, search: search || undefined } }),
    select: (page) => page.results,
    enabled,
  });

/**
 * Active staff ("Asha Rao (STF-0003)") a sale can be credited to: GET /staff-management/staff/dropdown/.
 * Readable with Staff, Membership or Booking Management; anyone else gets a 403 and the Sold by field stays hidden.
 */
export const useStaffChoices = () =>
  useQuery({ queryKey: lookupKeys.staff, queryFn: () => call(staffEndpoints.dropdown), select: results, retry: false, staleTime: 60_000 });
