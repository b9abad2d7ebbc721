/**
 * Staff Management's queries and writes (`/api/staff-management/`). Every write refreshes
 * everything under the module's key root (`staffKeys.all`): a staff member's change shows in the
 * list, their page, the dashboard and the pickers of other modules at once.
 */
import type { Staff, StaffCategory, staffCategoryInputSchema, StaffInput, StaffUpdate } from '@arena/contracts/staff';
import { batchEndpoints, memberEndpoints, memberServiceEndpoints } from '@arena/contracts/membership/routes';
import { staffCategoryEndpoints, staffEndpoints } from '@arena/contracts/staff/routes';
import type { z } from '@arena/contracts/kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../components/DataTable';
import { call, type FileSource } from '../../lib/api';
import { lookupResource } from '../../lib/lookupResource';

export type { Staff, StaffCategory };

export const staffKeys = {
  all: ['staff'] as const,
  categories: ['staff', 'category'] as const,
  categoryDropdown: ['staff', 'category', 'dropdown'] as const,
  staff: ['staff', 'staff'] as const,
  detail: (id: number) => ['staff', 'staff', 'detail', id] as const,
  dropdown: ['staff', 'staff', 'dropdown'] as const,
};

export const staffCategories = lookupResource<StaffCategory, z.input<typeof staffCategoryInputSchema>>(
  staffCategoryEndpoints,
  staffKeys.categories,
);

/** Active categories for the staff form's select. */
export const useStaffCategoryOptions = () =>
  useQuery({
    queryKey: staffKeys.categoryDropdown,
    queryFn: () => call(staffCategoryEndpoints.dropdown),
    select: (body) => body.results,
    staleTime: 60_000,
  });

/** Active staff ("Asha Rao (STF-0003)") for pickers: coach, trainer, sold by. */
export const useStaffOptions = () =>
  useQuery({
    queryKey: staffKeys.dropdown,
    queryFn: () => call(staffEndpoints.dropdown),
    select: (body) => body.results,
    staleTime: 60_000,
  });

export const fetchStaff = (params: ListParams) => call(staffEndpoints.list, { query: params });
export const staffExport: FileSource = { endpoint: staffEndpoints.list };

export const useStaffMember = (id: number | null) =>
  useQuery({
    queryKey: staffKeys.detail(id ?? 0),
    queryFn: () => call(staffEndpoints.retrieve, { params: { id: id! } }),
    enabled: !!id,
  });

/** Refreshes every query of the module (lists, the staff member, the dashboard, the pickers). */
export function useStaffSettled() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: staffKeys.all });
}

export function useStaffMutations() {
  const settled = useStaffSettled();
  const create = useMutation({
    mutationFn: (input: StaffInput) => call(staffEndpoints.create, { body: input }),
    onSuccess: settled,
  });
  const update = useMutation({
    mutationFn: ({ id, input }: { id: number; input: StaffUpdate }) => call(staffEndpoints.partialUpdate, { params: { id }, body: input }),
    onSuccess: settled,
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(staffEndpoints.remove, { params: { id } }),
    onSuccess: settled,
  });
  return { create, update, remove };
}

// ---- what other modules assign to a staff member (their page's Assigned tabs) ----

/** Members whose trainer they are (Membership Management's member list, filtered). */
export const fetchTrainedMembers = (staff: number) => (params: ListParams) =>
  call(memberEndpoints.list, { query: { ...params, trainer: staff } as ListParams });

/** The batches they coach. */
export const useCoachedBatches = (staff: number, enabled = true) =>
  useQuery({
    queryKey: [...staffKeys.detail(staff), 'batches'],
    queryFn: () => call(batchEndpoints.list, { query: { page: 1, page_size: 100, coach: staff } as ListParams }),
    select: (page) => page.results,
    enabled,
  });

/** The member services they give. */
export const fetchStaffServices = (staff: number) => (params: ListParams) =>
  call(memberServiceEndpoints.list, { query: { ...params, staff } as ListParams });
