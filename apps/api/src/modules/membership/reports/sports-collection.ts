import { membershipSportsCollectionReportSchema } from '@arena/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../platform/db/client.js';
import type { ReportDefinition, ReportWindow } from '../../../platform/report.js';
import type { Ctx } from '../../../platform/request-context.js';
import { INCOME } from '../../money/index.js';
import { add, collectionColumns, COLLECTION_SUMS, fixSums, moduleLedger, totalSums, type CollectionSums } from './shared.js';

async function sportsCollectionReport(tx: Tx, ctx: Ctx, q: { centre?: number }, f: ReportWindow) {
  const rows = (
    await queryRows<CollectionSums & { key: string; sport_id: number | null; sport: string; sales: number }>(
      tx,
      sql`select case when l.source_type = 'membership' then coalesce('sport-' || p.sport_id, 'no-sport')
                      when l.source_type = 'member_service' then 'services' else 'other' end as key,
                 case when l.source_type = 'membership' then p.sport_id end::int as sport_id,
                 case when l.source_type = 'membership' then coalesce(s.name, 'No sport')
                      when l.source_type = 'member_service' then 'Services' else 'Other' end as sport,
                 count(distinct l.source_type || ':' || l.source_id)::int as sales, ${COLLECTION_SUMS}
          from ledger_entry l
          left join membership m on l.source_type = 'membership' and m.organisation_id = l.organisation_id and m.id = l.source_id
          left join membership_plan p on p.organisation_id = m.organisation_id and p.id = m.plan_id
          left join sport s on s.organisation_id = p.organisation_id and s.id = p.sport_id
          where ${moduleLedger(ctx, { ...f, centre: q.centre })}
          group by 1, 2, 3 order by sum(${INCOME}) desc, 3`,
    )
  ).map((r) => fixSums({ ...r, sport_id: r.sport_id === null ? null : Number(r.sport_id), sales: Number(r.sales) }));
  return { rows, total: { sales: add(rows, 'sales'), ...totalSums(rows) } };
}

type SportsCollectionReport = { from: string; to: string } & Awaited<ReturnType<typeof sportsCollectionReport>>;
type Line = { sport: string; sales: number } & CollectionSums;

/** Reports › Membership › Sports wise collection. */
export const sportsCollectionReportDefinition: ReportDefinition<{ centre?: number }, SportsCollectionReport, Line> = {
  summary: 'Sports wise collection: receipts, refunds and net per sport of the plan sold (member services as one row)',
  response: membershipSportsCollectionReportSchema,
  run: async ({ tx, ctx, q, window }) => ({ ...window, ...(await sportsCollectionReport(tx, ctx, q, window)) }),
  file: ({ report }) => ({
    filename: 'membership-sports-collections',
    title: 'Membership collections sports wise',
    columns: [
      { header: 'Sport', value: (x) => x.sport },
      { header: 'Sales', value: (x) => x.sales, type: 'number' },
      ...collectionColumns<Line>(),
    ],
    rows: [...report.rows, { sport: 'Total', ...report.total }],
  }),
};
