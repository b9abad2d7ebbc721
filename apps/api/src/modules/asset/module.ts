import type { FastifyInstance } from 'fastify';
import { assetLogsEndpoint, maintenanceEndpoints } from '@arena/contracts/asset';
import { auditLogRoute } from '../../platform/audit-log.routes.js';
import type { ModuleManifest } from '../../platform/module.js';
import { assetRoutes } from './asset.routes.js';
import { EQUIPMENT_CATEGORY, MAINTENANCE_CATEGORY, MODULE } from './constants.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { dueTask, DUE_TASK } from './due.js';
import { fileRoutes } from './files.routes.js';
import { lookupRoutes } from './lookups.routes.js';
import { maintenanceRoutes } from './maintenance.routes.js';
import { seedAssets } from './seed.js';

export const assetModule: ModuleManifest = {
  name: 'asset',
  permission: MODULE,
  // Desk work: anyone who operates reports a fault and logs maintenance; the register and its lookups need manage.
  levels: { operate: [maintenanceEndpoints.reportFault, maintenanceEndpoints.create, maintenanceEndpoints.done] },
  routes: async (app: FastifyInstance) => {
    await lookupRoutes(app);
    await assetRoutes(app);
    await app.register(fileRoutes);
    await maintenanceRoutes(app);
    await dashboardRoutes(app);
    auditLogRoute(app, assetLogsEndpoint, MODULE);
  },
  seed: seedAssets,
  tasks: [dueTask],
  // Hourly: each organisation's scheduled maintenance due within the week raises its notification once.
  schedules: [{ task: DUE_TASK, cron: '37 * * * *' }],
  defaultCategories: [
    { name: EQUIPMENT_CATEGORY, type: 'expense' },
    { name: MAINTENANCE_CATEGORY, type: 'expense' },
  ],
};
