import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ModuleManifest } from '../../platform/module.js';
import { MODULE, PURCHASES_CATEGORY, SALE_SOURCE, SALES_CATEGORY, WRITE_OFF_CATEGORY } from './constants.js';
import { cartEndpoints, customerEndpoints, saleEndpoints, storeLogsEndpoint } from '@arena/contracts/store';
import { auditLogRoute } from '../../platform/audit-log.routes.js';
import { batchRoutes } from './batch.routes.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { listRoutes } from './lists.routes.js';
import { lookupRoutes } from './lookups.routes.js';
import { purchaseRoutes } from './purchase.routes.js';
import { storeReportRoutes } from './reports.routes.js';
import { saleRoutes } from './sale.routes.js';
import { productRoutes } from './product.routes.js';
import { sale } from './schema.js';
import { seedStore } from './seed.js';

export const storeModule: ModuleManifest = {
  name: 'store',
  permission: MODULE,
  // Desk work: selling, taking dues, taking goods back, saving a customer. Products, prices, bills and stock corrections need manage.
  levels: {
    view: [cartEndpoints.quote],
    operate: [
      cartEndpoints.checkout,
      saleEndpoints.collect,
      saleEndpoints.return,
      customerEndpoints.create,
      customerEndpoints.update,
      customerEndpoints.partialUpdate,
    ],
  },
  routes: async (app: FastifyInstance) => {
    await lookupRoutes(app);
    await productRoutes(app);
    await batchRoutes(app);
    await purchaseRoutes(app);
    await saleRoutes(app);
    await listRoutes(app);
    await dashboardRoutes(app);
    await storeReportRoutes(app);
    auditLogRoute(app, storeLogsEndpoint, MODULE);
  },
  seed: seedStore,
  defaultCategories: [
    { name: SALES_CATEGORY, type: 'income', moduleIncome: true },
    { name: PURCHASES_CATEGORY, type: 'expense' },
    { name: WRITE_OFF_CATEGORY, type: 'expense' },
  ],
  // Counter sales are sales: the ledger keeps their paid amount in step with receipts and refunds.
  saleSources: [
    {
      type: SALE_SOURCE,
      noun: 'sale',
      link: (s) => `/store/sold?search=${encodeURIComponent(s.label)}`,
      module: MODULE,
      table: sale,
      total: sql`(${sale.total} - ${sale.returned})`,
      paid: sale.paid,
      label: sale.number,
      party: sale.customerName,
      soldBy: sale.soldBy,
      centre: sale.centreId,
      open: sql`true`,
    },
  ],
};
