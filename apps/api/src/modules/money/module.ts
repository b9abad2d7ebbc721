import { DEFAULT_EXPENSE_CATEGORIES, invoiceEndpoints, invoiceLogs } from '@arena/contracts';
import type { FastifyInstance } from 'fastify';
import { auditLogRoute } from '../../platform/audit-log.routes.js';
import type { ModuleManifest } from '../../platform/module.js';
import { accountsReportRoutes } from './accounts-reports.routes.js';
import { closeBooksRoutes } from './close-books.routes.js';
import { MODULE } from './constants.js';
import { startBooks } from './setup.js';
import { invoiceRoutes } from './invoice.routes.js';

/** Accounts (module "Invoice Management"): the invoices and credit notes of every module, and the books' reports. */
export const moneyModule: ModuleManifest = {
  name: 'money',
  permission: MODULE,
  // Mailing an invoice is desk work; closing the books is the owner's.
  levels: { operate: [invoiceEndpoints.email] },
  routes: async (app: FastifyInstance) => {
    await invoiceRoutes(app);
    await accountsReportRoutes(app);
    await closeBooksRoutes(app);
    auditLogRoute(app, invoiceLogs, MODULE);
  },
  // The categories every organisation's books start with besides the modules' own (Bookings, Memberships …).
  defaultCategories: [
    { name: 'Other income', type: 'income' },
    ...DEFAULT_EXPENSE_CATEGORIES.map((name) => ({ name, type: 'expense' as const })),
  ],
  onOrganisationCreated: startBooks,
};
