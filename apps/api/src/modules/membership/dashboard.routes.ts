/**
 * Membership › Dashboard (`GET /api/member-management/dashboard/?centre=`): the desk's figures on
 * the organisation's today (its time zone), optionally for one centre.
 *
 * - `active_members`: members whose (stored, daily-moved) status is active or expiring — a frozen
 *   member is paused, not active; an inactive (deactivated) member never counts.
 * - `new_this_month`: members whose `joined_on` is in the current month.
 * - `expiring_7_days`: members whose status is `expiring` (their membership ends within the
 *   organisation's reminder window, 7 days by default, not renewed yet): exactly the member list with
 *   `status=expiring` (and the centre), the list the tile opens.
 * - `expired_last_30_days`: expired members whose last membership ended in the 30 days before today
 *   (`expired_window`): exactly the member list with `status=expired&ended_after=…&ended_before=…`
 *   (and the centre), the list the tile opens — the same filter, so the same count.
 * - `todays_checkins` / `in_now`: today's visits / those not checked out yet.
 * - `dues_outstanding`: Σ (total − paid) of memberships and member services not cancelled.
 * - `collections_this_month`: the module's income on the ledger this month (receipts − refunds,
 *   each reversal taking back its original).
 * - `joins_vs_lapses`: the 12 months ending with this one: members joined (by `joined_on`) and
 *   memberships lapsed (ended in the month before today, not cancelled, not renewed).
 */
import { membershipDashboardEndpoint, moneyFromSql } from '@arena/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../platform/db/client.js';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { addDays } from '../../platform/time.js';
import { monthOf, monthsOf } from '../../platform/time.js';
import { ledgerTotals } from '../money/index.js';
import { MODULE, tags } from './constants.js';
import { centreFilter } from '../../platform/report.js';
import { monthKey, NOT_RENEWED } from './reports/shared.js';
import { conditions } from '../../platform/list.js';
import { memberList } from './member.routes.js';
import { member } from './schema.js';

/** The first day of the month `n` months before the month of a date. */
function monthsBefore(isoDate: string, n: number): string {
  const [y, m] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 - n, 1)).toISOString().slice(0, 10);
}

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  route(app, membershipDashboardEndpoint, {
    module: MODULE,
    tags,
    summary:
      'Active and new members, expiring and lapsed memberships, today’s visits, dues, this month’s collections, 12 months of joins vs lapses',
    handler: async (request) =>
      inTenant(
        request,
        async (tx, ctx) => {
          const org = ctx.organisationId;
          const today = ctx.now.today;
          const centre = request.query.centre;
          const month = monthOf(today);
          const c = (column: string) => centreFilter(centre, sql.raw(column));
          const expiredWindow = { from: addDays(today, -30), to: addDays(today, -1) };
          // The list the tile opens, with the tile's filters: its count is the tile's figure.
          const expiredList = conditions(
            memberList,
            { status: 'expired', ended_after: expiredWindow.from, ended_before: expiredWindow.to, centre },
            ctx,
          );
          const expiringList = conditions(memberList, { status: 'expiring', centre }, ctx);
          const [figures] = await queryRows<{
            active_members: number;
            new_this_month: number;
            expiring_7_days: number;
            expired_last_30_days: number;
            todays_checkins: number;
            in_now: number;
            dues_outstanding: string;
            collections_this_month: string;
          }>(
            tx,
            sql`select
            (select count(*) from member mb where mb.organisation_id = ${org} and mb.is_active
               and mb.status in ('active', 'expiring') ${c('mb.centre_id')})::int as active_members,
            (select count(*) from member mb where mb.organisation_id = ${org}
               and mb.joined_on between ${month.from}::date and ${month.to}::date ${c('mb.centre_id')})::int as new_this_month,
            (select count(*) from ${member} where ${expiringList})::int as expiring_7_days,
            (select count(*) from ${member} where ${expiredList})::int as expired_last_30_days,
            (select count(*) from member_attendance a where a.organisation_id = ${org} and a.date = ${today}::date
               ${c('a.centre_id')})::int as todays_checkins,
            (select count(*) from member_attendance a where a.organisation_id = ${org} and a.date = ${today}::date
               and a.check_out is null ${c('a.centre_id')})::int as in_now,
            (coalesce((select sum(m.total - m.paid) from membership m where m.organisation_id = ${org} and m.cancelled_at is null ${c('m.centre_id')}), 0)
             + coalesce((select sum(ms.total - ms.paid) from member_service ms where ms.organisation_id = ${org} and ms.cancelled_at is null
                 ${c('ms.centre_id')}), 0))::text as dues_outstanding,
            '0' as collections_this_month`,
          );
          const [collected] = await ledgerTotals(tx, ctx, { module: MODULE, type: 'income', ...month, centre });
          figures.collections_this_month = collected?.income ?? '0.00';
          const from = monthsBefore(today, 11);
          const events = await queryRows<{ month: string; joins: number; lapses: number }>(
            tx,
            sql`select month, sum(joins)::int as joins, sum(lapses)::int as lapses from (
                select ${monthKey(sql`mb.joined_on`)} as month, 1 as joins, 0 as lapses from member mb
                  where mb.organisation_id = ${org} and mb.joined_on between ${from}::date and ${month.to}::date ${c('mb.centre_id')}
                union all
                select ${monthKey(sql`m.end_date`)}, 0, 1 from membership m
                  where m.organisation_id = ${org} and m.cancelled_at is null and m.end_date between ${from}::date and ${addDays(today, -1)}::date
                    and ${NOT_RENEWED} ${c('m.centre_id')}) e
              group by 1`,
          );
          return {
            active_members: Number(figures.active_members),
            new_this_month: Number(figures.new_this_month),
            expiring_7_days: Number(figures.expiring_7_days),
            expired_last_30_days: Number(figures.expired_last_30_days),
            expired_window: expiredWindow,
            todays_checkins: Number(figures.todays_checkins),
            in_now: Number(figures.in_now),
            dues_outstanding: moneyFromSql(figures.dues_outstanding),
            collections_this_month: moneyFromSql(figures.collections_this_month),
            joins_vs_lapses: monthsOf(from, month.to).map((m) => {
              const e = events.find((x) => x.month === m);
              return { month: m, joins: Number(e?.joins ?? 0), lapses: Number(e?.lapses ?? 0) };
            }),
          };
        },
        { customPlans: true },
      ),
  });
}
