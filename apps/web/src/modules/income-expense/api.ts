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
export const fetchCategories = (params: ListParams) => api.get<Paginated<IncomeExpenseCategory>>(`${BASE}/category/`, { params });
export const fetchVendors = (params: ListParams) => api.get<Paginated<Vendor>>(`${BASE}/vendor/`, { params });

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

/** A plain lookup resource: list, create, update, delete; writes refresh its list and its dropdown (both under `key`). */
function lookupMutations<I, O>(path: string, key: readonly unknown[]) {
  return function useLookupMutations() {
    const queryClient = useQueryClient();
    const settled = () => queryClient.invalidateQueries({ queryKey: key });
    const create = useMutation({ mutationFn: (input: I) => api.post<O>(`${path}/`, input), onSuccess: settled });
    const update = useMutation({
      mutationFn: ({ id, input }: { id: number; input: Partial<I> }) => api.patch<O>(`${path}/${id}/`, input),
      onSuccess: settled,
    });
    const remove = useMutation({ mutationFn: (id: number) => api.delete<void>(`${path}/${id}/`), onSuccess: settled });
    return { create, update, remove };
  };
}
export const useCategoryMutations = lookupMutations<CategoryInput, IncomeExpenseCategory>(`${BASE}/category`, incomeExpenseKeys.categories);
export const useVendorMutations = lookupMutations<VendorInput, Vendor>(`${BASE}/vendor`, incomeExpenseKeys.vendors);

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
