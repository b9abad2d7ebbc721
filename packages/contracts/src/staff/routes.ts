/**
 * The web's import of this module's endpoints (`@arena/contracts/staff/routes`): the same endpoint
 * objects, which the web build replaces with their method and path alone (the Vite plugin
 * `contractRoutes` in apps/web/vite.config.ts), so a page that only calls the API loads no zod.
 */
export { staffCategoryEndpoints, staffEndpoints, staffLoginEndpoints, staffPhotoEndpoints } from './index.js';
export { staffAttendanceEndpoints } from './attendance.js';
export {
  payrollEndpoints,
  payrollPaymentHistoryEndpoint,
  staffDashboardEndpoint,
  staffLogsEndpoint,
  staffReportEndpoints,
  staffSettingsEndpoints,
} from './payroll.js';
