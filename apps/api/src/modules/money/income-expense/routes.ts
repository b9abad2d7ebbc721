import type { FastifyInstance } from 'fastify';
import { categoryRoutes } from './category.routes.js';
import { entryRoutes } from './entry.routes.js';
import { transactionRoutes } from './transactions.routes.js';
import { vendorRoutes } from './vendor.routes.js';

/**
 * The screens of Income/Expenses Management the money module serves (module permission
 * 'Income/Expenses Management', URLs `/api/income-expense/…`): its categories are the books'
 * categories, its entries are ledger movements and its transactions are the ledger itself.
 */
export async function incomeExpenseRoutes(app: FastifyInstance): Promise<void> {
  await categoryRoutes(app);
  await vendorRoutes(app);
  await entryRoutes(app);
  await transactionRoutes(app);
}
