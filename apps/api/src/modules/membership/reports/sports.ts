import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../platform/db/client.js';
import { centreFilter, type ReportDefinition, type ReportWindow } from '../../../platform/report.js';
import type { Ctx } from '../../../platform/request-context.js';
import { add } from './shared.js';

const SPORT_STATUSES = ['upcoming', 'active', 'expiring', 'frozen', 'expired'] as const;

async function sportsReport(tx: Tx, ctx: Ctx, q: { centre?: number }, f: ReportWindow) {
  const org = ctx.organisationId;
  const rows = (
    await queryRows<{ sport_id: number | null; sport: string; members: number } & Record<(typeof SPORT_STATUSES)[number], number>>(
      tx,
      sql`with latest as (
            select distinct on (m.member_id, p.sport_id) m.member_id, p.sport_id, m.status
            from membership m join membership_plan p on p.organisation_id = m.organisation_id and p.id = m.plan_id
            where m.organisation_id = ${org} and m.cancelled_at is null
              and m.start_date <= ${f.to}::date and m.end_date >= ${f.from}::date ${centreFilter(q.centre, sql`m.centre_id`)}
            order by m.member_id, p.sport_id, m.start_date desc, m.id desc)
          select l.sport_id::int as sport_id, coalesce(s.name, 'No sport') as sport, count(*)::int as members,
            ${sql.join(
              SPORT_STATUSES.map((st) => sql`count(*) filter (where l.status = ${st})::int as ${sql.raw(st)}`),
              sql`, `,
            )}
          from latest l left join sport s on s.organisation_id = ${org} and s.id = l.sport_id
          group by 1, 2 order by 3 desc, 2`,
    )
  ).map((r) => ({
    key: r.sport_id === null ? 'no-sport' : `sport-${r.sport_id}`,
    ...r,
    sport_id: r.sport_id === null ? null : Number(r.sport_id),
  }));
  const total = { members: add(rows, 'members'), ...Object.fromEntries(SPORT_STATUSES.map((st) => [st, add(rows, st)])) } as Record<
    'members' | (typeof SPORT_STATUSES)[number],
    number
  >;
  return { rows, total };
}

type SportsReport = { from: string; to: string } & Awaited<ReturnType<typeof sportsReport>>;
type SportsLine = { sport: string } & SportsReport['total'];

/** Reports › Membership › Sports wise. */
export const sportsReportDefinition: ReportDefinition<{ centre?: number }, SportsReport, SportsLine> = {
  summary: 'Sports wise: members per sport of their plan (memberships overlapping the dates), by current status',
  run: async ({ tx, ctx, q, window }) => ({ ...window, ...(await sportsReport(tx, ctx, q, window)) }),
  file: ({ report }) => ({
    filename: 'membership-sports',
    title: 'Members sports wise',
    columns: [
      { header: 'Sport', value: (x) => x.sport },
      { header: 'Members', value: (x) => x.members, type: 'number' },
      { header: 'Upcoming', value: (x) => x.upcoming, type: 'number' },
      { header: 'Active', value: (x) => x.active, type: 'number' },
      { header: 'Expiring', value: (x) => x.expiring, type: 'number' },
      { header: 'Frozen', value: (x) => x.frozen, type: 'number' },
      { header: 'Expired', value: (x) => x.expired, type: 'number' },
    ],
    rows: [...report.rows, { sport: 'Total', ...report.total }],
  }),
};
