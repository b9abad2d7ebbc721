import type { FastifyInstance } from 'fastify';
import { showName } from '../../platform/list.js';
import { reportRoutes } from '../../platform/report.js';
import { centre } from '../administrator/index.js';
import { MODULE } from './constants.js';
import { categoryReport, periodReport, typeReport } from './reports/books.js';

const BASE = '/api/income-expense/reports/income-expense';

/** Income/Expenses › Reports (SQL in `reports/`; the window is the reports' one rule: this month by default, at most 5 years). */
export async function incomeExpenseReportRoutes(app: FastifyInstance): Promise<void> {
  const report = reportRoutes(app, { module: MODULE, tags: ['income-expense'], centreName: showName(centre) });
  report(`${BASE}/`, periodReport('day'));
  report(`${BASE}/monthly/`, periodReport('month'));
  report(`${BASE}/category/`, categoryReport);
  report(`${BASE}/type/`, typeReport);
}
