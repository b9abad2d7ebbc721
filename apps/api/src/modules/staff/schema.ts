import { sql } from 'drizzle-orm';
import { boolean, check, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantTable, timestamps } from '../../platform/db/columns.js';

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
