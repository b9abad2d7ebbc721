import { vendorEndpoints, type Vendor } from '@arena/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registerCrud, statusColumn } from '../../../platform/crud.js';
import { activeFilter } from '../../../platform/list.js';
import { inputToValues, rowToJson } from '../../../platform/serialize.js';
import { MODULE } from './constants.js';
import { guardInUse } from './in-use.js';
import { vendor } from '../schema.js';

/** Income/Expenses › Vendors: who expenses are paid to (landlord, electricity board, suppliers). */
export async function vendorRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    guardInUse(scope, {
      state: async (tx, ctx, id) => {
        const [row] = await tx
          .select({
            used: sql<boolean>`exists (select 1 from income_expense e where e.organisation_id = ${ctx.organisationId} and e.vendor_id = ${id})`,
          })
          .from(vendor)
          .where(and(eq(vendor.organisationId, ctx.organisationId), eq(vendor.id, id)));
        return row ? { used: row.used, values: {} } : null;
      },
      deleteMessage: 'This vendor is named on income/expense entries and cannot be deleted. Mark it inactive instead.',
    });

    registerCrud(scope, {
      endpoints: vendorEndpoints,
      module: MODULE,
      resource: 'vendor',
      table: vendor,
      toOutput: ({ row }: { row: typeof vendor.$inferSelect }) => rowToJson(row) as Vendor,
      toValues: inputToValues,
      label: (v) => v.name,
      search: [vendor.name, vendor.phone, vendor.email, vendor.gstin],
      ordering: { id: vendor.id, name: vendor.name, created_at: vendor.createdAt, is_active: vendor.isActive },
      defaultOrdering: [asc(vendor.name)],
      filters: { is_active: activeFilter(vendor.isActive) },
      dropdown: { label: vendor.name, where: eq(vendor.isActive, true) },
      unique: { vendor_org_name_key: { field: 'name', message: 'A vendor with this name already exists.' } },
      export: {
        filename: 'vendors',
        title: 'Vendors',
        columns: [
          { header: 'Name', value: (v) => v.name },
          { header: 'Phone', value: (v) => v.phone },
          { header: 'Email', value: (v) => v.email },
          { header: 'GSTIN', value: (v) => v.gstin },
          { header: 'Address', value: (v) => v.address },
          statusColumn,
          { header: 'Created', value: (v) => v.created_at, type: 'datetime' },
        ],
      },
    });
  });
}
