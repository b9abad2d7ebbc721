/**
 * Reports › Membership (`GET /api/member-management/reports/<name>/`): status month wise, sports
 * wise, active batch wise, active plan, service, month wise dues, month wise collection, sports
 * wise collection. Each answers `{from, to, rows, total}` (chart-ready rows, every month of the
 * window present for the month-wise ones) or, with `format=csv|xlsx`, the same rows as a file.
 * The window is the reports' one rule (`platform/report.ts`: this month by default, at most 5
 * years); the SQL of each is in `reports/`.
 */
import { membershipReportEndpoints as e } from '@arena/contracts';
import type { FastifyInstance } from 'fastify';
import { showName } from '../../platform/list.js';
import { reportRoutes } from '../../platform/report.js';
import { centre } from '../administrator/index.js';
import { MODULE, tags } from './constants.js';
import { batchReportDefinition } from './reports/batch.js';
import { collectionReportDefinition } from './reports/collection.js';
import { duesReportDefinition } from './reports/dues.js';
import { planReportDefinition } from './reports/plan.js';
import { serviceReportDefinition } from './reports/service.js';
import { sportsCollectionReportDefinition } from './reports/sports-collection.js';
import { sportsReportDefinition } from './reports/sports.js';
import { statusReportDefinition } from './reports/status.js';

export async function membershipReportRoutes(app: FastifyInstance): Promise<void> {
  const report = reportRoutes(app, { module: MODULE, tags, centreName: showName(centre) });
  report(e.status, statusReportDefinition);
  report(e.sports, sportsReportDefinition);
  report(e.batch, batchReportDefinition);
  report(e.plan, planReportDefinition);
  report(e.service, serviceReportDefinition);
  report(e.dues, duesReportDefinition);
  report(e.collection, collectionReportDefinition);
  report(e.sportsCollection, sportsCollectionReportDefinition);
}
