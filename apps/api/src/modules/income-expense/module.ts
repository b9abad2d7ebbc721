import type { FastifyInstance } from 'fastify';
import { auditLogRoute } from '../../platform/audit-log.routes.js';
import type { ModuleManifest } from '../../platform/module.js';
import { categoryRoutes } from './category.routes.js';
import { MODULE } from './constants.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { entryRoutes } from './entry.routes.js';
import { incomeExpenseReportRoutes } from './reports.routes.js';
import { seedIncomeExpense } from './seed.js';
import { transactionRoutes } from './transactions.routes.js';
import { vendorRoutes } from './vendor.routes.js';

/**
 * Income/Expenses Management: categories, vendors, manual income and expense entries (each a
 * movement of the one ledger), the whole ledger with its totals, the dashboard and the reports.
 * Its seed needs the administrator's (categories, payment modes, centres): it is listed after it.
 */
export const incomeExpenseModule: ModuleManifest = {
  name: 'income-expense',
  routes: async (app: FastifyInstance) => {
    await categoryRoutes(app);
    await vendorRoutes(app);
    await entryRoutes(app);
    await transactionRoutes(app);
    await dashboardRoutes(app);
    await incomeExpenseReportRoutes(app);
    auditLogRoute(app, '/api/income-expense/logs/', MODULE);
  },
  seed: seedIncomeExpense,
};
