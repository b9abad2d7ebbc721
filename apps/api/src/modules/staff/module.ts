import type { ModuleManifest } from '../../platform/module.js';
import { MODULE } from './constants.js';
import { seedStaff } from './seed.js';
import { seedPayroll } from './seed-payroll.js';
import { staffCategoryRoutes } from './staff-category.routes.js';
import { staffRoutes } from './staff.routes.js';
import { attendanceRoutes } from './attendance.routes.js';
import { payrollRoutes } from './payroll.routes.js';
import { staffReportRoutes } from './reports.routes.js';

/** Staff Management: staff categories, staff, attendance, payroll, payment history, dashboard, reports, logs (issue 21). */
export const staffModule: ModuleManifest = {
  name: 'staff',
  permission: MODULE,
  routes: async (app) => {
    await staffCategoryRoutes(app);
    await staffRoutes(app);
    await attendanceRoutes(app);
    await payrollRoutes(app);
    await staffReportRoutes(app);
  },
  // Paid salaries are expenses in this category (money's defaults hold it too; declared here as what payroll needs).
  defaultCategories: [{ name: 'Salaries', type: 'expense' }],
  seed: async (tx, ctx) => seedStaff(tx, ctx).then(() => seedPayroll(tx, ctx)),
};
