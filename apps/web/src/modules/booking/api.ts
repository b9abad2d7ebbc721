import type {
  Booking,
  bookingPaymentSchema,
  clientInputSchema,
  clientSchema,
  daySlotGroupSchema,
  deskBookingInputSchema,
  Facility,
  FacilityInput,
  paymentInputSchema,
  subscriptionInputSchema,
  z,
} from '@arena/contracts';
import { format, parseISO } from 'date-fns';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../components/DataTable';
import { api, type Paginated } from '../../lib/api';

export type DaySlotGroup = z.infer<typeof daySlotGroupSchema>;
export type DaySlot = DaySlotGroup['time_slots'][number];
export type BookingPayment = z.infer<typeof bookingPaymentSchema>;
export type Client = z.infer<typeof clientSchema>;
export type ClientInput = z.input<typeof clientInputSchema>;
export type DeskBookingInput = z.input<typeof deskBookingInputSchema>;
export type PaymentInput = z.input<typeof paymentInputSchema>;
export type SubscriptionInput = z.input<typeof subscriptionInputSchema>;
export interface Option {
  id: number;
  name: string;
}

export interface Subscription {
  id: number;
  client: number;
  client_name: string;
  facility: number;
  facility_name: string;
  time_slot_ids: number[];
  weekdays: number[];
  start_date: string;
  end_date: string;
  status: string;
  cancelled_from: string | null;
}
export interface SubscriptionResult {
  subscription: Subscription;
  created: { date: string; booking_id: number; code: string }[];
  clashes: { date: string; time_slot_ids: number[] }[];
}

export interface BookingDashboard {
  today: { date: string; bookings: number; slots_booked: number; collections: string };
  month: { bookings: number; collections: string };
  occupancy: { facility: number; facility_name: string; sport_name: string; booked: number; total: number; percent: number }[];
  upcoming: Booking[];
  chart: { date: string; bookings: number; amount: string }[];
}

export interface AuditEntry {
  id: number;
  module: string;
  resource: string;
  object_id: string | null;
  action: string;
  actor_email: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  created_at: string;
}

export const bookingKeys = {
  all: ['booking'] as const,
  facilities: ['booking', 'facility'] as const,
  facility: (id: number) => ['booking', 'facility', id] as const,
  facilityOptions: (centre: string) => ['booking', 'facility', 'dropdown', centre] as const,
  day: (facility: string, date: string) => ['booking', 'day', facility, date] as const,
  bookings: ['booking', 'booking'] as const,
  booking: (id: number) => ['booking', 'booking', id] as const,
  payments: ['booking', 'payments'] as const,
  clients: ['booking', 'client'] as const,
  subscriptions: ['booking', 'subscription'] as const,
  dashboard: (centre: string) => ['booking', 'dashboard', centre] as const,
  logs: ['booking', 'logs'] as const,
  reports: ['booking', 'reports'] as const,
  sportOptions: ['administrator', 'sport', 'dropdown'] as const,
  paymentModeOptions: ['administrator', 'payment-mode', 'dropdown'] as const,
  centreOptions: ['centres'] as const,
};

/** Spec 9: the slot path takes the date as dd-MM-yyyy. */
export const pathDate = (iso: string) => format(parseISO(iso), 'dd-MM-yyyy');

// ---- lookups ----
const dropdown = (path: string) => () => api.get<{ results: Option[] }>(path).then((r) => r.results);
export const useSportOptions = () => useQuery({ queryKey: bookingKeys.sportOptions, queryFn: dropdown('/administrator/sport/dropdown/') });
export const usePaymentModeOptions = () =>
  useQuery({ queryKey: bookingKeys.paymentModeOptions, queryFn: dropdown('/administrator/payment-mode/dropdown/') });
export const useCentreOptions = () =>
  useQuery({ queryKey: bookingKeys.centreOptions, queryFn: dropdown('/administrator/centre/dropdown/') });
export const useFacilityOptions = (centre: string) =>
  useQuery({
    queryKey: bookingKeys.facilityOptions(centre),
    queryFn: () => api.get<{ results: Option[] }>('/booking/facility/dropdown/', { params: { centre } }).then((r) => r.results),
  });

// ---- facilities ----
export const fetchFacilities = (params: ListParams) => api.get<Paginated<Facility>>('/booking/facility/', { params });
export const useFacility = (id: number | null) =>
  useQuery({ queryKey: bookingKeys.facility(id ?? 0), queryFn: () => api.get<Facility>(`/booking/facility/${id}/`), enabled: !!id });

export function useFacilityMutations() {
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: bookingKeys.all });
  const create = useMutation({ mutationFn: (input: FacilityInput) => api.post<Facility>('/booking/facility/', input), onSuccess: settled });
  const update = useMutation({
    mutationFn: ({ id, input }: { id: number; input: Partial<FacilityInput> }) => api.patch<Facility>(`/booking/facility/${id}/`, input),
    onSuccess: settled,
  });
  const remove = useMutation({ mutationFn: (id: number) => api.delete<void>(`/booking/facility/${id}/`), onSuccess: settled });
  return { create, update, remove };
}

// ---- the day view and bookings ----
export const fetchDay = (facility: string, date: string) =>
  api
    .get<DaySlotGroup[] | { results: DaySlotGroup[] }>(`/booking/facility/${facility}/available-slots/${pathDate(date)}/`)
    .then((d) => (Array.isArray(d) ? d : d.results));
export const fetchBookings = (params: ListParams) => api.get<Paginated<Booking>>('/booking/booking/', { params });
export const useBooking = (id: number | null) =>
  useQuery({ queryKey: bookingKeys.booking(id ?? 0), queryFn: () => api.get<Booking>(`/booking/booking/${id}/`), enabled: !!id });

export function useBookingMutations() {
  const queryClient = useQueryClient();
  const settled = async (booking?: Booking) => {
    if (booking?.id) queryClient.setQueryData(bookingKeys.booking(booking.id), booking);
    await queryClient.invalidateQueries({ queryKey: bookingKeys.all });
  };
  const create = useMutation({
    mutationFn: (input: DeskBookingInput) => api.post<Booking>('/booking/booking/', input),
    onSuccess: settled,
  });
  const patch = useMutation({
    mutationFn: ({ id, input }: { id: number; input: { discount?: string; notes?: string } }) =>
      api.patch<Booking>(`/booking/booking/${id}/`, input),
    onSuccess: settled,
  });
  const cancel = useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => api.post<Booking>(`/booking/booking/${id}/cancel/`, { reason }),
    onSuccess: settled,
  });
  const complete = useMutation({ mutationFn: (id: number) => api.post<Booking>(`/booking/booking/${id}/complete/`), onSuccess: settled });
  const noShow = useMutation({ mutationFn: (id: number) => api.post<Booking>(`/booking/booking/${id}/no-show/`), onSuccess: settled });
  const pay = useMutation({
    mutationFn: ({ id, input }: { id: number; input: PaymentInput }) => api.post<Booking>(`/booking/booking/${id}/payments/`, input),
    onSuccess: settled,
  });
  return { create, patch, cancel, complete, noShow, pay };
}

// ---- payments, clients, subscriptions ----
export const fetchPayments = (params: ListParams) => api.get<Paginated<BookingPayment>>('/booking/booking-transaction/', { params });
export const fetchClients = (params: ListParams) => api.get<Paginated<Client>>('/booking/client/', { params });

export function useClientMutations() {
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: bookingKeys.clients });
  const create = useMutation({ mutationFn: (input: ClientInput) => api.post<Client>('/booking/client/', input), onSuccess: settled });
  const update = useMutation({
    mutationFn: ({ id, input }: { id: number; input: Partial<ClientInput> }) => api.patch<Client>(`/booking/client/${id}/`, input),
    onSuccess: settled,
  });
  const remove = useMutation({ mutationFn: (id: number) => api.delete<void>(`/booking/client/${id}/`), onSuccess: settled });
  return { create, update, remove };
}

export const fetchSubscriptions = (params: ListParams) => api.get<Paginated<Subscription>>('/booking/subscription/', { params });
export function useSubscriptionMutations() {
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: bookingKeys.all });
  const create = useMutation({
    mutationFn: (input: SubscriptionInput) => api.post<SubscriptionResult>('/booking/subscription/', input),
    onSuccess: settled,
  });
  const cancel = useMutation({
    mutationFn: ({ id, from_date }: { id: number; from_date: string }) =>
      api.post<Subscription>(`/booking/subscription/${id}/cancel/`, { from_date }),
    onSuccess: settled,
  });
  return { create, cancel };
}

// ---- dashboard, logs, reports ----
export const useBookingDashboard = (centre: string) =>
  useQuery({
    queryKey: bookingKeys.dashboard(centre),
    queryFn: () => api.get<BookingDashboard>('/booking/dashboard/', { params: { centre } }),
    staleTime: 60_000,
  });
export const fetchLogs = (params: ListParams) => api.get<Paginated<AuditEntry>>('/booking/logs/', { params });
