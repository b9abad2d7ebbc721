import type { Board, BoardSlot, Booking, ClientLookup, DeskBookingsInput } from '@arena/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { invoiceKeys } from '../money/public';
import { bookingKeys, pathDate } from './api';

export type { Board, BoardSlot };

export const boardKeys = {
  board: (centre: string, date: string, sport: string) => [...bookingKeys.all, 'board', centre, date, sport] as const,
  lookup: (mobile: string) => [...bookingKeys.clients, 'lookup', mobile] as const,
};

/** The desk's board of a centre and a date (GET /booking/board/). */
export const useBoard = (centre: string, date: string, sport: string) =>
  useQuery({
    queryKey: boardKeys.board(centre, date, sport),
    queryFn: () => api.get<Board>('/booking/board/', { params: { centre, date: pathDate(date), sport: sport || undefined } }),
    enabled: !!centre && !!date,
    staleTime: 10_000,
  });

/** The client who holds a 10-digit mobile, if any; asks only for a complete number. */
export const useClientLookup = (mobile: string) => {
  const digits = mobile.replace(/\s+/g, '');
  return useQuery({
    queryKey: boardKeys.lookup(digits),
    queryFn: () => api.get<ClientLookup>('/booking/client/lookup/', { params: { mobile: digits } }),
    enabled: /^\d{10}$/.test(digits),
    staleTime: 30_000,
  });
};

/** POST /booking/desk-bookings/: one booking per facility, all or nothing. */
export function useDeskBookings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeskBookingsInput) => api.post<{ bookings: Booking[] }>('/booking/desk-bookings/', input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
        queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
      ]),
  });
}
