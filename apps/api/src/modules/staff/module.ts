import type { ModuleManifest } from '../../platform/module.js';
import { MODULE } from './constants.js';
import { seedStaff } from './seed.js';
import { staffCategoryRoutes } from './staff-category.routes.js';
import { staffRoutes } from './staff.routes.js';
import { staffLoginRoutes } from './login.routes.js';

/** Staff Management: staff categories and staff; attendance and payroll come next (issue 21). */
export const staffModule: ModuleManifest = {
  name: 'staff',
  permission: MODULE,
  routes: async (app) => {
    await staffCategoryRoutes(app);
    await staffRoutes(app);
    await staffLoginRoutes(app);
  },
  seed: seedStaff,
};
