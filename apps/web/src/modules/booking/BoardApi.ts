import { type Board, type BoardSlot, type DeskBookingsInput } from '@arena/contracts/booking';
import { boardEndpoints, bookingClientEndpoints } from '@arena/contracts/booking/routes';
import { normalisePhone } from '@arena/contracts/kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { invoiceKeys } from '../money/public';
import { bookingKeys, pathDate } from './api';

export type { Board, BoardSlot };

export const boardKeys = {
  board: (centre: string, date: string, sport: string) => [...bookingKeys.all, 'board', centre, date, sport] as const,
  lookup: (mobile: string) => [...bookingKeys.clients, 'lookup', mobile] as const,
};

/** The desk's board of a centre and a date. */
export const useBoard = (centre: string, date: string, sport: string) =>
  useQuery({
    queryKey: boardKeys.board(centre, date, sport),
    queryFn: () => call(boardEndpoints.board, { query: { centre, date: pathDate(date), sport: sport || undefined } }),
    enabled: !!centre && !!date,
    staleTime: 10_000,
  });

/** The client who holds a 10-digit mobile, if any; asks only for a complete number. */
export const useClientLookup = (mobile: string) => {
  const digits = normalisePhone(mobile);
  return useQuery({
    queryKey: boardKeys.lookup(digits),
    queryFn: () => call(bookingClientEndpoints.lookup, { query: { mobile: digits } }),
    enabled: /^\d{10}$/.test(digits),
    staleTime: 30_000,
  });
};

/** Book several facilities for one client: one booking per facility, all or nothing. */
export function useDeskBookings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeskBookingsInput) => call(boardEndpoints.deskBookings, { body: input }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
        queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
      ]),
  });
}
