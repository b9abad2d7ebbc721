import { sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.js';
import type { ReportDefinition, ReportWindow } from '../../../platform/report.js';
import type { Ctx } from '../../../platform/request-context.js';
import { add, collectionColumns, collections, paise, totalSums, type CollectionSums } from './shared.js';

/** What a sale of the module is collected for: a membership's sport (of its plan), or "Services". */
const saleSport = (ctx: Ctx) => ({
  membership: sql`select m.id, coalesce('sport-' || p.sport_id, 'no-sport') as key, coalesce(s.name, 'No sport') as label
    from membership m join membership_plan p on p.organisation_id = m.organisation_id and p.id = m.plan_id
    left join sport s on s.organisation_id = p.organisation_id and s.id = p.sport_id
    where m.organisation_id = ${ctx.organisationId}`,
  member_service: sql`select ms.id, 'services' as key, 'Services' as label from member_service ms where ms.organisation_id = ${ctx.organisationId}`,
});

async function sportsCollectionReport(tx: Tx, ctx: Ctx, q: { centre?: number }, f: ReportWindow) {
  const rows = (await collections(tx, ctx, { ...f, centre: q.centre }, [{ attribute: saleSport(ctx) }]))
    .map((r) => {
      const key = r.key ?? 'other';
      const sport = r.label ?? 'Other';
      return {
        key,
        sport_id: key.startsWith('sport-') ? Number(key.slice(6)) : null,
        sport,
        sales: r.sales,
        receipts: r.receipts,
        refunds: r.refunds,
        net: r.net,
        count: r.count,
      };
    })
    .sort((a, b) => paise(b.net) - paise(a.net) || a.sport.localeCompare(b.sport));
  return { rows, total: { sales: add(rows, 'sales'), ...totalSums(rows) } };
}

type SportsCollectionReport = { from: string; to: string } & Awaited<ReturnType<typeof sportsCollectionReport>>;
type Line = { sport: string; sales: number } & CollectionSums;

/** Reports › Membership › Sports wise collection. */
export const sportsCollectionReportDefinition: ReportDefinition<{ centre?: number }, SportsCollectionReport, Line> = {
  summary: 'Sports wise collection: receipts, refunds and net per sport of the plan sold (member services as one row)',
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
