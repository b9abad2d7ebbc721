import type { FastifyInstance } from 'fastify';
import { auditLogRoute } from '../../platform/audit-log.routes.js';
import type { ModuleManifest } from '../../platform/module.js';
import { accountsReportRoutes } from './accounts-reports.routes.js';
import { MODULE } from './constants.js';
import { invoiceRoutes } from './invoice.routes.js';

/** Accounts (module "Invoice Management"): the invoices and credit notes of every module, and the books' reports. */
export const moneyModule: ModuleManifest = {
  name: 'money',
  routes: async (app: FastifyInstance) => {
    await invoiceRoutes(app);
    await accountsReportRoutes(app);
    auditLogRoute(app, '/api/administrator/invoice/logs/', MODULE);
  },
};
