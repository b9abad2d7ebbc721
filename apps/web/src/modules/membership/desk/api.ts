/**
 * The desk screens' calls to `/api/member-management/` (TanStack Query): plans, services, batches
 * and their members, attendance, performance, payments, logs, the dashboard and the reports.
 */
import {
  type Attendance,
  type AttendanceRegister,
  type Batch,
  type batchInputSchema,
  type BatchMember,
  type BatchWaitlistEntry,
  type CheckInInput,
  type RollCall,
  type RollCallEntry,
  type RollCallStatus,
  type Member,
  type MemberLookup,
  type membershipSettingsInputSchema,
  type MemberPayment,
  type MemberPerformance,
  type memberPerformanceInputSchema,
  type PerformanceCategory,
  type performanceCategoryInputSchema,
  type PerformanceItem,
  type performanceItemInputSchema,
  type Plan,
  type planInputSchema,
  type Service,
  type serviceInputSchema,
} from '@arena/contracts/membership';
import {
  batchEndpoints,
  memberAttendanceEndpoints,
  memberEndpoints,
  memberPerformanceEndpoints,
  membershipDashboardEndpoint,
  membershipLogs,
  membershipPaymentEndpoints,
  membershipPlanEndpoints,
  membershipReportEndpoints,
  membershipServiceEndpoints,
  membershipSettingsEndpoints,
  performanceCategoryEndpoints,
  performanceItemEndpoints,
} from '@arena/contracts/membership/routes';
import type { ResponseOf, z } from '@arena/contracts/kit';
import type { LedgerTotals } from '@arena/contracts/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../../components/DataTable';
import { ApiError, call, type FileSource } from '../../../lib/api';
import { lookupResource } from '../../../lib/lookupResource';
import { todayIso } from '../../../lib/today';

export type {
  Attendance,
  AttendanceRegister,
  Batch,
  BatchMember,
  BatchWaitlistEntry,
  Member,
  MemberLookup,
  RollCall,
  RollCallEntry,
  RollCallStatus,
  MemberPayment,
  MemberPerformance,
  PerformanceCategory,
  PerformanceItem,
  Plan,
  Service,
};
export type PlanInput = z.output<typeof planInputSchema>;
export type ServiceInput = z.output<typeof serviceInputSchema>;
export type BatchInput = z.output<typeof batchInputSchema>;
export type CategoryInput = z.output<typeof performanceCategoryInputSchema>;
export type ItemInput = z.output<typeof performanceItemInputSchema>;
export type MeasurementInput = z.output<typeof memberPerformanceInputSchema>;

export const membershipKeys = {
  all: ['membership'] as const,
  members: ['membership', 'member'] as const,
  memberSearch: (search: string) => ['membership', 'member', 'pick', search] as const,
  plans: ['membership', 'plan'] as const,
  planOptions: ['membership', 'plan', 'options'] as const,
  services: ['membership', 'service'] as const,
  batches: ['membership', 'batch'] as const,
  batchMembers: (id: number) => ['membership', 'batch', id, 'members'] as const,
  batchWaitlist: (id: number) => ['membership', 'batch', id, 'waitlist'] as const,
  rollCall: (id: number, date: string) => ['membership', 'batch', id, 'roll-call', date] as const,
  attendance: ['membership', 'attendance'] as const,
  register: (date: string, centre: string) => ['membership', 'attendance', 'register', date, centre] as const,
  categories: ['membership', 'performance-category'] as const,
  categoryOptions: ['membership', 'performance-category', 'options'] as const,
  items: ['membership', 'performance-item'] as const,
  itemOptions: ['membership', 'performance-item', 'options'] as const,
  measurements: ['membership', 'member-performance'] as const,
  payments: ['membership', 'payment-history'] as const,
  paymentTotals: (filters: Record<string, string | undefined>) => ['membership', 'payment-history', 'totals', filters] as const,
  dashboard: (centre: string) => ['membership', 'dashboard', centre] as const,
  logs: ['membership', 'logs'] as const,
  reports: ['membership', 'reports'] as const,
  settings: ['membership', 'settings'] as const,
};

type ListOf<T> = { method: 'GET'; path: string; list: true; response: z.ZodType<{ results: T[] }> };

/** Every row of a short list (plans, categories, items) for a select: the first 200, by name. */
function useAll<T>(key: readonly unknown[], list: ListOf<T>, params: Record<string, string> = {}) {
  return useQuery({
    queryKey: [...key, params],
    queryFn: () => call(list, { query: { page: 1, page_size: 200, ordering: 'name', ...params } }),
    select: (page) => page.results,
    staleTime: 60_000,
  });
}

// ---- members (search for pickers) ----
/** The first members whose name, phone, code or e-mail matches `search` (GET member/?search=), as query options. */
export const memberSearchQuery = (search: string, limit = 8) => ({
  queryKey: membershipKeys.memberSearch(`${search}|${limit}`),
  queryFn: () => call(memberEndpoints.list, { query: { page: 1, page_size: limit, search: search || undefined } }),
  staleTime: 15_000,
});

export const useMemberSearch = (search: string, { enabled = true, limit = 8 }: { enabled?: boolean; limit?: number } = {}) =>
  useQuery({ ...memberSearchQuery(search, limit), select: (page) => page.results, enabled });

/** Members for a picker (`member/lookup/`): readable by the modules that choose members (Diet, Training, CRM), not only Membership. */
export const useMemberLookup = (search: string, { enabled = true, limit = 8 }: { enabled?: boolean; limit?: number } = {}) =>
  useQuery({
    queryKey: membershipKeys.memberSearch(`lookup|${search}|${limit}`),
    queryFn: () => call(memberEndpoints.lookup, { query: { search, limit } }),
    select: (body) => body.results,
    staleTime: 15_000,
    enabled: enabled && search.length >= 2,
  });

// ---- plans and services ----
export const plans = lookupResource<Plan, PlanInput>(membershipPlanEndpoints, membershipKeys.plans);
export const usePlanOptions = () => useAll<Plan>(membershipKeys.planOptions, membershipPlanEndpoints.list);

export const services = lookupResource<Service, ServiceInput>(membershipServiceEndpoints, membershipKeys.services);

// ---- batches ----
export const batches = lookupResource<Batch, BatchInput>(batchEndpoints, membershipKeys.batches);

export const useBatchMembers = (id: number | null) =>
  useQuery({
    queryKey: membershipKeys.batchMembers(id ?? 0),
    queryFn: () => call(batchEndpoints.members, { params: { id: id! } }),
    enabled: !!id,
  });

/** Joining and leaving a batch refresh its members, the batch list (seats left) and the members (their batches). */
export function useBatchMemberMutations(batch: number) {
  const queryClient = useQueryClient();
  const settled = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: membershipKeys.batches }),
      queryClient.invalidateQueries({ queryKey: membershipKeys.members }),
    ]);
  const add = useMutation({
    mutationFn: (member: number) => call(batchEndpoints.join, { params: { id: batch }, body: { member } }),
    onSuccess: settled,
  });
  const remove = useMutation({
    mutationFn: (member: number) => call(batchEndpoints.leave, { params: { id: batch, member } }),
    onSuccess: settled,
  });
  return { add, remove };
}

/** A batch's waiting list (in line first, then the last closed entries). */
export const useBatchWaitlist = (id: number | null) =>
  useQuery({
    queryKey: membershipKeys.batchWaitlist(id ?? 0),
    queryFn: () => call(batchEndpoints.waitlist, { params: { id: id! } }),
    enabled: !!id,
  });

/** The waiting list's writes: each refreshes the batch (its seats, members and list) and the members. */
export function useWaitlistMutations(batch: number) {
  const queryClient = useQueryClient();
  const settled = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: membershipKeys.batches }),
      queryClient.invalidateQueries({ queryKey: membershipKeys.members }),
    ]);
  const join = useMutation({
    mutationFn: (member: number) => call(batchEndpoints.waitlistJoin, { params: { id: batch }, body: { member } }),
    onSuccess: settled,
  });
  const confirm = useMutation({
    mutationFn: (entry: number) => call(batchEndpoints.waitlistConfirm, { params: { id: batch, entry } }),
    onSuccess: settled,
  });
  const decline = useMutation({
    mutationFn: (entry: number) => call(batchEndpoints.waitlistDecline, { params: { id: batch, entry } }),
    onSuccess: settled,
  });
  const remove = useMutation({
    mutationFn: (entry: number) => call(batchEndpoints.waitlistRemove, { params: { id: batch, entry } }),
    onSuccess: settled,
  });
  return { join, confirm, decline, remove };
}

/** A batch session's roll call ('' asks for today's, or the next session). */
export const useRollCall = (batch: number, date: string) =>
  useQuery({
    queryKey: membershipKeys.rollCall(batch, date),
    queryFn: () => call(batchEndpoints.rollCall, { params: { id: batch }, query: date ? { date } : {} }),
    retry: false,
  });

/** One tap of the roll call: the answer replaces the member's row in the cached roster at once. */
export function useRollCallMark(batch: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { member: number; date: string; status: RollCallStatus }) =>
      call(batchEndpoints.rollCallMark, { params: { id: batch, member: v.member }, body: { date: v.date, status: v.status } }),
    onSuccess: (row, v) => {
      for (const key of [membershipKeys.rollCall(batch, v.date), membershipKeys.rollCall(batch, '')])
        queryClient.setQueryData<RollCall>(key, (old) => {
          if (!old || old.date !== v.date) return old;
          const results = old.results.map((r) => (r.member === row.member ? row : r));
          const count = (s: RollCallStatus) => results.filter((r) => r.status === s).length;
          return { ...old, results, present: count('present'), absent: count('absent'), unmarked: count('unmarked') };
        });
      void queryClient.invalidateQueries({ queryKey: membershipKeys.attendance });
    },
  });
}

// ---- attendance ----
export const useRegister = (date: string, centre: string) =>
  useQuery({
    queryKey: membershipKeys.register(date, centre),
    queryFn: () => call(memberAttendanceEndpoints.register, { query: { date, centre } }),
    placeholderData: (previous) => previous,
    // The register of today changes as people come and go at other desks.
    refetchInterval: 60_000,
  });

/** Check-ins and check-outs refresh the register, the dashboard and the members (sessions left). */
export function useAttendanceMutations() {
  const queryClient = useQueryClient();
  const settled = () =>
    Promise.all(
      [membershipKeys.attendance, ['membership', 'dashboard'], membershipKeys.members].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  const checkIn = useMutation({
    mutationFn: (input: Partial<CheckInInput>) => call(memberAttendanceEndpoints.checkIn, { body: input }),
    onSuccess: settled,
  });
  const checkOut = useMutation({
    mutationFn: (id: number) => call(memberAttendanceEndpoints.checkOutPost, { params: { id }, body: {} }),
    onSuccess: settled,
  });
  return { checkIn, checkOut };
}

// ---- performance ----
export const performanceCategories = lookupResource<PerformanceCategory, CategoryInput>(
  performanceCategoryEndpoints,
  membershipKeys.categories,
);
export const useCategoryOptions = () => useAll<PerformanceCategory>(membershipKeys.categoryOptions, performanceCategoryEndpoints.list);

export const performanceItems = lookupResource<PerformanceItem, ItemInput>(performanceItemEndpoints, membershipKeys.items);
export const useItemOptions = () => useAll<PerformanceItem>(membershipKeys.itemOptions, performanceItemEndpoints.list);

/** Members' measurements: not a lookup (no name), but the same list and writes. */
export const measurements = lookupResource<MemberPerformance, MeasurementInput>(memberPerformanceEndpoints, membershipKeys.measurements);

// ---- money ----
export const fetchPayments = (params: ListParams) => call(membershipPaymentEndpoints.list, { query: params });
/** The payments list's export (the screen adds its filters). */
export const paymentsExport: FileSource = { endpoint: membershipPaymentEndpoints.list };
/**
 * Totals of the payments the filters select: `payment-history/totals/` (the ledger's totals of
 * this module). Where the server has no such route yet, the month wise collection report gives
 * the same receipts, refunds and net for a date range and centre (not for a mode or kind filter,
 * then null: no totals rather than wrong ones).
 */
export const usePaymentTotals = (filters: Record<string, string | undefined>) =>
  useQuery({
    queryKey: membershipKeys.paymentTotals(filters),
    queryFn: async (): Promise<LedgerTotals | null> => {
      try {
        return await call(membershipPaymentEndpoints.totals, { query: filters });
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 404) throw error;
      }
      if (filters.payment_mode || filters.kind || !filters.date_after) return null;
      const report = await call(membershipReportEndpoints.collection, {
        query: { date_after: filters.date_after, date_before: filters.date_before ?? todayIso(), centre: filters.centre },
      });
      return { count: report.total.count, income: report.total.receipts, expense: report.total.refunds, net: report.total.net };
    },
    placeholderData: (previous) => previous,
    retry: false,
  });

// ---- dashboard, logs ----
export const useMembershipDashboard = (centre: string) =>
  useQuery({
    queryKey: membershipKeys.dashboard(centre),
    queryFn: () => call(membershipDashboardEndpoint, { query: { centre } }),
    staleTime: 60_000,
  });
export const fetchLogs = (params: ListParams) => call(membershipLogs, { query: params });
export const logsExport: FileSource = { endpoint: membershipLogs };

// ---- reports ----
/** The screen's report kinds (`?report=`) and their endpoints. */
const REPORTS = {
  status: membershipReportEndpoints.status,
  sports: membershipReportEndpoints.sports,
  batch: membershipReportEndpoints.batch,
  plan: membershipReportEndpoints.plan,
  service: membershipReportEndpoints.service,
  dues: membershipReportEndpoints.dues,
  collection: membershipReportEndpoints.collection,
  'sports-collection': membershipReportEndpoints.sportsCollection,
};
export type ReportKind = keyof typeof REPORTS;
export type ReportData = { [K in ReportKind]: ResponseOf<(typeof REPORTS)[K]> };

/** The endpoint and parameters of one report: the screen and its CSV/XLSX downloads read the same. */
export function reportSource(kind: ReportKind, f: { from: string; to: string; centre: string }) {
  return { source: { endpoint: REPORTS[kind] } satisfies FileSource, params: { date_after: f.from, date_before: f.to, centre: f.centre } };
}

export const useMembershipReport = <K extends ReportKind>(kind: K, filters: { from: string; to: string; centre: string }) => {
  const { params } = reportSource(kind, filters);
  return useQuery({
    queryKey: [...membershipKeys.reports, kind, params],
    // Every report takes the same query: any one's type stands for the kind's.
    queryFn: () => call(REPORTS[kind] as typeof REPORTS.status, { query: params }) as Promise<ReportData[K]>,
  });
};

/** The organisation's membership settings: the "expiring" window and the days a lapsed member keeps a batch seat. */
export const useMembershipSettings = (enabled = true) =>
  useQuery({ queryKey: membershipKeys.settings, queryFn: () => call(membershipSettingsEndpoints.retrieve), enabled });

export function useSaveMembershipSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof membershipSettingsInputSchema>) => call(membershipSettingsEndpoints.update, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(membershipKeys.settings, saved);
      // Seats held, lapsed and freed are read with the grace days: every batch view counts again.
      void queryClient.invalidateQueries({ queryKey: membershipKeys.all });
    },
  });
}
