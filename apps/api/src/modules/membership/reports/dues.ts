import { moneyFromSql, type MembershipDueReport } from '@arena/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../platform/db/client.js';
import { centreFilter, type ReportDefinition, type ReportWindow } from '../../../platform/report.js';
import type { Ctx } from '../../../platform/request-context.js';
import { sheet } from '../../../platform/export.js';
import { monthsOf } from '../../../platform/time.js';
import { add, monthKey, monthLabel, sum } from './shared.js';

/** The most members the dues report lists. */
const DUE_MEMBERS = 100;

async function dueReport(tx: Tx, ctx: Ctx, q: { centre?: number }, f: ReportWindow): Promise<Omit<MembershipDueReport, 'from' | 'to'>> {
  const org = ctx.organisationId;
  const sales = sql`
    select m.member_id, m.start_date, m.total, m.paid from membership m
      where m.organisation_id = ${org} and m.cancelled_at is null and m.start_date between ${f.from}::date and ${f.to}::date
        ${centreFilter(q.centre, sql`m.centre_id`)}
    union all
    select ms.member_id, ms.start_date, ms.total, ms.paid from member_service ms
      where ms.organisation_id = ${org} and ms.cancelled_at is null and ms.start_date between ${f.from}::date and ${f.to}::date
        ${centreFilter(q.centre, sql`ms.centre_id`)}`;
  type Sums = { sales: number; total: string; paid: string; due: string };
  const sums = sql`count(*)::int as sales, sum(s.total)::text as total, sum(s.paid)::text as paid, sum(s.total - s.paid)::text as due`;
  const fix = <T extends Sums>(r: T): T => ({
    ...r,
    sales: Number(r.sales),
    total: moneyFromSql(r.total),
    paid: moneyFromSql(r.paid),
    due: moneyFromSql(r.due),
  });
  const [byMonth, members] = await Promise.all([
    queryRows<Sums & { month: string }>(tx, sql`select ${monthKey(sql`s.start_date`)} as month, ${sums} from (${sales}) s group by 1`),
    queryRows<Sums & { member_id: number; member_code: string; name: string; phone: string }>(
      tx,
      sql`select mb.id::int as member_id, mb.member_code, trim(mb.first_name || ' ' || mb.last_name) as name, mb.phone, ${sums}
          from (${sales}) s join member mb on mb.organisation_id = ${org} and mb.id = s.member_id
          group by mb.id, mb.member_code, mb.first_name, mb.last_name, mb.phone
          having sum(s.total - s.paid) > 0
          order by sum(s.total - s.paid) desc, mb.member_code limit ${DUE_MEMBERS}`,
    ),
  ]);
  const rows = monthsOf(f.from, f.to).map((month) => {
    const r = byMonth.find((x) => x.month === month);
    return fix({ month, label: monthLabel(month), sales: r?.sales ?? 0, total: r?.total ?? '0', paid: r?.paid ?? '0', due: r?.due ?? '0' });
  });
  const total = {
    sales: add(rows, 'sales'),
    total: sum(rows.map((r) => r.total)),
    paid: sum(rows.map((r) => r.paid)),
    due: sum(rows.map((r) => r.due)),
  };
  return { rows, total, members: members.map((m) => fix({ ...m, member_id: Number(m.member_id) })) };
}

type Month = { label: string } & MembershipDueReport['total'];
type Owing = MembershipDueReport['members'][number];

/** Reports › Membership › Month wise dues (the XLSX file has a second sheet with who owes). */
export const duesReportDefinition: ReportDefinition<{ centre?: number }, MembershipDueReport, Month> = {
  summary: 'Month wise dues: total, paid and due of the memberships and member services sold each month, and who owes',
  description: 'The XLSX file has a second sheet with the members who owe.',
  run: async ({ tx, ctx, q, window }) => ({ ...window, ...(await dueReport(tx, ctx, q, window)) }),
  file: ({ report }) => ({
    filename: 'membership-dues',
    title: 'Dues month wise',
    columns: [
      { header: 'Month', value: (x) => x.label },
      { header: 'Sales', value: (x) => x.sales, type: 'number' },
      { header: 'Total', value: (x) => x.total, type: 'money' },
      { header: 'Paid', value: (x) => x.paid, type: 'money' },
      { header: 'Due', value: (x) => x.due, type: 'money' },
    ],
    rows: [...report.rows, { label: 'Total', ...report.total }],
    sheets: [
      sheet<Owing>({
        title: 'Members with dues',
        columns: [
          { header: 'Code', value: (x) => x.member_code },
          { header: 'Name', value: (x) => x.name },
          { header: 'Phone', value: (x) => x.phone },
          { header: 'Sales', value: (x) => x.sales, type: 'number' },
          { header: 'Total', value: (x) => x.total, type: 'money' },
          { header: 'Paid', value: (x) => x.paid, type: 'money' },
          { header: 'Due', value: (x) => x.due, type: 'money' },
        ],
        rows: report.members,
      }),
    ],
  }),
};
