import { accountsReportEndpoints as e } from '@arena/contracts';
import type { FastifyInstance } from 'fastify';
import { showName } from '../../platform/list.js';
import { reportRoutes } from '../../platform/report.js';
import { centre } from '../administrator/index.js';
import { MODULE } from './constants.js';
import { gstSummaryReport } from './reports/gst-summary.js';
import { accountsPeriodReport, profitLossReport } from './reports/profit-loss.js';

/** Accounts › Reports (SQL in `reports/` and `books.ts`; the window is the reports' one rule: this month by default, at most 5 years). */
export async function accountsReportRoutes(app: FastifyInstance): Promise<void> {
  const report = reportRoutes(app, { module: MODULE, tags: ['accounts'], centreName: showName(centre) });
  report(e.profitLoss, profitLossReport);
  // The Accounts reports' own address answers with the profit and loss, its first report.
  report(e.index, profitLossReport);
  for (const kind of ['income', 'expense', 'profit'] as const) report(e[kind], accountsPeriodReport(kind));
  report(e.gstSummary, gstSummaryReport);
}
