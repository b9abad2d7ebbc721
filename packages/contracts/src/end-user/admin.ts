/** End User Login's dashboard (`/api/end-user/dashboard/`) and reports (`/api/end-user/reports/end-user/…`). */
import { z } from '../zod-config.js';
import { endpoint, reportEndpoint } from '../endpoint.js';

export const endUserDashboardSchema = z.object({
  /** Members with an end user that is not blocked. */
  members_with_access: z.number(),
  blocked: z.number(),
  /** End users who signed in (a session opened or used) in the last 30 days. */
  active_30_days: z.number(),
  /** The last 30 days to today, oldest first: sign-ins opened that day (the organisation's zone). */
  sign_ins_by_day: z.array(z.object({ date: z.string(), count: z.number() })),
  /** Online payments members made in the app (dues and renewals) in the last 30 days. */
  payments: z.object({ count: z.number(), amount: z.string() }),
  /** Published items, members who saw at least one, and views (a member counted once per item). */
  feed_reach: z.object({ published: z.number(), members: z.number(), views: z.number() }),
});
export type EndUserDashboard = z.infer<typeof endUserDashboardSchema>;

export const END_USER_REPORT_STATUSES = ['active', 'blocked'] as const;

const reportMemberSchema = z.object({
  member_code: z.string(),
  full_name: z.string(),
  phone: z.string(),
  last_login_at: z.string().nullable(),
  blocked_at: z.string().nullable(),
});

/** Active: end users who signed in, by month; blocked: end users blocked (and still blocked), by month. */
export const endUserMonthlyReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  status: z.enum(END_USER_REPORT_STATUSES),
  months: z.array(z.object({ month: z.string(), count: z.number() })),
  total: z.number(),
  members: z.array(reportMemberSchema),
});
export type EndUserMonthlyReport = z.infer<typeof endUserMonthlyReportSchema>;

/** Active vs blocked: end users with access given by the window's end, by their status now. */
export const endUserPieReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  active: z.number(),
  blocked: z.number(),
  total: z.number(),
  /** Of the active ones, those who signed in within the window. */
  signed_in: z.number(),
});
export type EndUserPieReport = z.infer<typeof endUserPieReportSchema>;

const REPORTS = '/api/end-user/reports/end-user/' as const;

export const endUserDashboardEndpoint = endpoint({ method: 'GET', path: '/api/end-user/dashboard/', response: endUserDashboardSchema });

export const endUserReportEndpoints = {
  monthly: reportEndpoint(`${REPORTS}monthly/`, endUserMonthlyReportSchema, {
    query: { status: z.enum(END_USER_REPORT_STATUSES).default('active') },
  }),
  pieChart: reportEndpoint(`${REPORTS}pie-chart/`, endUserPieReportSchema),
};
