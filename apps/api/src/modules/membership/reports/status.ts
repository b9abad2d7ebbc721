import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../platform/db/client.js';
import { centreFilter, type ReportDefinition, type ReportWindow } from '../../../platform/report.js';
import type { Ctx } from '../../../platform/request-context.js';
import { monthOf, monthsOf } from '../../../platform/time.js';
import { add, localDate, monthKey, monthLabel, NOT_RENEWED } from './shared.js';

type StatusRow = { month: string; label: string; joined: number; renewed: number; expired: number; cancelled: number; active: number };

async function statusReport(tx: Tx, ctx: Ctx, q: { centre?: number }, f: ReportWindow) {
  const org = ctx.organisationId;
  const today = ctx.now.today;
  const months = monthsOf(f.from, f.to);
  const c = (column: string) => centreFilter(q.centre, sql.raw(column));
  const events = await queryRows<{ month: string; what: string; n: number }>(
    tx,
    sql`select ${monthKey(sql`mb.joined_on`)} as month, 'joined' as what, count(*)::int as n from member mb
          where mb.organisation_id = ${org} and mb.joined_on between ${f.from}::date and ${f.to}::date ${c('mb.centre_id')} group by 1
        union all
        select ${monthKey(sql`m.start_date`)}, 'renewed', count(*)::int from membership m
          where m.organisation_id = ${org} and m.renewed_from_id is not null and m.cancelled_at is null
            and m.start_date between ${f.from}::date and ${f.to}::date ${c('m.centre_id')} group by 1
        union all
        select ${monthKey(sql`m.end_date`)}, 'expired', count(*)::int from membership m
          where m.organisation_id = ${org} and m.cancelled_at is null and m.end_date between ${f.from}::date and ${f.to}::date
            and m.end_date < ${today}::date and ${NOT_RENEWED} ${c('m.centre_id')} group by 1
        union all
        select ${monthKey(localDate(ctx, sql`m.cancelled_at`))}, 'cancelled', count(*)::int from membership m
          where m.organisation_id = ${org} and m.cancelled_at is not null
            and ${localDate(ctx, sql`m.cancelled_at`)} between ${f.from}::date and ${f.to}::date ${c('m.centre_id')} group by 1`,
  );
  // Active at each month's end (within the window), or today for the month that holds today.
  const asOf = months.map((month) => {
    const { from, to } = monthOf(`${month}-01`);
    const a = from < f.from ? f.from : from;
    const b = to > f.to ? f.to : to;
    return { month, day: a <= today && today < b ? today : b };
  });
  const active = await queryRows<{ month: string; n: number }>(
    tx,
    sql`select d.month, (select count(distinct m.member_id) from membership m
                          where m.organisation_id = ${org} and m.start_date <= d.day and m.end_date >= d.day
                            and (m.cancelled_at is null or ${localDate(ctx, sql`m.cancelled_at`)} > d.day) ${c('m.centre_id')})::int as n
        from (select x.month, x.day::date as day from jsonb_to_recordset(${JSON.stringify(asOf)}::jsonb) as x(month text, day text)) d`,
  );
  const rows: StatusRow[] = months.map((month) => {
    const n = (what: string) => Number(events.find((e) => e.month === month && e.what === what)?.n ?? 0);
    return {
      month,
      label: monthLabel(month),
      joined: n('joined'),
      renewed: n('renewed'),
      expired: n('expired'),
      cancelled: n('cancelled'),
      active: Number(active.find((a) => a.month === month)?.n ?? 0),
    };
  });
  const total = {
    joined: add(rows, 'joined'),
    renewed: add(rows, 'renewed'),
    expired: add(rows, 'expired'),
    cancelled: add(rows, 'cancelled'),
    active: rows[rows.length - 1]?.active ?? 0,
  };
  return { rows, total };
}

/** Reports › Membership › Status month wise. */
export const statusReportDefinition: ReportDefinition<
  { centre?: number },
  { from: string; to: string } & Awaited<ReturnType<typeof statusReport>>,
  StatusRow
> = {
  summary: 'Status month wise: joined, renewed, lapsed, cancelled and active members per month',
  run: async ({ tx, ctx, q, window }) => ({ ...window, ...(await statusReport(tx, ctx, q, window)) }),
  file: ({ report }) => ({
    filename: 'membership-status-monthly',
    title: 'Membership status month wise',
    columns: [
      { header: 'Month', value: (x) => x.label },
      { header: 'Joined', value: (x) => x.joined, type: 'number' },
      { header: 'Renewed', value: (x) => x.renewed, type: 'number' },
      { header: 'Expired', value: (x) => x.expired, type: 'number' },
      { header: 'Cancelled', value: (x) => x.cancelled, type: 'number' },
      { header: 'Active at month end', value: (x) => x.active, type: 'number' },
    ],
    rows: [...report.rows, { month: 'total', label: 'Total', ...report.total }],
  }),
};
