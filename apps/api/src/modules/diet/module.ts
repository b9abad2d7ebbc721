import {
  assignDietEndpoints,
  assignMembersEndpoint,
  dietLogsEndpoint,
  dietReportEndpoints,
  memberDietEndpoints,
} from '@arena/contracts/diet';
import type { FastifyInstance } from 'fastify';
import { auditLogRoute } from '../../platform/audit-log.routes.js';
import type { ModuleManifest } from '../../platform/module.js';
import { reportRoutes } from '../../platform/report.js';
import { showName } from '../../platform/list.js';
import { centre } from '../administrator/index.js';
import { DEFAULT_DIET_CATEGORIES, MODULE } from './constants.js';
import { dietRoutes } from './diet.routes.js';
import { ensureGlobalFoods } from './foods.js';
import { lookupRoutes } from './lookups.routes.js';
import { dietAudiences } from './messaging.js';
import { dietPlanReport } from './reports/diet-plan.js';
import { dietCategory } from './schema.js';
import { seedDiet } from './seed.js';

/**
 * Diet Management (issue 25): the IFCT 2017 foods (global, written at boot once) and an
 * organisation's own, plans with meals and computed totals, assignment to many members at once
 * (each their own copy), member diets with an A4 chart, templates, dashboard, report, logs.
 */
export const dietModule: ModuleManifest = {
  name: 'diet',
  permission: MODULE,
  // Assigning and adjusting a member's copy is the trainer's work; plans, foods, categories and templates need manage.
  levels: {
    operate: [
      assignMembersEndpoint,
      assignDietEndpoints.create,
      assignDietEndpoints.partialUpdate,
      memberDietEndpoints.partialUpdate,
      memberDietEndpoints.send,
    ],
  },
  globalData: ensureGlobalFoods,
  messageAudiences: dietAudiences,
  routes: async (app: FastifyInstance) => {
    await lookupRoutes(app);
    await dietRoutes(app);
    const report = reportRoutes(app, { module: MODULE, tags: ['diet_reports'], centreName: showName(centre) });
    report(dietReportEndpoints.dietPlan, dietPlanReport);
    auditLogRoute(app, dietLogsEndpoint, MODULE);
  },
  onOrganisationCreated: async (tx, ctx) => {
    await tx
      .insert(dietCategory)
      .values(DEFAULT_DIET_CATEGORIES.map((name) => ({ organisationId: ctx.organisationId, name })))
      .onConflictDoNothing();
  },
  seed: seedDiet,
};
