/** Reports › Staff (`GET /api/staff-management/reports/<name>/`): JSON, or with `format=csv|xlsx` the same rows as a file. */
import { staffReportEndpoints as e } from '@arena/contracts/staff';
import type { FastifyInstance } from 'fastify';
import { showName } from '../../platform/list.js';
import { reportRoutes } from '../../platform/report.js';
import { centre } from '../administrator/index.js';
import { MODULE } from './constants.js';
import {
  attendanceReportDefinition,
  categoryReportDefinition,
  commissionReportDefinition,
  memberCountReportDefinition,
  payrollReportDefinition,
} from './reports/staff-reports.js';

export async function staffReportRoutes(app: FastifyInstance): Promise<void> {
  const report = reportRoutes(app, { module: MODULE, tags: ['staff'], centreName: showName(centre) });
  report(e.category, categoryReportDefinition);
  report(e.payroll, payrollReportDefinition);
  report(e.commission, commissionReportDefinition);
  report(e.attendance, attendanceReportDefinition);
  report(e.memberCount, memberCountReportDefinition);
}
