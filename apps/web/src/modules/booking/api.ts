import {
  type Booking,
  type bookingCancelSlotsSchema,
  type BookingClient,
  type BookingClientInput,
  type BookingDashboard,
  type bookingMoveSchema,
  type BookingPayment,
  type bookingRefundSchema,
  type bookingUpdateSchema,
  type DaySlotGroup,
  type deskBookingInputSchema,
  type FacilityInput,
  type paymentInputSchema,
  type Subscription,
  type subscriptionInputSchema,
  type SubscriptionResult,
} from '@arena/contracts/booking';
import {
  bookingClientEndpoints,
  bookingDashboard,
  bookingEndpoints,
  bookingLogs,
  bookingSubscriptionEndpoints,
  bookingTransactionEndpoints,
  facilityEndpoints,
} from '@arena/contracts/booking/routes';
import type { AuditEntry, z } from '@arena/contracts/kit';
import { format, parseISO } from 'date-fns';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../components/DataTable';
import { call } from '../../lib/api';
import { invoiceKeys } from '../money/public';

export type { AuditEntry, BookingDashboard, BookingPayment, DaySlotGroup, Subscription, SubscriptionResult };
export type { BookingClient as Client, BookingClientInput as ClientInput };
export type DaySlot = DaySlotGroup['time_slots'][number];
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
export const fetchFacilities = (params: ListParams) => call(facilityEndpoints.list, { query: params });
export const useFacility = (id: number | null) =>
  useQuery({
    queryKey: bookingKeys.facility(id ?? 0),
    queryFn: () => call(facilityEndpoints.retrieve, { params: { id: id! } }),
    enabled: !!id,
  });

export function useFacilityMutations() {
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: bookingKeys.all });
  const create = useMutation({ mutationFn: (input: FacilityInput) => call(facilityEndpoints.create, { body: input }), onSuccess: settled });
  const update = useMutation({
    mutationFn: ({ id, input }: { id: number; input: Partial<FacilityInput> }) =>
      call(facilityEndpoints.partialUpdate, { params: { id }, body: input }),
    onSuccess: settled,
  });
  const remove = useMutation({ mutationFn: (id: number) => call(facilityEndpoints.remove, { params: { id } }), onSuccess: settled });
  return { create, update, remove };
}

/** Every slot group of `facility` (with its slots and prices) appended to the facility `to`. */
export const copySlotGroups = (facility: number, to: number) =>
  call(facilityEndpoints.copySlotGroups, { params: { id: facility }, body: { to_facility: to } });

// ---- the day view and bookings ----
export const fetchDay = (facility: string, date: string) => call(facilityEndpoints.day, { params: { id: facility, date: pathDate(date) } });
export const fetchBookings = (params: ListParams) => call(bookingEndpoints.list, { query: params });
export const useBooking = (id: number | null) =>
  useQuery({
    queryKey: bookingKeys.booking(id ?? 0),
    queryFn: () => call(bookingEndpoints.retrieve, { params: { id: id! } }),
    enabled: !!id,
  });

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
  const e = bookingEndpoints;
  const create = useMutation({ mutationFn: (input: DeskBookingInput) => call(e.create, { body: input }), onSuccess: settled });
  const patch = useMutation({
    mutationFn: ({ id, input }: { id: number; input: BookingUpdate }) => call(e.update, { params: { id }, body: input }),
    onSuccess: settled,
  });
  const cancel = useMutation({
    mutationFn: ({
      id,
      reason,
      refund,
      tax_adjustment,
    }: {
      id: number;
      reason: string;
      refund?: BookingRefund;
      tax_adjustment?: boolean;
    }) =>
      call(e.cancel, {
        params: { id },
        body: { reason, ...(refund ? { refund } : {}), ...(tax_adjustment === false ? { tax_adjustment } : {}) },
      }),
    onSuccess: settled,
  });
  const cancelSlots = useMutation({
    mutationFn: ({ id, input }: { id: number; input: CancelSlotsInput }) => call(e.cancelSlots, { params: { id }, body: input }),
    onSuccess: settled,
  });
  const move = useMutation({
    mutationFn: ({ id, input }: { id: number; input: MoveInput }) => call(e.move, { params: { id }, body: input }),
    onSuccess: settled,
  });
  const refundCredit = useMutation({
    mutationFn: ({ id, input }: { id: number; input: BookingRefund & { reason: string } }) =>
      call(e.refund, { params: { id }, body: input }),
    onSuccess: settled,
  });
  // Completing and marking a no-show send no body (only cancelling reads one).
  const complete = useMutation({ mutationFn: (id: number) => call(e.complete, { params: { id }, body: undefined }), onSuccess: settled });
  const noShow = useMutation({ mutationFn: (id: number) => call(e.noShow, { params: { id }, body: undefined }), onSuccess: settled });
  const pay = useMutation({
    mutationFn: ({ id, input }: { id: number; input: PaymentInput }) => call(e.pay, { params: { id }, body: input }),
    onSuccess: settled,
  });
  return { create, patch, cancel, cancelSlots, move, refundCredit, complete, noShow, pay };
}

// ---- payments, clients, subscriptions ----
export const fetchPayments = (params: ListParams) => call(bookingTransactionEndpoints.payments, { query: params });
/** A client's credit over their bookings (money kept from cancelled slots or bookings). */
export const useClientCredit = (client: number | null) =>
  useQuery({
    queryKey: [...bookingKeys.clients, client ?? 0, 'credit'],
    queryFn: () => call(bookingClientEndpoints.credit, { params: { id: client! } }),
    enabled: !!client,
  });
export const fetchClients = (params: ListParams) => call(bookingClientEndpoints.list, { query: params });

export function useClientMutations() {
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: bookingKeys.clients });
  const e = bookingClientEndpoints;
  const create = useMutation({ mutationFn: (input: BookingClientInput) => call(e.create, { body: input }), onSuccess: settled });
  const update = useMutation({
    mutationFn: ({ id, input }: { id: number; input: Partial<BookingClientInput> }) =>
      call(e.partialUpdate, { params: { id }, body: input }),
    onSuccess: settled,
  });
  const remove = useMutation({ mutationFn: (id: number) => call(e.remove, { params: { id } }), onSuccess: settled });
  return { create, update, remove };
}

export const fetchSubscriptions = (params: ListParams) => call(bookingSubscriptionEndpoints.list, { query: params });
export function useSubscriptionMutations() {
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: bookingKeys.all });
  const e = bookingSubscriptionEndpoints;
  const create = useMutation({ mutationFn: (input: SubscriptionInput) => call(e.create, { body: input }), onSuccess: settled });
  const cancel = useMutation({
    mutationFn: ({ id, from_date }: { id: number; from_date: string }) => call(e.cancel, { params: { id }, body: { from_date } }),
    onSuccess: settled,
  });
  return { create, cancel };
}

// ---- dashboard, logs ----
export const useBookingDashboard = (centre: string) =>
  useQuery({
    queryKey: bookingKeys.dashboard(centre),
    queryFn: () => call(bookingDashboard, { query: { centre } }),
    staleTime: 60_000,
  });
export const fetchLogs = (params: ListParams) => call(bookingLogs, { query: params });
