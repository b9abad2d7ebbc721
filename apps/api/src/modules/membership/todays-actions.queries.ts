/**
 * Today's actions (CRM Management, issue 22): the memberships and member services to act on, as
 * one set-based statement per page (the count rides along as a window function):
 * - `membership-expiry`: not renewed, ending today up to `days` ahead;
 * - `payment-due`: memberships and services (not cancelled) with something left to pay;
 * - `service-expiry`: services ending today up to `days` ahead;
 * - `membership-expired`: ended in the last `days` days (yesterday back), not renewed, and the
 *   member has no other membership running or to come;
 * - `service-expired`: ended in the last `days` days with no later purchase of the same service.
 */
import { moneyFromSql } from '@arena/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';
import { addDays } from '../../platform/time.js';

export type TodaysActionKind = 'membership-expiry' | 'payment-due' | 'service-expiry' | 'membership-expired' | 'service-expired';

export interface TodaysActionQuery {
  tab: TodaysActionKind;
  days: number;
  centre?: number;
  search?: string;
  limit: number;
  offset: number;
}

export interface TodaysActionItem {
  member: number;
  member_code: string;
  name: string;
  phone: string;
  sale: number;
  kind: 'membership' | 'member_service';
  item: string;
  end_date: string;
  due: string;
  centre: number;
  centre_name: string;
}

function salesOf(ctx: Ctx, q: TodaysActionQuery): SQL {
  const org = ctx.organisationId;
  const today = ctx.now.today;
  const ahead = addDays(today, q.days);
  const back = addDays(today, -Math.max(q.days, 1));
  const yesterday = addDays(today, -1);
  const notRenewed = sql`not exists (select 1 from membership r where r.organisation_id = s.organisation_id and r.renewed_from_id = s.id and r.cancelled_at is null)`;
  const memberships = (where: SQL) =>
    sql`select s.id, 'membership' as kind, s.member_id, p.name as item, s.end_date, s.total - s.paid as due, s.centre_id
        from membership s join membership_plan p on p.organisation_id = s.organisation_id and p.id = s.plan_id
        where s.organisation_id = ${org} and s.cancelled_at is null and ${where}`;
  const services = (where: SQL) =>
    sql`select s.id, 'member_service' as kind, s.member_id, v.name as item, s.end_date, s.total - s.paid as due, s.centre_id
        from member_service s join membership_service v on v.organisation_id = s.organisation_id and v.id = s.service_id
        where s.organisation_id = ${org} and s.cancelled_at is null and ${where}`;
  switch (q.tab) {
    case 'membership-expiry':
      return memberships(sql`s.end_date between ${today}::date and ${ahead}::date and ${notRenewed}`);
    case 'service-expiry':
      return services(sql`s.end_date between ${today}::date and ${ahead}::date`);
    case 'payment-due':
      return sql`${memberships(sql`s.paid < s.total`)} union all ${services(sql`s.paid < s.total`)}`;
    case 'membership-expired':
      return memberships(
        sql`s.end_date between ${back}::date and ${yesterday}::date and ${notRenewed}
            and not exists (select 1 from membership o where o.organisation_id = s.organisation_id and o.member_id = s.member_id
              and o.cancelled_at is null and o.end_date >= ${today}::date)`,
      );
    case 'service-expired':
      return services(
        sql`s.end_date between ${back}::date and ${yesterday}::date
            and not exists (select 1 from member_service o where o.organisation_id = s.organisation_id and o.member_id = s.member_id
              and o.service_id = s.service_id and o.cancelled_at is null and o.end_date >= ${today}::date)`,
      );
  }
}

/** A page of today's actions of one tab and the tab's count, in one statement. */
export async function todaysActions(tx: Tx, ctx: Ctx, q: TodaysActionQuery): Promise<{ count: number; rows: TodaysActionItem[] }> {
  const org = ctx.organisationId;
  const search = q.search?.trim();
  const digits = search?.replace(/\D/g, '');
  const searchWhere = search
    ? sql`and (lower(m.first_name || ' ' || m.last_name) like ${`%${search.toLowerCase()}%`} or m.member_code ilike ${`%${search}%`}
          ${digits && digits.length >= 3 ? sql`or m.phone like ${`%${digits.slice(-10)}%`}` : sql``})`
    : sql``;
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`select s.id as sale, s.kind, s.member_id as member, m.member_code, trim(m.first_name || ' ' || m.last_name) as name, m.phone,
          s.item, s.end_date::text as end_date, s.due::text as due, s.centre_id as centre, c.name as centre_name,
          count(*) over () as total
        from (${salesOf(ctx, q)}) s
        join member m on m.organisation_id = ${org} and m.id = s.member_id
        join centre c on c.organisation_id = ${org} and c.id = s.centre_id
        where m.is_active ${q.centre ? sql`and s.centre_id = ${q.centre}` : sql``} ${searchWhere}
        order by ${q.tab === 'payment-due' ? sql`s.due desc, s.end_date` : q.tab.endsWith('expired') ? sql`s.end_date desc` : sql`s.end_date`},
          lower(m.first_name || ' ' || m.last_name), s.id
        limit ${q.limit} offset ${q.offset}`,
  );
  return {
    count: rows.length ? Number(rows[0].total) : 0,
    rows: rows.map((r) => ({
      member: Number(r.member),
      member_code: String(r.member_code),
      name: String(r.name),
      phone: String(r.phone),
      sale: Number(r.sale),
      kind: r.kind as TodaysActionItem['kind'],
      item: String(r.item),
      end_date: String(r.end_date),
      due: moneyFromSql(String(r.due)),
      centre: Number(r.centre),
      centre_name: String(r.centre_name),
    })),
  };
}
