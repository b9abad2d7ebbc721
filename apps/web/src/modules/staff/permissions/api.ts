/** A staff member's login and permissions (issue 21): the calls and their TanStack Query hooks. */
import type { StaffLoginInput, StaffPermissions, StaffPermissionsInput } from '@arena/contracts/staff';
import { staffEndpoints, staffLoginEndpoints } from '@arena/contracts/staff/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';

export const permissionKeys = {
  of: (staffId: number) => ['staff', 'permissions', staffId] as const,
  staff: (staffId: number) => ['staff', 'one', staffId] as const,
};

export const useStaffPermissions = (staffId: number) =>
  useQuery({ queryKey: permissionKeys.of(staffId), queryFn: () => call(staffLoginEndpoints.permissions, { params: { id: staffId } }) });

/** The staff member (for the invitation's e-mail, prefilled from their record). */
export const useStaffMember = (staffId: number) =>
  useQuery({ queryKey: permissionKeys.staff(staffId), queryFn: () => call(staffEndpoints.retrieve, { params: { id: staffId } }) });

/** Invite, resend, disable and save; each write refreshes the page's answer (and the staff lists' has_login). */
export function useLoginMutations(staffId: number) {
  const queryClient = useQueryClient();
  const put = (data: StaffPermissions) => {
    queryClient.setQueryData(permissionKeys.of(staffId), data);
    void queryClient.invalidateQueries({ queryKey: ['staff'] });
  };
  return {
    invite: useMutation({
      mutationFn: (body: StaffLoginInput) => call(staffLoginEndpoints.create, { params: { id: staffId }, body }),
      onSuccess: put,
    }),
    resend: useMutation({ mutationFn: () => call(staffLoginEndpoints.resend, { params: { id: staffId } }) }),
    disable: useMutation({ mutationFn: () => call(staffLoginEndpoints.disable, { params: { id: staffId } }), onSuccess: put }),
    save: useMutation({
      mutationFn: (body: StaffPermissionsInput) => call(staffLoginEndpoints.setPermissions, { params: { id: staffId }, body }),
      onSuccess: put,
    }),
  };
}
