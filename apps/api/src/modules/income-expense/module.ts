import { incomeExpenseEntryEndpoints, incomeExpenseLogs } from '@arena/contracts';
import type { FastifyInstance } from 'fastify';
import { auditLogRoute } from '../../platform/audit-log.routes.js';
import type { ModuleManifest } from '../../platform/module.js';
import { MODULE } from './constants.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { incomeExpenseReportRoutes } from './reports.routes.js';
import { incomeExpenseRoutes, seedIncomeExpense } from '../money/index.js';

/**
 * Income/Expenses Management: categories, vendors, manual income and expense entries (each a
 * movement of the one ledger), the whole ledger with its totals, the dashboard and the reports.
 * Its seed needs the administrator's (categories, payment modes, centres): it is listed after it.
 */
export const incomeExpenseModule: ModuleManifest = {
  name: 'income-expense',
  permission: MODULE,
  // Recording an income or expense is desk work; corrections, reversals, categories and vendors need manage.
  levels: { operate: [incomeExpenseEntryEndpoints.create] },
  routes: async (app: FastifyInstance) => {
    // Categories, vendors, entries and the ledger: served by the money module, whose tables they are.
    await incomeExpenseRoutes(app);
    await dashboardRoutes(app);
    await incomeExpenseReportRoutes(app);
    auditLogRoute(app, incomeExpenseLogs, MODULE);
  },
  seed: seedIncomeExpense,
};
