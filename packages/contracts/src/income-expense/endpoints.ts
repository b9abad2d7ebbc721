/**
 * The endpoints of Income/Expenses Management (`/api/income-expense/`): categories, vendors, manual
 * entries, the one ledger with its totals, the dashboard, the reports and the audit trail.
 */
import { z } from '../zod-config.js';
import { dropdownSchema, idParamsSchema, idSchema, isoDateSchema, listQuerySchema, partialWithoutDefaults } from '../common.js';
import { auditLogEndpoint, crudEndpoints, endpoint, listEndpoint, reportEndpoint } from '../endpoint.js';
import { MODULES } from '../modules.js';
import { DIRECTIONS, LEDGER_KINDS, LEDGER_TYPES, ledgerEntrySchema, ledgerTotalsSchema, reversalInputSchema } from '../money/invoice.js';
import {
  categoryReportSchema,
  ENTRY_TYPES,
  incomeExpenseCategoryInputSchema,
  incomeExpenseCategorySchema,
  homeMoneySchema,
  incomeExpenseDashboardSchema,
  incomeExpenseInputSchema,
  incomeExpenseSchema,
  periodReportSchema,
  typeReportSchema,
  vendorInputSchema,
  vendorSchema,
} from './income-expense.js';

const BASE = '/api/income-expense/';

const CATEGORY = `${BASE}category/` as const;
export const incomeExpenseCategoryEndpoints = {
  ...crudEndpoints(CATEGORY, incomeExpenseCategorySchema, incomeExpenseCategoryInputSchema),
  /** Active categories for selects, of one type with `type=income|expense`. */
  dropdown: endpoint({
    method: 'GET',
    path: `${CATEGORY}dropdown/`,
    query: z.object({ type: z.enum(ENTRY_TYPES).optional() }),
    response: dropdownSchema,
  }),
};

export const vendorEndpoints = crudEndpoints(`${BASE}vendor/`, vendorSchema, vendorInputSchema, { dropdown: true });

const ENTRY = `${BASE}income-expense/` as const;
/** Manual entries: each is a movement of the ledger, so a correction or a removal reverses it rather than editing it. */
export const incomeExpenseEntryEndpoints = {
  list: listEndpoint(ENTRY, incomeExpenseSchema),
  /** JSON, or multipart/form-data with the bill in `attachment`. */
  create: endpoint({ method: 'POST', path: ENTRY, body: incomeExpenseInputSchema, form: true, response: incomeExpenseSchema, status: 201 }),
  retrieve: endpoint({ method: 'GET', path: `${ENTRY}:id/`, params: idParamsSchema, response: incomeExpenseSchema }),
  /**
   * Edits the title, vendor, reference, notes and bill (`attachment: null` removes it). Type,
   * category, centre, amount, GST rate, date and payment mode are fixed once recorded: a changed
   * one is a 400 on that field (remove the entry with `reverse` and record it again).
   */
  correct: endpoint({
    method: 'PATCH',
    path: `${ENTRY}:id/`,
    params: idParamsSchema,
    body: partialWithoutDefaults(incomeExpenseInputSchema),
    form: true,
    response: incomeExpenseSchema,
  }),
  reverse: endpoint({
    method: 'POST',
    path: `${ENTRY}:id/reverse/`,
    params: idParamsSchema,
    body: reversalInputSchema,
    response: incomeExpenseSchema,
  }),
  /** The bill: a PDF as a download, an image inline (the entry's `attachment` URL). */
  attachment: endpoint({ method: 'GET', path: `${ENTRY}:id/attachment/`, params: idParamsSchema, file: true }),
};

/** The ledger's filters: its list and its totals read the same ones. */
export const ledgerFilterShape = {
  type: z.enum(LEDGER_TYPES),
  kind: z.enum(LEDGER_KINDS),
  direction: z.enum(DIRECTIONS),
  module: z.enum(MODULES),
  payment_mode: idSchema,
  centre: idSchema,
  category: idSchema,
  date_after: isoDateSchema,
  date_before: isoDateSchema,
};

const TRANSACTIONS = `${BASE}transactions/` as const;
export const ledgerEndpoints = {
  list: listEndpoint(TRANSACTIONS, ledgerEntrySchema),
  /** Count, income, expense and net of the movements the list's search and filters select. */
  totals: endpoint({
    method: 'GET',
    path: `${TRANSACTIONS}totals/`,
    query: z.object({ search: listQuerySchema.shape.search, ...z.object(ledgerFilterShape).partial().shape }),
    response: ledgerTotalsSchema,
  }),
  reverse: endpoint({
    method: 'POST',
    path: `${TRANSACTIONS}:id/reverse/`,
    params: idParamsSchema,
    body: reversalInputSchema,
    response: ledgerEntrySchema,
    status: 201,
  }),
};

export const incomeExpenseDashboard = endpoint({
  method: 'GET',
  path: `${BASE}dashboard/`,
  query: z.object({ centre: idSchema.optional() }),
  response: incomeExpenseDashboardSchema,
});

/** The home's money tiles: collections today and this month from the ledger, and dues outstanding. */
export const incomeExpenseCollections = endpoint({
  method: 'GET',
  path: `${BASE}collections/`,
  query: z.object({ centre: idSchema.optional() }),
  response: homeMoneySchema,
});

/** `type=income|expense`: one side of the books. */
export const entryTypeQueryShape = { type: z.enum(ENTRY_TYPES).optional() };

const REPORTS = `${BASE}reports/income-expense/` as const;
export const incomeExpenseReportEndpoints = {
  daily: reportEndpoint(REPORTS, periodReportSchema, { query: entryTypeQueryShape }),
  monthly: reportEndpoint(`${REPORTS}monthly/`, periodReportSchema),
  category: reportEndpoint(`${REPORTS}category/`, categoryReportSchema, { query: entryTypeQueryShape }),
  type: reportEndpoint(`${REPORTS}type/`, typeReportSchema),
};

/** Income/Expenses › Logs. */
export const incomeExpenseLogs = auditLogEndpoint(`${BASE}logs/`);
