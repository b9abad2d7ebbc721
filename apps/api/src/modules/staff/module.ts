import type { ModuleManifest } from '../../platform/module.js';
import { MODULE } from './constants.js';
import { seedStaff } from './seed.js';
import { staffCategoryRoutes } from './staff-category.routes.js';

/** Staff Management: staff categories today; staff, attendance and payroll come with issue 21. */
export const staffModule: ModuleManifest = {
  name: 'staff',
  permission: MODULE,
  routes: staffCategoryRoutes,
  seed: seedStaff,
};
