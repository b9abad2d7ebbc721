/**
 * Accommodation Management's queries and writes (`/api/accommodation/`): the lookups (room types,
 * rooms, residents), stays and their actions, the occupancy board, the dashboard, the settings,
 * the module's ledger rows and its logs. Every write refreshes everything under the module's key
 * root (`accommodationKeys.all`): a reservation shows on the board, the stays list and the
 * dashboard at once.
 */
import type {
  AccommodationClient,
  AccommodationDashboard,
  AccommodationSettings,
  CheckOutQuote,
  OccupancyBoard,
  Room,
  RoomType,
  Stay,
  StayDetail,
  StayInvoice,
  bookingInputSchema,
  cancelInputSchema,
  changeRoomInputSchema,
  checkInInputSchema,
  checkOutInputSchema,
  clientInputSchema,
  roomInputSchema,
  roomTypeInputSchema,
  stayPaymentInputSchema,
  accommodationSettingsInputSchema,
} from '@arena/contracts/accommodation';
import {
  accommodationDashboardEndpoint,
  accommodationIncomeExpenseEndpoints,
  accommodationLogsEndpoint,
  accommodationSettingsEndpoints,
  bookingEndpoints,
  clientEndpoints,
  clientIdProofEndpoints,
  occupancyBoardEndpoint,
  roomEndpoints,
  roomTypeEndpoints,
} from '@arena/contracts/accommodation/routes';
import type { z } from '@arena/contracts/kit';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../components/DataTable';
import { call, type FileSource } from '../../lib/api';
import { lookupResource } from '../../lib/lookupResource';

export type {
  AccommodationClient,
  AccommodationDashboard,
  AccommodationSettings,
  CheckOutQuote,
  OccupancyBoard,
  Room,
  RoomType,
  Stay,
  StayDetail,
  StayInvoice,
};

export const ACCOMMODATION_MODULE = 'Accommodation Management' as const;
/** Where the module's screens live (spec 2.6). */
export const ACCOMMODATION_PATHS = {
  dashboard: '/accommodation-management/dashboard',
  board: '/accommodation-management/accommodation',
  clients: '/accommodation-management/clients',
  stays: '/accommodation-management/booking',
  stay: (id: number) => `/accommodation-management/booking/${id}`,
  rooms: '/accommodation-management/rooms',
  roomTypes: '/accommodation-management/room-types',
  settings: '/accommodation-management/settings',
};

const ROOT = ['accommodation'] as const;
export const accommodationKeys = {
  all: ROOT,
  roomTypes: [...ROOT, 'room-type'] as const,
  rooms: [...ROOT, 'room'] as const,
  clients: [...ROOT, 'client'] as const,
  stays: [...ROOT, 'stay'] as const,
  stay: (id: number) => [...ROOT, 'stay', 'one', id] as const,
  quote: (id: number, date: string) => [...ROOT, 'stay', 'quote', id, date] as const,
  board: [...ROOT, 'board'] as const,
  dashboard: [...ROOT, 'dashboard'] as const,
  settings: [...ROOT, 'settings'] as const,
  ledger: [...ROOT, 'ledger'] as const,
  logs: [...ROOT, 'logs'] as const,
  dropdown: (what: string) => [...ROOT, 'dropdown', what] as const,
};
const refreshAll = { invalidates: [accommodationKeys.all] };

export const roomTypes = lookupResource<RoomType, z.output<typeof roomTypeInputSchema>>(
  roomTypeEndpoints,
  accommodationKeys.roomTypes,
  refreshAll,
);
export const rooms = lookupResource<Room, z.output<typeof roomInputSchema>>(roomEndpoints, accommodationKeys.rooms, refreshAll);
export const residents = lookupResource<AccommodationClient, z.output<typeof clientInputSchema>>(
  clientEndpoints,
  accommodationKeys.clients,
  refreshAll,
);

const results = (d: { results: { id: number; name: string }[] }) => d.results;
export const useRoomTypeOptions = () =>
  useQuery({ queryKey: accommodationKeys.dropdown('room-type'), queryFn: () => call(roomTypeEndpoints.dropdown), select: results });
export const useRoomOptions = () =>
  useQuery({ queryKey: accommodationKeys.dropdown('room'), queryFn: () => call(roomEndpoints.dropdown), select: results });
export const useResidentOptions = () =>
  useQuery({ queryKey: accommodationKeys.dropdown('client'), queryFn: () => call(clientEndpoints.dropdown), select: results });
/** One room (its beds for a bed choice). */
export const useRoom = (id: number | null) =>
  useQuery({
    queryKey: [...accommodationKeys.rooms, 'one', id],
    queryFn: () => call(roomEndpoints.retrieve, { params: { id: id! } }),
    enabled: !!id,
  });

/** A resident's ID proof: upload (multipart `file`), remove, open. */
export function useIdProof() {
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: accommodationKeys.clients });
  const upload = useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const body = new FormData();
      body.append('file', file);
      return call(clientIdProofEndpoints.upload, { params: { id }, body: body as never });
    },
    onSuccess: settled,
  });
  const remove = useMutation({ mutationFn: (id: number) => call(clientIdProofEndpoints.remove, { params: { id } }), onSuccess: settled });
  return { upload, remove };
}
export const idProofFile = (id: number): FileSource => ({ endpoint: clientIdProofEndpoints.file, params: { id } }) as FileSource;

// ---- stays ----
export const fetchStays = (params: ListParams) => call(bookingEndpoints.list, { query: params });
export const staysExport: FileSource = { endpoint: bookingEndpoints.list };
export const useStay = (id: number | null) =>
  useQuery({
    queryKey: accommodationKeys.stay(id ?? 0),
    queryFn: () => call(bookingEndpoints.retrieve, { params: { id: id! } }),
    enabled: !!id,
  });
export const useCheckOutQuote = (id: number, date: string, enabled: boolean) =>
  useQuery({
    queryKey: accommodationKeys.quote(id, date),
    queryFn: () => call(bookingEndpoints.checkOutQuote, { params: { id }, query: { date: date || undefined } }),
    enabled,
  });

type Out<S extends z.ZodType> = z.output<S>;
/** Reserve, check in, check out, change room, cancel, pay: each refreshes every accommodation query. */
export function useStayMutations() {
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: accommodationKeys.all });
  return {
    reserve: useMutation({
      mutationFn: (body: Out<typeof bookingInputSchema>) => call(bookingEndpoints.create, { body }),
      onSuccess: settled,
    }),
    checkIn: useMutation({
      mutationFn: ({ id, body }: { id: number; body: Out<typeof checkInInputSchema> }) =>
        call(bookingEndpoints.checkIn, { params: { id }, body }),
      onSuccess: settled,
    }),
    checkOut: useMutation({
      mutationFn: ({ id, body }: { id: number; body: Out<typeof checkOutInputSchema> }) =>
        call(bookingEndpoints.checkOut, { params: { id }, body }),
      onSuccess: settled,
    }),
    changeRoom: useMutation({
      mutationFn: ({ id, body }: { id: number; body: Out<typeof changeRoomInputSchema> }) =>
        call(bookingEndpoints.changeRoom, { params: { id }, body }),
      onSuccess: settled,
    }),
    cancel: useMutation({
      mutationFn: ({ id, body }: { id: number; body: Out<typeof cancelInputSchema> }) =>
        call(bookingEndpoints.cancel, { params: { id }, body }),
      onSuccess: settled,
    }),
    pay: useMutation({
      mutationFn: ({ id, body }: { id: number; body: Out<typeof stayPaymentInputSchema> }) =>
        call(bookingEndpoints.pay, { params: { id }, body }),
      onSuccess: settled,
    }),
  };
}

// ---- board, dashboard, settings ----
export const useBoard = (query: { centre?: string; room_type?: string; from: string; days: number }) =>
  useQuery({
    queryKey: [...accommodationKeys.board, query],
    queryFn: () =>
      call(occupancyBoardEndpoint, {
        query: {
          centre: query.centre ? Number(query.centre) : undefined,
          room_type: query.room_type ? Number(query.room_type) : undefined,
          from: query.from,
          days: query.days,
        },
      }),
    placeholderData: keepPreviousData,
  });
export const useAccommodationDashboard = (centre: string) =>
  useQuery({
    queryKey: [...accommodationKeys.dashboard, centre],
    queryFn: () => call(accommodationDashboardEndpoint, { query: { centre: centre ? Number(centre) : undefined } }),
  });
export const useAccommodationSettings = () =>
  useQuery({ queryKey: accommodationKeys.settings, queryFn: () => call(accommodationSettingsEndpoints.retrieve) });
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Out<typeof accommodationSettingsInputSchema>) => call(accommodationSettingsEndpoints.update, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accommodationKeys.all }),
  });
}

// ---- ledger, logs ----
export const fetchLedger = (params: ListParams) => call(accommodationIncomeExpenseEndpoints.list, { query: params });
export const ledgerExport: FileSource = { endpoint: accommodationIncomeExpenseEndpoints.list };
export const useLedgerTotals = (filters: Record<string, string | undefined>) =>
  useQuery({
    queryKey: [...accommodationKeys.ledger, 'totals', filters],
    queryFn: () => call(accommodationIncomeExpenseEndpoints.totals, { query: filters as never }),
    placeholderData: keepPreviousData,
  });
export const fetchAccommodationLogs = (params: ListParams) => call(accommodationLogsEndpoint, { query: params });
export const accommodationLogsExport: FileSource = { endpoint: accommodationLogsEndpoint };

/** One room type (its rates and deposit, shown beside a reservation's rate). */
export const useRoomType = (id: number | null) =>
  useQuery({
    queryKey: [...accommodationKeys.roomTypes, 'one', id],
    queryFn: () => call(roomTypeEndpoints.retrieve, { params: { id: id! } }),
    enabled: !!id,
  });
/** Adds a resident (the reservation's "new resident"). */
export function useCreateResident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof clientInputSchema>) => call(clientEndpoints.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accommodationKeys.all }),
  });
}
