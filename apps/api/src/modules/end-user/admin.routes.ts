/** End User Login's dashboard and reports (`/api/end-user/dashboard/`, `/api/end-user/reports/end-user/…`). */
import { endUserDashboardEndpoint, endUserReportEndpoints as re } from '@arena/contracts/end-user';
import type { FastifyInstance } from 'fastify';
import { showName } from '../../platform/list.js';
import { reportRoutes } from '../../platform/report.js';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { centre } from '../administrator/index.js';
import { endUserDashboard, monthlyReport, pieReport } from './admin.service.js';
import { MODULE, tags } from './constants.js';

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  route(app, endUserDashboardEndpoint, {
    module: MODULE,
    tags,
    summary: 'Members with app access, active in the last 30 days, sign-ins by day, payments in the app, feed reach',
    handler: (request) => inTenant(request, (tx, ctx) => endUserDashboard(tx, ctx)),
  });
  const report = reportRoutes(app, { module: MODULE, tags, centreName: showName(centre) });
  report(re.monthly, monthlyReport);
  report(re.pieChart, pieReport);
}
