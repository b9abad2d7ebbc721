import { incomeExpenseDashboard } from '@arena/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { monthOf } from '../../platform/time.js';
import { categoryRows, periodRows } from '../money/index.js';
import { MODULE } from './constants.js';
import { ledgerAlias as l, ledgerFields, ledgerFrom, ledgerJson, monthsBefore, type LedgerSelectRow } from '../money/index.js';

/** Income/Expenses › Dashboard: this month against last, the last 12 months, this month's expenses by category, the latest movements. */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  route(app, incomeExpenseDashboard, {
    module: MODULE,
    tags: ['income-expense'],
    summary: 'This month against last month, the last 12 months, expenses by category this month, the last 10 movements',
    handler: async (request) =>
      inTenant(
        request,
        async (tx, ctx) => {
          const centre = request.query.centre;
          const thisMonth = monthOf(ctx.now.today);
          const [months, byCategory, recent] = await Promise.all([
            periodRows(tx, ctx, { from: monthsBefore(ctx.now.today, 11), to: thisMonth.to, centre }, 'month'),
            categoryRows(tx, ctx, { ...thisMonth, centre }, 'expense'),
            ledgerFrom(tx, ledgerFields)
              .where(and(eq(l.organisationId, ctx.organisationId), centre ? eq(l.centreId, centre) : undefined))
              .orderBy(desc(l.date), desc(l.id))
              .limit(10) as unknown as Promise<LedgerSelectRow[]>,
          ]);
          const monthly = months.map((m) => ({ month: m.period, income: m.income, expense: m.expense, net: m.net }));
          return {
            this_month: monthly[monthly.length - 1],
            last_month: monthly[monthly.length - 2],
            monthly,
            expense_by_category: byCategory.map((c) => ({ category: c.category, amount: c.amount })),
            recent: recent.map(ledgerJson),
          };
        },
        { customPlans: true },
      ),
  });
}
