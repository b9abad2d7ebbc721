/**
 * The member screens' queries and writes (`/api/member-management/`). The desk screens may use
 * them too (`import … from '../members/api'`): every write refreshes everything under the
 * module's query key root (`membershipKeys.all`) and the invoices, because a sale, a payment or a
 * freeze changes the member, the lists, the dashboard and the invoice at once.
 */
import {
  type Attendance,
  type Batch,
  type checkInInputSchema,
  type Freeze,
  type FreezeReason,
  type freezeReasonInputSchema,
  type FreezeUpdate,
  type freezeInputSchema,
  type memberCreatedSchema,
  type MemberInput,
  type MemberPayment,
  type memberPaymentInputSchema,
  type MemberPerformance,
  type memberPerformanceInputSchema,
  type MemberService,
  type memberServiceInputSchema,
  type memberUpdateSchema,
  type Member,
  type Membership,
  type membershipInputSchema,
  type PerformanceItem,
  type Plan,
  type renewInputSchema,
  type saleCancelInputSchema,
  type Service,
} from '@arena/contracts/membership';
import {
  batchEndpoints,
  freezeReasonEndpoints,
  memberAttendanceEndpoints,
  memberEndpoints,
  memberPerformanceEndpoints,
  membershipEndpoints,
  membershipLogs,
  membershipPaymentEndpoints,
  membershipPlanEndpoints,
  membershipServiceEndpoints,
  memberServiceEndpoints,
  performanceItemEndpoints,
} from '@arena/contracts/membership/routes';
import type { Paginated, z } from '@arena/contracts/kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../../components/DataTable';
import { call, fetchFile, type FileSource } from '../../../lib/api';
import { lookupResource } from '../../../lib/lookupResource';
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
export type FreezeReasonInput = z.output<typeof freezeReasonInputSchema>;
export type SaleCancelInput = z.output<typeof saleCancelInputSchema>;
export type MemberPaymentInput = z.output<typeof memberPaymentInputSchema>;
export type MemberServiceInput = z.output<typeof memberServiceInputSchema>;
export type CheckInInput = z.input<typeof checkInInputSchema>;
export type MeasurementInput = z.output<typeof memberPerformanceInputSchema>;

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
    queryFn: () => call(membershipPlanEndpoints.list, { query: { ...ALL, is_active: activeOnly ? 'true' : undefined } }),
    select: resultsOf,
    staleTime: 60_000,
  });

export const useServiceCatalogue = (activeOnly = true) =>
  useQuery({
    queryKey: membershipKeys.serviceCatalogue(activeOnly),
    queryFn: () => call(membershipServiceEndpoints.list, { query: { ...ALL, is_active: activeOnly ? 'true' : undefined } }),
    select: resultsOf,
    staleTime: 60_000,
  });

export const useBatches = () =>
  useQuery({
    queryKey: membershipKeys.batches,
    queryFn: () => call(batchEndpoints.list, { query: ALL }),
    select: resultsOf,
    staleTime: 60_000,
  });

export const usePerformanceItems = () =>
  useQuery({
    queryKey: membershipKeys.performanceItems,
    queryFn: () => call(performanceItemEndpoints.list, { query: { ...ALL, is_active: 'true' } }),
    select: resultsOf,
    staleTime: 60_000,
  });

// ---- members ----

export const fetchMembers = (params: ListParams) => call(memberEndpoints.list, { query: params });
/** The members list's export (the screen adds its filters). */
export const membersExport: FileSource = { endpoint: memberEndpoints.list };

export const useMember = (id: number | null) =>
  useQuery({
    queryKey: membershipKeys.member(id ?? 0),
    queryFn: () => call(memberEndpoints.retrieve, { params: { id: id! } }),
    enabled: !!id,
  });

/** The first members whose name, phone, code or e-mail matches (e.g. the owner of a phone number). */
export const searchMembers = (search: string, limit = 5) =>
  call(memberEndpoints.list, { query: { page: 1, page_size: limit, search } }).then(resultsOf);

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
      call(memberEndpoints.create, { body: memberBody(input, photo) }),
    onSuccess: settled,
  });
  const update = useMutation({
    mutationFn: ({ id, input, photo }: { id: number; input: MemberUpdate; photo: Blob | null }) =>
      call(memberEndpoints.partialUpdate, { params: { id }, body: memberBody(input, photo) }),
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
    const { blob } = await fetchFile(memberEndpoints.card, { params: { id } }, 'application/pdf');
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
    queryFn: () => call(membershipEndpoints.list, { query: { ...ALL, member: member ?? undefined } }),
    select: (page: Paginated<Membership>) => byStartDesc(page.results),
    enabled: !!member,
  });

export function useMembershipMutations() {
  const settled = useSettled();
  const create = useMutation({
    mutationFn: (input: MembershipInput) => call(membershipEndpoints.create, { body: input }),
    onSuccess: settled,
  });
  const renew = useMutation({
    mutationFn: ({ id, input }: { id: number; input: RenewInput }) => call(membershipEndpoints.renew, { params: { id }, body: input }),
    onSuccess: settled,
  });
  const freeze = useMutation({
    mutationFn: ({ id, input }: { id: number; input: FreezeInput }) => call(membershipEndpoints.freeze, { params: { id }, body: input }),
    onSuccess: settled,
  });
  const updateFreeze = useMutation({
    mutationFn: ({ id, freeze, input }: { id: number; freeze: number; input: FreezeUpdate }) =>
      call(membershipEndpoints.updateFreeze, { params: { id, freezeId: freeze }, body: input }),
    onSuccess: settled,
  });
  const deleteFreeze = useMutation({
    mutationFn: ({ id, freeze }: { id: number; freeze: number }) =>
      call(membershipEndpoints.deleteFreeze, { params: { id, freezeId: freeze } }),
    onSuccess: settled,
  });
  const unfreeze = useMutation({
    mutationFn: ({ id, date }: { id: number; date?: string }) =>
      call(membershipEndpoints.unfreeze, { params: { id }, body: date ? { date } : {} }),
    onSuccess: settled,
  });
  const cancel = useMutation({
    mutationFn: ({ id, input }: { id: number; input: SaleCancelInput }) =>
      call(membershipEndpoints.cancel, { params: { id }, body: input }),
    onSuccess: settled,
  });
  return { create, renew, freeze, updateFreeze, deleteFreeze, unfreeze, cancel };
}

// ---- payments ----

export const fetchMemberPayments = (params: ListParams) => call(membershipPaymentEndpoints.list, { query: params });
/** The payments list's export (the screen adds its filters). */
export const memberPaymentsExport: FileSource = { endpoint: membershipPaymentEndpoints.list };

export function useCollectPayment() {
  const settled = useSettled();
  return useMutation({
    mutationFn: (input: MemberPaymentInput) => call(membershipPaymentEndpoints.create, { body: input }),
    onSuccess: settled,
  });
}

// ---- member services ----

export const useMemberServices = (member: number | null) =>
  useQuery({
    queryKey: membershipKeys.services(member ?? 0),
    queryFn: () => call(memberServiceEndpoints.list, { query: { ...ALL, member: member ?? undefined } }),
    select: (page: Paginated<MemberService>) => byStartDesc(page.results),
    enabled: !!member,
  });

export function useMemberServiceMutations() {
  const settled = useSettled();
  const sell = useMutation({
    mutationFn: (input: MemberServiceInput) => call(memberServiceEndpoints.create, { body: input }),
    onSuccess: settled,
  });
  const cancel = useMutation({
    mutationFn: ({ id, input }: { id: number; input: SaleCancelInput }) =>
      call(memberServiceEndpoints.cancel, { params: { id }, body: input }),
    onSuccess: settled,
  });
  return { sell, cancel };
}

// ---- attendance ----

/** A member's visits from `from` to `to` (both included). */
export const useMemberAttendance = (member: number, from: string, to: string) =>
  useQuery({
    queryKey: membershipKeys.attendance(member, from, to),
    queryFn: () => call(memberAttendanceEndpoints.list, { query: { ...ALL, member, date_after: from, date_before: to } }),
    select: resultsOf,
    placeholderData: (previous) => previous,
  });

/** Check a member in (now, at the desk); a refusal (no running membership, already in) comes back as the server's message. */
export function useCheckIn() {
  const settled = useSettled();
  return useMutation({
    mutationFn: (input: CheckInInput) => call(memberAttendanceEndpoints.checkIn, { body: input }),
    onSuccess: settled,
  });
}

// ---- performance ----

export const useMemberPerformance = (member: number) =>
  useQuery({
    queryKey: membershipKeys.performance(member),
    queryFn: () => call(memberPerformanceEndpoints.list, { query: { ...ALL, member } }),
    select: resultsOf,
  });

export function useAddMeasurement() {
  const settled = useSettled();
  return useMutation({
    mutationFn: (input: MeasurementInput) => call(memberPerformanceEndpoints.create, { body: input }),
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
  if (!typed) return call(membershipLogs, { query: { ...params, search: memberCode } });
  const all = await call(membershipLogs, { query: { ...params, page: 1, page_size: 500, search: memberCode } });
  const matching = all.results.filter((r) =>
    [r.actor_email, r.resource, r.object_label, r.action].some((v) => v?.toLowerCase().includes(typed)),
  );
  const start = (params.page - 1) * params.page_size;
  return { count: matching.length, next: null, previous: null, results: matching.slice(start, start + params.page_size) };
};

/** The export of the member's logs: the module's logs searched by the member's code, as the table shows them. */
export const memberLogsExport = (memberCode: string): FileSource => ({ endpoint: membershipLogs, query: { search: memberCode } });

// ---- freeze reasons ----

/** The owner's freeze reasons (Membership › Plan › Freeze Reasons), as one cache key. */
export const freezeReasonKeys = { all: ['membership', 'freeze-reason'] as const };

export const freezeReasons = lookupResource<FreezeReason, FreezeReasonInput>(freezeReasonEndpoints, freezeReasonKeys.all);

/** The active freeze reasons a freeze picks from (empty: the organisation keeps no list; any words do). */
export const useFreezeReasonOptions = () =>
  useQuery({
    queryKey: [...freezeReasonKeys.all, 'dropdown'],
    queryFn: () => call(freezeReasonEndpoints.dropdown),
    select: (body) => body.results,
    staleTime: 60_000,
  });
