/**
 * End User Login's dashboard (members with app access, active in the last 30 days, sign-ins by
 * day, payments made in the app, feed reach) and its reports (active and blocked by month, active
 * vs blocked). Days are the organisation's (its zone); each figure is one statement.
 */
import type { EndUserDashboard, EndUserMonthlyReport, EndUserPieReport } from '@arena/contracts/end-user';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../platform/db/client.js';
import { centreFilter, type ReportDefinition } from '../../platform/report.js';
import type { Ctx } from '../../platform/request-context.js';
import { addDays, monthsOf } from '../../platform/time.js';
import { member } from '../membership/index.js';
import { endUser, endUserFeed, endUserFeedSeen, endUserSession } from './schema.js';

const dayOf = (ctx: Ctx, column: string) => sql.raw(`(${column} at time zone '${ctx.timeZone.replace(/'/g, "''")}')::date`);

/**
 * Payments members made in the app: 0 until the member payment purposes (pay dues, renew) exist
 * and the payments module's public API answers their orders.
 */
const MEMBER_APP_PAYMENTS_PENDING = { count: 0, amount: '0.00' };

export async function endUserDashboard(tx: Tx, ctx: Ctx): Promise<EndUserDashboard> {
  const org = ctx.organisationId;
  const today = ctx.now.today;
  const first = addDays(today, -29);
  const since = new Date(ctx.now.instant.getTime() - 30 * 86_400_000).toISOString();
  const [users] = await queryRows<{ active: number; blocked: number; recent: number }>(
    tx,
    sql`select count(*) filter (where u.status = 'active')::int as active, count(*) filter (where u.status = 'blocked')::int as blocked,
               count(*) filter (where u.status = 'active' and exists (select 1 from ${endUserSession} s where s.organisation_id = u.organisation_id
                 and s.end_user_id = u.id and s.last_used_at >= ${since}::timestamptz))::int as recent
          from ${endUser} u where u.organisation_id = ${org}`,
  );
  const days = await queryRows<{ day: string; n: number }>(
    tx,
    sql`select ${dayOf(ctx, 's.created_at')}::text as day, count(*)::int as n from ${endUserSession} s
         where s.organisation_id = ${org} and s.created_at >= ${since}::timestamptz group by 1`,
  );
  const byDay = new Map(days.map((d) => [d.day, Number(d.n)]));
  const [reach] = await queryRows<{ published: number; members: number; views: number }>(
    tx,
    sql`select (select count(*)::int from ${endUserFeed} f where f.organisation_id = ${org} and f.status = 'published') as published,
               (select count(distinct s.end_user_id)::int from ${endUserFeedSeen} s where s.organisation_id = ${org}) as members,
               (select count(*)::int from ${endUserFeedSeen} s where s.organisation_id = ${org}) as views`,
  );
  return {
    members_with_access: Number(users.active),
    blocked: Number(users.blocked),
    active_30_days: Number(users.recent),
    sign_ins_by_day: Array.from({ length: 30 }, (_, i) => addDays(first, i)).map((date) => ({ date, count: byDay.get(date) ?? 0 })),
    payments: MEMBER_APP_PAYMENTS_PENDING,
    feed_reach: { published: Number(reach.published), members: Number(reach.members), views: Number(reach.views) },
  };
}

type MonthlyQ = { status: 'active' | 'blocked'; centre?: number };
type MemberLine = EndUserMonthlyReport['members'][number];

/** Active: end users who signed in (a sign-in opened) each month; blocked: end users blocked that month and still blocked. */
export const monthlyReport: ReportDefinition<MonthlyQ, EndUserMonthlyReport, MemberLine> = {
  summary: 'Member app users by month: who signed in (active), or who was blocked',
  run: async ({ tx, ctx, q, window: { from, to } }) => {
    const org = ctx.organisationId;
    const status = q.status ?? 'active';
    const inWindow = (column: string) => sql`${dayOf(ctx, column)} between ${from}::date and ${to}::date`;
    const centre = centreFilter(q.centre, sql`m.centre_id`);
    const base = sql`from ${endUser} u join ${member} m on m.organisation_id = u.organisation_id and m.id = u.member_id`;
    const months =
      status === 'active'
        ? await queryRows<{ month: string; n: number }>(
            tx,
            sql`select to_char(${dayOf(ctx, 's.created_at')}, 'YYYY-MM') as month, count(distinct u.id)::int as n ${base}
                  join ${endUserSession} s on s.organisation_id = u.organisation_id and s.end_user_id = u.id
                 where u.organisation_id = ${org} and ${inWindow('s.created_at')} ${centre} group by 1`,
          )
        : await queryRows<{ month: string; n: number }>(
            tx,
            sql`select to_char(${dayOf(ctx, 'u.blocked_at')}, 'YYYY-MM') as month, count(*)::int as n ${base}
                 where u.organisation_id = ${org} and u.status = 'blocked' and ${inWindow('u.blocked_at')} ${centre} group by 1`,
          );
    const members = await queryRows<{ member_code: string; full_name: string; phone: string; last_login_at: string | null; blocked_at: string | null }>(
      tx,
      sql`select m.member_code, trim(m.first_name || ' ' || m.last_name) as full_name, m.phone, u.last_login_at::text as last_login_at, u.blocked_at::text as blocked_at ${base}
           where u.organisation_id = ${org} ${centre} and ${
             status === 'active'
               ? sql`exists (select 1 from ${endUserSession} s where s.organisation_id = u.organisation_id and s.end_user_id = u.id and ${inWindow('s.created_at')})`
               : sql`u.status = 'blocked' and ${inWindow('u.blocked_at')}`
           }
           order by 2, u.id limit 5000`,
    );
    const count = new Map(months.map((r) => [r.month, Number(r.n)]));
    const list = monthsOf(from, to).map((month) => ({ month: month.slice(0, 7), count: count.get(month.slice(0, 7)) ?? 0 }));
    return {
      from,
      to,
      status,
      months: list,
      total: members.length,
      members: members.map((r) => ({
        ...r,
        last_login_at: r.last_login_at ? new Date(r.last_login_at).toISOString() : null,
        blocked_at: r.blocked_at ? new Date(r.blocked_at).toISOString() : null,
      })),
    };
  },
  file: ({ report }) => ({
    filename: `end-users-${report.status}`,
    title: report.status === 'active' ? 'Active member app users' : 'Blocked member app users',
    columns: [
      { header: 'Member', value: (r) => r.full_name },
      { header: 'Code', value: (r) => r.member_code },
      { header: 'Phone', value: (r) => r.phone },
      { header: 'Last sign-in', value: (r) => r.last_login_at, type: 'datetime' },
      ...(report.status === 'blocked' ? [{ header: 'Blocked', value: (r: MemberLine) => r.blocked_at, type: 'datetime' as const }] : []),
    ],
    rows: report.members,
  }),
};

/** Active vs blocked: the end users with access given by the window's end, by status now; of the active, who signed in within it. */
export const pieReport: ReportDefinition<{ centre?: number }, EndUserPieReport, { status: string; users: number }> = {
  summary: 'Member app users: active vs blocked',
  run: async ({ tx, ctx, q, window: { from, to } }) => {
    const [r] = await queryRows<{ active: number; blocked: number; signed_in: number }>(
      tx,
      sql`select count(*) filter (where u.status = 'active')::int as active, count(*) filter (where u.status = 'blocked')::int as blocked,
                 count(*) filter (where u.status = 'active' and exists (select 1 from ${endUserSession} s where s.organisation_id = u.organisation_id
                   and s.end_user_id = u.id and ${dayOf(ctx, 's.created_at')} between ${from}::date and ${to}::date))::int as signed_in
            from ${endUser} u join ${member} m on m.organisation_id = u.organisation_id and m.id = u.member_id
           where u.organisation_id = ${ctx.organisationId} and ${dayOf(ctx, 'u.created_at')} <= ${to}::date
             ${centreFilter(q.centre, sql`m.centre_id`)}`,
    );
    const active = Number(r.active);
    const blocked = Number(r.blocked);
    return { from, to, active, blocked, total: active + blocked, signed_in: Number(r.signed_in) };
  },
  file: ({ report }) => ({
    filename: 'end-users-active-vs-blocked',
    title: 'Member app users: active vs blocked',
    columns: [
      { header: 'Status', value: (r) => r.status },
      { header: 'Users', value: (r) => r.users, type: 'number' },
    ],
    rows: [
      { status: 'Active', users: report.active },
      { status: 'Blocked', users: report.blocked },
      { status: 'Total', users: report.total },
    ],
  }),
};
