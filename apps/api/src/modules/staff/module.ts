import { staffAttendanceEndpoints } from '@arena/contracts/staff';
import type { ModuleManifest } from '../../platform/module.js';
import { attendanceRoutes } from './attendance.routes.js';
import { MODULE } from './constants.js';
import { staffLoginRoutes } from './login.routes.js';
import { payrollRoutes } from './payroll.routes.js';
import { staffPhotoRoutes } from './photo.routes.js';
import { staffReportRoutes } from './reports.routes.js';
import { seedPayroll } from './seed-payroll.js';
import { seedStaff } from './seed.js';
import { staffCategoryRoutes } from './staff-category.routes.js';
import { staffRoutes } from './staff.routes.js';

/** Staff Management: staff categories, staff, logins and permissions, attendance, payroll, payment history, dashboard, reports, logs (issue 21). */
export const staffModule: ModuleManifest = {
  name: 'staff',
  permission: MODULE,
  routes: async (app) => {
    await staffCategoryRoutes(app);
    await staffRoutes(app);
    await staffPhotoRoutes(app);
    await staffLoginRoutes(app);
    await attendanceRoutes(app);
    await payrollRoutes(app);
    await staffReportRoutes(app);
  },
  // Desk work: marking the day's attendance. Staff records, logins, permissions, payroll and settings need manage.
  levels: {
    operate: [staffAttendanceEndpoints.create, staffAttendanceEndpoints.bulk, staffAttendanceEndpoints.partialUpdate],
  },
  // Paid salaries are expenses in this category (money's defaults hold it too; declared here as what payroll needs).
  defaultCategories: [{ name: 'Salaries', type: 'expense' }],
  seed: async (tx, ctx) => seedStaff(tx, ctx).then(() => seedPayroll(tx, ctx)),
};
