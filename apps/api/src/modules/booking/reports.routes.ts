import { bookingReportSchema, sportsReportSchema, transactionReportSchema, z, type BookingReportRow } from '@arena/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { queryRows } from '../../platform/db/client.js';
import { exportQuerySchema } from '../../platform/export.js';
import { reportExport } from '../../platform/list.js';
import { inTenant, type Ctx } from '../../platform/request-context.js';
import { displayDate } from '../../platform/time.js';
import { centre } from '../administrator/index.js';
import { showName } from '../../platform/list.js';
import type { Tx } from '../../platform/db/client.js';
import { MODULE } from './constants.js';
import { centreFilter, money, reportRange, reportWindow, sumMoney } from './report-sql.js';

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
          await queryRows<{ date: string; payment_mode: string; amount: string; count: number }>(
            tx,
            sql`select p.paid_on::text as date, m.name as payment_mode, sum(p.amount)::text as amount, count(*)::int as count
                from (select organisation_id, source_id as booking_id, date as paid_on, payment_mode_id, case when direction = 'in' then amount else -amount end as amount from ledger_entry where source_type = 'booking') p join payment_mode m on m.id = p.payment_mode_id join booking b on b.id = p.booking_id
                where p.organisation_id = ${ctx.organisationId} and p.paid_on between ${from} and ${to}${centreFilter(q.centre, sql`b.centre_id`)}
                group by 1, 2 order by 1, 2`,
          )
        ).map((x) => ({ ...x, amount: money(x.amount) }));
        const modes = [...new Set(rows.map((x) => x.payment_mode))];
        const byMode = modes.map((payment_mode) => {
          const of = rows.filter((x) => x.payment_mode === payment_mode);
          return { payment_mode, amount: sumMoney(of.map((x) => x.amount)), count: of.reduce((s, x) => s + x.count, 0) };
        });
        const total = { amount: sumMoney(byMode.map((m) => m.amount)), count: byMode.reduce((s, m) => s + m.count, 0) };
        if (!q.format) return { from, to, rows, by_mode: byMode, total };
        // As the screen reads it: dates down, payment modes across, totals on both.
        const dates = [...new Set(rows.map((x) => x.date))];
        const amountOf = (date: string | null, mode: string | null) =>
          sumMoney(
            rows.filter((x) => (date === null || x.date === date) && (mode === null || x.payment_mode === mode)).map((x) => x.amount),
          );
        return reportExport(reply, ctx, q.format, {
          filename: 'booking-collections',
          title: 'Booking collections',
          filters: await describe(tx, ctx, from, to, q.centre),
          columns: [
            { header: 'Date', value: (d: string | null) => d ?? 'Total', type: 'date' },
            ...modes.map((mode) => ({ header: mode, value: (d: string | null) => amountOf(d, mode), type: 'money' as const })),
            { header: 'Total', value: (d: string | null) => amountOf(d, null), type: 'money' },
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
}
