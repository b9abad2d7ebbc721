/** CRM › Dashboard: open enquiries, follow-ups due, this month's conversion by source, open complaints by priority, 12 months. */
import { ENQUIRY_SOURCES, type CrmDashboard, type EnquirySource } from '@arena/contracts/crm';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';
import { monthsOf } from '../../platform/time.js';

const rate = (converted: number, total: number) => (total ? Math.round((converted * 1000) / total) / 10 : 0);
const monthsBack = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 - n, 1));
  return d.toISOString().slice(0, 7);
};

export async function crmDashboard(tx: Tx, ctx: Ctx, centreId?: number): Promise<CrmDashboard> {
  const org = ctx.organisationId;
  const today = ctx.now.today;
  const month = today.slice(0, 7);
  const inCentre = centreId ? sql`and e.centre_id = ${centreId}` : sql``;
  const [counts] = await queryRows<{ open: number; today: number; overdue: number }>(
    tx,
    sql`select count(*) filter (where e.status = 'open')::int as open,
               count(*) filter (where e.status = 'open' and e.next_follow_up = ${today}::date)::int as today,
               count(*) filter (where e.status = 'open' and e.next_follow_up < ${today}::date)::int as overdue
          from crm_enquiry e where e.organisation_id = ${org} ${inCentre}`,
  );
  // "This month": enquiries received this month (in the organisation's zone), and how many of them are converted.
  const bySource = await queryRows<{ source: EnquirySource; enquiries: number; converted: number }>(
    tx,
    sql`select e.source, count(*)::int as enquiries, count(*) filter (where e.status = 'converted')::int as converted
          from crm_enquiry e where e.organisation_id = ${org} ${inCentre}
           and e.created_at >= (${`${month}-01`}::date)::timestamp at time zone ${ctx.timeZone}
         group by e.source`,
  );
  const complaints = await queryRows<{ priority: 'low' | 'medium' | 'high'; n: number }>(
    tx,
    sql`select c.priority, count(*)::int as n from crm_complaint c
         where c.organisation_id = ${org} and c.status = 'open' ${centreId ? sql`and c.centre_id = ${centreId}` : sql``} group by c.priority`,
  );
  const first = `${monthsBack(month, 11)}-01`;
  const months = monthsOf(first, `${month}-01`);
  const chart = await queryRows<{ month: string; enquiries: number; conversions: number }>(
    tx,
    sql`select m.month, coalesce(a.n, 0)::int as enquiries, coalesce(b.n, 0)::int as conversions
          from unnest(${sql`array[${sql.join(
            months.map((x) => sql`${x}`),
            sql`, `,
          )}]::text[]`}) as m(month)
          left join (select to_char(e.created_at at time zone ${ctx.timeZone}, 'YYYY-MM') as month, count(*) as n from crm_enquiry e
                      where e.organisation_id = ${org} ${inCentre} and e.created_at >= (${first}::date)::timestamp at time zone ${ctx.timeZone} group by 1) a
            on a.month = m.month
          left join (select to_char(e.converted_at at time zone ${ctx.timeZone}, 'YYYY-MM') as month, count(*) as n from crm_enquiry e
                      where e.organisation_id = ${org} ${inCentre} and e.converted_at >= (${first}::date)::timestamp at time zone ${ctx.timeZone} group by 1) b
            on b.month = m.month
         order by m.month`,
  );
  const p = (k: 'low' | 'medium' | 'high') => Number(complaints.find((c) => c.priority === k)?.n ?? 0);
  return {
    open_enquiries: Number(counts.open),
    follow_ups_today: Number(counts.today),
    follow_ups_overdue: Number(counts.overdue),
    conversion_by_source: ENQUIRY_SOURCES.map((source) => {
      const r = bySource.find((x) => x.source === source);
      const enquiries = Number(r?.enquiries ?? 0);
      const converted = Number(r?.converted ?? 0);
      return { source, enquiries, converted, rate: rate(converted, enquiries) };
    }),
    open_complaints: { low: p('low'), medium: p('medium'), high: p('high') },
    months: chart.map((r) => ({ month: r.month, enquiries: Number(r.enquiries), conversions: Number(r.conversions) })),
  };
}
