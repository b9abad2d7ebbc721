import { sql } from 'drizzle-orm';
import { boolean, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantTable, timestamps } from '../../platform/db/columns.js';

/** Staff Management › Staff Category: Trainer, Coach, Receptionist, Manager … */
export const staffCategory = tenantTable(
  'staff_category',
  {
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('staff_category_org_name_key').on(t.organisationId, sql`lower(${t.name})`)],
);
