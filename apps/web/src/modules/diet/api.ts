/**
 * Diet Management's queries and writes (`/api/diet/`): foods (IFCT 2017 and the organisation's
 * own), categories, plans, assignments and members' copies, the dashboard, the report and the
 * logs. Every write refreshes everything under `dietKeys.all` (a new assignment shows in the
 * plan's member count, the dashboard and the member's tab at once).
 */
import type {
  Assignment,
  AssignMembersInput,
  DietCategory,
  DietPlan,
  DietPlanInput,
  Food,
  FoodInput,
  MemberDiet,
  dietCategoryInputSchema,
  memberDietUpdateSchema,
} from '@arena/contracts/diet';
import {
  assignDietEndpoints,
  assignMembersEndpoint,
  dietCategoryEndpoints,
  dietDashboardEndpoint,
  dietLogsEndpoint,
  dietPlanEndpoints,
  foodEndpoints,
  memberDietEndpoints,
} from '@arena/contracts/diet/routes';
import type { z } from '@arena/contracts/kit';
import { memberEndpoints } from '@arena/contracts/membership/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../components/DataTable';
import { fetchFile, saveBlob, type FileSource } from '../../lib/api';
import { call } from '../../lib/api';
import type { PersonSendInput } from '@arena/contracts/messaging';
import { lookupResource } from '../../lib/lookupResource';

export type { Assignment, DietCategory, DietPlan, DietPlanInput, Food, FoodInput, MemberDiet };

export const DIET_MODULE = 'Diet Management' as const;

/** Where the module's screens live (spec 2.6). */
export const DIET_PATHS = {
  home: '/diet-management',
  plans: '/diet-management/diet-plan',
  newPlan: '/diet-management/diet-plan/new',
  plan: (id: number) => `/diet-management/diet-plan/${id}`,
  categories: '/diet-management/diet-plan/category',
  foods: '/diet-management/diet-plan/foods',
  assign: '/diet-management/assign-diet',
  assignPlan: (plan: number) => `/diet-management/assign-diet?plan=${plan}`,
  assignments: '/diet-management/assign-diet/assignments',
  memberDiet: (id: number) => `/diet-management/assign-diet/${id}`,
} as const;

export const dietKeys = {
  all: ['diet'] as const,
  foods: ['diet', 'food'] as const,
  categories: ['diet', 'category'] as const,
  plans: ['diet', 'plan'] as const,
  plan: (id: number) => ['diet', 'plan', 'detail', id] as const,
  assignments: ['diet', 'assignment'] as const,
  memberDiet: (id: number) => ['diet', 'member-diet', id] as const,
  dashboard: ['diet', 'dashboard'] as const,
  logs: ['diet', 'logs'] as const,
  dropdown: (what: string) => ['diet', what, 'dropdown'] as const,
};

function useSettled() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: dietKeys.all });
}

// ---- categories ----
export const dietCategories = lookupResource<DietCategory, z.input<typeof dietCategoryInputSchema>>(
  dietCategoryEndpoints,
  dietKeys.categories,
  { invalidates: [dietKeys.all] },
);
const results = (body: { results: { id: number; name: string }[] }) => body.results;
export const useCategoryOptions = () =>
  useQuery({ queryKey: dietKeys.dropdown('category'), queryFn: () => call(dietCategoryEndpoints.dropdown), select: results });

// ---- foods ----
/** Foods whose English or local name matches (the builder's search-as-you-type). */
export const useFoodSearch = (search: string, enabled = true) =>
  useQuery({
    queryKey: [...dietKeys.foods, 'search', search],
    queryFn: () => call(foodEndpoints.list, { query: { search: search || undefined, page: 1, page_size: 8 } }),
    enabled,
    placeholderData: keepPreviousData,
    select: (page) => page.results,
    staleTime: 60_000,
  });
export const fetchOwnFoods = (params: ListParams) =>
  call(foodEndpoints.list, {
    query: { page: params.page, page_size: Math.min(params.page_size, 100), search: params.search || undefined, own: 'true' } as never,
  });
export const fetchAllFoods = (params: ListParams) =>
  call(foodEndpoints.list, {
    query: {
      page: params.page,
      page_size: Math.min(params.page_size, 100),
      search: params.search || undefined,
      own: params.own || undefined,
      food_type: params.food_type || undefined,
    } as never,
  });

export function useFoodMutations() {
  const settled = useSettled();
  return {
    create: useMutation({ mutationFn: (input: FoodInput) => call(foodEndpoints.create, { body: input as never }), onSuccess: settled }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: number; input: Partial<FoodInput> }) =>
        call(foodEndpoints.partialUpdate, { params: { id }, body: input as never }),
      onSuccess: settled,
    }),
    remove: useMutation({ mutationFn: (id: number) => call(foodEndpoints.remove, { params: { id } }), onSuccess: settled }),
  };
}

// ---- plans ----
export const fetchPlans = (params: ListParams) => call(dietPlanEndpoints.list, { query: params });
export const plansExport: FileSource = { endpoint: dietPlanEndpoints.list };
export const usePlan = (id: number | null) =>
  useQuery({ queryKey: dietKeys.plan(id ?? 0), queryFn: () => call(dietPlanEndpoints.retrieve, { params: { id: id! } }), enabled: !!id });
export const usePlanOptions = () =>
  useQuery({ queryKey: dietKeys.dropdown('plan'), queryFn: () => call(dietPlanEndpoints.dropdown), select: results });

export function usePlanMutations() {
  const settled = useSettled();
  return {
    create: useMutation({
      mutationFn: (input: DietPlanInput) => call(dietPlanEndpoints.create, { body: input as never }),
      onSuccess: settled,
    }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: number; input: Partial<DietPlanInput> }) =>
        call(dietPlanEndpoints.partialUpdate, { params: { id }, body: input as never }),
      onSuccess: settled,
    }),
    remove: useMutation({ mutationFn: (id: number) => call(dietPlanEndpoints.remove, { params: { id } }), onSuccess: settled }),
    duplicate: useMutation({
      mutationFn: ({ id, name }: { id: number; name?: string }) => call(dietPlanEndpoints.duplicate, { params: { id }, body: { name } }),
      onSuccess: settled,
    }),
  };
}

// ---- assignments and members' copies ----
export const fetchAssignments = (params: ListParams) => call(assignDietEndpoints.list, { query: params });
export const assignmentsExport: FileSource = { endpoint: assignDietEndpoints.list };
/** Every assignment of a status (at most 500: the assign screen's preview of who already has a diet). */
export const useAssignmentsOf = (query: { status?: string; member?: number }, enabled = true) =>
  useQuery({
    queryKey: [...dietKeys.assignments, 'of', query],
    queryFn: () => call(assignDietEndpoints.list, { query: { page: 1, page_size: 500, ...query } as never }),
    enabled,
    select: (page) => page.results,
  });
export const useMemberDiet = (id: number | null) =>
  useQuery({
    queryKey: dietKeys.memberDiet(id ?? 0),
    queryFn: () => call(memberDietEndpoints.retrieve, { params: { id: id! } }),
    enabled: !!id,
  });

export type MemberDietUpdate = z.input<typeof memberDietUpdateSchema>;
export function useAssignMutations() {
  const settled = useSettled();
  return {
    assignMany: useMutation({
      mutationFn: (input: AssignMembersInput) => call(assignMembersEndpoint, { body: input as never }),
      onSuccess: settled,
    }),
    updateCopy: useMutation({
      mutationFn: ({ id, input }: { id: number; input: MemberDietUpdate }) =>
        call(memberDietEndpoints.partialUpdate, { params: { id }, body: input as never }),
      onSuccess: settled,
    }),
    end: useMutation({
      mutationFn: (id: number) => call(assignDietEndpoints.partialUpdate, { params: { id }, body: { is_active: false } as never }),
      onSuccess: settled,
    }),
  };
}

/** Downloads a member's diet chart (the API builds the A4 PDF; the session's token header is needed, so no plain link). */
export async function downloadDietPdf(id: number, fallbackName: string): Promise<void> {
  const file = await fetchFile(memberDietEndpoints.pdf, { params: { id } }, 'application/pdf');
  saveBlob(file.blob, file.name ?? fallbackName);
}

// ---- who to assign to (the membership module's lists, read through its endpoints) ----
export { useBatchOptions, useMembershipPlanOptions } from '../membership/public';
/** The members a batch or a membership plan reaches (at most 500), as the assign screen previews them. */
export const useAudience = (filter: { batch?: number; plan?: number }) =>
  useQuery({
    queryKey: ['diet', 'audience', filter],
    queryFn: () =>
      call(memberEndpoints.list, {
        query: { page: 1, page_size: 500, is_active: 'true', batch: filter.batch, plan: filter.plan } as never,
      }),
    enabled: !!(filter.batch || filter.plan),
    select: (page) =>
      page.results
        .filter((m) => (filter.plan ? ['active', 'expiring', 'frozen'].includes(m.status) : true))
        .map((m) => ({ id: m.id, name: m.full_name, code: m.member_code })),
  });

// ---- dashboard, logs ----
export const useDietDashboard = (days = 7) =>
  useQuery({ queryKey: [...dietKeys.dashboard, days], queryFn: () => call(dietDashboardEndpoint, { query: { days } }) });
export const fetchDietLogs = (params: ListParams) => call(dietLogsEndpoint, { query: params });
export const dietLogsExport: FileSource = { endpoint: dietLogsEndpoint };

/** Foods by id with their values per 100 g (a saved plan's, before it is edited: its live totals need them). */
export const useFoodsOf = (ids: number[], enabled = true) =>
  useQuery({
    queryKey: [...dietKeys.foods, 'of', ids],
    queryFn: async () => {
      const foods = await Promise.all(ids.map((id) => call(foodEndpoints.retrieve, { params: { id } }).catch(() => null)));
      return new Map(foods.filter((f): f is Food => !!f).map((f) => [f.id, f]));
    },
    enabled,
    // After a save adds a food, the editor keeps its own figures: no skeleton while the new set loads.
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });

/** Sends the member a message about their diet (a Diet template or an e-mail). */
export const sendMemberDiet = (id: number, body: PersonSendInput) =>
  call(memberDietEndpoints.send, { params: { id }, body: body as never });
