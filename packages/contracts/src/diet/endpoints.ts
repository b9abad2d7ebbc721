/** The endpoints of Diet Management (`/api/diet/`, module "Diet Management"). */
import { z } from '../zod-config.js';
import { idParamsSchema, paginatedSchema, partialWithoutDefaults } from '../common.js';
import { auditLogEndpoint, crudEndpoints, endpoint, listEndpoint, reportEndpoint } from '../endpoint.js';
import { moduleTemplateEndpoints, personSendInputSchema, personSendResultSchema } from '../messaging/index.js';
import {
  assignDietInputSchema,
  assignDietUpdateSchema,
  assignmentSchema,
  assignMembersInputSchema,
  assignMembersResultSchema,
  dietCategoryInputSchema,
  dietCategorySchema,
  dietDashboardSchema,
  dietPlanInputSchema,
  dietPlanReportSchema,
  dietPlanSchema,
  dietReportFilters,
  duplicatePlanInputSchema,
  foodInputSchema,
  foodQuerySchema,
  foodSchema,
  memberDietSchema,
  memberDietUpdateSchema,
} from './diet.js';

const BASE = '/api/diet/' as const;

/** Foods: the global IFCT 2017 list (read-only) and the organisation's own (create, edit, delete). */
export const foodEndpoints = {
  /** Global and own foods, searched by English or local name; `own=true|false`, `food_type`. */
  list: endpoint({ method: 'GET', path: `${BASE}food/`, query: foodQuerySchema, response: paginatedSchema(foodSchema) }),
  create: endpoint({ method: 'POST', path: `${BASE}food/`, body: foodInputSchema, response: foodSchema, status: 201 }),
  retrieve: endpoint({ method: 'GET', path: `${BASE}food/:id/`, params: idParamsSchema, response: foodSchema }),
  /** Own foods only: a global food is 404. */
  partialUpdate: endpoint({
    method: 'PATCH',
    path: `${BASE}food/:id/`,
    params: idParamsSchema,
    body: partialWithoutDefaults(foodInputSchema),
    response: foodSchema,
  }),
  remove: endpoint({ method: 'DELETE', path: `${BASE}food/:id/`, params: idParamsSchema, status: 204 }),
};

export const dietCategoryEndpoints = crudEndpoints(`${BASE}diet-category/`, dietCategorySchema, dietCategoryInputSchema, {
  dropdown: true,
});

/** Plans (templates). List filters: `category`, `diet_type`, `is_active`; search by name, goal. */
export const dietPlanEndpoints = {
  list: listEndpoint(`${BASE}diet-plan/`, dietPlanSchema),
  create: endpoint({ method: 'POST', path: `${BASE}diet-plan/`, body: dietPlanInputSchema, response: dietPlanSchema, status: 201 }),
  retrieve: endpoint({ method: 'GET', path: `${BASE}diet-plan/:id/`, params: idParamsSchema, response: dietPlanSchema }),
  partialUpdate: endpoint({
    method: 'PATCH',
    path: `${BASE}diet-plan/:id/`,
    params: idParamsSchema,
    body: partialWithoutDefaults(dietPlanInputSchema),
    response: dietPlanSchema,
  }),
  remove: endpoint({ method: 'DELETE', path: `${BASE}diet-plan/:id/`, params: idParamsSchema, status: 204 }),
  duplicate: endpoint({
    method: 'POST',
    path: `${BASE}diet-plan/:id/duplicate/`,
    params: idParamsSchema,
    body: duplicatePlanInputSchema,
    response: dietPlanSchema,
    status: 201,
  }),
  dropdown: endpoint({
    method: 'GET',
    path: `${BASE}diet-plan/dropdown/`,
    response: z.object({ results: z.array(z.object({ id: z.number(), name: z.string() })) }),
  }),
};

/** Assignments (member diets as the assign screen lists them). Filters: `member`, `plan`, `status`, `is_active`. */
export const assignDietEndpoints = {
  list: listEndpoint(`${BASE}assign-diet/`, assignmentSchema),
  create: endpoint({ method: 'POST', path: `${BASE}assign-diet/`, body: assignDietInputSchema, response: assignmentSchema, status: 201 }),
  partialUpdate: endpoint({
    method: 'PATCH',
    path: `${BASE}assign-diet/:id/`,
    params: idParamsSchema,
    body: assignDietUpdateSchema,
    response: assignmentSchema,
  }),
};

/** A plan to many members in one request (members, a batch's, or a membership plan's), each with a copy of their own. */
export const assignMembersEndpoint = endpoint({
  method: 'POST',
  path: `${BASE}assign-members-to-diet/`,
  body: assignMembersInputSchema,
  response: assignMembersResultSchema,
  status: 201,
});

/** A member's diets, current and past. Filters: `member`, `plan`, `status`. */
export const memberDietEndpoints = {
  list: listEndpoint(`${BASE}member-diet/`, assignmentSchema),
  retrieve: endpoint({ method: 'GET', path: `${BASE}member-diet/:id/`, params: idParamsSchema, response: memberDietSchema }),
  partialUpdate: endpoint({
    method: 'PATCH',
    path: `${BASE}member-diet/:id/`,
    params: idParamsSchema,
    body: memberDietUpdateSchema,
    response: memberDietSchema,
  }),
  /** The diet chart on A4. */
  pdf: endpoint({ method: 'GET', path: `${BASE}member-diet/:id/pdf/`, params: idParamsSchema, file: true }),
  /** Sends the chart to the member through the messaging engine (400 while it cannot carry a diet). */
  send: endpoint({
    method: 'POST',
    path: `${BASE}member-diet/:id/send/`,
    params: idParamsSchema,
    body: personSendInputSchema,
    response: personSendResultSchema,
  }),
};

/** Diet's message templates: the messaging engine's templates of module `diet`. */
export const dietTemplateEndpoints = moduleTemplateEndpoints(`${BASE}diet-message-template/`);

export const dietDashboardEndpoint = endpoint({
  method: 'GET',
  path: `${BASE}dashboard/`,
  query: z.object({ days: z.coerce.number().int().min(1).max(90).optional() }),
  response: dietDashboardSchema,
});

export const dietReportEndpoints = {
  /** Members per plan (assigned in the window), active vs ended, and by who assigned them. */
  dietPlan: reportEndpoint(`${BASE}reports/diet-plan/`, dietPlanReportSchema, { query: dietReportFilters }),
};

export const dietLogsEndpoint = auditLogEndpoint(`${BASE}logs/`);
