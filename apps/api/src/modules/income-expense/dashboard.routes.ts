import { fromPaise, incomeExpenseCollections, incomeExpenseDashboard, signedPaise } from '@arena/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { monthOf } from '../../platform/time.js';
import { categoryRows, duesOutstanding, ledgerTotals, periodRows, type LedgerTotalsRow } from '../money/index.js';
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

  route(app, incomeExpenseCollections, {
    module: MODULE,
    tags: ['income-expense'],
    summary: "Today's and this month's collections from the ledger (every module, by mode and by module), and the dues outstanding",
    handler: async (request) =>
      inTenant(
        request,
        async (tx, ctx) => {
          const centre = request.query.centre;
          const today = ctx.now.today;
          const month = { from: monthOf(today).from, to: today };
          const window = (from: string, to: string, groupBy: 'mode' | 'module') =>
            ledgerTotals(tx, ctx, { type: 'income', from, to, centre, groupBy: [groupBy], fill: false });
          const [dayModes, dayModules, monthModes, monthModules, dues] = await Promise.all([
            window(today, today, 'mode'),
            window(today, today, 'module'),
            window(month.from, month.to, 'mode'),
            window(month.from, month.to, 'module'),
            duesOutstanding(tx, ctx, centre),
          ]);
          return {
            today: collections(today, today, dayModes, dayModules),
            month: collections(month.from, month.to, monthModes, monthModules),
            dues,
          };
        },
        { customPlans: true },
      ),
  });
}

/** A window's collections: the sums of its mode groups, and both breakdowns (largest first, empty groups left out). */
function collections(from: string, to: string, modes: LedgerTotalsRow[], modules: LedgerTotalsRow[]) {
  // Signed: a day's refunds may exceed its receipts.
  const paise = (v: string) => signedPaise(v) ?? 0;
  const sum = (key: 'receipts' | 'refunds' | 'income') => fromPaise(modes.reduce((n, r) => n + paise(r[key]), 0));
  const nonZero = <T extends { amount: string }>(rows: T[]) =>
    rows.filter((r) => paise(r.amount) !== 0).sort((a, b) => paise(b.amount) - paise(a.amount));
  return {
    from,
    to,
    receipts: sum('receipts'),
    refunds: sum('refunds'),
    amount: sum('income'),
    by_mode: nonZero(modes.map((r) => ({ mode: r.mode ?? 'Other', amount: r.income }))),
    by_module: nonZero(modules.map((r) => ({ module: r.module ?? '', amount: r.income }))),
  };
}
