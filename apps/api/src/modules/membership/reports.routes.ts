/**
 * Reports › Membership (`GET /api/member-management/reports/<name>/`): status month wise, sports
 * wise, active batch wise, active plan, service, month wise dues, month wise collection, sports
 * wise collection. Each answers `{from, to, rows, total}` (chart-ready rows, every month of the
 * window present for the month-wise ones) or, with `format=csv|xlsx`, the same rows as a file.
 *
 * Shared meanings (see packages/contracts/src/membership-reports.ts):
 * - the window is `date_after`…`date_before` (default: the current month; at most 5 years, else 400);
 * - a membership or member service is *sold* in the month of its `start_date`;
 * - *running* = status active, expiring or frozen (member services have no freezes);
 * - *lapsed* = ended before today, not cancelled, not renewed (no live membership renews it);
 * - money collected = the module's ledger rows: receipts − refunds, each reversal taking back its
 *   original (the books' INCOME), on the ledger row's date and centre.
 * Every query is scoped by the organisation (besides row-level security) and aggregates in SQL.
 */
import {
  fromPaise,
  moneyFromSql,
  moneyReportQueryShape,
  membershipBatchReportSchema,
  membershipCollectionReportSchema,
  membershipDueReportSchema,
  membershipPlanReportSchema,
  membershipServiceReportSchema,
  membershipSportsCollectionReportSchema,
  membershipSportsReportSchema,
  membershipStatusReportSchema,
  signedPaise,
  z,
  type MembershipCollectionReport,
  type MembershipDueReport,
} from '@arena/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { queryRows, type Tx } from '../../platform/db/client.js';
import { fieldError } from '../../platform/errors.js';
import { exportQuerySchema, sendWorkbook, sheet, type ExportColumn } from '../../platform/export.js';
import { reportExport } from '../../platform/list.js';
import { inTenant, type Ctx } from '../../platform/request-context.js';
import { daysBetween } from '../../platform/time.js';
import { booksWhere, describeBooks, INCOME, monthOf } from '../money/index.js';
import { API, MODULE, tags } from './constants.js';

const BASE = `${API}/reports`;
const range = z.object(moneyReportQueryShape).extend(exportQuerySchema.shape);
type Range = z.infer<typeof range>;

/** The longest window a report covers: 5 years (with their leap days). */
export const MAX_REPORT_DAYS = 5 * 365 + 2;

/**
 * A report's window: the dates asked for; the current month by default (only `date_after`: to
 * today, or that month's end when it is in the future; only `date_before`: from its month's first
 * day). An end before the start, or more than 5 years, is a 400 on `date_before`.
 */
export function reportWindow(q: { date_after?: string; date_before?: string }, ctx: Ctx): { from: string; to: string } {
  const month = monthOf(ctx.now.today);
  const from = q.date_after ?? (q.date_before ? `${q.date_before.slice(0, 7)}-01` : month.from);
  const to = q.date_before ?? (q.date_after ? (q.date_after <= ctx.now.today ? ctx.now.today : monthOf(q.date_after).to) : month.to);
  if (to < from) throw fieldError('date_before', 'The end date must be on or after the start date.');
  if (daysBetween(from, to) > MAX_REPORT_DAYS)
    throw fieldError('date_before', 'A report covers at most 5 years. Choose a shorter date range.');
  return { from, to };
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-03` → `Mar 2026`. */
export const monthLabel = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** The months (`YYYY-MM`) from the month of `from` to the month of `to`, both included. */
export function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number);
  const last = to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > last) return out;
    out.push(month);
    if (++m > 12) [y, m] = [y + 1, 1];
  }
}

/** `YYYY-MM` of a date column. */
export const monthKey = (column: SQL) => sql`to_char(${column}, 'YYYY-MM')`;

/** Membership `m` has not been renewed: no live (not cancelled) membership names it as `renewed_from`. */
export const NOT_RENEWED = sql`not exists (select 1 from membership n where n.organisation_id = m.organisation_id
  and n.renewed_from_id = m.id and n.cancelled_at is null)`;

/** ` and <column> = centre` when a centre is asked for. */
export const centreFilter = (centre: number | undefined, column: SQL) => (centre ? sql` and ${column} = ${centre}` : sql``);

/** The date (organisation's zone) of a timestamp column. */
const localDate = (ctx: Ctx, column: SQL) => sql`(${column} at time zone ${ctx.timeZone})::date`;

const paise = (v: string) => signedPaise(v) ?? 0;
const sum = (values: string[]) => fromPaise(values.reduce((s, v) => s + paise(v), 0));
const add = (rows: Record<string, unknown>[], key: string) => rows.reduce((s, r) => s + Number(r[key] ?? 0), 0);

/** Receipts, refunds, net and count of ledger rows `l` of the module (income side). */
const COLLECTION_SUMS = sql`
  coalesce(sum(case when l.kind = 'receipt' then l.amount when l.kind = 'reversal' and l.direction = 'out' then -l.amount else 0 end), 0)::text as receipts,
  coalesce(sum(case when l.kind = 'refund' then l.amount when l.kind = 'reversal' and l.direction = 'in' then -l.amount else 0 end), 0)::text as refunds,
  coalesce(sum(${INCOME}), 0)::text as net,
  count(*)::int as count`;
type CollectionSums = { receipts: string; refunds: string; net: string; count: number };
const fixSums = <T extends CollectionSums>(r: T): T => ({
  ...r,
  receipts: moneyFromSql(r.receipts),
  refunds: moneyFromSql(r.refunds),
  net: moneyFromSql(r.net),
  count: Number(r.count),
});
const totalSums = (rows: CollectionSums[]): CollectionSums => ({
  receipts: sum(rows.map((r) => r.receipts)),
  refunds: sum(rows.map((r) => r.refunds)),
  net: sum(rows.map((r) => r.net)),
  count: add(rows, 'count'),
});
/** The module's income rows of the window (and centre). */
const moduleLedger = (ctx: Ctx, f: { from: string; to: string; centre?: number }) =>
  booksWhere(ctx, f, sql`and l.module = ${MODULE} and l.type = 'income'`);
const collectionColumns = <T extends CollectionSums>(): ExportColumn<T>[] => [
  { header: 'Receipts', value: (x) => x.receipts, type: 'money' },
  { header: 'Refunds', value: (x) => x.refunds, type: 'money' },
  { header: 'Net', value: (x) => x.net, type: 'money' },
  { header: 'Movements', value: (x) => x.count, type: 'number' },
];

// ---------------------------------------------------------------- the reports

type StatusRow = { month: string; label: string; joined: number; renewed: number; expired: number; cancelled: number; active: number };

async function statusReport(tx: Tx, ctx: Ctx, q: Range, f: { from: string; to: string }) {
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

const SPORT_STATUSES = ['upcoming', 'active', 'expiring', 'frozen', 'expired'] as const;

async function sportsReport(tx: Tx, ctx: Ctx, q: Range, f: { from: string; to: string }) {
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

async function batchReport(tx: Tx, ctx: Ctx, q: Range, f: { from: string; to: string }) {
  const org = ctx.organisationId;
  const rows = (
    await queryRows<{
      batch_id: number;
      batch: string;
      sport: string | null;
      centre: string;
      weekdays: number[] | string;
      start_time: string;
      end_time: string;
      capacity: number;
      members: number;
      active_members: number;
      joined: number;
    }>(
      tx,
      sql`select b.id::int as batch_id, b.name as batch, s.name as sport, c.name as centre, array_to_json(b.weekdays)::text as weekdays,
            b.start_time::text as start_time, b.end_time::text as end_time, b.capacity, b.member_count as members,
            coalesce(x.active_members, 0)::int as active_members, coalesce(x.joined, 0)::int as joined
          from batch b
          join centre c on c.organisation_id = b.organisation_id and c.id = b.centre_id
          left join sport s on s.organisation_id = b.organisation_id and s.id = b.sport_id
          left join (
            select bm.batch_id,
              count(*) filter (where mb.status in ('active', 'expiring')) as active_members,
              count(*) filter (where bm.joined_on between ${f.from}::date and ${f.to}::date) as joined
            from batch_member bm join member mb on mb.organisation_id = bm.organisation_id and mb.id = bm.member_id
            where bm.organisation_id = ${org} group by 1) x on x.batch_id = b.id
          where b.organisation_id = ${org} and b.is_active ${centreFilter(q.centre, sql`b.centre_id`)}
          order by c.name, b.start_time, b.name`,
    )
  ).map((r) => ({
    ...r,
    batch_id: Number(r.batch_id),
    weekdays: (typeof r.weekdays === 'string' ? JSON.parse(r.weekdays) : r.weekdays) as number[],
    seats_left: r.capacity - r.members,
    occupancy: occupancy(r.members, r.capacity),
  }));
  const capacity = add(rows, 'capacity');
  const members = add(rows, 'members');
  const total = {
    capacity,
    members,
    seats_left: capacity - members,
    active_members: add(rows, 'active_members'),
    joined: add(rows, 'joined'),
    occupancy: occupancy(members, capacity),
  };
  return { rows, total };
}

const occupancy = (members: number, capacity: number) => (capacity > 0 ? Math.round((members * 1000) / capacity) / 10 : 0);

async function planReport(tx: Tx, ctx: Ctx, q: Range, f: { from: string; to: string }) {
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

async function serviceReport(tx: Tx, ctx: Ctx, q: Range, f: { from: string; to: string }) {
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

/** The most members the dues report lists. */
const DUE_MEMBERS = 100;

async function dueReport(tx: Tx, ctx: Ctx, q: Range, f: { from: string; to: string }): Promise<Omit<MembershipDueReport, 'from' | 'to'>> {
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

async function collectionReport(
  tx: Tx,
  ctx: Ctx,
  q: Range,
  f: { from: string; to: string },
): Promise<Omit<MembershipCollectionReport, 'from' | 'to'>> {
  const pairs = (
    await queryRows<CollectionSums & { month: string; payment_mode: string }>(
      tx,
      sql`select ${monthKey(sql`l.date`)} as month, coalesce(pm.name, 'Other') as payment_mode, ${COLLECTION_SUMS}
          from ledger_entry l left join payment_mode pm on pm.organisation_id = l.organisation_id and pm.id = l.payment_mode_id
          where ${moduleLedger(ctx, { ...f, centre: q.centre })}
          group by 1, 2 order by 1, 2`,
    )
  ).map(fixSums);
  const rows = monthsOf(f.from, f.to).map((month) => ({
    month,
    label: monthLabel(month),
    ...totalSums(pairs.filter((p) => p.month === month)),
  }));
  const modes = [...new Set(pairs.map((p) => p.payment_mode))].sort();
  const byMode = modes.map((payment_mode) => ({ payment_mode, ...totalSums(pairs.filter((p) => p.payment_mode === payment_mode)) }));
  return { rows, by_mode: byMode, by_month_mode: pairs, total: totalSums(rows) };
}

async function sportsCollectionReport(tx: Tx, ctx: Ctx, q: Range, f: { from: string; to: string }) {
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

// ---------------------------------------------------------------- routes

export async function membershipReportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { module: MODULE } as const;
  const description =
    'Filters: `date_after`, `date_before` (default: this month; at most 5 years), `centre`. Add `format=csv` or `format=xlsx` for the report as a file.';
  const filtersOf = (tx: Tx, ctx: Ctx, f: { from: string; to: string }, q: Range) => describeBooks(tx, ctx, f.from, f.to, q.centre);

  r.get(`${BASE}/member/`, {
    config,
    schema: {
      tags,
      summary: 'Status month wise: joined, renewed, lapsed, cancelled and active members per month',
      description,
      querystring: range,
      response: { 200: membershipStatusReportSchema },
    },
    handler: async (request, reply) => {
      const q = request.query;
      return inTenant(request, async (tx, ctx) => {
        const f = reportWindow(q, ctx);
        const { rows, total } = await statusReport(tx, ctx, q, f);
        if (!q.format) return { ...f, rows, total };
        return reportExport(reply, ctx, q.format, {
          filename: 'membership-status-monthly',
          title: 'Membership status month wise',
          filters: await filtersOf(tx, ctx, f, q),
          columns: [
            { header: 'Month', value: (x: StatusRow) => x.label },
            { header: 'Joined', value: (x) => x.joined, type: 'number' },
            { header: 'Renewed', value: (x) => x.renewed, type: 'number' },
            { header: 'Expired', value: (x) => x.expired, type: 'number' },
            { header: 'Cancelled', value: (x) => x.cancelled, type: 'number' },
            { header: 'Active at month end', value: (x) => x.active, type: 'number' },
          ],
          rows: [...rows, { month: 'total', label: 'Total', ...total }],
        });
      });
    },
  });

  r.get(`${BASE}/sports/`, {
    config,
    schema: {
      tags,
      summary: 'Sports wise: members per sport of their plan (memberships overlapping the dates), by current status',
      description,
      querystring: range,
      response: { 200: membershipSportsReportSchema },
    },
    handler: async (request, reply) => {
      const q = request.query;
      return inTenant(request, async (tx, ctx) => {
        const f = reportWindow(q, ctx);
        const { rows, total } = await sportsReport(tx, ctx, q, f);
        if (!q.format) return { ...f, rows, total };
        type Line = { sport: string } & typeof total;
        return reportExport(reply, ctx, q.format, {
          filename: 'membership-sports',
          title: 'Members sports wise',
          filters: await filtersOf(tx, ctx, f, q),
          columns: [
            { header: 'Sport', value: (x: Line) => x.sport },
            { header: 'Members', value: (x) => x.members, type: 'number' },
            { header: 'Upcoming', value: (x) => x.upcoming, type: 'number' },
            { header: 'Active', value: (x) => x.active, type: 'number' },
            { header: 'Expiring', value: (x) => x.expiring, type: 'number' },
            { header: 'Frozen', value: (x) => x.frozen, type: 'number' },
            { header: 'Expired', value: (x) => x.expired, type: 'number' },
          ],
          rows: [...rows, { sport: 'Total', ...total }],
        });
      });
    },
  });

  r.get(`${BASE}/batch/`, {
    config,
    schema: {
      tags,
      summary: 'Active batch wise: capacity, members, seats left, active members and joins in the dates per active batch',
      description,
      querystring: range,
      response: { 200: membershipBatchReportSchema },
    },
    handler: async (request, reply) => {
      const q = request.query;
      return inTenant(request, async (tx, ctx) => {
        const f = reportWindow(q, ctx);
        const { rows, total } = await batchReport(tx, ctx, q, f);
        if (!q.format) return { ...f, rows, total };
        type Line = { batch: string; centre: string; sport: string | null; start_time: string; end_time: string } & typeof total;
        return reportExport(reply, ctx, q.format, {
          filename: 'membership-batches',
          title: 'Active batches',
          filters: await filtersOf(tx, ctx, f, q),
          columns: [
            { header: 'Batch', value: (x: Line) => x.batch },
            { header: 'Center', value: (x) => x.centre },
            { header: 'Sport', value: (x) => x.sport ?? '' },
            { header: 'Start', value: (x) => x.start_time, type: 'time' },
            { header: 'End', value: (x) => x.end_time, type: 'time' },
            { header: 'Capacity', value: (x) => x.capacity, type: 'number' },
            { header: 'Members', value: (x) => x.members, type: 'number' },
            { header: 'Seats left', value: (x) => x.seats_left, type: 'number' },
            { header: 'Active members', value: (x) => x.active_members, type: 'number' },
            { header: 'Joined', value: (x) => x.joined, type: 'number' },
            { header: 'Occupancy %', value: (x) => x.occupancy, type: 'number' },
          ],
          rows: [...rows, { batch: 'Total', centre: '', sport: '', start_time: '', end_time: '', ...total }],
        });
      });
    },
  });

  r.get(`${BASE}/plan/`, {
    config,
    schema: {
      tags,
      summary: 'Active plan: running and expiring memberships per plan, and what was sold in the dates',
      description,
      querystring: range,
      response: { 200: membershipPlanReportSchema },
    },
    handler: async (request, reply) => {
      const q = request.query;
      return inTenant(request, async (tx, ctx) => {
        const f = reportWindow(q, ctx);
        const { rows, total } = await planReport(tx, ctx, q, f);
        if (!q.format) return { ...f, rows, total };
        type Line = { plan: string; sport: string | null; price: string } & typeof total;
        return reportExport(reply, ctx, q.format, {
          filename: 'membership-plans',
          title: 'Plans',
          filters: await filtersOf(tx, ctx, f, q),
          columns: [
            { header: 'Plan', value: (x: Line) => x.plan },
            { header: 'Sport', value: (x) => x.sport ?? '' },
            { header: 'Price', value: (x) => x.price, type: 'money' },
            { header: 'Running', value: (x) => x.running, type: 'number' },
            { header: 'Expiring', value: (x) => x.expiring, type: 'number' },
            { header: 'Sold', value: (x) => x.sold, type: 'number' },
            { header: 'Amount', value: (x) => x.amount, type: 'money' },
          ],
          rows: [...rows, { plan: 'Total', sport: '', price: '', ...total }],
        });
      });
    },
  });

  r.get(`${BASE}/service/`, {
    config,
    schema: {
      tags,
      summary: 'Service: member services sold in the dates (amount, paid, due) and running now, per service',
      description,
      querystring: range,
      response: { 200: membershipServiceReportSchema },
    },
    handler: async (request, reply) => {
      const q = request.query;
      return inTenant(request, async (tx, ctx) => {
        const f = reportWindow(q, ctx);
        const { rows, total } = await serviceReport(tx, ctx, q, f);
        if (!q.format) return { ...f, rows, total };
        type Line = { service: string; price: string } & typeof total;
        return reportExport(reply, ctx, q.format, {
          filename: 'membership-services',
          title: 'Services',
          filters: await filtersOf(tx, ctx, f, q),
          columns: [
            { header: 'Service', value: (x: Line) => x.service },
            { header: 'Price', value: (x) => x.price, type: 'money' },
            { header: 'Sold', value: (x) => x.sold, type: 'number' },
            { header: 'Running', value: (x) => x.running, type: 'number' },
            { header: 'Amount', value: (x) => x.amount, type: 'money' },
            { header: 'Paid', value: (x) => x.paid, type: 'money' },
            { header: 'Due', value: (x) => x.due, type: 'money' },
          ],
          rows: [...rows, { service: 'Total', price: '', ...total }],
        });
      });
    },
  });

  r.get(`${BASE}/due-amount/`, {
    config,
    schema: {
      tags,
      summary: 'Month wise dues: total, paid and due of the memberships and member services sold each month, and who owes',
      description: `${description} The XLSX file has a second sheet with the members who owe.`,
      querystring: range,
      response: { 200: membershipDueReportSchema },
    },
    handler: async (request, reply) => {
      const q = request.query;
      return inTenant(request, async (tx, ctx) => {
        const f = reportWindow(q, ctx);
        const report = await dueReport(tx, ctx, q, f);
        if (!q.format) return { ...f, ...report };
        type Month = { label: string } & MembershipDueReport['total'];
        const monthColumns: ExportColumn<Month>[] = [
          { header: 'Month', value: (x) => x.label },
          { header: 'Sales', value: (x) => x.sales, type: 'number' },
          { header: 'Total', value: (x) => x.total, type: 'money' },
          { header: 'Paid', value: (x) => x.paid, type: 'money' },
          { header: 'Due', value: (x) => x.due, type: 'money' },
        ];
        const months = [...report.rows, { label: 'Total', ...report.total }];
        const filters = await filtersOf(tx, ctx, f, q);
        if (q.format === 'csv')
          return reportExport(reply, ctx, q.format, {
            filename: 'membership-dues',
            title: 'Dues month wise',
            filters,
            columns: monthColumns,
            rows: months,
          });
        type Owing = MembershipDueReport['members'][number];
        return sendWorkbook(reply, {
          filename: 'membership-dues',
          filters,
          timeZone: ctx.timeZone,
          today: ctx.now.today,
          sheets: [
            sheet({ title: 'Dues month wise', columns: monthColumns, rows: months }),
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
        });
      });
    },
  });

  r.get(`${BASE}/transaction/`, {
    config,
    schema: {
      tags,
      summary: 'Month wise collection: receipts, refunds and net of memberships and member services per month and payment mode',
      description: `${description} The file has a column per payment mode (net); the XLSX file also a sheet per payment mode.`,
      querystring: range,
      response: { 200: membershipCollectionReportSchema },
    },
    handler: async (request, reply) => {
      const q = request.query;
      return inTenant(request, async (tx, ctx) => {
        const f = reportWindow(q, ctx);
        const report = await collectionReport(tx, ctx, q, f);
        if (!q.format) return { ...f, ...report };
        // As the screen reads it: months down, receipts/refunds/net, then the net of each payment mode across.
        type Month = { month: string | null; label: string } & CollectionSums;
        const netOf = (month: string | null, mode: string) =>
          sum(report.by_month_mode.filter((p) => (month === null || p.month === month) && p.payment_mode === mode).map((p) => p.net));
        const monthColumns: ExportColumn<Month>[] = [
          { header: 'Month', value: (x) => x.label },
          ...collectionColumns<Month>(),
          ...report.by_mode.map((m) => ({
            header: m.payment_mode,
            value: (x: Month) => netOf(x.month, m.payment_mode),
            type: 'money' as const,
          })),
        ];
        const months: Month[] = [...report.rows, { month: null, label: 'Total', ...report.total }];
        const filters = await filtersOf(tx, ctx, f, q);
        const title = 'Membership collections month wise';
        if (q.format === 'csv')
          return reportExport(reply, ctx, q.format, {
            filename: 'membership-collections',
            title,
            filters,
            columns: monthColumns,
            rows: months,
          });
        type Mode = { payment_mode: string } & CollectionSums;
        return sendWorkbook(reply, {
          filename: 'membership-collections',
          filters,
          timeZone: ctx.timeZone,
          today: ctx.now.today,
          sheets: [
            sheet({ title, columns: monthColumns, rows: months }),
            sheet<Mode>({
              title: 'By payment mode',
              columns: [{ header: 'Payment mode', value: (x) => x.payment_mode }, ...collectionColumns<Mode>()],
              rows: [...report.by_mode, { payment_mode: 'Total', ...report.total }],
            }),
          ],
        });
      });
    },
  });

  r.get(`${BASE}/sports-member-transaction/`, {
    config,
    schema: {
      tags,
      summary: 'Sports wise collection: receipts, refunds and net per sport of the plan sold (member services as one row)',
      description,
      querystring: range,
      response: { 200: membershipSportsCollectionReportSchema },
    },
    handler: async (request, reply) => {
      const q = request.query;
      return inTenant(request, async (tx, ctx) => {
        const f = reportWindow(q, ctx);
        const { rows, total } = await sportsCollectionReport(tx, ctx, q, f);
        if (!q.format) return { ...f, rows, total };
        type Line = { sport: string; sales: number } & CollectionSums;
        return reportExport(reply, ctx, q.format, {
          filename: 'membership-sports-collections',
          title: 'Membership collections sports wise',
          filters: await filtersOf(tx, ctx, f, q),
          columns: [
            { header: 'Sport', value: (x: Line) => x.sport },
            { header: 'Sales', value: (x) => x.sales, type: 'number' },
            ...collectionColumns<Line>(),
          ],
          rows: [...rows, { sport: 'Total', ...total }],
        });
      });
    },
  });
}
