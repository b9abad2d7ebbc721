import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, text, time, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, ref, tenantRef, tenantTable, timestamps } from '../../platform/db/columns.js';
import { appUser } from '../../platform/db/schema.js';
import { centre, paymentMode } from '../administrator/index.js';

/** Staff Management › Staff Category: Trainer, Coach, Receptionist, Manager … */
export const staffCategory = tenantTable(
  'staff_category',
  {
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    /** Leave days a month that payroll pays like present days (issue 21). */
    paidLeaveDays: integer('paid_leave_days').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('staff_category_org_name_key').on(t.organisationId, sql`lower(${t.name})`),
    check('staff_category_paid_leave_days', sql`${t.paidLeaveDays} between 0 and 60`),
  ],
);

/** Staff Management › Staff: who works where and how they are paid. */
export const staff = tenantTable(
  'staff',
  {
    /** STF-0007: the organisation's counter (`staff`), consecutive. */
    staffCode: text('staff_code').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull(),
    email: text('email').notNull().default(''),
    photo: text('photo'),
    gender: text('gender', { enum: ['male', 'female', 'other'] }).notNull(),
    dateOfBirth: date('date_of_birth'),
    address: text('address').notNull().default(''),
    categoryId: ref('category_id').notNull(),
    joiningDate: date('joining_date').notNull(),
    salaryType: text('salary_type', { enum: ['monthly', 'hourly', 'per_session'] }).notNull(),
    basePay: money('base_pay').notNull(),
    commissionPercent: numeric('commission_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    bankAccount: text('bank_account').notNull().default(''),
    ifsc: text('ifsc').notNull().default(''),
    upiId: text('upi_id').notNull().default(''),
    pan: text('pan').notNull().default(''),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    notes: text('notes').notNull().default(''),
    /** Their login: an app_user of the same organisation (composite reference), one staff member each; null = none. */
    userId: ref('user_id'),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.categoryId, () => staffCategory),
    tenantRef(t, t.userId, () => appUser),
    uniqueIndex('staff_org_user_key').on(t.organisationId, t.userId),
    uniqueIndex('staff_org_code_key').on(t.organisationId, t.staffCode),
    uniqueIndex('staff_org_phone_key').on(t.organisationId, t.phone),
    index('staff_org_name_idx').on(t.organisationId, sql`lower(${t.firstName} || ' ' || ${t.lastName})`),
    check('staff_salary_type', sql`${t.salaryType} in ('monthly', 'hourly', 'per_session')`),
    check('staff_status', sql`${t.status} in ('active', 'inactive')`),
    check('staff_base_pay', sql`${t.basePay} > 0 and ${t.basePay} <= 1000000`),
    check('staff_commission_percent', sql`${t.commissionPercent} between 0 and 100`),
  ],
);
export type StaffRow = typeof staff.$inferSelect;

/** The centres a staff member works in (at least one, kept by the service). */
export const staffCentre = tenantTable(
  'staff_centre',
  {
    staffId: ref('staff_id').notNull(),
    centreId: ref('centre_id').notNull(),
  },
  (t) => [
    tenantRef(t, t.staffId, () => staff, { onDelete: 'cascade' }),
    tenantRef(t, t.centreId, () => centre),
    uniqueIndex('staff_centre_staff_centre_key').on(t.organisationId, t.staffId, t.centreId),
    index('staff_centre_centre_idx').on(t.organisationId, t.centreId),
  ],
);

/** Staff Management's settings, one row per organisation (made on first write): the weekly off day payroll leaves out. */
export const staffSetting = tenantTable(
  'staff_setting',
  {
    /** ISO weekday (1 Monday … 7 Sunday); null: no weekly off. */
    weeklyOffDay: integer('weekly_off_day').default(7),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('staff_setting_org_key').on(t.organisationId),
    check('staff_setting_weekly_off_day', sql`${t.weeklyOffDay} is null or ${t.weeklyOffDay} between 1 and 7`),
  ],
);

/** A staff member's day: present, absent, half day or leave, with the times they came and went. One per staff member and day. */
export const staffAttendance = tenantTable(
  'staff_attendance',
  {
    staffId: ref('staff_id').notNull(),
    date: date('date').notNull(),
    status: text('status', { enum: ['present', 'absent', 'half_day', 'leave'] }).notNull(),
    checkIn: time('check_in'),
    checkOut: time('check_out'),
    notes: text('notes').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.staffId, () => staff, { onDelete: 'cascade' }),
    uniqueIndex('staff_attendance_staff_date_key').on(t.organisationId, t.staffId, t.date),
    index('staff_attendance_org_date_idx').on(t.organisationId, t.date),
    check('staff_attendance_status', sql`${t.status} in ('present', 'absent', 'half_day', 'leave')`),
    check('staff_attendance_times', sql`${t.checkOut} is null or ${t.checkIn} is null or ${t.checkOut} >= ${t.checkIn}`),
  ],
);

/** One computed line of a payroll row: what it is, how it was worked out, the amount ("1234.50"). */
export interface PayrollLineJson {
  label: string;
  formula: string;
  amount: string;
}

/** A staff member's pay for a month: draft → approved → paid (an expense movement of the ledger). */
export const payroll = tenantTable(
  'payroll',
  {
    staffId: ref('staff_id').notNull(),
    /** yyyy-MM */
    month: text('month').notNull(),
    status: text('status', { enum: ['draft', 'approved', 'paid'] })
      .notNull()
      .default('draft'),
    salaryType: text('salary_type', { enum: ['monthly', 'hourly', 'per_session'] }).notNull(),
    basePay: money('base_pay').notNull(),
    workingDays: integer('working_days').notNull(),
    presentDays: numeric('present_days', { precision: 5, scale: 1 }).notNull(),
    halfDays: integer('half_days').notNull().default(0),
    leaveDays: integer('leave_days').notNull().default(0),
    paidLeaveDays: integer('paid_leave_days').notNull().default(0),
    absentDays: integer('absent_days').notNull().default(0),
    hours: numeric('hours', { precision: 7, scale: 2 }).notNull().default('0'),
    sessions: integer('sessions').notNull().default(0),
    baseAmount: money('base_amount').notNull(),
    commissionSales: money('commission_sales').notNull().default('0'),
    commissionPercent: numeric('commission_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    commission: money('commission').notNull().default('0'),
    bonus: money('bonus').notNull().default('0'),
    gross: money('gross').notNull(),
    advance: money('advance').notNull().default('0'),
    otherDeductions: money('other_deductions').notNull().default('0'),
    pfEnabled: boolean('pf_enabled').notNull().default(false),
    esiEnabled: boolean('esi_enabled').notNull().default(false),
    pf: money('pf').notNull().default('0'),
    esi: money('esi').notNull().default('0'),
    totalDeductions: money('total_deductions').notNull().default('0'),
    net: money('net').notNull(),
    computation: jsonb('computation').$type<PayrollLineJson[]>().notNull(),
    notes: text('notes').notNull().default(''),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidOn: date('paid_on'),
    paymentModeId: ref('payment_mode_id'),
    reference: text('reference').notNull().default(''),
    /** The ledger movement the payment wrote (money's; no foreign key across modules). */
    expenseId: ref('expense_id'),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.staffId, () => staff),
    tenantRef(t, t.paymentModeId, () => paymentMode),
    uniqueIndex('payroll_staff_month_key').on(t.organisationId, t.staffId, t.month),
    index('payroll_org_month_idx').on(t.organisationId, t.month),
    check('payroll_status', sql`${t.status} in ('draft', 'approved', 'paid')`),
    check('payroll_month', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('payroll_net', sql`${t.net} >= 0 and ${t.gross} >= 0`),
    check('payroll_paid', sql`${t.status} <> 'paid' or ${t.paidOn} is not null`),
  ],
);
export type PayrollRow = typeof payroll.$inferSelect;
