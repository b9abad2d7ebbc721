import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, ref, tenantRef, tenantTable, timestamps } from '../../platform/db/columns.js';
import { appUser } from '../../platform/db/schema.js';
import { centre } from '../administrator/index.js';

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
