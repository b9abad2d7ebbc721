import { bookingSchema, fromPaise, idSchema, isoDateSchema, toPaise, z } from '@arena/contracts';
import { and, asc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { queryRows, withTenant } from '../../platform/db/client.js';
import { addDays } from '../../platform/time.js';
import { nowIn } from './availability.js';
import { bookingsJson } from './booking.queries.js';
import { MODULE } from './booking.service.js';
import { booking } from '../../db/schema/index.js';

const tags = ['booking'];
const money = (v: unknown) => fromPaise(toPaise(Number(v ?? 0).toFixed(2)) ?? 0);
const range = z.object({ date_after: isoDateSchema.optional(), date_before: isoDateSchema.optional(), centre: idSchema.optional() });

/** Defaults to the last 30 days in the organisation's time zone. */
function window(q: z.infer<typeof range>, timeZone: string) {
  const today = nowIn(timeZone).today;
  return { from: q.date_after ?? addDays(today, -29), to: q.date_before ?? today };
}

const centreFilter = (centre: number | undefined, column: SQL) => (centre ? sql` and ${column} = ${centre}` : sql``);

export async function bookingReportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { module: MODULE } as const;

  r.get('/api/booking/dashboard/', {
    config,
    schema: {
      tags,
      summary: 'Booking dashboard: today, this month, occupancy per facility, upcoming bookings, last 30 days',
      querystring: z.object({ centre: idSchema.optional() }),
      response: {
        200: z.object({
          today: z.object({ date: z.string(), bookings: z.number(), slots_booked: z.number(), collections: z.string() }),
          month: z.object({ bookings: z.number(), collections: z.string() }),
          occupancy: z.array(
            z.object({
              facility: z.number(),
              facility_name: z.string(),
              sport_name: z.string(),
              booked: z.number(),
              total: z.number(),
              percent: z.number(),
            }),
          ),
          upcoming: z.array(bookingSchema),
          chart: z.array(z.object({ date: z.string(), bookings: z.number(), amount: z.string() })),
        }),
      },
    },
    handler: async (request) => {
      const org = request.organisation!;
      const { today, nowTime } = nowIn(org.timeZone);
      const monthStart = `${today.slice(0, 8)}01`;
      const c = request.query.centre;
      return withTenant(app.db, org.id, async (tx) => {
        const [t] = await queryRows<{ bookings: number; slots: number }>(
          tx,
          sql`select count(distinct b.id)::int as bookings, count(s.id)::int as slots from booking b join booked_time_slot s on s.booking_id = b.id and s.is_active
              where b.organisation_id = ${org.id} and b.date = ${today} and b.status <> 'cancelled'${centreFilter(c, sql`b.centre_id`)}`,
        );
        const collections = async (from: string) =>
          (
            await queryRows<{ amount: string }>(
              tx,
              sql`select coalesce(sum(p.amount), 0)::text as amount from booking_payment p join booking b on b.id = p.booking_id
                  where p.organisation_id = ${org.id} and p.paid_on between ${from} and ${today}${centreFilter(c, sql`b.centre_id`)}`,
            )
          )[0].amount;
        const [m] = await queryRows<{ bookings: number }>(
          tx,
          sql`select count(*)::int as bookings from booking b where b.organisation_id = ${org.id} and b.date between ${monthStart} and ${today} and b.status <> 'cancelled'${centreFilter(c, sql`b.centre_id`)}`,
        );
        const occupancy = await queryRows<{ facility: string; facility_name: string; sport_name: string; booked: number; total: number }>(
          tx,
          sql`select f.id as facility, f.name as facility_name, sp.name as sport_name,
                (select count(*)::int from booked_time_slot s where s.facility_id = f.id and s.date = ${today} and s.is_active) as booked,
                (select count(*)::int from time_slot ts where ts.facility_id = f.id and ts.is_active and ts.archived_at is null) as total
              from facility f join sport sp on sp.id = f.sport_id
              where f.organisation_id = ${org.id} and f.is_active${centreFilter(c, sql`f.centre_id`)}
              order by sp.name, f.name`,
        );
        const upcoming = await tx
          .select()
          .from(booking)
          .where(
            and(
              eq(booking.organisationId, org.id),
              eq(booking.status, 'confirmed'),
              gte(booking.date, today),
              c ? eq(booking.centreId, c) : undefined,
              sql`(${booking.date} > ${today} or exists (select 1 from booked_time_slot s where s.booking_id = ${booking.id} and s.end_time > ${nowTime}))`,
            ),
          )
          .orderBy(asc(booking.date), asc(booking.id))
          .limit(10);
        const from = addDays(today, -29);
        const chartRows = await queryRows<{ date: string; bookings: number; amount: string }>(
          tx,
          sql`select d::date::text as date, count(b.id)::int as bookings, coalesce(sum(b.booking_amount), 0)::text as amount
              from generate_series(${from}::date, ${today}::date, interval '1 day') d
              left join booking b on b.date = d::date and b.organisation_id = ${org.id} and b.status <> 'cancelled'${centreFilter(c, sql`b.centre_id`)}
              group by d order by d`,
        );
        return {
          today: { date: today, bookings: t.bookings, slots_booked: t.slots, collections: money(await collections(today)) },
          month: { bookings: m.bookings, collections: money(await collections(monthStart)) },
          occupancy: occupancy.map((o) => ({
            ...o,
            facility: Number(o.facility),
            percent: o.total ? Math.round((1000 * o.booked) / o.total) / 10 : 0,
          })),
          upcoming: await bookingsJson(tx, org.id, upcoming),
          chart: chartRows.map((x) => ({ date: x.date, bookings: x.bookings, amount: money(x.amount) })),
        };
      });
    },
  });

  const reportRow = z.object({ key: z.string(), label: z.string(), bookings: z.number(), slots: z.number(), amount: z.string() });
  r.get('/api/booking/reports/booking/', {
    config,
    schema: {
      tags,
      summary: 'Booked (all sources) or online bookings, grouped by date, facility or sport',
      querystring: range.extend({
        report: z.enum(['booked', 'online']).default('booked'),
        group_by: z.enum(['date', 'facility', 'sport']).default('date'),
      }),
      response: {
        200: z.object({
          from: z.string(),
          to: z.string(),
          rows: z.array(reportRow),
          total: z.object({ bookings: z.number(), slots: z.number(), amount: z.string() }),
        }),
      },
    },
    handler: async (request) => {
      const org = request.organisation!;
      const q = request.query;
      const { from, to } = window(q, org.timeZone);
      const key = { date: sql`b.date::text`, facility: sql`f.id::text`, sport: sql`sp.id::text` }[q.group_by];
      const label = { date: sql`b.date::text`, facility: sql`sp.name || ' - ' || f.name`, sport: sql`sp.name` }[q.group_by];
      const rows = await withTenant(app.db, org.id, (tx) =>
        queryRows<{ key: string; label: string; bookings: number; slots: number; amount: string }>(
          tx,
          sql`select ${key} as key, ${label} as label, count(*)::int as bookings,
                sum((select count(*) from booked_time_slot s where s.booking_id = b.id))::int as slots,
                coalesce(sum(b.booking_amount), 0)::text as amount
              from booking b join facility f on f.id = b.facility_id join sport sp on sp.id = f.sport_id
              where b.organisation_id = ${org.id} and b.date between ${from} and ${to} and b.status <> 'cancelled'
                ${q.report === 'online' ? sql`and b.source = 'online'` : sql``}${centreFilter(q.centre, sql`b.centre_id`)}
              group by 1, 2 order by 2`,
        ),
      );
      const out = rows.map((x) => ({ ...x, amount: money(x.amount) }));
      return {
        from,
        to,
        rows: out,
        total: {
          bookings: out.reduce((s, x) => s + x.bookings, 0),
          slots: out.reduce((s, x) => s + x.slots, 0),
          amount: fromPaise(out.reduce((s, x) => s + (toPaise(x.amount) ?? 0), 0)),
        },
      };
    },
  });

  r.get('/api/booking/reports/booking/transaction/', {
    config,
    schema: {
      tags,
      summary: 'Collections by date and payment mode',
      querystring: range,
      response: {
        200: z.object({
          from: z.string(),
          to: z.string(),
          rows: z.array(z.object({ date: z.string(), payment_mode: z.string(), amount: z.string(), count: z.number() })),
          by_mode: z.array(z.object({ payment_mode: z.string(), amount: z.string(), count: z.number() })),
          total: z.object({ amount: z.string(), count: z.number() }),
        }),
      },
    },
    handler: async (request) => {
      const org = request.organisation!;
      const { from, to } = window(request.query, org.timeZone);
      const rows = await withTenant(app.db, org.id, (tx) =>
        queryRows<{ date: string; payment_mode: string; amount: string; count: number }>(
          tx,
          sql`select p.paid_on::text as date, m.name as payment_mode, sum(p.amount)::text as amount, count(*)::int as count
              from booking_payment p join payment_mode m on m.id = p.payment_mode_id join booking b on b.id = p.booking_id
              where p.organisation_id = ${org.id} and p.paid_on between ${from} and ${to}${centreFilter(request.query.centre, sql`b.centre_id`)}
              group by 1, 2 order by 1, 2`,
        ),
      );
      const modes = new Map<string, { amount: number; count: number }>();
      for (const x of rows) {
        const m = modes.get(x.payment_mode) ?? { amount: 0, count: 0 };
        m.amount += toPaise(money(x.amount)) ?? 0;
        m.count += x.count;
        modes.set(x.payment_mode, m);
      }
      const byMode = [...modes].map(([payment_mode, m]) => ({ payment_mode, amount: fromPaise(m.amount), count: m.count }));
      return {
        from,
        to,
        rows: rows.map((x) => ({ ...x, amount: money(x.amount) })),
        by_mode: byMode,
        total: { amount: fromPaise([...modes.values()].reduce((s, m) => s + m.amount, 0)), count: byMode.reduce((s, m) => s + m.count, 0) },
      };
    },
  });

  r.get('/api/booking/reports/booking/sports-transaction/', {
    config,
    schema: {
      tags,
      summary: 'Collections by sport',
      querystring: range,
      response: {
        200: z.object({
          from: z.string(),
          to: z.string(),
          rows: z.array(z.object({ sport: z.string(), amount: z.string(), bookings: z.number() })),
          total: z.object({ amount: z.string(), bookings: z.number() }),
        }),
      },
    },
    handler: async (request) => {
      const org = request.organisation!;
      const { from, to } = window(request.query, org.timeZone);
      const rows = await withTenant(app.db, org.id, (tx) =>
        queryRows<{ sport: string; amount: string; bookings: number }>(
          tx,
          sql`select sp.name as sport, sum(p.amount)::text as amount, count(distinct b.id)::int as bookings
              from booking_payment p join booking b on b.id = p.booking_id join facility f on f.id = b.facility_id join sport sp on sp.id = f.sport_id
              where p.organisation_id = ${org.id} and p.paid_on between ${from} and ${to}${centreFilter(request.query.centre, sql`b.centre_id`)}
              group by 1 order by 1`,
        ),
      );
      const out = rows.map((x) => ({ ...x, amount: money(x.amount) }));
      return {
        from,
        to,
        rows: out,
        total: {
          amount: fromPaise(out.reduce((s, x) => s + (toPaise(x.amount) ?? 0), 0)),
          bookings: out.reduce((s, x) => s + x.bookings, 0),
        },
      };
    },
  });
}
