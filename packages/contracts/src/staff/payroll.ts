/**
 * Staff Management › Payroll (issue 21): a month's pay per staff member — generated as drafts,
 * reviewed line by line (each line says how it was computed), approved, paid (an expense of the
 * ledger, category Salaries) — with payment history, the dashboard, the logs and the reports.
 * Amounts are rupee strings with 2 decimals ("25000.00"), computed in paise.
 */
import { z } from '../zod-config.js';
import { idParamsSchema, idSchema, isoDateSchema, moneySchema, singleLine, singleLineText, text } from '../common.js';
import { auditLogEndpoint, endpoint, listEndpoint, reportEndpoint } from '../endpoint.js';

/** yyyy-MM from 2000-01 (the server also refuses a month after the organisation's current one). */
export const payrollMonthSchema = singleLine(z.string())
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'Enter a month as YYYY-MM.', abort: true })
  .refine((v) => v >= '2000-01', 'Enter a month from the year 2000.');

// ---- settings ----
/** ISO weekdays: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const WEEKDAY_LABELS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
/**
 * `GET/PUT settings/`: the organisation's weekly off day (ISO weekday, 7 = Sunday, the default;
 * null: none), which payroll's working days leave out.
 */
export const staffSettingsSchema = z.object({ weekly_off_day: z.number().int().min(1).max(7).nullable() });
export const staffSettingsInputSchema = z.object({
  weekly_off_day: z.number({ error: 'Choose a weekday from 1 (Monday) to 7 (Sunday), or none.' }).int().min(1).max(7).nullable(),
});
export type StaffSettings = z.infer<typeof staffSettingsSchema>;

// ---- payroll ----
export const PAYROLL_STATUSES = ['draft', 'approved', 'paid'] as const;
export type PayrollStatus = (typeof PAYROLL_STATUSES)[number];
export const PAYROLL_STATUS_LABELS: Record<PayrollStatus, string> = { draft: 'Draft', approved: 'Approved', paid: 'Paid' };

/** PF: 12 % of the basic pay, the basic counted up to ₹15,000. ESI: 0.75 % of gross when gross is at most ₹21,000. */
export const PF_RATE_PERCENT = 12;
export const PF_BASIC_CAP = '15000.00';
export const ESI_RATE_PERCENT = 0.75;
export const ESI_GROSS_LIMIT = '21000.00';

/** One line of a payroll row and how it was worked out: "Base pay", "₹30,000.00 × 24.5 / 26 paid days", "28269.23". */
export const payrollLineSchema = z.object({ label: z.string(), formula: z.string(), amount: z.string() });
export type PayrollLine = z.infer<typeof payrollLineSchema>;

export const payrollSchema = z.object({
  id: z.number(),
  staff: z.number(),
  staff_code: z.string(),
  staff_name: z.string(),
  category: z.number(),
  category_name: z.string(),
  /** yyyy-MM */
  month: z.string(),
  status: z.enum(PAYROLL_STATUSES),
  salary_type: z.enum(['monthly', 'hourly', 'per_session']),
  /** The monthly salary, or the rate per hour or session, as it was when the row was computed. */
  base_pay: z.string(),
  working_days: z.number(),
  /** Present days with half days as 0.5, "21.5". */
  present_days: z.string(),
  half_days: z.number(),
  leave_days: z.number(),
  /** The leave days paid (up to the category's paid-leave days). */
  paid_leave_days: z.number(),
  absent_days: z.number(),
  /** Present + paid leave, "23.5": what a monthly salary is prorated by. */
  paid_days: z.string(),
  /** Hours worked from check-in/out (hourly pay), "142.50". */
  hours: z.string(),
  /** Sessions taken (per-session pay): member-service check-ins and batch sessions they coached. */
  sessions: z.number(),
  base_amount: z.string(),
  /** The taxable value of the sales credited to them in the month, net of credit notes. */
  commission_sales: z.string(),
  commission_percent: z.string(),
  commission: z.string(),
  bonus: z.string(),
  gross: z.string(),
  advance: z.string(),
  other_deductions: z.string(),
  pf_enabled: z.boolean(),
  esi_enabled: z.boolean(),
  pf: z.string(),
  esi: z.string(),
  total_deductions: z.string(),
  net: z.string(),
  /** Every line and how it was computed, in the payslip's order. */
  computation: z.array(payrollLineSchema),
  notes: z.string(),
  approved_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  paid_on: z.string().nullable(),
  payment_mode: z.number().nullable(),
  payment_mode_name: z.string(),
  reference: z.string(),
  /** The ledger movement (expense, category Salaries) the payment wrote. */
  expense: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Payroll = z.infer<typeof payrollSchema>;

/**
 * `POST pay-roll/generate/`: one draft per active staff member (of `centre`, when given) who had
 * joined by the month's end. Run again, it recomputes the drafts and leaves approved and paid rows
 * as they are. `month`: from 2000-01 to the organisation's current month.
 */
export const payrollGenerateInputSchema = z.object({ month: payrollMonthSchema, centre: idSchema.optional() });
export const payrollGenerateSchema = z.object({
  month: z.string(),
  /** Drafts made now. */
  created: z.number(),
  /** Drafts recomputed. */
  refreshed: z.number(),
  /** Approved or paid rows left as they were. */
  kept: z.number(),
});
export type PayrollGenerateResult = z.infer<typeof payrollGenerateSchema>;

/** The most a bonus or a deduction may be: ₹10,00,000. */
export const PAYROLL_ADJUSTMENT_MAX = '1000000.00';
const adjustment = moneySchema.refine((v) => Number(v) <= 1_000_000, 'Enter an amount up to 1000000.');

/**
 * `PATCH pay-roll/:id/` (a draft only, else 400): the owner's figures; the row is recomputed.
 * Deductions above the gross are a 400 on `advance`.
 */
export const payrollUpdateSchema = z.object({
  bonus: adjustment.optional(),
  advance: adjustment.optional(),
  other_deductions: adjustment.optional(),
  pf_enabled: z.boolean().optional(),
  esi_enabled: z.boolean().optional(),
  notes: text(1000).optional(),
});
export type PayrollUpdate = z.infer<typeof payrollUpdateSchema>;

/** `POST pay-roll/:id/pay/` (an approved row only): the expense is dated `date` (today when left out). */
export const payrollPayInputSchema = z.object({
  payment_mode: idSchema,
  reference: singleLineText(100).default(''),
  date: isoDateSchema.optional(),
});
export type PayrollPayInput = z.infer<typeof payrollPayInputSchema>;

/** A paid payroll row as Payment History lists it. */
export const payrollPaymentSchema = z.object({
  id: z.number(),
  staff: z.number(),
  staff_code: z.string(),
  staff_name: z.string(),
  month: z.string(),
  net: z.string(),
  payment_mode: z.number().nullable(),
  payment_mode_name: z.string(),
  reference: z.string(),
  paid_on: z.string(),
  expense: z.number().nullable(),
});
export type PayrollPayment = z.infer<typeof payrollPaymentSchema>;

// ---- dashboard ----
const countAmount = z.object({ count: z.number(), amount: z.string() });
export const staffDashboardSchema = z.object({
  head_count: z.object({
    total: z.number(),
    by_category: z.array(z.object({ category: z.number(), category_name: z.string(), count: z.number() })),
  }),
  /** Today's marks of the active staff; `unmarked` the rest. */
  today: z.object({
    date: z.string(),
    present: z.number(),
    half_day: z.number(),
    leave: z.number(),
    absent: z.number(),
    unmarked: z.number(),
  }),
  /** This month's payroll rows by status. */
  payroll_this_month: z.object({ month: z.string(), draft: countAmount, approved: countAmount, paid: countAmount }),
  /** The top 5 of this month by commission on their credited sales. */
  commission_leaders: z.array(z.object({ staff: z.number(), staff_name: z.string(), sales: z.string(), commission: z.string() })),
  /** Net pay paid per month, the last 12 months (every month present), oldest first. */
  payroll_chart: z.array(z.object({ month: z.string(), amount: z.string() })),
});
export type StaffDashboard = z.infer<typeof staffDashboardSchema>;

// ---- reports ----
export const staffCategoryReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Per month and category: staff on its roll that month (joined by its end, active) and the payroll's gross. */
  rows: z.array(z.object({ month: z.string(), category: z.number(), category_name: z.string(), head_count: z.number(), cost: z.string() })),
  total: z.object({ cost: z.string() }),
});
export const payrollReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(
    z.object({
      month: z.string(),
      staff: z.number(),
      staff_code: z.string(),
      staff_name: z.string(),
      status: z.enum(PAYROLL_STATUSES),
      gross: z.string(),
      total_deductions: z.string(),
      net: z.string(),
    }),
  ),
  total: z.object({ gross: z.string(), total_deductions: z.string(), net: z.string() }),
});
export const commissionReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Per staff member with sales credited in the window: the taxable value net of credit notes, and the commission at their percentage. */
  rows: z.array(
    z.object({
      staff: z.number(),
      staff_code: z.string(),
      staff_name: z.string(),
      sales: z.string(),
      commission_percent: z.string(),
      commission: z.string(),
    }),
  ),
  total: z.object({ sales: z.string(), commission: z.string() }),
});
export const attendanceReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(
    z.object({
      staff: z.number(),
      staff_code: z.string(),
      staff_name: z.string(),
      present: z.number(),
      half_day: z.number(),
      leave: z.number(),
      absent: z.number(),
    }),
  ),
  total: z.object({ present: z.number(), half_day: z.number(), leave: z.number(), absent: z.number() }),
});
export const staffMemberCountReportSchema = z.object({
  /** As of today: the memberships running with them as trainer, batches they coach, running member services they give. */
  rows: z.array(
    z.object({
      staff: z.number(),
      staff_code: z.string(),
      staff_name: z.string(),
      members: z.number(),
      batches: z.number(),
      services: z.number(),
    }),
  ),
  total: z.object({ members: z.number(), batches: z.number(), services: z.number() }),
});

const BASE = '/api/staff-management/' as const;
const PAYROLL = `${BASE}pay-roll/` as const;

export const staffSettingsEndpoints = {
  retrieve: endpoint({ method: 'GET', path: `${BASE}settings/`, response: staffSettingsSchema }),
  update: endpoint({ method: 'PUT', path: `${BASE}settings/`, body: staffSettingsInputSchema, response: staffSettingsSchema }),
};

/** Payroll. The list's filters: `month`, `centre`, `status`, `staff`; ordering `month`, `staff_name`, `net`, `status`; `format=csv|xlsx`. */
export const payrollEndpoints = {
  list: listEndpoint(PAYROLL, payrollSchema),
  retrieve: endpoint({ method: 'GET', path: `${PAYROLL}:id/`, params: idParamsSchema, response: payrollSchema }),
  generate: endpoint({ method: 'POST', path: `${PAYROLL}generate/`, body: payrollGenerateInputSchema, response: payrollGenerateSchema }),
  partialUpdate: endpoint({
    method: 'PATCH',
    path: `${PAYROLL}:id/`,
    params: idParamsSchema,
    body: payrollUpdateSchema,
    response: payrollSchema,
  }),
  /** draft → approved (else 400). */
  approve: endpoint({ method: 'POST', path: `${PAYROLL}:id/approve/`, params: idParamsSchema, response: payrollSchema }),
  /** approved → paid, writing the expense (else 400; a second pay is refused). */
  pay: endpoint({
    method: 'POST',
    path: `${PAYROLL}:id/pay/`,
    params: idParamsSchema,
    body: payrollPayInputSchema,
    response: payrollSchema,
  }),
  /** The payslip, a PDF. */
  payslip: endpoint({ method: 'GET', path: `${PAYROLL}:id/payslip/`, params: idParamsSchema, file: true }),
};

/** Paid payroll rows. Filters: `staff`, `month_after`, `month_before` (yyyy-MM), `payment_mode`; `format=csv|xlsx`. */
export const payrollPaymentHistoryEndpoint = listEndpoint(`${BASE}payment-history/`, payrollPaymentSchema);

export const staffDashboardEndpoint = endpoint({
  method: 'GET',
  path: `${BASE}dashboard/`,
  query: z.object({ centre: idSchema.optional() }),
  response: staffDashboardSchema,
});

/** Staff Management › Logs. */
export const staffLogsEndpoint = auditLogEndpoint(`${BASE}logs/`);

const REPORTS = `${BASE}reports/` as const;
/** The reports: a date window (this month by default, at most 5 years), `centre`, `format=csv|xlsx`. */
export const staffReportEndpoints = {
  category: reportEndpoint(`${REPORTS}staff-category/`, staffCategoryReportSchema),
  payroll: reportEndpoint(`${REPORTS}pay-roll/`, payrollReportSchema, { query: { staff: idSchema.optional() } }),
  commission: reportEndpoint(`${REPORTS}commission/`, commissionReportSchema),
  attendance: reportEndpoint(`${REPORTS}staff-attendance/monthly/`, attendanceReportSchema, { query: { staff: idSchema.optional() } }),
  memberCount: reportEndpoint(`${REPORTS}staff-member-count/`, staffMemberCountReportSchema, { window: false }),
};
