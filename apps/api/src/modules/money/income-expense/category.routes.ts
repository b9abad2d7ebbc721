import {
  incomeExpenseCategoryEndpoints as e,
  LEDGER_TYPE_LABELS,
  LEDGER_TYPES,
  z,
  type IncomeExpenseCategory,
  type LedgerType,
} from '@arena/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registerCrud, statusColumn } from '../../../platform/crud.js';
import { activeFilter } from '../../../platform/list.js';
import { inTenant } from '../../../platform/request-context.js';
import { route } from '../../../platform/route.js';
import { inputToValues, rowToJson } from '../../../platform/serialize.js';
import { moneyCategory } from '../schema.js';
import { MODULE } from './constants.js';
import { guardInUse } from './in-use.js';

/** Income/Expenses › Categories: the lookup entries and reports group by (the defaults come with every organisation). */
export async function categoryRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    guardInUse(scope, {
      state: async (tx, ctx, id) => {
        const [row] = await tx
          .select({
            type: moneyCategory.type,
            used: sql<boolean>`exists (select 1 from income_expense e where e.organisation_id = ${ctx.organisationId} and e.category_id = ${id})
              or exists (select 1 from ledger_entry l where l.organisation_id = ${ctx.organisationId} and l.category_id = ${id})`,
          })
          .from(moneyCategory)
          .where(and(eq(moneyCategory.organisationId, ctx.organisationId), eq(moneyCategory.id, id)));
        return row ? { used: row.used, values: { type: row.type } } : null;
      },
      deleteMessage: 'This category is used by income/expense entries or ledger movements and cannot be deleted. Mark it inactive instead.',
      frozen: { type: 'This category is used by entries or movements; its type cannot be changed.' },
    });

    route(scope, e.dropdown, {
      module: MODULE,
      tags: ['category'],
      summary: 'Active categories for selects, of one type with `type=income|expense`',
      handler: async (request) =>
        inTenant(request, async (tx, ctx) => ({
          results: await tx
            .select({ id: moneyCategory.id, name: moneyCategory.name })
            .from(moneyCategory)
            .where(
              and(
                eq(moneyCategory.organisationId, ctx.organisationId),
                eq(moneyCategory.isActive, true),
                // Money held (deposits) is no entry's category.
                request.query.type ? eq(moneyCategory.type, request.query.type) : ne(moneyCategory.type, 'liability'),
              ),
            )
            .orderBy(asc(moneyCategory.name), asc(moneyCategory.id)),
        })),
    });

    registerCrud(scope, {
      endpoints: e,
      module: MODULE,
      resource: 'category',
      table: moneyCategory,
      toOutput: ({ row }: { row: typeof moneyCategory.$inferSelect }) => rowToJson(row) as IncomeExpenseCategory,
      toValues: inputToValues,
      label: (c) => c.name,
      search: [moneyCategory.name, moneyCategory.description],
      ordering: {
        id: moneyCategory.id,
        name: moneyCategory.name,
        type: moneyCategory.type,
        is_active: moneyCategory.isActive,
        created_at: moneyCategory.createdAt,
      },
      defaultOrdering: [asc(moneyCategory.type), asc(moneyCategory.name)],
      filters: {
        type: {
          schema: z.enum(LEDGER_TYPES),
          where: (v: LedgerType) => eq(moneyCategory.type, v),
          label: 'Type',
          show: (v: LedgerType) => LEDGER_TYPE_LABELS[v],
        },
        is_active: activeFilter(moneyCategory.isActive),
      },
      unique: { money_category_org_type_name_key: { field: 'name', message: 'A category with this name already exists.' } },
      export: {
        filename: 'income-expense-categories',
        title: 'Income and expense categories',
        columns: [
          { header: 'Name', value: (c) => c.name },
          { header: 'Type', value: (c) => LEDGER_TYPE_LABELS[c.type] },
          { header: 'Description', value: (c) => c.description },
          statusColumn,
          { header: 'Created', value: (c) => c.created_at, type: 'datetime' },
        ],
      },
    });
  });
}
