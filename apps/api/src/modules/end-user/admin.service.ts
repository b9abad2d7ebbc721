/**
 * End User Login's dashboard (members with app access, active in the last 30 days, sign-ins by
 * day, payments made in the app, feed reach) and its reports (active and blocked by month, active
 * vs blocked). Days are the organisation's (its zone); each figure is one statement.
 */
import type { EndUserDashboard, EndUserMonthlyReport, EndUserPieReport } from '@arena/contracts/end-user';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../platform/db/client.js';
import type { ReportDefinition } from '../../platform/report.js';
import type { Ctx } from '../../platform/request-context.js';
import { addDays, monthsOf } from '../../platform/time.js';
import { memberCentres, memberProfiles } from '../membership/index.js';
import { paidOrderTotals } from '../payments/index.js';
import { MEMBER_DUE_PURPOSE, MEMBER_RENEWAL_PURPOSE } from './me-money.service.js';
import { endUser, endUserFeed, endUserFeedSeen, endUserSession } from './schema.js';

const dayOf = (ctx: Ctx, column: string) => sql.raw(`(${column} at time zone '${ctx.timeZone.replace(/'/g, "''")}')::date`);

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
    // Dues and renewals members paid online in the app (payment orders of those purposes), last 30 days.
    payments: await paidOrderTotals(tx, ctx, [MEMBER_DUE_PURPOSE, MEMBER_RENEWAL_PURPOSE], new Date(since)),
    feed_reach: { published: Number(reach.published), members: Number(reach.members), views: Number(reach.views) },
  };
}

type MonthlyQ = { status: 'active' | 'blocked'; centre?: number };
type MemberLine = EndUserMonthlyReport['members'][number];
type UserLine = { id: string; member_id: string; last_login_at: string | null; blocked_at: string | null; months: string[] | null };

/** Keeps the end users whose member is of the centre asked for (all without one). */
async function ofCentre<T extends { member_id: string }>(tx: Tx, ctx: Ctx, rows: T[], centre: number | undefined): Promise<T[]> {
  if (!centre) return rows;
  const centres = await memberCentres(
    tx,
    ctx,
    rows.map((r) => Number(r.member_id)),
  );
  return rows.filter((r) => centres.get(Number(r.member_id)) === centre);
}

const isoOf = (v: string | null) => (v ? new Date(v).toISOString() : null);

/** Active: end users who signed in (a sign-in opened) each month; blocked: end users blocked that month and still blocked. */
export const monthlyReport: ReportDefinition<MonthlyQ, EndUserMonthlyReport, MemberLine> = {
  summary: 'Member app users by month: who signed in (active), or who was blocked',
  run: async ({ tx, ctx, q, window: { from, to } }) => {
    const org = ctx.organisationId;
    const status = q.status ?? 'active';
    const inWindow = (column: string) => sql`${dayOf(ctx, column)} between ${from}::date and ${to}::date`;
    const found =
      status === 'active'
        ? await queryRows<UserLine>(
            tx,
            sql`select u.id, u.member_id, u.last_login_at::text as last_login_at, u.blocked_at::text as blocked_at,
                       array_agg(distinct to_char(${dayOf(ctx, 's.created_at')}, 'YYYY-MM')) as months
                  from ${endUser} u join ${endUserSession} s on s.organisation_id = u.organisation_id and s.end_user_id = u.id
                 where u.organisation_id = ${org} and ${inWindow('s.created_at')}
                 group by u.id order by u.id limit 5000`,
          )
        : await queryRows<UserLine>(
            tx,
            sql`select u.id, u.member_id, u.last_login_at::text as last_login_at, u.blocked_at::text as blocked_at,
                       array[to_char(${dayOf(ctx, 'u.blocked_at')}, 'YYYY-MM')] as months
                  from ${endUser} u
                 where u.organisation_id = ${org} and u.status = 'blocked' and ${inWindow('u.blocked_at')}
                 order by u.id limit 5000`,
          );
    const rows = await ofCentre(tx, ctx, found, q.centre);
    const profiles = await memberProfiles(
      tx,
      ctx,
      rows.map((r) => Number(r.member_id)),
    );
    const count = new Map<string, number>();
    for (const r of rows) for (const m of r.months ?? []) count.set(m, (count.get(m) ?? 0) + 1);
    const members = rows
      .map((r) => {
        const p = profiles.get(Number(r.member_id));
        return {
          member_code: p?.member_code ?? '',
          full_name: p?.full_name ?? '',
          phone: p?.phone ?? '',
          last_login_at: isoOf(r.last_login_at),
          blocked_at: isoOf(r.blocked_at),
        };
      })
      .sort((a, b) => a.full_name.localeCompare(b.full_name) || a.member_code.localeCompare(b.member_code));
    return {
      from,
      to,
      status,
      months: monthsOf(from, to).map((month) => ({ month, count: count.get(month) ?? 0 })),
      total: members.length,
      members,
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
    const found = await queryRows<{ member_id: string; status: 'active' | 'blocked'; signed_in: boolean }>(
      tx,
      sql`select u.member_id, u.status,
                 exists (select 1 from ${endUserSession} s where s.organisation_id = u.organisation_id and s.end_user_id = u.id
                   and ${dayOf(ctx, 's.created_at')} between ${from}::date and ${to}::date) as signed_in
            from ${endUser} u
           where u.organisation_id = ${ctx.organisationId} and ${dayOf(ctx, 'u.created_at')} <= ${to}::date`,
    );
    const rows = await ofCentre(tx, ctx, found, q.centre);
    const active = rows.filter((r) => r.status === 'active').length;
    const blocked = rows.length - active;
    const signedIn = rows.filter((r) => r.status === 'active' && r.signed_in).length;
    return { from, to, active, blocked, total: rows.length, signed_in: signedIn };
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
