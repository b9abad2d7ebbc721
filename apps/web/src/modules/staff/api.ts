/**
 * Staff Management's queries and writes (`/api/staff-management/`). Every write refreshes
 * everything under the module's key root (`staffKeys.all`): a staff member's change shows in the
 * list, their page, the dashboard and the pickers of other modules at once.
 */
import type {
  Payroll,
  PayrollPayInput,
  PayrollPayment,
  PayrollUpdate,
  Staff,
  StaffAttendance,
  StaffAttendanceBulkInput,
  StaffAttendanceInput,
  StaffCategory,
  staffCategoryInputSchema,
  StaffInput,
  StaffUpdate,
} from '@arena/contracts/staff';
import { batchEndpoints, memberEndpoints, memberServiceEndpoints } from '@arena/contracts/membership/routes';
import {
  payrollEndpoints,
  payrollPaymentHistoryEndpoint,
  staffAttendanceEndpoints,
  staffCategoryEndpoints,
  staffDashboardEndpoint,
  staffEndpoints,
  staffLogsEndpoint,
  staffPhotoEndpoints,
  staffSettingsEndpoints,
} from '@arena/contracts/staff/routes';
import type { z } from '@arena/contracts/kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../components/DataTable';
import { call, download, type FileSource } from '../../lib/api';
import { lookupResource } from '../../lib/lookupResource';
import { invoiceKeys } from '../money/public';

export type { Payroll, PayrollPayment, Staff, StaffAttendance, StaffCategory };

export const staffKeys = {
  all: ['staff'] as const,
  categories: ['staff', 'category'] as const,
  categoryDropdown: ['staff', 'category', 'dropdown'] as const,
  staff: ['staff', 'staff'] as const,
  detail: (id: number) => ['staff', 'staff', 'detail', id] as const,
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

export const fetchStaff = (params: ListParams) => call(staffEndpoints.list, { query: params });
export const staffExport: FileSource = { endpoint: staffEndpoints.list };

export const useStaffMember = (id: number | null) =>
  useQuery({
    queryKey: staffKeys.detail(id ?? 0),
    queryFn: () => call(staffEndpoints.retrieve, { params: { id: id! } }),
    enabled: !!id,
  });

/** Refreshes every query of the module (lists, the staff member, the dashboard, the pickers). */
function useStaffSettled() {
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

// ---- attendance ----

const attendanceKeys = {
  all: ['staff', 'attendance'] as const,
  register: (q: { date?: string; month?: string; centre?: string }) => ['staff', 'attendance', 'register', q] as const,
  ofStaff: (staff: number, from: string, to: string) => ['staff', 'attendance', 'of', staff, from, to] as const,
};

/** A day's register (`date`) or a month's grid (`month`), of a centre's staff or everyone's. */
export const useAttendanceRegister = (q: { date?: string; month?: string; centre?: string }) =>
  useQuery({
    queryKey: attendanceKeys.register(q),
    queryFn: () =>
      call(staffAttendanceEndpoints.register, {
        query: { date: q.date || undefined, month: q.month || undefined, centre: q.centre ? Number(q.centre) : undefined },
      }),
  });

/** One staff member's marks between two days (their page's Attendance calendar). */
export const useStaffAttendance = (staff: number, from: string, to: string) =>
  useQuery({
    queryKey: attendanceKeys.ofStaff(staff, from, to),
    queryFn: () =>
      call(staffAttendanceEndpoints.list, { query: { page: 1, page_size: 62, staff, date_after: from, date_before: to } as ListParams }),
    select: (page) => page.results,
  });

export function useAttendanceMarks() {
  const settled = useStaffSettled();
  const mark = useMutation({
    mutationFn: (input: StaffAttendanceInput) => call(staffAttendanceEndpoints.create, { body: input }),
    onSuccess: settled,
  });
  const bulk = useMutation({
    mutationFn: (input: StaffAttendanceBulkInput) => call(staffAttendanceEndpoints.bulk, { body: input }),
    onSuccess: settled,
  });
  return { mark, bulk };
}

// ---- payroll ----

export const payrollKeys = {
  all: ['staff', 'payroll'] as const,
  payments: ['staff', 'payroll', 'payments'] as const,
  dashboard: (centre: string) => ['staff', 'dashboard', centre] as const,
  logs: ['staff', 'logs'] as const,
  settings: ['staff', 'settings'] as const,
};

export const fetchPayrolls = (params: ListParams) => call(payrollEndpoints.list, { query: params });
export const payrollsExport: FileSource = { endpoint: payrollEndpoints.list };
export const fetchPayments = (params: ListParams) => call(payrollPaymentHistoryEndpoint, { query: params });
export const paymentsExport: FileSource = { endpoint: payrollPaymentHistoryEndpoint };
export const fetchStaffLogs = (params: ListParams) => call(staffLogsEndpoint, { query: params });
export const staffLogsExport: FileSource = { endpoint: staffLogsEndpoint };

export const usePayroll = (id: number | null) =>
  useQuery({
    queryKey: [...payrollKeys.all, 'detail', id ?? 0],
    queryFn: () => call(payrollEndpoints.retrieve, { params: { id: id! } }),
    enabled: !!id,
  });

export const useStaffDashboard = (centre: string) =>
  useQuery({
    queryKey: payrollKeys.dashboard(centre),
    queryFn: () => call(staffDashboardEndpoint, { query: { centre: centre ? Number(centre) : undefined } }),
  });

export const useStaffSettings = () => useQuery({ queryKey: payrollKeys.settings, queryFn: () => call(staffSettingsEndpoints.retrieve) });

/** Payroll's writes; a payment also changes the ledger (Income/Expenses, the accounts). */
export function usePayrollActions() {
  const queryClient = useQueryClient();
  const settled = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: staffKeys.all }),
      queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['income-expense'] as const }),
    ]);
  };
  const generate = useMutation({
    mutationFn: (input: { month: string; centre?: number }) => call(payrollEndpoints.generate, { body: input }),
    onSuccess: settled,
  });
  const update = useMutation({
    mutationFn: ({ id, input }: { id: number; input: PayrollUpdate }) =>
      call(payrollEndpoints.partialUpdate, { params: { id }, body: input }),
    onSuccess: settled,
  });
  const approve = useMutation({
    mutationFn: (id: number) => call(payrollEndpoints.approve, { params: { id } }),
    onSuccess: settled,
  });
  const pay = useMutation({
    mutationFn: ({ id, input }: { id: number; input: PayrollPayInput }) => call(payrollEndpoints.pay, { params: { id }, body: input }),
    onSuccess: settled,
  });
  const saveSettings = useMutation({
    mutationFn: (weekly_off_day: number | null) => call(staffSettingsEndpoints.update, { body: { weekly_off_day } }),
    onSuccess: settled,
  });
  return { generate, update, approve, pay, saveSettings };
}

/** Saves the payslip PDF ("payslip-STF-0003-2026-10.pdf", or the server's name). */
export const downloadPayslip = (p: Pick<Payroll, 'id' | 'staff_code' | 'month'>) =>
  download(payrollEndpoints.payslip, { params: { id: p.id } }, `payslip-${p.staff_code}-${p.month}.pdf`);

/** A staff member's photo: upload (multipart, `photo`) and remove. */
export function useStaffPhoto() {
  const settled = useStaffSettled();
  const upload = useMutation({
    mutationFn: ({ id, photo }: { id: number; photo: Blob }) => {
      const body = new FormData();
      body.set('photo', photo, photo instanceof File ? photo.name : 'photo.jpg');
      return call(staffPhotoEndpoints.upload, { params: { id }, body: body as never });
    },
    onSuccess: settled,
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(staffPhotoEndpoints.remove, { params: { id } }),
    onSuccess: settled,
  });
  return { upload, remove };
}
