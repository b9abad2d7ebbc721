import { staffCategoryEndpoints, type StaffCategory } from '@arena/contracts/staff';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registerCrud, statusColumn } from '../../platform/crud.js';
import { activeFilter } from '../../platform/list.js';
import { inputToValues, rowToJson } from '../../platform/serialize.js';
import { MODULE } from './constants.js';
import { staffCategory } from './schema.js';

/** Staff Management › Staff Category: the kinds of staff a centre employs. */
export async function staffCategoryRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, {
    endpoints: staffCategoryEndpoints,
    module: MODULE,
    resource: 'staff_category',
    table: staffCategory,
    toOutput: ({ row }: { row: typeof staffCategory.$inferSelect }) => rowToJson(row) as StaffCategory,
    toValues: inputToValues,
    label: (c) => c.name,
    search: [staffCategory.name, staffCategory.description],
    ordering: { id: staffCategory.id, name: staffCategory.name, is_active: staffCategory.isActive, created_at: staffCategory.createdAt },
    defaultOrdering: [asc(staffCategory.name)],
    filters: { is_active: activeFilter(staffCategory.isActive) },
    dropdown: { label: staffCategory.name, where: eq(staffCategory.isActive, true) },
    unique: { staff_category_org_name_key: { field: 'name', message: 'A staff category with this name already exists.' } },
    export: {
      filename: 'staff-categories',
      title: 'Staff categories',
      columns: [
        { header: 'Name', value: (c) => c.name },
        { header: 'Description', value: (c) => c.description },
        { header: 'Paid leave days per month', value: (c) => c.paid_leave_days, type: 'number' },
        statusColumn,
        { header: 'Created', value: (c) => c.created_at, type: 'datetime' },
      ],
    },
  });
}
