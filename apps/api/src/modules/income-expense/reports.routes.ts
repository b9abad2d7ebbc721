import { incomeExpenseReportEndpoints as e } from '@arena/contracts';
import type { FastifyInstance } from 'fastify';
import { showName } from '../../platform/list.js';
import { reportRoutes } from '../../platform/report.js';
import { centre } from '../administrator/index.js';
import { MODULE } from './constants.js';
import { categoryReport, periodReport, typeReport } from './reports/books.js';

/** Income/Expenses › Reports (SQL in `reports/`; the window is the reports' one rule: this month by default, at most 5 years). */
export async function incomeExpenseReportRoutes(app: FastifyInstance): Promise<void> {
  const report = reportRoutes(app, { module: MODULE, tags: ['income-expense'], centreName: showName(centre) });
  report(e.daily, periodReport('day'));
  report(e.monthly, periodReport('month'));
  report(e.category, categoryReport);
  report(e.type, typeReport);
}
