import {
  bookingReportSchema,
  clientReliabilitySchema,
  listQuerySchema,
  occupancyReportSchema,
  paginatedSchema,
  sportsReportSchema,
  transactionReportSchema,
  z,
  type BookingReportRow,
  type ClientReliability,
} from '@arena/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { queryRows } from '../../platform/db/client.js';
import { EXPORT_MAX_ROWS, exportQuerySchema } from '../../platform/export.js';
import { paginate } from '../../platform/pagination.js';
import { reportExport } from '../../platform/list.js';
import { inTenant, type Ctx } from '../../platform/request-context.js';
import { daysBetween, displayDate } from '../../platform/time.js';
import { centre } from '../administrator/index.js';
import { showName } from '../../platform/list.js';
import type { Tx } from '../../platform/db/client.js';
import { MODULE } from './constants.js';
import { bookingLedger, boundedRange, boundedWindow, centreFilter, money, reportRange, reportWindow, sumMoney } from './report-sql.js';

const tags = ['booking'];
const range = reportRange.extend(exportQuerySchema.shape);

/** "Date: 01 Nov 2026 – 23 Nov 2026", "Center: Main Centre": what an exported report covers. */
async function describe(tx: Tx, ctx: Ctx, from: string, to: string, centreId: number | undefined): Promise<string[]> {
  const out = [`Date: ${displayDate(from)} – ${displayDate(to)}`];
  out.push(`Center: ${centreId ? await showName(centre)(centreId, tx, ctx) : 'All Centers'}`);
  return out;
}

export async function bookingReportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { module: MODULE } as const;
  const description = 'Add `format=csv` or `format=xlsx` for the report as a file.';

  r.get('/api/booking/reports/booking/', {
    config,
    schema: {
      tags,
      summary: 'Booked (all sources) or online bookings, grouped by date, facility or sport',
      description,
      querystring: range.extend({
        report: z.enum(['booked', 'online']).default('booked'),
        group_by: z.enum(['date', 'facility', 'sport']).default('date'),
      }),
      response: { 200: bookingReportSchema },
    },
    handler: async (request, reply) => {
      const q = request.query;
      return inTenant(request, async (tx, ctx) => {
        const { from, to } = reportWindow(q, ctx);
        const key = { date: sql`b.date::text`, facility: sql`f.id::text`, sport: sql`sp.id::text` }[q.group_by];
        const label = { date: sql`b.date::text`, facility: sql`sp.name || ' - ' || f.name`, sport: sql`sp.name` }[q.group_by];
        const rows = (
          await queryRows<BookingReportRow>(
            tx,
            sql`select ${key} as key, ${label} as label, count(*)::int as bookings,
                  sum((select count(*) from booked_time_slot s where s.booking_id = b.id))::int as slots,
                  coalesce(sum(b.booking_amount), 0)::text as amount
                from booking b join facility f on f.id = b.facility_id join sport sp on sp.id = f.sport_id
                where b.organisation_id = ${ctx.organisationId} and b.date between ${from} and ${to} and b.status <> 'cancelled'
                  ${q.report === 'online' ? sql`and b.source = 'online'` : sql``}${centreFilter(q.centre, sql`b.centre_id`)}
                group by 1, 2 order by 2`,
          )
        ).map((x) => ({ ...x, amount: money(x.amount) }));
        const total = {
          bookings: rows.reduce((s, x) => s + x.bookings, 0),
          slots: rows.reduce((s, x) => s + x.slots, 0),
          amount: sumMoney(rows.map((x) => x.amount)),
        };
        if (!q.format) return { from, to, rows, total };
        const byDate = q.group_by === 'date';
        return reportExport(reply, ctx, q.format, {
          filename: `${q.report}-bookings`,
          title: `${q.report === 'online' ? 'Online' : 'Booked'} bookings by ${q.group_by}`,
          filters: await describe(tx, ctx, from, to, q.centre),
          columns: [
            {
              header: { date: 'Date', facility: 'Facility', sport: 'Sport' }[q.group_by],
              value: (x) => x.label,
              type: byDate ? 'date' : 'text',
            },
            { header: 'Bookings', value: (x) => x.bookings, type: 'number' },
            { header: 'Slots', value: (x) => x.slots, type: 'number' },
            { header: 'Amount', value: (x) => x.amount, type: 'money' },
          ],
          rows: [...rows, { key: 'total', label: 'Total', ...total }],
        });
      });
    },
  });

  r.get('/api/booking/reports/booking/transaction/', {
    config,
    schema: {
      tags,
      summary: 'Collections by date and payment mode',
      description,
      querystring: range,
      response: { 200: transactionReportSchema },
    },
    handler: async (request, reply) => {
      const q = request.query;
      return inTenant(request, async (tx, ctx) => {
        const { from, to } = reportWindow(q, ctx);
        const rows = (
          await queryRows<{ date: string; payment_mode: string; amount: string; refunded: string; count: number }>(
            tx,
            sql`select p.date::text as date, m.name as payment_mode, sum(p.signed)::text as amount,
                  coalesce(-sum(p.signed) filter (where p.base_kind = 'refund'), 0)::text as refunded, count(*)::int as count
                from ${bookingLedger(ctx.organisationId)} p join payment_mode m on m.id = p.payment_mode_id join booking b on b.id = p.booking_id
                where p.date between ${from} and ${to}${centreFilter(q.centre, sql`b.centre_id`)}
                group by 1, 2 order by 1, 2`,
          )
        ).map((x) => {
          const amount = money(x.amount);
          const refunded = money(x.refunded);
          return { ...x, amount, refunded, received: sumMoney([amount, refunded]) };
        });
        type Row = (typeof rows)[number];
        const figures = (of: Row[]) => ({
          amount: sumMoney(of.map((x) => x.amount)),
          received: sumMoney(of.map((x) => x.received)),
          refunded: sumMoney(of.map((x) => x.refunded)),
          count: of.reduce((s, x) => s + x.count, 0),
        });
        const modes = [...new Set(rows.map((x) => x.payment_mode))].sort((a, b) => a.localeCompare(b));
        const dates = [...new Set(rows.map((x) => x.date))];
        const byMode = modes.map((payment_mode) => ({ payment_mode, ...figures(rows.filter((x) => x.payment_mode === payment_mode)) }));
        const byDate = dates.map((date) => ({ date, ...figures(rows.filter((x) => x.date === date)) }));
        const total = figures(rows);
        if (!q.format) return { from, to, rows, by_mode: byMode, by_date: byDate, total };
        // As the screen reads it: dates down, payment modes across (money received), the refunds, and the net on both.
        const cell = (date: string | null, mode: string) =>
          sumMoney(rows.filter((x) => (date === null || x.date === date) && x.payment_mode === mode).map((x) => x.received));
        const line = (date: string | null) => (date === null ? total : byDate.find((d) => d.date === date)!);
        return reportExport(reply, ctx, q.format, {
          filename: 'booking-collections',
          title: 'Booking collections',
          filters: await describe(tx, ctx, from, to, q.centre),
          columns: [
            { header: 'Date', value: (d: string | null) => d ?? 'Total', type: 'date' },
            ...modes.map((mode) => ({ header: mode, value: (d: string | null) => cell(d, mode), type: 'money' as const })),
            { header: 'Refunds', value: (d: string | null) => sumMoney([`-${line(d).refunded}`]), type: 'money' },
            { header: 'Total', value: (d: string | null) => line(d).amount, type: 'money' },
          ],
          rows: [...dates, null],
        });
      });
    },
  });

  r.get('/api/booking/reports/booking/sports-transaction/', {
    config,
    schema: { tags, summary: 'Collections by sport', description, querystring: range, response: { 200: sportsReportSchema } },
    handler: async (request, reply) => {
      const q = request.query;
      return inTenant(request, async (tx, ctx) => {
        const { from, to } = reportWindow(q, ctx);
        const rows = (
          await queryRows<{ sport: string; amount: string; bookings: number }>(
            tx,
            sql`select sp.name as sport, sum(p.amount)::text as amount, count(distinct b.id)::int as bookings
                from (select organisation_id, source_id as booking_id, date as paid_on, payment_mode_id, case when direction = 'in' then amount else -amount end as amount from ledger_entry where source_type = 'booking') p join booking b on b.id = p.booking_id join facility f on f.id = b.facility_id join sport sp on sp.id = f.sport_id
                where p.organisation_id = ${ctx.organisationId} and p.paid_on between ${from} and ${to}${centreFilter(q.centre, sql`b.centre_id`)}
                group by 1 order by 1`,
          )
        ).map((x) => ({ ...x, amount: money(x.amount) }));
        const total = { amount: sumMoney(rows.map((x) => x.amount)), bookings: rows.reduce((s, x) => s + x.bookings, 0) };
        if (!q.format) return { from, to, rows, total };
        return reportExport(reply, ctx, q.format, {
          filename: 'sports-collections',
          title: 'Collections by sport',
          filters: await describe(tx, ctx, from, to, q.centre),
          columns: [
            { header: 'Sport', value: (x) => x.sport },
            { header: 'Bookings', value: (x) => x.bookings, type: 'number' },
            { header: 'Amount', value: (x) => x.amount, type: 'money' },
          ],
          rows: [...rows, { sport: 'Total', ...total }],
        });
      });
    },
  });

  r.get('/api/booking/reports/occupancy/', {
    config,
    schema: {
      tags,
      summary: 'Occupancy by facility and hour of the day: booked slot-hours ÷ offered slot-hours over at most 92 days',
      description,
      querystring: boundedRange.extend(exportQuerySchema.shape),
      response: { 200: occupancyReportSchema },
    },
    handler: async (request, reply) => {
      const q = request.query;
      return inTenant(request, async (tx, ctx) => {
        const { from, to } = boundedWindow(q, ctx);
        const days = daysBetween(from, to) + 1;
        // Seconds of [start, end) inside the hour h (a slot ending at midnight ends at 24:00).
        const overlap = (start: SQL, end: SQL) =>
          sql`greatest(0, least(case when ${end} <= ${start} then 86400 else extract(epoch from ${end}) end, (h + 1) * 3600)
                - greatest(extract(epoch from ${start}), h * 3600))`;
        const inFacilities = sql`f.organisation_id = ${ctx.organisationId} and f.is_active${centreFilter(q.centre, sql`f.centre_id`)}`;
        const facilities = await queryRows<{ facility: string; facility_name: string; sport_name: string }>(
          tx,
          sql`select f.id::text as facility, f.name as facility_name, sp.name as sport_name
              from facility f join sport sp on sp.id = f.sport_id
              where ${inFacilities}
              order by sp.name, f.name, f.id`,
        );
        const cells = facilities.length
          ? await queryRows<{ facility: string; hour: number; offered: string; booked: string }>(
              tx,
              sql`with hours as (select generate_series(0, 23) as h),
                  offered as (
                    select ts.facility_id, h, sum(${overlap(sql`ts.start_time`, sql`ts.end_time`)}) * ${days} as seconds
                    from time_slot ts join facility f on f.id = ts.facility_id cross join hours
                    where ${inFacilities} and ts.is_active and ts.archived_at is null
                    group by 1, 2),
                  booked as (
                    select s.facility_id, h, sum(${overlap(sql`s.start_time`, sql`s.end_time`)}) as seconds
                    from booked_time_slot s join facility f on f.id = s.facility_id cross join hours
                    where ${inFacilities} and s.is_active and s.date between ${from} and ${to}
                    group by 1, 2)
                  select coalesce(o.facility_id, b.facility_id)::text as facility, coalesce(o.h, b.h)::int as hour,
                    coalesce(o.seconds, 0)::text as offered, coalesce(b.seconds, 0)::text as booked
                  from offered o full join booked b on b.facility_id = o.facility_id and b.h = o.h
                  where coalesce(o.seconds, 0) > 0 or coalesce(b.seconds, 0) > 0
                  order by 1, 2`,
            )
          : [];
        const hoursOf = (seconds: string | number) => Math.round((Number(seconds) / 3600) * 100) / 100;
        const figure = (booked: number, offered: number) => ({
          booked_hours: Math.round(booked * 100) / 100,
          offered_hours: Math.round(offered * 100) / 100,
          // A slot booked and later archived may leave more booked than offered: never above 100 %.
          percent: offered > 0 ? Math.min(100, Math.round((1000 * booked) / offered) / 10) : null,
        });
        const hours = [...new Set(cells.map((c) => c.hour))].sort((a, b) => a - b);
        const sum = (of: { booked: string; offered: string }[]) =>
          figure(
            of.reduce((s, c) => s + hoursOf(c.booked), 0),
            of.reduce((s, c) => s + hoursOf(c.offered), 0),
          );
        const report = {
          from,
          to,
          hours,
          facilities: facilities.map((f) => {
            const own = cells.filter((c) => c.facility === f.facility);
            return {
              facility: Number(f.facility),
              facility_name: f.facility_name,
              sport_name: f.sport_name,
              cells: hours.map((hour) => ({ hour, ...sum(own.filter((c) => c.hour === hour)) })),
              ...sum(own),
            };
          }),
          by_hour: hours.map((hour) => ({ hour, ...sum(cells.filter((c) => c.hour === hour)) })),
          total: sum(cells),
        };
        if (!q.format) return report;
        type Line = { name: string; cells: { percent: number | null }[]; percent: number | null };
        const pct = (v: number | null) => (v === null ? '' : v);
        return reportExport<Line>(reply, ctx, q.format, {
          filename: 'booking-occupancy',
          title: 'Occupancy by facility and hour (%)',
          filters: await describe(tx, ctx, from, to, q.centre),
          columns: [
            { header: 'Facility', value: (l) => l.name },
            ...hours.map((hour, i) => ({ header: hourLabel(hour), value: (l: Line) => pct(l.cells[i].percent), type: 'number' as const })),
            { header: 'Total', value: (l) => pct(l.percent), type: 'number' },
          ],
          rows: [
            ...report.facilities.map((f) => ({ name: `${f.sport_name} - ${f.facility_name}`, cells: f.cells, percent: f.percent })),
            { name: 'All facilities', cells: report.by_hour, percent: report.total.percent },
          ],
        });
      });
    },
  });

  r.get('/api/booking/reports/client-reliability/', {
    config,
    schema: {
      tags,
      summary: 'No-shows and cancellations by client, most no-shows first (bookings dated in a range of at most 92 days)',
      description: `${description} No-show rate: no-shows ÷ (completed + no-shows).`,
      querystring: boundedRange.extend(exportQuerySchema.shape).extend({
        page: listQuerySchema.shape.page,
        page_size: listQuerySchema.shape.page_size,
      }),
      response: { 200: paginatedSchema(clientReliabilitySchema) },
    },
    handler: async (request, reply) => {
      const q = request.query;
      return inTenant(request, async (tx, ctx) => {
        const { from, to } = boundedWindow(q, ctx);
        const where = sql`b.organisation_id = ${ctx.organisationId} and b.date between ${from} and ${to}${centreFilter(q.centre, sql`b.centre_id`)}`;
        const page = async (limit: number | null, offset: number) =>
          (
            await queryRows<Omit<ClientReliability, 'client' | 'no_show_rate'> & { client: string }>(
              tx,
              sql`select c.id::text as client, c.name, c.mobile, count(*)::int as bookings,
                    (count(*) filter (where b.status = 'completed'))::int as completed,
                    (count(*) filter (where b.status = 'no_show'))::int as no_shows,
                    (count(*) filter (where b.status = 'cancelled'))::int as cancellations
                  from booking b join booking_client c on c.id = b.client_id
                  where ${where}
                  group by c.id, c.name, c.mobile
                  order by no_shows desc, cancellations desc, bookings desc, c.name, c.id
                  ${limit === null ? sql`` : sql`limit ${limit}`} offset ${offset}`,
            )
          ).map((x): ClientReliability => ({
            ...x,
            client: Number(x.client),
            no_show_rate: x.completed + x.no_shows ? Math.round((1000 * x.no_shows) / (x.completed + x.no_shows)) / 10 : null,
          }));
        if (!q.format)
          return paginate(request, q, {
            rows: page,
            count: async () =>
              (await queryRows<{ n: number }>(tx, sql`select count(distinct b.client_id)::int as n from booking b where ${where}`))[0].n,
          });
        const rows = await page(EXPORT_MAX_ROWS, 0);
        return reportExport(reply, ctx, q.format, {
          filename: 'booking-no-shows',
          title: 'No-shows and cancellations by client',
          filters: await describe(tx, ctx, from, to, q.centre),
          columns: [
            { header: 'Client', value: (x) => x.name },
            { header: 'Mobile', value: (x) => x.mobile },
            { header: 'Bookings', value: (x) => x.bookings, type: 'number' },
            { header: 'Completed', value: (x) => x.completed, type: 'number' },
            { header: 'No-shows', value: (x) => x.no_shows, type: 'number' },
            { header: 'Cancellations', value: (x) => x.cancellations, type: 'number' },
            { header: 'No-show rate (%)', value: (x) => x.no_show_rate ?? '', type: 'number' },
          ],
          rows,
        });
      });
    },
  });
}

/** 17 → "17:00", as every time reads in the app. */
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
