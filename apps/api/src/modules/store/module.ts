import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ModuleManifest } from '../../platform/module.js';
import { MODULE, PURCHASES_CATEGORY, SALE_SOURCE, SALES_CATEGORY, WRITE_OFF_CATEGORY } from './constants.js';
import { lookupRoutes } from './lookups.routes.js';
import { productRoutes } from './product.routes.js';
import { sale } from './schema.js';

export const storeModule: ModuleManifest = {
  name: 'store',
  permission: MODULE,
  routes: async (app: FastifyInstance) => {
    await lookupRoutes(app);
    await productRoutes(app);
  },
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
