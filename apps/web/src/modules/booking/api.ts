import type {
  AuditEntry,
  Booking,
  bookingCancelSlotsSchema,
  BookingDashboard,
  bookingMoveSchema,
  bookingRefundSchema,
  ClientCredit,
  bookingPaymentSchema,
  bookingUpdateSchema,
  clientInputSchema,
  clientSchema,
  daySlotGroupSchema,
  deskBookingInputSchema,
  Facility,
  FacilityInput,
  paymentInputSchema,
  Subscription,
  subscriptionInputSchema,
  SubscriptionResult,
  z,
} from '@arena/contracts';
import { format, parseISO } from 'date-fns';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../components/DataTable';
import { api, type Paginated } from '../../lib/api';
import { invoiceKeys } from '../money/public';

export type { AuditEntry, BookingDashboard, Subscription, SubscriptionResult };
export type DaySlotGroup = z.infer<typeof daySlotGroupSchema>;
export type DaySlot = DaySlotGroup['time_slots'][number];
export type BookingPayment = z.infer<typeof bookingPaymentSchema>;
export type Client = z.infer<typeof clientSchema>;
export type ClientInput = z.input<typeof clientInputSchema>;
/** What a desk booking, a payment, a booking change and a subscription send: the parsed request of the contracts' schema. */
export type DeskBookingInput = z.output<typeof deskBookingInputSchema>;
export type PaymentInput = z.output<typeof paymentInputSchema>;
export type BookingUpdate = z.output<typeof bookingUpdateSchema>;
export type SubscriptionInput = z.output<typeof subscriptionInputSchema>;
export type BookingRefund = z.output<typeof bookingRefundSchema>;
export type CancelSlotsInput = z.output<typeof bookingCancelSlotsSchema>;
export type MoveInput = z.output<typeof bookingMoveSchema>;

export const bookingKeys = {
  all: ['booking'] as const,
  facilities: ['booking', 'facility'] as const,
  facility: (id: number) => ['booking', 'facility', id] as const,
  day: (facility: string, date: string) => ['booking', 'day', facility, date] as const,
  bookings: ['booking', 'booking'] as const,
  booking: (id: number) => ['booking', 'booking', id] as const,
  payments: ['booking', 'payments'] as const,
  clients: ['booking', 'client'] as const,
  subscriptions: ['booking', 'subscription'] as const,
  dashboard: (centre: string) => ['booking', 'dashboard', centre] as const,
  logs: ['booking', 'logs'] as const,
  reports: ['booking', 'reports'] as const,
};

/** Spec 9: the slot path takes the date as dd-MM-yyyy. */
export const pathDate = (iso: string) => format(parseISO(iso), 'dd-MM-yyyy');

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
    // A payment, discount or cancellation changes the booking's invoice (paid, due, status, credit notes).
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
      queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
    ]);
  };
  const create = useMutation({
    mutationFn: (input: DeskBookingInput) => api.post<Booking>('/booking/booking/', input),
    onSuccess: settled,
  });
  const patch = useMutation({
    mutationFn: ({ id, input }: { id: number; input: BookingUpdate }) => api.patch<Booking>(`/booking/booking/${id}/`, input),
    onSuccess: settled,
  });
  const cancel = useMutation({
    mutationFn: ({ id, reason, refund }: { id: number; reason: string; refund?: BookingRefund }) =>
      api.post<Booking>(`/booking/booking/${id}/cancel/`, refund ? { reason, refund } : { reason }),
    onSuccess: settled,
  });
  const cancelSlots = useMutation({
    mutationFn: ({ id, input }: { id: number; input: CancelSlotsInput }) =>
      api.post<Booking>(`/booking/booking/${id}/cancel-slots/`, input),
    onSuccess: settled,
  });
  const move = useMutation({
    mutationFn: ({ id, input }: { id: number; input: MoveInput }) => api.post<Booking>(`/booking/booking/${id}/move/`, input),
    onSuccess: settled,
  });
  const refundCredit = useMutation({
    mutationFn: ({ id, input }: { id: number; input: BookingRefund & { reason: string } }) =>
      api.post<Booking>(`/booking/booking/${id}/refund/`, input),
    onSuccess: settled,
  });
  const complete = useMutation({ mutationFn: (id: number) => api.post<Booking>(`/booking/booking/${id}/complete/`), onSuccess: settled });
  const noShow = useMutation({ mutationFn: (id: number) => api.post<Booking>(`/booking/booking/${id}/no-show/`), onSuccess: settled });
  const pay = useMutation({
    mutationFn: ({ id, input }: { id: number; input: PaymentInput }) => api.post<Booking>(`/booking/booking/${id}/payments/`, input),
    onSuccess: settled,
  });
  return { create, patch, cancel, cancelSlots, move, refundCredit, complete, noShow, pay };
}

// ---- payments, clients, subscriptions ----
export const fetchPayments = (params: ListParams) => api.get<Paginated<BookingPayment>>('/booking/booking-transaction/', { params });
/** A client's credit over their bookings (money kept from cancelled slots or bookings). */
export const useClientCredit = (client: number | null) =>
  useQuery({
    queryKey: [...bookingKeys.clients, client ?? 0, 'credit'],
    queryFn: () => api.get<ClientCredit>(`/booking/client/${client}/credit/`),
    enabled: !!client,
  });
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
