/** Diet › categories (the generic CRUD) and message templates (the messaging engine's, module `diet`). */
import { dietCategoryEndpoints, dietTemplateEndpoints, type DietCategory } from '@arena/contracts/diet';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { refuseDeleteInUse, registerCrud, statusColumn } from '../../platform/crud.js';
import { queryRows } from '../../platform/db/client.js';
import { activeFilter } from '../../platform/list.js';
import { inputToValues, rowToJson } from '../../platform/serialize.js';
import { MODULE } from './constants.js';
import { moduleTemplateRoutes } from '../messaging/index.js';
import { dietCategory } from './schema.js';

const created = { header: 'Created', value: (r: { created_at: string }) => r.created_at, type: 'datetime' as const };

export async function lookupRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    refuseDeleteInUse(scope, async (tx, ctx, id) => {
      const rows = await queryRows(
        tx,
        sql`select 1 from diet_plan where organisation_id = ${ctx.organisationId} and category_id = ${id}
            union all select 1 from diet_member_diet where organisation_id = ${ctx.organisationId} and category_id = ${id} limit 1`,
      );
      return rows.length ? 'Diet plans are filed under this category: deactivate it instead.' : null;
    });
    registerCrud(scope, {
      endpoints: dietCategoryEndpoints,
      module: MODULE,
      resource: 'diet_category',
      table: dietCategory,
      join: {
        fields: {
          row: dietCategory,
          plans:
            sql<number>`(select count(*)::int from diet_plan p where p.organisation_id = diet_category.organisation_id and p.category_id = diet_category.id)`.mapWith(
              Number,
            ),
        },
        from: (tx, fields) => tx.select(fields).from(dietCategory).$dynamic(),
      },
      toOutput: ({ row, plans }: { row: typeof dietCategory.$inferSelect; plans: number }) =>
        ({ ...rowToJson(row), plans }) as DietCategory,
      toValues: inputToValues,
      label: (c) => c.name,
      search: [dietCategory.name, dietCategory.description],
      ordering: { id: dietCategory.id, name: dietCategory.name, is_active: dietCategory.isActive, created_at: dietCategory.createdAt },
      defaultOrdering: [asc(dietCategory.name)],
      filters: { is_active: activeFilter(dietCategory.isActive) },
      dropdown: { label: dietCategory.name, where: eq(dietCategory.isActive, true) },
      unique: { diet_category_org_name_key: { field: 'name', message: 'A diet category with this name already exists.' } },
      export: {
        filename: 'diet-categories',
        title: 'Diet categories',
        columns: [
          { header: 'Name', value: (c) => c.name },
          { header: 'Description', value: (c) => c.description },
          { header: 'Plans', value: (c) => c.plans, type: 'number' },
          statusColumn,
          created,
        ],
      },
    });
  });

  // Message templates are the messaging engine's, filed under `diet`.
  moduleTemplateRoutes(app, dietTemplateEndpoints, 'diet');
}
