import { moneyFromSql } from '@arena/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../platform/db/client.js';
import { centreFilter, type ReportDefinition, type ReportWindow } from '../../../platform/report.js';
import type { Ctx } from '../../../platform/request-context.js';
import { add, sum } from './shared.js';

async function serviceReport(tx: Tx, ctx: Ctx, q: { centre?: number }, f: ReportWindow) {
  const org = ctx.organisationId;
  const sold = sql`ms.cancelled_at is null and ms.start_date between ${f.from}::date and ${f.to}::date`;
  const rows = (
    await queryRows<{
      service_id: number;
      service: string;
      price: string;
      is_active: boolean;
      sold: number;
      running: number;
      amount: string;
      paid: string;
      due: string;
    }>(
      tx,
      sql`select v.id::int as service_id, v.name as service, v.price::text as price, v.is_active,
            coalesce(x.sold, 0)::int as sold, coalesce(x.running, 0)::int as running,
            coalesce(x.amount, 0)::text as amount, coalesce(x.paid, 0)::text as paid, coalesce(x.due, 0)::text as due
          from membership_service v
          left join (
            select ms.service_id,
              count(*) filter (where ${sold}) as sold,
              count(*) filter (where ms.status in ('active', 'expiring')) as running,
              sum(ms.total) filter (where ${sold}) as amount,
              sum(ms.paid) filter (where ${sold}) as paid,
              sum(ms.total - ms.paid) filter (where ${sold}) as due
            from member_service ms where ms.organisation_id = ${org} ${centreFilter(q.centre, sql`ms.centre_id`)} group by 1) x
            on x.service_id = v.id
          where v.organisation_id = ${org} and (v.is_active or coalesce(x.running, 0) > 0 or coalesce(x.sold, 0) > 0)
          order by v.name`,
    )
  ).map((r) => ({
    ...r,
    service_id: Number(r.service_id),
    price: moneyFromSql(r.price),
    amount: moneyFromSql(r.amount),
    paid: moneyFromSql(r.paid),
    due: moneyFromSql(r.due),
  }));
  const total = {
    sold: add(rows, 'sold'),
    running: add(rows, 'running'),
    amount: sum(rows.map((r) => r.amount)),
    paid: sum(rows.map((r) => r.paid)),
    due: sum(rows.map((r) => r.due)),
  };
  return { rows, total };
}

type ServiceReport = { from: string; to: string } & Awaited<ReturnType<typeof serviceReport>>;
type ServiceLine = { service: string; price: string } & ServiceReport['total'];

/** Reports › Membership › Service. */
export const serviceReportDefinition: ReportDefinition<{ centre?: number }, ServiceReport, ServiceLine> = {
  summary: 'Service: member services sold in the dates (amount, paid, due) and running now, per service',
  run: async ({ tx, ctx, q, window }) => ({ ...window, ...(await serviceReport(tx, ctx, q, window)) }),
  file: ({ report }) => ({
    filename: 'membership-services',
    title: 'Services',
    columns: [
      { header: 'Service', value: (x) => x.service },
      { header: 'Price', value: (x) => x.price, type: 'money' },
      { header: 'Sold', value: (x) => x.sold, type: 'number' },
      { header: 'Running', value: (x) => x.running, type: 'number' },
      { header: 'Amount', value: (x) => x.amount, type: 'money' },
      { header: 'Paid', value: (x) => x.paid, type: 'money' },
      { header: 'Due', value: (x) => x.due, type: 'money' },
    ],
    rows: [...report.rows, { service: 'Total', price: '', ...report.total }],
  }),
};
