/**
 * Membership Management's endpoints (`/api/member-management/`): members, memberships and member
 * services (sales), payments, settings, the plan and service catalogue, batches, attendance,
 * performance, the dashboard, the reports and the logs.
 */
import { z } from '../zod-config.js';
import { dropdownSchema, idParamsSchema, idSchema, isoDateSchema, listQuerySchema } from '../common.js';
import { auditLogEndpoint, crudEndpoints, endpoint, listEndpoint, reportEndpoint } from '../endpoint.js';
import { LEDGER_KINDS } from '../money/invoice.js';
import {
  attendanceRegisterSchema,
  attendanceSchema,
  batchInputSchema,
  batchMemberInputSchema,
  batchMemberSchema,
  batchSchema,
  batchWaitlistEntrySchema,
  batchWaitlistInputSchema,
  rollCallMarkInputSchema,
  rollCallQuerySchema,
  rollCallSchema,
  rollCallEntrySchema,
  checkInInputSchema,
  checkOutInputSchema,
  freezeInputSchema,
  freezeReasonInputSchema,
  freezeReasonSchema,
  freezeUpdateSchema,
  memberCreatedSchema,
  memberLookupQuerySchema,
  memberLookupSchema,
  memberInputSchema,
  memberPaymentInputSchema,
  memberPaymentSchema,
  memberPaymentTotalsSchema,
  memberPerformanceInputSchema,
  memberPerformanceSchema,
  memberSchema,
  memberServiceInputSchema,
  memberServiceSchema,
  memberUpdateSchema,
  membershipDashboardSchema,
  membershipInputSchema,
  membershipSchema,
  membershipSettingsInputSchema,
  membershipSettingsSchema,
  performanceCategoryInputSchema,
  performanceCategorySchema,
  performanceItemInputSchema,
  performanceItemSchema,
  planInputSchema,
  planSchema,
  renewInputSchema,
  saleCancelInputSchema,
  serviceInputSchema,
  serviceSchema,
  unfreezeInputSchema,
} from './membership.js';
import {
  membershipBatchReportSchema,
  membershipCollectionReportSchema,
  membershipDueReportSchema,
  membershipPlanReportSchema,
  membershipServiceReportSchema,
  membershipSportsCollectionReportSchema,
  membershipSportsReportSchema,
  membershipStatusReportSchema,
} from './membership-reports.js';

const API = '/api/member-management';
/** The centre a desk screen is narrowed to (all centres when left out). */
const centreQuery = z.object({ centre: idSchema.optional() });

// ---- members and their sales ----

const MEMBER = `${API}/member/` as const;
export const memberEndpoints = {
  list: listEndpoint(MEMBER, memberSchema),
  /** Add a member, optionally with a first membership (JSON, or multipart with the `photo`). */
  create: endpoint({ method: 'POST', path: MEMBER, body: memberInputSchema, form: true, response: memberCreatedSchema, status: 201 }),
  retrieve: endpoint({ method: 'GET', path: `${MEMBER}:id/`, params: idParamsSchema, response: memberSchema }),
  update: endpoint({
    method: 'PUT',
    path: `${MEMBER}:id/`,
    params: idParamsSchema,
    body: memberUpdateSchema,
    form: true,
    response: memberSchema,
  }),
  partialUpdate: endpoint({
    method: 'PATCH',
    path: `${MEMBER}:id/`,
    params: idParamsSchema,
    body: memberUpdateSchema,
    form: true,
    response: memberSchema,
  }),
  /** The member's card (PDF). */
  card: endpoint({ method: 'GET', path: `${MEMBER}:id/card/`, params: idParamsSchema, file: true }),
  /** Members matching a name, phone, code or e-mail, for pickers (readable with Membership, Diet, Training or CRM). */
  lookup: endpoint({
    method: 'GET',
    path: `${MEMBER}lookup/`,
    query: memberLookupQuerySchema,
    response: z.object({ results: z.array(memberLookupSchema) }),
  }),
};

const MEMBERSHIP = `${API}/membership/` as const;
export const membershipEndpoints = {
  list: listEndpoint(MEMBERSHIP, membershipSchema),
  create: endpoint({ method: 'POST', path: MEMBERSHIP, body: membershipInputSchema, response: membershipSchema, status: 201 }),
  retrieve: endpoint({ method: 'GET', path: `${MEMBERSHIP}:id/`, params: idParamsSchema, response: membershipSchema }),
  renew: endpoint({
    method: 'POST',
    path: `${MEMBERSHIP}:id/renew/`,
    params: idParamsSchema,
    body: renewInputSchema,
    response: membershipSchema,
    status: 201,
  }),
  freeze: endpoint({
    method: 'POST',
    path: `${MEMBERSHIP}:id/freeze/`,
    params: idParamsSchema,
    body: freezeInputSchema,
    response: membershipSchema,
  }),
  /** Change a scheduled freeze's days, a running one's last day, or any freeze's reason: answers the membership as it is now. */
  updateFreeze: endpoint({
    method: 'PATCH',
    path: `${MEMBERSHIP}:id/freeze/:freezeId/`,
    params: z.object({ id: idSchema, freezeId: idSchema }),
    body: freezeUpdateSchema,
    response: membershipSchema,
  }),
  /** Delete a freeze that has not started: answers the membership as it is now. */
  deleteFreeze: endpoint({
    method: 'DELETE',
    path: `${MEMBERSHIP}:id/freeze/:freezeId/`,
    params: z.object({ id: idSchema, freezeId: idSchema }),
    response: membershipSchema,
  }),
  unfreeze: endpoint({
    method: 'POST',
    path: `${MEMBERSHIP}:id/unfreeze/`,
    params: idParamsSchema,
    body: unfreezeInputSchema,
    response: membershipSchema,
  }),
  cancel: endpoint({
    method: 'POST',
    path: `${MEMBERSHIP}:id/cancel/`,
    params: idParamsSchema,
    body: saleCancelInputSchema,
    response: membershipSchema,
  }),
};

const MEMBER_SERVICE = `${API}/member-service/` as const;
export const memberServiceEndpoints = {
  list: listEndpoint(MEMBER_SERVICE, memberServiceSchema),
  create: endpoint({ method: 'POST', path: MEMBER_SERVICE, body: memberServiceInputSchema, response: memberServiceSchema, status: 201 }),
  retrieve: endpoint({ method: 'GET', path: `${MEMBER_SERVICE}:id/`, params: idParamsSchema, response: memberServiceSchema }),
  cancel: endpoint({
    method: 'POST',
    path: `${MEMBER_SERVICE}:id/cancel/`,
    params: idParamsSchema,
    body: saleCancelInputSchema,
    response: memberServiceSchema,
  }),
};

/** The filters of the payments list, which its totals take too. */
export const memberPaymentFilterShape = {
  member: idSchema,
  membership: idSchema,
  member_service: idSchema,
  kind: z.enum(LEDGER_KINDS),
  centre: idSchema,
  payment_mode: idSchema,
  date_after: isoDateSchema,
  date_before: isoDateSchema,
};

const PAYMENTS = `${API}/payment-history/` as const;
export const membershipPaymentEndpoints = {
  list: listEndpoint(PAYMENTS, memberPaymentSchema),
  /** Count, receipts, refunds and net of the payments the list's search and filters select. */
  totals: endpoint({
    method: 'GET',
    path: `${PAYMENTS}totals/`,
    query: z.object({ search: listQuerySchema.shape.search, ...memberPaymentFilterShape }).partial(),
    response: memberPaymentTotalsSchema,
  }),
  /** Take a payment against a membership or a member service. */
  create: endpoint({ method: 'POST', path: PAYMENTS, body: memberPaymentInputSchema, response: memberPaymentSchema, status: 201 }),
};

export const membershipSettingsEndpoints = {
  retrieve: endpoint({ method: 'GET', path: `${API}/settings/`, response: membershipSettingsSchema }),
  update: endpoint({ method: 'PUT', path: `${API}/settings/`, body: membershipSettingsInputSchema, response: membershipSettingsSchema }),
};

// ---- the catalogue: plans and services ----

export const membershipPlanEndpoints = crudEndpoints(`${API}/plan/`, planSchema, planInputSchema, { dropdown: true });
export const membershipServiceEndpoints = crudEndpoints(`${API}/service/`, serviceSchema, serviceInputSchema, { dropdown: true });

// ---- batches ----

const BATCH = `${API}/batch/` as const;
export const batchEndpoints = {
  ...crudEndpoints(BATCH, batchSchema, batchInputSchema),
  /** Active batches for selects ("Morning Yoga · 06:00"), of one centre with `centre`. */
  dropdown: endpoint({ method: 'GET', path: `${BATCH}dropdown/`, query: centreQuery, response: dropdownSchema }),
  members: endpoint({ method: 'GET', path: `${BATCH}:id/members/`, params: idParamsSchema, response: z.array(batchMemberSchema) }),
  join: endpoint({
    method: 'POST',
    path: `${BATCH}:id/members/`,
    params: idParamsSchema,
    body: batchMemberInputSchema,
    response: batchMemberSchema,
    status: 201,
  }),
  leave: endpoint({
    method: 'DELETE',
    path: `${BATCH}:id/members/:member/`,
    params: z.object({ id: idSchema, member: idSchema }),
    status: 204,
  }),
  /** The waiting list of a batch: open entries in order (waiting, offered), then the last closed ones. */
  waitlist: endpoint({
    method: 'GET',
    path: `${BATCH}:id/waitlist/`,
    params: idParamsSchema,
    response: z.array(batchWaitlistEntrySchema),
  }),
  /** Put a member on a full batch's waiting list (a batch with a free seat: add them directly). */
  waitlistJoin: endpoint({
    method: 'POST',
    path: `${BATCH}:id/waitlist/`,
    params: idParamsSchema,
    body: batchWaitlistInputSchema,
    response: batchWaitlistEntrySchema,
    status: 201,
  }),
  /** Take an entry off the waiting list (an offered seat goes to the next in line). */
  waitlistRemove: endpoint({
    method: 'DELETE',
    path: `${BATCH}:id/waitlist/:entry/`,
    params: z.object({ id: idSchema, entry: idSchema }),
    status: 204,
  }),
  /** The desk confirms an offered seat: the member joins the batch, taking the seat kept for them. */
  waitlistConfirm: endpoint({
    method: 'POST',
    path: `${BATCH}:id/waitlist/:entry/confirm/`,
    params: z.object({ id: idSchema, entry: idSchema }),
    response: batchMemberSchema,
    status: 201,
  }),
  /** The member declines the offered seat: it is offered to the next in line. */
  waitlistDecline: endpoint({
    method: 'POST',
    path: `${BATCH}:id/waitlist/:entry/decline/`,
    params: z.object({ id: idSchema, entry: idSchema }),
    response: batchWaitlistEntrySchema,
  }),
  /** A session's roll call (today's, or the next session day, by default). */
  rollCall: endpoint({
    method: 'GET',
    path: `${BATCH}:id/roll-call/`,
    params: idParamsSchema,
    query: rollCallQuerySchema,
    response: rollCallSchema,
  }),
  /** Mark one member of a session present or absent (or clear the mark): one tap, idempotent. */
  rollCallMark: endpoint({
    method: 'PUT',
    path: `${BATCH}:id/roll-call/:member/`,
    params: z.object({ id: idSchema, member: idSchema }),
    body: rollCallMarkInputSchema,
    response: rollCallEntrySchema,
  }),
};

// ---- attendance ----

const ATTENDANCE = `${API}/member-attendance/` as const;
/** Check a visit out: now when `check_out` is left out (the body may be left out too). */
const checkOutBody = checkOutInputSchema.nullish();
/** A day's register: today by default. */
const registerQuery = z.object({ date: isoDateSchema.optional(), centre: idSchema.optional() });
export const memberAttendanceEndpoints = {
  list: listEndpoint(ATTENDANCE, attendanceSchema),
  checkIn: endpoint({ method: 'POST', path: ATTENDANCE, body: checkInInputSchema, response: attendanceSchema, status: 201 }),
  retrieve: endpoint({ method: 'GET', path: `${ATTENDANCE}:id/`, params: idParamsSchema, response: attendanceSchema }),
  checkOut: endpoint({
    method: 'PATCH',
    path: `${ATTENDANCE}:id/`,
    params: idParamsSchema,
    body: checkOutBody,
    response: attendanceSchema,
  }),
  checkOutPost: endpoint({
    method: 'POST',
    path: `${ATTENDANCE}:id/check-out/`,
    params: idParamsSchema,
    body: checkOutBody,
    response: attendanceSchema,
  }),
  /** The spec's path, without the trailing slash. */
  register: endpoint({ method: 'GET', path: `${API}/member-attendance-list`, query: registerQuery, response: attendanceRegisterSchema }),
  /** The same register, asked for with the trailing slash. */
  registerSlash: endpoint({
    method: 'GET',
    path: `${API}/member-attendance-list/`,
    query: registerQuery,
    response: attendanceRegisterSchema,
  }),
};

// ---- freeze reasons ----

/** The owner's list of freeze reasons (Membership › Freeze Reasons). */
export const freezeReasonEndpoints = crudEndpoints(`${API}/freeze-reason/`, freezeReasonSchema, freezeReasonInputSchema, {
  dropdown: true,
});

// ---- performance ----

export const performanceCategoryEndpoints = crudEndpoints(
  `${API}/performance-category/`,
  performanceCategorySchema,
  performanceCategoryInputSchema,
  { dropdown: true },
);
export const performanceItemEndpoints = crudEndpoints(`${API}/performance-item/`, performanceItemSchema, performanceItemInputSchema, {
  dropdown: true,
});
/** Members' measured values: one row per item and date. */
export const memberPerformanceEndpoints = crudEndpoints(
  `${API}/member-performance/`,
  memberPerformanceSchema,
  memberPerformanceInputSchema,
);

// ---- dashboard, reports, logs ----

export const membershipDashboardEndpoint = endpoint({
  method: 'GET',
  path: `${API}/dashboard/`,
  query: centreQuery,
  response: membershipDashboardSchema,
});

const REPORTS = `${API}/reports` as const;
/** Reports › Membership: each `{from, to, rows, total}` over the window, or a file with `format`. */
export const membershipReportEndpoints = {
  status: reportEndpoint(`${REPORTS}/member/`, membershipStatusReportSchema),
  sports: reportEndpoint(`${REPORTS}/sports/`, membershipSportsReportSchema),
  batch: reportEndpoint(`${REPORTS}/batch/`, membershipBatchReportSchema),
  plan: reportEndpoint(`${REPORTS}/plan/`, membershipPlanReportSchema),
  service: reportEndpoint(`${REPORTS}/service/`, membershipServiceReportSchema),
  dues: reportEndpoint(`${REPORTS}/due-amount/`, membershipDueReportSchema),
  collection: reportEndpoint(`${REPORTS}/transaction/`, membershipCollectionReportSchema),
  sportsCollection: reportEndpoint(`${REPORTS}/sports-member-transaction/`, membershipSportsCollectionReportSchema),
};

/** Membership › Logs: the module's audit trail. */
export const membershipLogs = auditLogEndpoint(`${API}/logs/`);
