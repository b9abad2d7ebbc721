/**
 * The member screens' queries and writes (`/api/member-management/`). The desk screens may use
 * them too (`import … from '../members/api'`): every write refreshes everything under the
 * module's query key root (`membershipKeys.all`) and the invoices, because a sale, a payment or a
 * freeze changes the member, the lists, the dashboard and the invoice at once.
 */
import type {
  Attendance,
  AuditEntry,
  Batch,
  Freeze,
  checkInInputSchema,
  freezeInputSchema,
  memberCreatedSchema,
  MemberInput,
  MemberPayment,
  memberPaymentInputSchema,
  MemberPerformance,
  memberPerformanceInputSchema,
  MemberService,
  memberServiceInputSchema,
  memberUpdateSchema,
  Member,
  Membership,
  membershipInputSchema,
  PerformanceItem,
  Plan,
  renewInputSchema,
  saleCancelInputSchema,
  Service,
  z,
} from '@arena/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../../components/DataTable';
import { api, fetchBlob, type Paginated } from '../../../lib/api';
import { invoiceKeys } from '../../money/public';

export type {
  Attendance,
  Batch,
  Freeze,
  Member,
  MemberPayment,
  MemberPerformance,
  MemberService,
  Membership,
  PerformanceItem,
  Plan,
  Service,
};
export type MemberCreated = z.infer<typeof memberCreatedSchema>;
export type MemberUpdate = z.output<typeof memberUpdateSchema>;
export type MembershipInput = z.output<typeof membershipInputSchema>;
export type RenewInput = z.output<typeof renewInputSchema>;
export type FreezeInput = z.output<typeof freezeInputSchema>;
export type SaleCancelInput = z.output<typeof saleCancelInputSchema>;
export type MemberPaymentInput = z.output<typeof memberPaymentInputSchema>;
export type MemberServiceInput = z.output<typeof memberServiceInputSchema>;
export type CheckInInput = z.input<typeof checkInInputSchema>;
export type MeasurementInput = z.output<typeof memberPerformanceInputSchema>;

export const MEMBERSHIP_API = '/member-management';
const BASE = MEMBERSHIP_API;
/** Lookups are small: one page holds them all. */
const ALL = { page: 1, page_size: 500 };

export const membershipKeys = {
  all: ['membership'] as const,
  members: ['membership', 'member'] as const,
  member: (id: number) => ['membership', 'member', 'detail', id] as const,
  memberships: (member: number) => ['membership', 'membership', 'of', member] as const,
  services: (member: number) => ['membership', 'member-service', 'of', member] as const,
  payments: ['membership', 'payment-history'] as const,
  attendance: (member: number, from: string, to: string) => ['membership', 'attendance', 'of', member, from, to] as const,
  performance: (member: number) => ['membership', 'member-performance', 'of', member] as const,
  logs: ['membership', 'logs'] as const,
  plans: (activeOnly: boolean) => ['membership', 'plan', 'all', activeOnly] as const,
  serviceCatalogue: (activeOnly: boolean) => ['membership', 'service', 'all', activeOnly] as const,
  batches: ['membership', 'batch', 'all'] as const,
  performanceItems: ['membership', 'performance-item', 'all'] as const,
};

const resultsOf = <T>(page: Paginated<T>) => page.results;

// ---- lookups: plans, services, batches, performance items ----

/** Plans (active ones only when `activeOnly`, for selling; all of them for a list filter). */
export const usePlans = (activeOnly = true) =>
  useQuery({
    queryKey: membershipKeys.plans(activeOnly),
    queryFn: () => api.get<Paginated<Plan>>(`${BASE}/plan/`, { params: { ...ALL, is_active: activeOnly ? 'true' : undefined } }),
    select: resultsOf,
    staleTime: 60_000,
  });

export const useServiceCatalogue = (activeOnly = true) =>
  useQuery({
    queryKey: membershipKeys.serviceCatalogue(activeOnly),
    queryFn: () => api.get<Paginated<Service>>(`${BASE}/service/`, { params: { ...ALL, is_active: activeOnly ? 'true' : undefined } }),
    select: resultsOf,
    staleTime: 60_000,
  });

export const useBatches = () =>
  useQuery({
    queryKey: membershipKeys.batches,
    queryFn: () => api.get<Paginated<Batch>>(`${BASE}/batch/`, { params: ALL }),
    select: resultsOf,
    staleTime: 60_000,
  });

export const usePerformanceItems = () =>
  useQuery({
    queryKey: membershipKeys.performanceItems,
    queryFn: () => api.get<Paginated<PerformanceItem>>(`${BASE}/performance-item/`, { params: { ...ALL, is_active: 'true' } }),
    select: resultsOf,
    staleTime: 60_000,
  });

// ---- members ----

export const fetchMembers = (params: ListParams) => api.get<Paginated<Member>>(`${BASE}/member/`, { params });

export const useMember = (id: number | null) =>
  useQuery({ queryKey: membershipKeys.member(id ?? 0), queryFn: () => api.get<Member>(`${BASE}/member/${id}/`), enabled: !!id });

/** The first members whose name, phone, code or e-mail matches (e.g. the owner of a phone number). */
export const searchMembers = (search: string, limit = 5) =>
  api.get<Paginated<Member>>(`${BASE}/member/`, { params: { page: 1, page_size: limit, search } }).then(resultsOf);

/**
 * The body of a member's create or update: JSON, or multipart/form-data when a photo goes with it
 * (every field a text part, `membership` a JSON text part, `photo` the file part).
 */
export function memberBody<T extends object>(input: T, photo: Blob | null): T | FormData {
  if (!photo) return input;
  const body = new FormData();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    // '' and null are an empty part: the server reads it as "none" (a cleared text, no date of birth, no plan).
    body.set(key, value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  body.set('photo', photo, photo instanceof File ? photo.name : 'photo.jpg');
  return body;
}

/** Every write of the module refreshes the module's queries and the invoices (a sale, a payment, a refund). */
function useSettled() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: membershipKeys.all }),
      queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
    ]);
  };
}

export function useMemberMutations() {
  const settled = useSettled();
  const create = useMutation({
    mutationFn: ({ input, photo }: { input: MemberInput; photo: Blob | null }) =>
      api.post<MemberCreated>(`${BASE}/member/`, memberBody(input, photo)),
    onSuccess: settled,
  });
  const update = useMutation({
    mutationFn: ({ id, input, photo }: { id: number; input: MemberUpdate; photo: Blob | null }) =>
      api.patch<Member>(`${BASE}/member/${id}/`, memberBody(input, photo)),
    onSuccess: settled,
  });
  return { create, update };
}

/**
 * Opens the member card's PDF in a new tab to print (see invoices' openInvoicePdf: the tab opens
 * while the click still counts as the user's, then gets the file fetched with the session).
 */
export async function openMemberCard(id: number): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) tab.document.title = 'Loading…';
  try {
    const { blob } = await fetchBlob(`${BASE}/member/${id}/card/`, undefined, 'application/pdf');
    const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
    if (tab && !tab.closed) {
      tab.opener = null;
      tab.location.href = url;
    } else window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

// ---- memberships ----

/** Newest first: the running one and any upcoming renewal on top. */
const byStartDesc = <T extends { start_date: string; id: number }>(rows: T[]) =>
  [...rows].sort((a, b) => (a.start_date === b.start_date ? b.id - a.id : a.start_date < b.start_date ? 1 : -1));

export const useMemberships = (member: number | null) =>
  useQuery({
    queryKey: membershipKeys.memberships(member ?? 0),
    queryFn: () => api.get<Paginated<Membership>>(`${BASE}/membership/`, { params: { ...ALL, member: member ?? undefined } }),
    select: (page: Paginated<Membership>) => byStartDesc(page.results),
    enabled: !!member,
  });

export function useMembershipMutations() {
  const settled = useSettled();
  const path = (id: number, action: string) => `${BASE}/membership/${id}/${action}/`;
  const create = useMutation({
    mutationFn: (input: MembershipInput) => api.post<Membership>(`${BASE}/membership/`, input),
    onSuccess: settled,
  });
  const renew = useMutation({
    mutationFn: ({ id, input }: { id: number; input: RenewInput }) => api.post<Membership>(path(id, 'renew'), input),
    onSuccess: settled,
  });
  const freeze = useMutation({
    mutationFn: ({ id, input }: { id: number; input: FreezeInput }) => api.post<Membership>(path(id, 'freeze'), input),
    onSuccess: settled,
  });
  const deleteFreeze = useMutation({
    mutationFn: ({ id, freeze }: { id: number; freeze: number }) => api.delete<void>(`${path(id, 'freeze')}${freeze}/`),
    onSuccess: settled,
  });
  const unfreeze = useMutation({
    mutationFn: ({ id, date }: { id: number; date?: string }) => api.post<Membership>(path(id, 'unfreeze'), date ? { date } : {}),
    onSuccess: settled,
  });
  const cancel = useMutation({
    mutationFn: ({ id, input }: { id: number; input: SaleCancelInput }) => api.post<Membership>(path(id, 'cancel'), input),
    onSuccess: settled,
  });
  return { create, renew, freeze, deleteFreeze, unfreeze, cancel };
}

// ---- payments ----

export const fetchMemberPayments = (params: ListParams) => api.get<Paginated<MemberPayment>>(`${BASE}/payment-history/`, { params });

export function useCollectPayment() {
  const settled = useSettled();
  return useMutation({
    mutationFn: (input: MemberPaymentInput) => api.post<MemberPayment>(`${BASE}/payment-history/`, input),
    onSuccess: settled,
  });
}

// ---- member services ----

export const useMemberServices = (member: number | null) =>
  useQuery({
    queryKey: membershipKeys.services(member ?? 0),
    queryFn: () => api.get<Paginated<MemberService>>(`${BASE}/member-service/`, { params: { ...ALL, member: member ?? undefined } }),
    select: (page: Paginated<MemberService>) => byStartDesc(page.results),
    enabled: !!member,
  });

export function useMemberServiceMutations() {
  const settled = useSettled();
  const sell = useMutation({
    mutationFn: (input: MemberServiceInput) => api.post<MemberService>(`${BASE}/member-service/`, input),
    onSuccess: settled,
  });
  const cancel = useMutation({
    mutationFn: ({ id, input }: { id: number; input: SaleCancelInput }) =>
      api.post<MemberService>(`${BASE}/member-service/${id}/cancel/`, input),
    onSuccess: settled,
  });
  return { sell, cancel };
}

// ---- attendance ----

/** A member's visits from `from` to `to` (both included). */
export const useMemberAttendance = (member: number, from: string, to: string) =>
  useQuery({
    queryKey: membershipKeys.attendance(member, from, to),
    queryFn: () =>
      api.get<Paginated<Attendance>>(`${BASE}/member-attendance/`, {
        params: { ...ALL, member, date_after: from, date_before: to },
      }),
    select: resultsOf,
    placeholderData: (previous) => previous,
  });

/** Check a member in (now, at the desk); a refusal (no running membership, already in) comes back as the server's message. */
export function useCheckIn() {
  const settled = useSettled();
  return useMutation({
    mutationFn: (input: CheckInInput) => api.post<Attendance>(`${BASE}/member-attendance/`, input),
    onSuccess: settled,
  });
}

// ---- performance ----

export const useMemberPerformance = (member: number) =>
  useQuery({
    queryKey: membershipKeys.performance(member),
    queryFn: () => api.get<Paginated<MemberPerformance>>(`${BASE}/member-performance/`, { params: { ...ALL, member } }),
    select: resultsOf,
  });

export function useAddMeasurement() {
  const settled = useSettled();
  return useMutation({
    mutationFn: (input: MeasurementInput) => api.post<MemberPerformance>(`${BASE}/member-performance/`, input),
    onSuccess: settled,
  });
}

// ---- logs ----

/**
 * The audit rows about one member: the module's logs whose record name carries the member's code
 * (the member, their memberships, services and payments are all labelled with it, e.g.
 * "Monthly · MEM-00042"). The logs route has no filter by record, so the code is the server's
 * search; a search typed in the table narrows the member's latest 500 rows here.
 */
export const fetchMemberLogs = (memberCode: string) => async (params: ListParams) => {
  const typed = params.search?.trim().toLowerCase();
  if (!typed) return api.get<Paginated<AuditEntry>>(`${BASE}/logs/`, { params: { ...params, search: memberCode } });
  const all = await api.get<Paginated<AuditEntry>>(`${BASE}/logs/`, { params: { ...params, page: 1, page_size: 500, search: memberCode } });
  const matching = all.results.filter((r) =>
    [r.actor_email, r.resource, r.object_label, r.action].some((v) => v?.toLowerCase().includes(typed)),
  );
  const start = (params.page - 1) * params.page_size;
  return { count: matching.length, next: null, previous: null, results: matching.slice(start, start + params.page_size) };
};
