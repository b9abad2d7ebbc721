/** Reports › Store (`GET /api/store/reports/<name>/`): JSON, or with `format=csv|xlsx` the same rows as a file. */
import { storeReportEndpoints as e } from '@arena/contracts/store';
import type { FastifyInstance } from 'fastify';
import { showName } from '../../platform/list.js';
import { reportRoutes } from '../../platform/report.js';
import { centre } from '../administrator/index.js';
import { MODULE } from './constants.js';
import {
  expiredReportDefinition,
  profitReportDefinition,
  purchaseReportDefinition,
  salesReportDefinition,
  stockReportDefinition,
} from './reports/store-reports.js';

export async function storeReportRoutes(app: FastifyInstance): Promise<void> {
  const report = reportRoutes(app, { module: MODULE, tags: ['store_reports'], centreName: showName(centre) });
  report(e.sales, salesReportDefinition);
  report(e.stock, stockReportDefinition);
  report(e.expired, expiredReportDefinition);
  report(e.purchase, purchaseReportDefinition);
  report(e.profit, profitReportDefinition);
}
