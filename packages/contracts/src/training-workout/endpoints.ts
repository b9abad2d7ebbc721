/** The endpoints of Training/Workouts (`/api/training-workout/`, module "Training/Workouts"). */
import { z } from '../zod-config.js';
import { idParamsSchema, idSchema, paginatedSchema } from '../common.js';
import { auditLogEndpoint, crudEndpoints, endpoint, listEndpoint, reportEndpoint } from '../endpoint.js';
import { moduleTemplateEndpoints, personSendInputSchema, personSendResultSchema } from '../messaging/index.js';
import {
  assignManyInputSchema,
  assignManyResultSchema,
  assignOneInputSchema,
  assignUpdateInputSchema,
  dashboardSchema,
  duplicateInputSchema,
  exerciseInputSchema,
  exerciseListQuerySchema,
  exerciseSchema,
  logInputSchema,
  logListSchema,
  logSchema,
  memberPlanListItemSchema,
  memberPlanPatchSchema,
  memberPlanSchema,
  planInputSchema,
  planListItemSchema,
  planReportSchema,
  planSchema,
  reorderInputSchema,
  workoutCategoryInputSchema,
  workoutCategorySchema,
} from './training.js';
import { partialWithoutDefaults } from '../common.js';

const BASE = '/api/training-workout/' as const;

export const workoutCategoryEndpoints = crudEndpoints(
  `${BASE}training-workout-category/`,
  workoutCategorySchema,
  workoutCategoryInputSchema,
  {
    dropdown: true,
  },
);
/** Training/Workouts' message templates: the messaging engine's templates of module `training`. */
export const trainingMessageTemplateEndpoints = moduleTemplateEndpoints(`${BASE}training-workout-message-template/`);

/** The library and the organisation's own, together. Filters: `search`, `muscle`, `equipment`, `category`, `source`. */
export const exerciseEndpoints = {
  list: endpoint({ method: 'GET', path: `${BASE}exercise/`, query: exerciseListQuerySchema, response: paginatedSchema(exerciseSchema) }),
  create: endpoint({ method: 'POST', path: `${BASE}exercise/`, body: exerciseInputSchema, response: exerciseSchema, status: 201 }),
  retrieve: endpoint({ method: 'GET', path: `${BASE}exercise/:id/`, params: idParamsSchema, response: exerciseSchema }),
  update: endpoint({
    method: 'PUT',
    path: `${BASE}exercise/:id/`,
    params: idParamsSchema,
    body: exerciseInputSchema,
    response: exerciseSchema,
  }),
  partialUpdate: endpoint({
    method: 'PATCH',
    path: `${BASE}exercise/:id/`,
    params: idParamsSchema,
    body: partialWithoutDefaults(exerciseInputSchema),
    response: exerciseSchema,
  }),
  remove: endpoint({ method: 'DELETE', path: `${BASE}exercise/:id/`, params: idParamsSchema, status: 204 }),
  upload: endpoint({ method: 'POST', path: `${BASE}exercise/:id/picture/`, params: idParamsSchema, form: true, response: exerciseSchema }),
};

const PLAN = `${BASE}training-workout-plan/` as const;
/** Templates. List filters: `category`, `level`, `is_active`; search by name. */
export const planEndpoints = {
  list: listEndpoint(PLAN, planListItemSchema),
  create: endpoint({ method: 'POST', path: PLAN, body: planInputSchema, response: planSchema, status: 201 }),
  retrieve: endpoint({ method: 'GET', path: `${PLAN}:id/`, params: idParamsSchema, response: planSchema }),
  update: endpoint({ method: 'PUT', path: `${PLAN}:id/`, params: idParamsSchema, body: planInputSchema, response: planSchema }),
  remove: endpoint({ method: 'DELETE', path: `${PLAN}:id/`, params: idParamsSchema, status: 204 }),
  duplicate: endpoint({
    method: 'POST',
    path: `${PLAN}:id/duplicate/`,
    params: idParamsSchema,
    body: duplicateInputSchema,
    response: planSchema,
    status: 201,
  }),
  /** A day's exercises in a new order, saved in one statement. */
  reorder: endpoint({
    method: 'POST',
    path: `${PLAN}:id/reorder/`,
    params: idParamsSchema,
    body: reorderInputSchema,
    response: planSchema,
  }),
};

/** Members' copies. List filters: `member`, `plan`, `status`; search by member or plan name. */
export const assignEndpoints = {
  list: listEndpoint(`${BASE}assign-training-workout/`, memberPlanListItemSchema),
  create: endpoint({
    method: 'POST',
    path: `${BASE}assign-training-workout/`,
    body: assignOneInputSchema,
    response: memberPlanSchema,
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: `${BASE}assign-training-workout/:id/`,
    params: idParamsSchema,
    body: assignUpdateInputSchema,
    response: memberPlanSchema,
  }),
};
export const assignManyEndpoint = endpoint({
  method: 'POST',
  path: `${BASE}assign-members-to-training-workout/`,
  body: assignManyInputSchema,
  response: assignManyResultSchema,
  status: 201,
});

const MEMBER = `${BASE}member-training-workout/` as const;
const logParams = z.object({ id: idSchema });
export const memberPlanEndpoints = {
  list: listEndpoint(MEMBER, memberPlanListItemSchema),
  retrieve: endpoint({ method: 'GET', path: `${MEMBER}:id/`, params: idParamsSchema, response: memberPlanSchema }),
  partialUpdate: endpoint({
    method: 'PATCH',
    path: `${MEMBER}:id/`,
    params: idParamsSchema,
    body: memberPlanPatchSchema,
    response: memberPlanSchema,
  }),
  reorder: endpoint({
    method: 'POST',
    path: `${MEMBER}:id/reorder/`,
    params: idParamsSchema,
    body: reorderInputSchema,
    response: memberPlanSchema,
  }),
  logs: endpoint({ method: 'GET', path: `${MEMBER}:id/log/`, params: logParams, response: logListSchema }),
  log: endpoint({ method: 'POST', path: `${MEMBER}:id/log/`, params: logParams, body: logInputSchema, response: logSchema, status: 201 }),
  pdf: endpoint({ method: 'GET', path: `${MEMBER}:id/pdf/`, params: idParamsSchema, file: true }),
  send: endpoint({
    method: 'POST',
    path: `${MEMBER}:id/send/`,
    params: idParamsSchema,
    body: personSendInputSchema,
    response: personSendResultSchema,
  }),
};

export const trainingDashboardEndpoint = endpoint({ method: 'GET', path: `${BASE}dashboard/`, response: dashboardSchema });
export const trainingLogsEndpoint = auditLogEndpoint(`${BASE}logs/`);
export const trainingReportEndpoints = {
  plan: reportEndpoint(`${BASE}reports/training-workout-plan/`, planReportSchema),
};
