import { moneyFromSql } from '@arena/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../platform/db/client.js';
import { centreFilter, type ReportDefinition, type ReportWindow } from '../../../platform/report.js';
import type { Ctx } from '../../../platform/request-context.js';
import { add, NOT_RENEWED, sum } from './shared.js';

async function planReport(tx: Tx, ctx: Ctx, q: { centre?: number }, f: ReportWindow) {
  const org = ctx.organisationId;
  const sold = sql`m.cancelled_at is null and m.start_date between ${f.from}::date and ${f.to}::date`;
  const rows = (
    await queryRows<{
      plan_id: number;
      plan: string;
      sport: string | null;
      price: string;
      is_active: boolean;
      running: number;
      expiring: number;
      sold: number;
      amount: string;
    }>(
      tx,
      sql`select p.id::int as plan_id, p.name as plan, s.name as sport, p.price::text as price, p.is_active,
            coalesce(x.running, 0)::int as running, coalesce(x.expiring, 0)::int as expiring,
            coalesce(x.sold, 0)::int as sold, coalesce(x.amount, 0)::text as amount
          from membership_plan p
          left join sport s on s.organisation_id = p.organisation_id and s.id = p.sport_id
          left join (
            select m.plan_id,
              count(*) filter (where m.status in ('active', 'expiring', 'frozen')) as running,
              count(*) filter (where m.status = 'expiring' and ${NOT_RENEWED}) as expiring,
              count(*) filter (where ${sold}) as sold,
              sum(m.total) filter (where ${sold}) as amount
            from membership m where m.organisation_id = ${org} ${centreFilter(q.centre, sql`m.centre_id`)} group by 1) x on x.plan_id = p.id
          where p.organisation_id = ${org} and (p.is_active or coalesce(x.running, 0) > 0 or coalesce(x.sold, 0) > 0)
          order by p.name`,
    )
  ).map((r) => ({ ...r, plan_id: Number(r.plan_id), price: moneyFromSql(r.price), amount: moneyFromSql(r.amount) }));
  const total = {
    running: add(rows, 'running'),
    expiring: add(rows, 'expiring'),
    sold: add(rows, 'sold'),
    amount: sum(rows.map((r) => r.amount)),
  };
  return { rows, total };
}

type PlanReport = { from: string; to: string } & Awaited<ReturnType<typeof planReport>>;
type PlanLine = { plan: string; sport: string | null; price: string } & PlanReport['total'];

/** Reports › Membership › Active plan. */
export const planReportDefinition: ReportDefinition<{ centre?: number }, PlanReport, PlanLine> = {
  summary: 'Active plan: running and expiring memberships per plan, and what was sold in the dates',
  run: async ({ tx, ctx, q, window }) => ({ ...window, ...(await planReport(tx, ctx, q, window)) }),
  file: ({ report }) => ({
    filename: 'membership-plans',
    title: 'Plans',
    columns: [
      { header: 'Plan', value: (x) => x.plan },
      { header: 'Sport', value: (x) => x.sport ?? '' },
      { header: 'Price', value: (x) => x.price, type: 'money' },
      { header: 'Running', value: (x) => x.running, type: 'number' },
      { header: 'Expiring', value: (x) => x.expiring, type: 'number' },
      { header: 'Sold', value: (x) => x.sold, type: 'number' },
      { header: 'Amount', value: (x) => x.amount, type: 'money' },
    ],
    rows: [...report.rows, { plan: 'Total', sport: '', price: '', ...report.total }],
  }),
};
