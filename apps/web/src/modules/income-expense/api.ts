import {
  type CategoryReport,
  type EntryType,
  type IncomeExpense,
  type IncomeExpenseCategory,
  type IncomeExpenseInput,
  type incomeExpenseCategoryInputSchema,
  type PeriodReport,
  type TypeReport,
  type Vendor,
  type vendorInputSchema,
} from '@arena/contracts/income-expense';
import {
  incomeExpenseCategoryEndpoints,
  incomeExpenseCollections,
  incomeExpenseDashboard,
  incomeExpenseEntryEndpoints as entries,
  incomeExpenseLogs,
  incomeExpenseReportEndpoints as reports,
  ledgerEndpoints,
  vendorEndpoints,
} from '@arena/contracts/income-expense/routes';
import type { z } from '@arena/contracts/kit';
import type { LedgerEntry, LedgerTotals } from '@arena/contracts/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../components/DataTable';
import { call, download, type FileSource } from '../../lib/api';
import { lookupResource } from '../../lib/lookupResource';

export type { IncomeExpense, IncomeExpenseCategory, LedgerEntry, LedgerTotals, Vendor };
export type CategoryInput = z.input<typeof incomeExpenseCategoryInputSchema>;
export type VendorInput = z.input<typeof vendorInputSchema>;

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
  homeMoney: (centre: string) => ['income-expense', 'home-money', centre] as const,
  logs: ['income-expense', 'logs'] as const,
  reports: ['income-expense', 'reports'] as const,
};

// ---- categories and vendors (lookups) ----

/** Active categories of one type ('' = both). */
export const useCategoryOptions = (type: EntryType | '') =>
  useQuery({
    queryKey: incomeExpenseKeys.categoryDropdown(type),
    queryFn: () => call(incomeExpenseCategoryEndpoints.dropdown, { query: { type: type || undefined } }),
    select: (d) => d.results,
  });

/** Active vendors. */
export const useVendorOptions = () =>
  useQuery({
    queryKey: incomeExpenseKeys.vendorDropdown,
    queryFn: () => call(vendorEndpoints.dropdown),
    select: (d) => d.results,
  });

/** The lookups: list, create, update, delete; writes refresh their list and their dropdown (both under the key). */
export const categories = lookupResource<IncomeExpenseCategory, CategoryInput>(
  incomeExpenseCategoryEndpoints,
  incomeExpenseKeys.categories,
);
export const vendors = lookupResource<Vendor, VendorInput>(vendorEndpoints, incomeExpenseKeys.vendors);

// ---- manual entries ----
export const entriesFile: FileSource = { endpoint: entries.list };
export const fetchEntries = (params: ListParams) => call(entries.list, { query: params });
export const useEntry = (id: number | null) =>
  useQuery({
    queryKey: incomeExpenseKeys.entry(id ?? 0),
    queryFn: () => call(entries.retrieve, { params: { id: id! } }),
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

/** Saves an entry's bill under `name`: it is not public, so it is fetched with the user's key. */
export const downloadAttachment = (id: number, name: string) => download(entries.attachment, { params: { id } }, name);

export type EntryWrite = { input: IncomeExpenseInput; attachment: File | null };

/** Entries are movements of the ledger: every write refreshes the whole module (entries, transactions, dashboard, reports). */
export function useEntryMutations() {
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: incomeExpenseKeys.all });
  const create = useMutation({
    mutationFn: ({ input, attachment }: EntryWrite) => call(entries.create, { body: entryBody(input, attachment) }),
    onSuccess: settled,
  });
  const correct = useMutation({
    mutationFn: ({ id, input, attachment }: EntryWrite & { id: number }) =>
      call(entries.correct, { params: { id }, body: entryBody(input, attachment) }),
    onSuccess: settled,
  });
  const reverse = useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => call(entries.reverse, { params: { id }, body: { reason } }),
    onSuccess: settled,
  });
  return { create, correct, reverse };
}

// ---- the ledger ----
export const transactionsFile: FileSource = { endpoint: ledgerEndpoints.list };
export const fetchTransactions = (params: ListParams) => call(ledgerEndpoints.list, { query: params });
export const useTransactionTotals = (filters: Record<string, string | undefined>) =>
  useQuery({
    queryKey: incomeExpenseKeys.totals(filters),
    queryFn: () => call(ledgerEndpoints.totals, { query: filters }),
    placeholderData: (previous) => previous,
  });
export function useReverseTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => call(ledgerEndpoints.reverse, { params: { id }, body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: incomeExpenseKeys.all }),
  });
}

// ---- dashboard, logs ----
export const useIncomeExpenseDashboard = (centre: string) =>
  useQuery({
    queryKey: incomeExpenseKeys.dashboard(centre),
    queryFn: () => call(incomeExpenseDashboard, { query: { centre } }),
    staleTime: 60_000,
  });
/** The home's money tiles: collections from the ledger (every module) and dues outstanding. */
export const useHomeMoney = (centre: string) =>
  useQuery({
    queryKey: incomeExpenseKeys.homeMoney(centre),
    queryFn: () => call(incomeExpenseCollections, { query: { centre: centre || undefined } }),
    staleTime: 60_000,
  });
export const logsFile: FileSource = { endpoint: incomeExpenseLogs };
export const fetchLogs = (params: ListParams) => call(incomeExpenseLogs, { query: params });

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

/** The endpoint and query of one report: the screen and its CSV/XLSX downloads read the same. */
export function reportSource(kind: ReportKind, f: ReportFilters) {
  const common = { date_after: f.from, date_before: f.to, centre: f.centre };
  switch (kind) {
    case 'income':
    case 'expense':
      return { endpoint: reports.daily, query: { ...common, type: kind } };
    case 'pie':
      return { endpoint: reports.type, query: common };
    case 'category':
      return { endpoint: reports.category, query: { ...common, type: f.type || undefined } };
  }
}

export const useReport = (kind: ReportKind, filters: ReportFilters) => {
  const source = reportSource(kind, filters);
  return useQuery({
    queryKey: [...incomeExpenseKeys.reports, kind, source.query],
    queryFn: () => call(source.endpoint, { query: source.query }) as Promise<ReportData>,
  });
};
