/**
 * Income/Expenses Management (`/api/income-expense/`) and the Accounts reports
 * (`/api/administrator/reports/accounts/`). Every manual entry is a movement of the one ledger
 * (invoice.ts), beside the receipts and refunds of bookings, memberships and the store.
 */
import { z } from '../zod-config.js';
import {
  DATE_MAX,
  DATE_MIN,
  idSchema,
  isoDateSchema,
  moneySchema,
  requiredSingleLineText,
  singleLine,
  singleLineText,
  text,
} from '../common.js';
import { ledgerEntrySchema } from '../money/invoice.js';
import { gstinSchema } from '../tax.js';
import { gstRateSchema } from '../tax.js';

export const ENTRY_TYPES = ['income', 'expense'] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];
export const ENTRY_TYPE_LABELS: Record<EntryType, string> = { income: 'Income', expense: 'Expense' };

/** The categories every organisation starts with (issue 10 §5). */
export const DEFAULT_INCOME_CATEGORIES = ['Memberships', 'Bookings', 'Store', 'Other income'] as const;
export const DEFAULT_EXPENSE_CATEGORIES = ['Rent', 'Salaries', 'Electricity', 'Equipment', 'Maintenance', 'Marketing', 'Other'] as const;

// ---- category ----
export const incomeExpenseCategoryInputSchema = z.object({
  name: requiredSingleLineText(100, 'Name is required'),
  type: z.enum(ENTRY_TYPES, { error: 'Type must be income or expense.' }),
  description: text(500).default(''),
  is_active: z.boolean().default(true),
});
export const incomeExpenseCategorySchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(ENTRY_TYPES),
  description: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type IncomeExpenseCategory = z.infer<typeof incomeExpenseCategorySchema>;

// ---- vendor ----
const optionalPhone = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.union([z.literal(''), z.string().regex(/^\d{10}$/, 'Phone number must be 10 digits')]));
export const vendorInputSchema = z.object({
  name: requiredSingleLineText(120, 'Name is required'),
  phone: optionalPhone.default(''),
  email: z.union([z.literal(''), singleLine(z.string()).trim().toLowerCase().max(254).pipe(z.email('Invalid email format'))]).default(''),
  gstin: gstinSchema.default(''),
  address: text(500).default(''),
  notes: text(1000).default(''),
  is_active: z.boolean().default(true),
});
export const vendorSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  gstin: z.string(),
  address: z.string(),
  notes: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Vendor = z.infer<typeof vendorSchema>;

// ---- entries ----
/**
 * `POST /api/income-expense/income-expense/` (JSON, or multipart with the same fields and an
 * `attachment` file). `amount` is what was paid or received, GST included; `gst_rate` (input GST
 * on an expense) splits the tax out of it.
 */
export const incomeExpenseInputSchema = z.object({
  type: z.enum(ENTRY_TYPES, { error: 'Type must be income or expense.' }),
  title: singleLineText(200).default(''),
  category: idSchema,
  vendor: idSchema.nullable().default(null),
  centre: idSchema.nullable().default(null),
  amount: moneySchema.refine((v) => v !== '0.00', 'Amount must be greater than 0.'),
  gst_rate: gstRateSchema.default(0),
  date: isoDateSchema,
  payment_mode: idSchema,
  reference: singleLineText(100).default(''),
  notes: text(1000).default(''),
  /**
   * Income with GST is a sale: its tax invoice names the buyer (required then), with their GSTIN
   * when they are registered. Fixed once recorded (they are on the invoice).
   */
  buyer_name: singleLineText(200).default(''),
  buyer_gstin: gstinSchema.default(''),
});
export type IncomeExpenseInput = z.infer<typeof incomeExpenseInputSchema>;

export const incomeExpenseSchema = z.object({
  id: z.number(),
  type: z.enum(ENTRY_TYPES),
  title: z.string(),
  category: z.number(),
  category_name: z.string(),
  vendor: z.number().nullable(),
  vendor_name: z.string(),
  centre: z.number().nullable(),
  centre_name: z.string(),
  amount: z.string(),
  gst_rate: z.number(),
  gst_amount: z.string(),
  taxable_amount: z.string(),
  date: z.string(),
  payment_mode: z.number(),
  payment_mode_name: z.string(),
  reference: z.string(),
  notes: z.string(),
  /** URL of the attached bill (PDF or image), served with a safe content type; null without one. */
  attachment: z.string().nullable(),
  attachment_name: z.string(),
  /** The ledger movement the entry is; a corrected or deleted entry is reversed, never edited. */
  ledger_entry: z.number(),
  /** The tax invoice of income with GST (an outward supply); null for an expense or income without GST. */
  invoice: z.object({ id: z.number(), number: z.string() }).nullable(),
  status: z.enum(['active', 'reversed']),
  created_by_name: z.string(),
  created_at: z.string(),
});
export type IncomeExpense = z.infer<typeof incomeExpenseSchema>;

export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

// ---- dashboard ----
const periodTotals = z.object({ income: z.string(), expense: z.string(), net: z.string() });
export const incomeExpenseDashboardSchema = z.object({
  this_month: periodTotals.extend({ month: z.string() }),
  last_month: periodTotals.extend({ month: z.string() }),
  /** The last 12 months, oldest first; `month` is `YYYY-MM`. */
  monthly: z.array(periodTotals.extend({ month: z.string() })),
  expense_by_category: z.array(z.object({ category: z.string(), amount: z.string() })),
  recent: z.array(ledgerEntrySchema),
});
export type IncomeExpenseDashboard = z.infer<typeof incomeExpenseDashboardSchema>;

// ---- reports ----
/** Common report filters: a date range (default: this month), a centre. */
export const moneyReportQueryShape = {
  date_after: isoDateSchema.optional(),
  date_before: isoDateSchema.optional(),
  centre: idSchema.optional(),
};

/** `reports/income-expense/` (rows by date), `…/monthly/`: income, expense and net per period. */
export const periodReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(z.object({ period: z.string(), label: z.string(), income: z.string(), expense: z.string(), net: z.string() })),
  total: periodTotals,
});
export type PeriodReport = z.infer<typeof periodReportSchema>;

/** `…/category/`: totals per category (manual categories, and each module's income). */
export const categoryReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(z.object({ type: z.enum(ENTRY_TYPES), category: z.string(), count: z.number(), amount: z.string() })),
  total: periodTotals,
});
export type CategoryReport = z.infer<typeof categoryReportSchema>;

/** `…/type/`: income against expense (the pie). */
export const typeReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(z.object({ type: z.enum(ENTRY_TYPES), label: z.string(), count: z.number(), amount: z.string() })),
  total: periodTotals,
});
export type TypeReport = z.infer<typeof typeReportSchema>;

/** `GET /api/administrator/reports/accounts/profit-loss/`. */
export const profitLossSchema = z.object({
  from: z.string(),
  to: z.string(),
  income: z.array(z.object({ module: z.string(), category: z.string(), amount: z.string() })),
  expenses: z.array(z.object({ category: z.string(), amount: z.string() })),
  months: z.array(z.object({ month: z.string(), income: z.string(), expense: z.string(), net: z.string() })),
  total: periodTotals,
});
export type ProfitLoss = z.infer<typeof profitLossSchema>;

/** `GET /api/administrator/reports/accounts/gst-summary/?month=2026-11`: laid out like GSTR-1's sections. */
const taxRow = {
  taxable_value: z.string(),
  cgst: z.string(),
  sgst: z.string(),
  igst: z.string(),
  total: z.string(),
};
export const gstSummarySchema = z.object({
  month: z.string(),
  from: z.string(),
  to: z.string(),
  /** Outward supplies by rate (net of credit notes). */
  by_rate: z.array(z.object({ rate: z.number(), invoices: z.number(), ...taxRow })),
  /** HSN/SAC summary (GSTR-1 table 12). */
  by_sac: z.array(z.object({ sac_code: z.string(), rate: z.number(), quantity: z.string(), ...taxRow })),
  /** B2B invoices (buyer has a GSTIN; table 4). */
  b2b: z.array(
    z.object({
      number: z.string(),
      date: z.string(),
      buyer_name: z.string(),
      buyer_gstin: z.string(),
      place_of_supply: z.string(),
      rate: z.number(),
      invoice_value: z.string(),
      ...taxRow,
    }),
  ),
  /** B2C supplies by place of supply and rate (table 7). */
  b2c: z.array(z.object({ place_of_supply: z.string(), rate: z.number(), ...taxRow })),
  /** Credit notes (tables 9B). */
  credit_notes: z.array(
    z.object({
      number: z.string(),
      date: z.string(),
      against: z.string(),
      buyer_name: z.string(),
      buyer_gstin: z.string(),
      rate: z.number(),
      ...taxRow,
    }),
  ),
  /** Documents issued (table 13): per series, first and last number, count, cancelled. */
  documents: z.array(z.object({ series: z.string(), from: z.string(), to: z.string(), total: z.number(), cancelled: z.number() })),
  /** Bills of supply (no GSTIN): exempt / non-GST outward value. */
  exempt: z.string(),
  total: z.object(taxRow),
});
export type GstSummary = z.infer<typeof gstSummarySchema>;

export const monthSchema = singleLineText(7).pipe(
  z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Enter a month as YYYY-MM.')
    .refine((v) => v >= DATE_MIN.slice(0, 7) && v <= DATE_MAX.slice(0, 7), 'Enter a month between 1900 and 2199.'),
);
