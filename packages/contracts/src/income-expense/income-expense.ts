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
  optionalPhoneSchema,
  requiredSingleLineText,
  singleLine,
  singleLineText,
  text,
} from '../common.js';
import { LEDGER_TYPES, ledgerEntrySchema } from '../money/invoice.js';
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
  /** `liability`: money held for others (a hostel's deposits), a category a module makes; never an entry's. */
  type: z.enum(LEDGER_TYPES),
  description: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type IncomeExpenseCategory = z.infer<typeof incomeExpenseCategorySchema>;

// ---- vendor ----
export const vendorInputSchema = z.object({
  name: requiredSingleLineText(120, 'Name is required'),
  phone: optionalPhoneSchema.default(''),
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

/** Money received in a window across every module (receipts − refunds), by payment mode and by module. */
const collectionsSchema = z.object({
  from: z.string(),
  to: z.string(),
  receipts: z.string(),
  refunds: z.string(),
  /** receipts − refunds */
  amount: z.string(),
  by_mode: z.array(z.object({ mode: z.string(), amount: z.string() })),
  by_module: z.array(z.object({ module: z.string(), amount: z.string() })),
});
/**
 * `GET /api/income-expense/collections/?centre=`: the home's money — today's and this month's
 * collections from the one ledger (every module), and the dues outstanding of every kind of sale.
 */
export const homeMoneySchema = z.object({
  today: collectionsSchema,
  month: collectionsSchema,
  dues: z.object({
    total: z.string(),
    by_source: z.array(z.object({ type: z.string(), noun: z.string(), module: z.string(), count: z.number(), amount: z.string() })),
  }),
});
export type HomeMoney = z.infer<typeof homeMoneySchema>;

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

/**
 * `GET /api/administrator/reports/accounts/profit-loss/`: the books on the cash basis, net of GST.
 * Each movement's GST (its document's tax ratio, or a manual entry's GST, rounded to the paisa per
 * movement) is kept apart: `amount` is income or expense without it, `gst` the tax in it. Per side,
 * amount + GST = the money: `total.income + total.gst_collected = total.money_in` (receipts −
 * refunds) and `total.expense + total.gst_paid = total.money_out` (payments).
 */
const profitLossLine = { amount: z.string(), gst: z.string() };
export const profitLossSchema = z.object({
  from: z.string(),
  to: z.string(),
  income: z.array(z.object({ module: z.string(), category: z.string(), ...profitLossLine })),
  expenses: z.array(z.object({ category: z.string(), ...profitLossLine })),
  months: z.array(
    z.object({
      month: z.string(),
      income: z.string(),
      expense: z.string(),
      net: z.string(),
      gst_collected: z.string(),
      gst_paid: z.string(),
    }),
  ),
  total: periodTotals.extend({
    /** Output tax in the money received (receipts − refunds of sales, GST on manual income). */
    gst_collected: z.string(),
    /** Input tax in the expenses paid (manual expenses that record GST); none without a GSTIN (it is part of the cost). */
    gst_paid: z.string(),
    /** Receipts − refunds: income + GST collected. */
    money_in: z.string(),
    /** Payments: expenses + GST paid. */
    money_out: z.string(),
  }),
});
export type ProfitLoss = z.infer<typeof profitLossSchema>;

/**
 * `GET /api/administrator/reports/accounts/gst-summary/?month=2026-11`: the month's GSTR-1, table by
 * table as the GST portal's offline tool lays them out. Every tax invoice and credit note of the
 * month counts in its month (a cancelled invoice too: its credit note takes it back). Places of
 * supply read "29-Karnataka". Credit-note rows carry positive amounts (the table says they reduce).
 */
const gstAmounts = {
  taxable_value: z.string(),
  igst: z.string(),
  cgst: z.string(),
  sgst: z.string(),
};
/** Lines at 0 %, by where they went and to whom (table 8). */
export const GST_EXEMPT_KINDS = [
  'Inter-State supplies to registered persons',
  'Intra-State supplies to registered persons',
  'Inter-State supplies to unregistered persons',
  'Intra-State supplies to unregistered persons',
] as const;
export const gstSummarySchema = z.object({
  month: z.string(),
  from: z.string(),
  to: z.string(),
  /** The registration these tables are of (GSTR-1 is filed per GSTIN); '' for an organisation without one. */
  gstin: z.string(),
  /** Every registration of the organisation (its own GSTIN, centres registered apart) and any seller GSTIN on the month's documents. */
  gstins: z.array(z.string()),
  /** Table 4A (sheet b2b): invoices to buyers with a GSTIN, one row per invoice and rate. */
  b2b: z.array(
    z.object({
      buyer_gstin: z.string(),
      buyer_name: z.string(),
      number: z.string(),
      date: z.string(),
      invoice_value: z.string(),
      place_of_supply: z.string(),
      rate: z.number(),
      ...gstAmounts,
    }),
  ),
  /** Table 5 (sheet b2cl): inter-state invoices above ₹1,00,000 to unregistered buyers, per invoice and rate. */
  b2cl: z.array(
    z.object({
      number: z.string(),
      date: z.string(),
      invoice_value: z.string(),
      place_of_supply: z.string(),
      rate: z.number(),
      ...gstAmounts,
    }),
  ),
  /** Table 7 (sheet b2cs): every other supply to unregistered buyers by place of supply and rate, net of their credit notes. */
  b2cs: z.array(z.object({ place_of_supply: z.string(), rate: z.number(), ...gstAmounts })),
  /**
   * Table 9B (sheet cdnr): notes to registered buyers, per note and rate — credit notes (`C`) and
   * supplementary invoices, which raise an invoice's value and are debit notes to GSTR-1 (`D`).
   */
  cdnr: z.array(
    z.object({
      note_type: z.enum(['C', 'D']),
      buyer_gstin: z.string(),
      buyer_name: z.string(),
      number: z.string(),
      date: z.string(),
      invoice_number: z.string(),
      invoice_date: z.string(),
      note_value: z.string(),
      place_of_supply: z.string(),
      rate: z.number(),
      ...gstAmounts,
    }),
  ),
  /** Table 9B (sheet cdnur): credit (`C`) and debit (`D`, supplementary invoices) notes to unregistered buyers against B2CL invoices, per note and rate. */
  cdnur: z.array(
    z.object({
      note_type: z.enum(['C', 'D']),
      ur_type: z.literal('B2CL'),
      number: z.string(),
      date: z.string(),
      invoice_number: z.string(),
      invoice_date: z.string(),
      note_value: z.string(),
      place_of_supply: z.string(),
      rate: z.number(),
      ...gstAmounts,
    }),
  ),
  /** Table 8 (sheet exemp): lines at 0 %, net of credit notes (goods nil rated, services exempted). */
  exempt: z.array(z.object({ description: z.enum(GST_EXEMPT_KINDS), nil_rated: z.string(), exempted: z.string(), non_gst: z.string() })),
  /** Table 12 (sheets hsn(b2b), hsn(b2c)): by buyer kind, SAC/HSN and rate, net of credit notes; quantity sold on invoices. */
  hsn: z.array(
    z.object({
      supply: z.enum(['b2b', 'b2c']),
      sac_code: z.string(),
      uqc: z.string(),
      quantity: z.string(),
      total_value: z.string(),
      rate: z.number(),
      ...gstAmounts,
    }),
  ),
  /** Table 13 (sheet docs): per series, its first and last number in the month, how many, how many cancelled. */
  documents: z.array(
    z.object({ nature: z.string(), series: z.string(), from: z.string(), to: z.string(), total: z.number(), cancelled: z.number() }),
  ),
  /** Bills of supply (issued while the seller had no GSTIN): not part of a GSTR-1. */
  bills_of_supply: z.string(),
  /** Every tax-invoice line of the month net of credit notes: each table's rows add up to it. */
  total: z.object({ ...gstAmounts, total: z.string() }),
});
export type GstSummary = z.infer<typeof gstSummarySchema>;

export const monthSchema = singleLineText(7).pipe(
  z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Enter a month as YYYY-MM.')
    .refine((v) => v >= DATE_MIN.slice(0, 7) && v <= DATE_MAX.slice(0, 7), 'Enter a month between 1900 and 2199.'),
);
