import type {
  AuditEntry,
  CategoryReport,
  EntryType,
  IncomeExpense,
  IncomeExpenseCategory,
  IncomeExpenseDashboard,
  IncomeExpenseInput,
  incomeExpenseCategoryInputSchema,
  LedgerEntry,
  LedgerTotals,
  PeriodReport,
  TypeReport,
  Vendor,
  vendorInputSchema,
  z,
} from '@arena/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../components/DataTable';
import { api, type Paginated } from '../../lib/api';
import type { Dropdown } from '../../lib/lookups';
import { lookupResource } from '../../lib/lookupResource';

export type { IncomeExpense, IncomeExpenseCategory, LedgerEntry, LedgerTotals, Vendor };
export type CategoryInput = z.input<typeof incomeExpenseCategoryInputSchema>;
export type VendorInput = z.input<typeof vendorInputSchema>;

const BASE = '/income-expense';

export const incomeExpenseKeys = {
  all: ['income-expense'] as const,
  categories: ['income-expense', 'category'] as const,
  categoryDropdown: (type: string) => ['income-expense', 'category', 'dropdown', type] as const,
  vendors: ['income-expense', 'vendor'] as const,
  vendorDropdown: ['income-expense', 'vendor', 'dropdown'] as const,
  entries: ['income-expense', 'entry'] as const,
  entry: (id: number) => ['income-expense', 'entry', id] as const,
  transactions: ['income-expense', 'transactions'] as const,
  totals: (filters: Record<string, string | undefined>) => ['income-expense', 'transactions', 'totals', filters] as const,
  dashboard: (centre: string) => ['income-expense', 'dashboard', centre] as const,
  logs: ['income-expense', 'logs'] as const,
  reports: ['income-expense', 'reports'] as const,
};

// ---- categories and vendors (lookups) ----

/** Active categories of one type ('' = both): GET /income-expense/category/dropdown/?type=. */
export const useCategoryOptions = (type: EntryType | '') =>
  useQuery({
    queryKey: incomeExpenseKeys.categoryDropdown(type),
    queryFn: () => api.get<Dropdown>(`${BASE}/category/dropdown/`, { params: { type } }),
    select: (d: Dropdown) => d.results,
  });

/** Active vendors: GET /income-expense/vendor/dropdown/. */
export const useVendorOptions = () =>
  useQuery({
    queryKey: incomeExpenseKeys.vendorDropdown,
    queryFn: () => api.get<Dropdown>(`${BASE}/vendor/dropdown/`),
    select: (d: Dropdown) => d.results,
  });

/** The lookups: list, create, update, delete; writes refresh their list and their dropdown (both under the key). */
export const categories = lookupResource<IncomeExpenseCategory, CategoryInput>(`${BASE}/category/`, incomeExpenseKeys.categories);
export const vendors = lookupResource<Vendor, VendorInput>(`${BASE}/vendor/`, incomeExpenseKeys.vendors);

// ---- manual entries ----
export const fetchEntries = (params: ListParams) => api.get<Paginated<IncomeExpense>>(`${BASE}/income-expense/`, { params });
export const useEntry = (id: number | null) =>
  useQuery({
    queryKey: incomeExpenseKeys.entry(id ?? 0),
    queryFn: () => api.get<IncomeExpense>(`${BASE}/income-expense/${id}/`),
    enabled: !!id,
  });

/**
 * The body of an entry's create or correction: JSON, or multipart/form-data when a bill is
 * attached (every field a text part, `attachment` the file part). A null id (no vendor, no
 * centre) is an empty part, which the API reads as null.
 */
export function entryBody(input: IncomeExpenseInput, attachment: File | null): IncomeExpenseInput | FormData {
  if (!attachment) return input;
  const body = new FormData();
  for (const [key, value] of Object.entries(input)) body.set(key, value === null || value === undefined ? '' : String(value));
  body.set('attachment', attachment, attachment.name);
  return body;
}

export type EntryWrite = { input: IncomeExpenseInput; attachment: File | null };

/** Entries are movements of the ledger: every write refreshes the whole module (entries, transactions, dashboard, reports). */
export function useEntryMutations() {
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: incomeExpenseKeys.all });
  const create = useMutation({
    mutationFn: ({ input, attachment }: EntryWrite) => api.post<IncomeExpense>(`${BASE}/income-expense/`, entryBody(input, attachment)),
    onSuccess: settled,
  });
  const correct = useMutation({
    mutationFn: ({ id, input, attachment }: EntryWrite & { id: number }) =>
      api.patch<IncomeExpense>(`${BASE}/income-expense/${id}/`, entryBody(input, attachment)),
    onSuccess: settled,
  });
  const reverse = useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.post<IncomeExpense>(`${BASE}/income-expense/${id}/reverse/`, { reason }),
    onSuccess: settled,
  });
  return { create, correct, reverse };
}

// ---- the ledger ----
export const fetchTransactions = (params: ListParams) => api.get<Paginated<LedgerEntry>>(`${BASE}/transactions/`, { params });
export const useTransactionTotals = (filters: Record<string, string | undefined>) =>
  useQuery({
    queryKey: incomeExpenseKeys.totals(filters),
    queryFn: () => api.get<LedgerTotals>(`${BASE}/transactions/totals/`, { params: filters }),
    placeholderData: (previous) => previous,
  });
export function useReverseTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.post<LedgerEntry>(`${BASE}/transactions/${id}/reverse/`, { reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: incomeExpenseKeys.all }),
  });
}

// ---- dashboard, logs ----
export const useIncomeExpenseDashboard = (centre: string) =>
  useQuery({
    queryKey: incomeExpenseKeys.dashboard(centre),
    queryFn: () => api.get<IncomeExpenseDashboard>(`${BASE}/dashboard/`, { params: { centre } }),
    staleTime: 60_000,
  });
export const fetchLogs = (params: ListParams) => api.get<Paginated<AuditEntry>>(`${BASE}/logs/`, { params });

// ---- reports ----
export type ReportKind = 'income' | 'expense' | 'pie' | 'category';
export type ReportData = PeriodReport | TypeReport | CategoryReport;
export interface ReportFilters {
  from: string;
  to: string;
  centre: string;
  /** The Category Wise report's type switch ('' = both). */
  type: EntryType | '';
}

/** The path and parameters of one report: the screen and its CSV/XLSX downloads read the same. */
export function reportSource(kind: ReportKind, f: ReportFilters): { path: string; params: Record<string, string> } {
  const common = { date_after: f.from, date_before: f.to, centre: f.centre };
  const reports = `${BASE}/reports/income-expense`;
  switch (kind) {
    case 'income':
    case 'expense':
      return { path: `${reports}/`, params: { ...common, type: kind } };
    case 'pie':
      return { path: `${reports}/type/`, params: common };
    case 'category':
      return { path: `${reports}/category/`, params: { ...common, type: f.type } };
  }
}

export const useReport = (kind: ReportKind, filters: ReportFilters) => {
  const source = reportSource(kind, filters);
  return useQuery<ReportData>({
    queryKey: [...incomeExpenseKeys.reports, kind, source.params],
    queryFn: () => api.get<ReportData>(source.path, { params: source.params }),
  });
};
