/**
 * The desk screens' calls to `/api/member-management/` (TanStack Query): plans, services, batches
 * and their members, attendance, performance, payments, logs, the dashboard and the reports.
 */
import type {
  Attendance,
  AttendanceRegister,
  AuditEntry,
  Batch,
  batchInputSchema,
  BatchMember,
  CheckInInput,
  LedgerTotals,
  Member,
  MemberPayment,
  MemberPerformance,
  memberPerformanceInputSchema,
  MembershipBatchReport,
  MembershipCollectionReport,
  MembershipDashboard,
  MembershipDueReport,
  MembershipPlanReport,
  MembershipServiceReport,
  MembershipSportsCollectionReport,
  MembershipSportsReport,
  MembershipStatusReport,
  PerformanceCategory,
  performanceCategoryInputSchema,
  PerformanceItem,
  performanceItemInputSchema,
  Plan,
  planInputSchema,
  Service,
  serviceInputSchema,
  z,
} from '@arena/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../../components/DataTable';
import { api, ApiError, type Paginated } from '../../../lib/api';
import { lookupResource } from '../../../lib/lookupResource';
import { todayIso } from '../../../lib/today';

export type {
  Attendance,
  AttendanceRegister,
  Batch,
  BatchMember,
  Member,
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

export const BASE = '/member-management';

export const membershipKeys = {
  all: ['membership'] as const,
  members: ['membership', 'member'] as const,
  memberSearch: (search: string) => ['membership', 'member', 'pick', search] as const,
  plans: ['membership', 'plan'] as const,
  planOptions: ['membership', 'plan', 'options'] as const,
  services: ['membership', 'service'] as const,
  batches: ['membership', 'batch'] as const,
  batchMembers: (id: number) => ['membership', 'batch', id, 'members'] as const,
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
};

/** Every row of a short list (plans, categories, items) for a select: the first 200, by name. */
function useAll<T>(key: readonly unknown[], path: string, params: Record<string, string> = {}) {
  return useQuery({
    queryKey: [...key, params],
    queryFn: () => api.get<Paginated<T>>(path, { params: { page: 1, page_size: 200, ordering: 'name', ...params } }),
    select: (page: Paginated<T>) => page.results,
    staleTime: 60_000,
  });
}

// ---- members (search for pickers) ----
/** The first members whose name, phone, code or e-mail matches `search` (GET member/?search=), as query options. */
export const memberSearchQuery = (search: string, limit = 8) => ({
  queryKey: membershipKeys.memberSearch(`${search}|${limit}`),
  queryFn: () => api.get<Paginated<Member>>(`${BASE}/member/`, { params: { page: 1, page_size: limit, search: search || undefined } }),
  staleTime: 15_000,
});

export const useMemberSearch = (search: string, { enabled = true, limit = 8 }: { enabled?: boolean; limit?: number } = {}) =>
  useQuery({ ...memberSearchQuery(search, limit), select: (page: Paginated<Member>) => page.results, enabled });

// ---- plans and services ----
export const plans = lookupResource<Plan, PlanInput>(`${BASE}/plan/`, membershipKeys.plans);
export const usePlanOptions = () => useAll<Plan>(membershipKeys.planOptions, `${BASE}/plan/`);

export const services = lookupResource<Service, ServiceInput>(`${BASE}/service/`, membershipKeys.services);

// ---- batches ----
export const batches = lookupResource<Batch, BatchInput>(`${BASE}/batch/`, membershipKeys.batches);

export const useBatchMembers = (id: number | null) =>
  useQuery({
    queryKey: membershipKeys.batchMembers(id ?? 0),
    queryFn: () => api.get<Paginated<BatchMember> | BatchMember[]>(`${BASE}/batch/${id}/members/`, { params: { page_size: 1000 } }),
    // The list may come paginated or as a plain array.
    select: (body: Paginated<BatchMember> | BatchMember[]) => (Array.isArray(body) ? body : body.results),
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
    mutationFn: (member: number) => api.post<BatchMember>(`${BASE}/batch/${batch}/members/`, { member }),
    onSuccess: settled,
  });
  const remove = useMutation({
    mutationFn: (member: number) => api.delete<void>(`${BASE}/batch/${batch}/members/${member}/`),
    onSuccess: settled,
  });
  return { add, remove };
}

// ---- attendance ----
export const useRegister = (date: string, centre: string) =>
  useQuery({
    queryKey: membershipKeys.register(date, centre),
    queryFn: () => api.get<AttendanceRegister>(`${BASE}/member-attendance-list`, { params: { date, centre } }),
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
    mutationFn: (input: Partial<CheckInInput>) => api.post<Attendance>(`${BASE}/member-attendance/`, input),
    onSuccess: settled,
  });
  const checkOut = useMutation({
    mutationFn: (id: number) => api.post<Attendance>(`${BASE}/member-attendance/${id}/check-out/`, {}),
    onSuccess: settled,
  });
  return { checkIn, checkOut };
}

// ---- performance ----
export const performanceCategories = lookupResource<PerformanceCategory, CategoryInput>(
  `${BASE}/performance-category/`,
  membershipKeys.categories,
);
export const useCategoryOptions = () => useAll<PerformanceCategory>(membershipKeys.categoryOptions, `${BASE}/performance-category/`);

export const performanceItems = lookupResource<PerformanceItem, ItemInput>(`${BASE}/performance-item/`, membershipKeys.items);
export const useItemOptions = () => useAll<PerformanceItem>(membershipKeys.itemOptions, `${BASE}/performance-item/`);

/** Members' measurements: not a lookup (no name), but the same list and writes. */
export const measurements = lookupResource<MemberPerformance, MeasurementInput>(`${BASE}/member-performance/`, membershipKeys.measurements);

// ---- money ----
export const fetchPayments = (params: ListParams) => api.get<Paginated<MemberPayment>>(`${BASE}/payment-history/`, { params });
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
        return await api.get<LedgerTotals>(`${BASE}/payment-history/totals/`, { params: filters });
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 404) throw error;
      }
      if (filters.payment_mode || filters.kind || !filters.date_after) return null;
      const report = await api.get<MembershipCollectionReport>(`${BASE}/reports/transaction/`, {
        params: { date_after: filters.date_after, date_before: filters.date_before ?? todayIso(), centre: filters.centre },
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
    queryFn: () => api.get<MembershipDashboard>(`${BASE}/dashboard/`, { params: { centre } }),
    staleTime: 60_000,
  });
export const fetchLogs = (params: ListParams) => api.get<Paginated<AuditEntry>>(`${BASE}/logs/`, { params });

// ---- reports ----
export type ReportKind = 'status' | 'sports' | 'batch' | 'plan' | 'service' | 'dues' | 'collection' | 'sports-collection';
export interface ReportData {
  status: MembershipStatusReport;
  sports: MembershipSportsReport;
  batch: MembershipBatchReport;
  plan: MembershipPlanReport;
  service: MembershipServiceReport;
  dues: MembershipDueReport;
  collection: MembershipCollectionReport;
  'sports-collection': MembershipSportsCollectionReport;
}
export const REPORT_PATHS: Record<ReportKind, string> = {
  status: 'member',
  sports: 'sports',
  batch: 'batch',
  plan: 'plan',
  service: 'service',
  dues: 'due-amount',
  collection: 'transaction',
  'sports-collection': 'sports-member-transaction',
};

/** The path and parameters of one report: the screen and its CSV/XLSX downloads read the same. */
export function reportSource(kind: ReportKind, f: { from: string; to: string; centre: string }) {
  return { path: `${BASE}/reports/${REPORT_PATHS[kind]}/`, params: { date_after: f.from, date_before: f.to, centre: f.centre } };
}

export const useMembershipReport = <K extends ReportKind>(kind: K, filters: { from: string; to: string; centre: string }) => {
  const source = reportSource(kind, filters);
  return useQuery<ReportData[K]>({
    queryKey: [...membershipKeys.reports, kind, source.params],
    queryFn: () => api.get<ReportData[K]>(source.path, { params: source.params }),
  });
};
