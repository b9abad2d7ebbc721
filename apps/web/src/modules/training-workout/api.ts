/**
 * Training/Workouts' queries and writes (`/api/training-workout/`): the exercise library and the
 * organisation's own exercises, workout categories, plans (templates) with their days and
 * exercises, assignment to members, members' own copies with their workout log and PDF, the
 * dashboard, the report and the logs. Every write refreshes everything under `trainingKeys.all`.
 */
import type {
  Exercise,
  MemberPlan,
  Plan,
  PlanListItem,
  TrainingDashboard,
  WorkoutCategory,
  assignManyInputSchema,
  assignUpdateInputSchema,
  exerciseInputSchema,
  logInputSchema,
  memberPlanListItemSchema,
  memberPlanPatchSchema,
  planInputSchema,
  workoutCategoryInputSchema,
} from '@arena/contracts/training-workout';
import {
  assignEndpoints,
  assignManyEndpoint,
  exerciseEndpoints,
  memberPlanEndpoints,
  planEndpoints,
  trainingDashboardEndpoint,
  trainingLogsEndpoint,
  workoutCategoryEndpoints,
} from '@arena/contracts/training-workout/routes';
import { batchEndpoints } from '@arena/contracts/membership/routes';
import type { z } from '@arena/contracts/kit';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../components/DataTable';
import { call, fetchFile, type FileSource } from '../../lib/api';
import type { PersonSendInput } from '@arena/contracts/messaging';
import { lookupResource } from '../../lib/lookupResource';

export type { Exercise, MemberPlan, Plan, PlanListItem, TrainingDashboard, WorkoutCategory };
export type MemberPlanListItem = z.infer<typeof memberPlanListItemSchema>;
export type PlanInput = z.input<typeof planInputSchema>;
export type ExerciseInput = z.input<typeof exerciseInputSchema>;

export const TRAINING_MODULE = 'Training/Workouts' as const;

/** Where the module's screens live (spec 2.6). */
export const TRAINING_PATHS = {
  home: '/training-workout',
  assign: '/training-workout/assign-training-workout',
  assigned: '/training-workout/assign-training-workout/assigned',
  copy: (id: number) => `/training-workout/assign-training-workout/assigned/${id}`,
  plans: '/training-workout/training-workout-plan',
  newPlan: '/training-workout/training-workout-plan/new',
  plan: (id: number) => `/training-workout/training-workout-plan/${id}`,
  exercises: '/training-workout/training-workout-plan/exercise',
} as const;

export const trainingKeys = {
  all: ['training'] as const,
  categories: ['training', 'category'] as const,
  categoryOptions: ['training', 'category', 'dropdown'] as const,
  exercises: ['training', 'exercise'] as const,
  plans: ['training', 'plan'] as const,
  plan: (id: number) => ['training', 'plan', 'detail', id] as const,
  planOptions: ['training', 'plan', 'options'] as const,
  assigned: ['training', 'assigned'] as const,
  copy: (id: number) => ['training', 'copy', id] as const,
  copies: (member: number) => ['training', 'copies', member] as const,
  log: (copy: number) => ['training', 'log', copy] as const,
  dashboard: ['training', 'dashboard'] as const,
  logs: ['training', 'logs'] as const,
};

function useSettled() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trainingKeys.all });
}

// ---- categories ----
export const workoutCategories = lookupResource<WorkoutCategory, z.input<typeof workoutCategoryInputSchema>>(
  workoutCategoryEndpoints,
  trainingKeys.categories,
  { invalidates: [trainingKeys.all] },
);
export const useCategoryOptions = () =>
  useQuery({
    queryKey: trainingKeys.categoryOptions,
    queryFn: () => call(workoutCategoryEndpoints.dropdown),
    select: (body: { results: { id: number; name: string }[] }) => body.results,
  });

// ---- exercises ----
export interface ExerciseQuery {
  search?: string;
  muscle?: string;
  equipment?: string;
  category?: string;
  source?: string;
}
export const fetchExercises = (params: ListParams) => call(exerciseEndpoints.list, { query: params as never });
/** The library and the organisation's own, matching a search by name and the muscle/equipment filters (the picker). */
export const useExerciseSearch = (q: ExerciseQuery | undefined, pageSize = 20) =>
  useQuery({
    enabled: !!q,
    queryKey: [...trainingKeys.exercises, 'search', q, pageSize],
    queryFn: () =>
      call(exerciseEndpoints.list, {
        query: {
          page: 1,
          page_size: pageSize,
          search: q?.search || undefined,
          muscle: q?.muscle || undefined,
          equipment: q?.equipment || undefined,
          category: q?.category || undefined,
          source: q?.source || undefined,
        } as never,
      }),
    placeholderData: keepPreviousData,
  });

export function useExerciseMutations() {
  const settled = useSettled();
  return {
    create: useMutation({
      mutationFn: (input: ExerciseInput) => call(exerciseEndpoints.create, { body: input as never }),
      onSuccess: settled,
    }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: number; input: ExerciseInput }) =>
        call(exerciseEndpoints.partialUpdate, { params: { id }, body: input as never }),
      onSuccess: settled,
    }),
    remove: useMutation({ mutationFn: (id: number) => call(exerciseEndpoints.remove, { params: { id } }), onSuccess: settled }),
    uploadPicture: useMutation({
      mutationFn: ({ id, picture }: { id: number; picture: File }) => {
        const body = new FormData();
        body.set('picture', picture, picture.name);
        return call(exerciseEndpoints.upload, { params: { id }, body: body as never });
      },
      onSuccess: settled,
    }),
  };
}

// ---- plans ----
export const fetchPlans = (params: ListParams) => call(planEndpoints.list, { query: params as never });
export const plansExport: FileSource = { endpoint: planEndpoints.list };
export const usePlan = (id: number | null) =>
  useQuery({ queryKey: trainingKeys.plan(id ?? 0), queryFn: () => call(planEndpoints.retrieve, { params: { id: id! } }), enabled: !!id });
/** Active plans as `{id, name}` (the assign form's select). */
export const usePlanOptions = () =>
  useQuery({
    queryKey: trainingKeys.planOptions,
    queryFn: () => call(planEndpoints.list, { query: { page: 1, page_size: 500, is_active: 'true' } as never }),
    select: (page) => page.results,
  });

export function usePlanMutations() {
  const settled = useSettled();
  return {
    create: useMutation({ mutationFn: (input: PlanInput) => call(planEndpoints.create, { body: input as never }), onSuccess: settled }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: number; input: PlanInput }) => call(planEndpoints.update, { params: { id }, body: input as never }),
      onSuccess: settled,
    }),
    duplicate: useMutation({
      mutationFn: ({ id, name }: { id: number; name?: string }) =>
        call(planEndpoints.duplicate, { params: { id }, body: name ? { name } : {} }),
      onSuccess: settled,
    }),
    remove: useMutation({ mutationFn: (id: number) => call(planEndpoints.remove, { params: { id } }), onSuccess: settled }),
  };
}

// ---- assignment and members' copies ----
export type AssignManyInput = z.input<typeof assignManyInputSchema>;
export const fetchAssigned = (params: ListParams) => call(assignEndpoints.list, { query: params as never });
export const assignedExport: FileSource = { endpoint: assignEndpoints.list };
/** Every active copy (at most 500), for the assign form's "already has a plan" preview. */
export const useActiveCopies = () =>
  useQuery({
    queryKey: [...trainingKeys.assigned, 'active'],
    queryFn: () => call(assignEndpoints.list, { query: { page: 1, page_size: 500, status: 'active' } as never }),
    select: (page) => page.results,
  });
export function useAssignMutations() {
  const settled = useSettled();
  return {
    assignMany: useMutation({
      mutationFn: (input: AssignManyInput) => call(assignManyEndpoint, { body: input as never }),
      onSuccess: settled,
    }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: number; input: z.input<typeof assignUpdateInputSchema> }) =>
        call(assignEndpoints.update, { params: { id }, body: input as never }),
      onSuccess: settled,
    }),
  };
}

/** A member's copies, newest first (the member's tab). */
export const useMemberCopies = (member: number) =>
  useQuery({
    queryKey: trainingKeys.copies(member),
    queryFn: () => call(memberPlanEndpoints.list, { query: { page: 1, page_size: 100, member, ordering: '-start_date' } as never }),
    select: (page) => page.results,
  });
export const useCopy = (id: number | null) =>
  useQuery({
    queryKey: trainingKeys.copy(id ?? 0),
    queryFn: () => call(memberPlanEndpoints.retrieve, { params: { id: id! } }),
    enabled: !!id,
  });
export const useCopyLog = (id: number | null) =>
  useQuery({
    queryKey: trainingKeys.log(id ?? 0),
    queryFn: () => call(memberPlanEndpoints.logs, { params: { id: id! } }),
    enabled: !!id,
  });
export type CopyPatch = z.input<typeof memberPlanPatchSchema>;
export type LogInput = z.input<typeof logInputSchema>;
export function useCopyMutations() {
  const settled = useSettled();
  return {
    patch: useMutation({
      mutationFn: ({ id, input }: { id: number; input: CopyPatch }) =>
        call(memberPlanEndpoints.partialUpdate, { params: { id }, body: input as never }),
      onSuccess: settled,
    }),
    log: useMutation({
      mutationFn: ({ id, input }: { id: number; input: LogInput }) =>
        call(memberPlanEndpoints.log, { params: { id }, body: input as never }),
      onSuccess: settled,
    }),
  };
}

/**
 * Opens the member's workout PDF in a new tab. The tab is opened before the file is fetched, while
 * the click still counts as the user's, so no pop-up blocker stops it (the file needs the session's
 * headers, so it is fetched, not linked).
 */
export async function openCopyPdf(id: number): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) tab.document.title = 'Loading…';
  try {
    const { blob } = await fetchFile(memberPlanEndpoints.pdf, { params: { id } }, 'application/pdf');
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

// ---- membership's batches and plans (the assign form's choices) ----
export { useBatchOptions, useMembershipPlanOptions } from '../membership/public';
export const useBatchMembers = (id: number | null) =>
  useQuery({
    queryKey: ['training', 'membership', 'batch-members', id],
    queryFn: () => call(batchEndpoints.members, { params: { id: id! } }),
    enabled: !!id,
  });

// ---- dashboard, logs ----
export const useTrainingDashboard = () => useQuery({ queryKey: trainingKeys.dashboard, queryFn: () => call(trainingDashboardEndpoint) });
export const fetchTrainingLogs = (params: ListParams) => call(trainingLogsEndpoint, { query: params });
export const trainingLogsExport: FileSource = { endpoint: trainingLogsEndpoint };

/** Sends the member a message about their workout (a Training/Workout template or an e-mail). */
export const sendCopy = (id: number, body: PersonSendInput) => call(memberPlanEndpoints.send, { params: { id }, body: body as never });
