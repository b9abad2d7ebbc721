import { bookingDashboard } from '@arena/contracts';
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../platform/db/client.js';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { addDays } from '../../platform/time.js';
import { ledgerTotals } from '../money/index.js';
import { bookingsJson } from './booking.queries.js';
import { MODULE } from './constants.js';
import { centreFilter } from '../../platform/report.js';
import { money } from './reports/shared.js';
import { booking } from './schema.js';

const tags = ['booking'];
/** A day has at most a few hundred slots: today's list is bounded all the same. */
const UPCOMING_TODAY_CAP = 300;
const UPCOMING_LATER = 10;

/** Booking › Dashboard: today, this month, occupancy per facility, upcoming bookings, the last 30 days. */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  route(app, bookingDashboard, {
    module: MODULE,
    tags,
    summary: 'Booking dashboard: today, this month, occupancy per facility, upcoming bookings, last 30 days',
    handler: async (request) =>
      inTenant(
        request,
        async (tx, ctx) => {
          const org = { id: ctx.organisationId };
          const { today, time: nowTime } = ctx.now;
          const monthStart = `${today.slice(0, 8)}01`;
          const c = request.query.centre;
          const [t] = await queryRows<{ bookings: number; slots: number }>(
            tx,
            sql`select count(distinct b.id)::int as bookings, count(s.id)::int as slots from booking b join booked_time_slot s on s.booking_id = b.id and s.is_active
              where b.organisation_id = ${org.id} and b.date = ${today} and b.status not in ('cancelled', 'awaiting_payment')${centreFilter(c, sql`b.centre_id`)}`,
          );
          const collections = async (from: string) =>
            (await ledgerTotals(tx, ctx, { sources: ['booking'], from, to: today, centre: c }))[0]?.income ?? '0.00';
          const [m] = await queryRows<{ bookings: number }>(
            tx,
            sql`select count(*)::int as bookings from booking b where b.organisation_id = ${org.id} and b.date between ${monthStart} and ${today} and b.status not in ('cancelled', 'awaiting_payment')${centreFilter(c, sql`b.centre_id`)}`,
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
          // Every booking still to play today (the ones the occupancy bars count), in time order across
          // facilities, then the next ones of later days: never cut by id, so a 20:00 booking on Court 2 is there.
          const firstStart = sql`(select min(s.start_time) from booked_time_slot s where s.booking_id = ${booking.id} and s.is_active)`;
          const upcomingOf = (when: SQL, limit: number) =>
            tx
              .select()
              .from(booking)
              .where(
                and(eq(booking.organisationId, org.id), eq(booking.status, 'confirmed'), c ? eq(booking.centreId, c) : undefined, when),
              )
              .orderBy(asc(booking.date), asc(firstStart), asc(booking.facilityId), asc(booking.id))
              .limit(limit);
          const upcoming = [
            ...(await upcomingOf(
              sql`${booking.date} = ${today} and exists (select 1 from booked_time_slot s where s.booking_id = ${booking.id} and s.is_active and s.end_time > ${nowTime})`,
              UPCOMING_TODAY_CAP,
            )),
            ...(await upcomingOf(gt(booking.date, today), UPCOMING_LATER)),
          ];
          const from = addDays(today, -29);
          const chartRows = await queryRows<{ date: string; bookings: number; amount: string }>(
            tx,
            sql`select d::date::text as date, count(b.id)::int as bookings, coalesce(sum(b.booking_amount), 0)::text as amount
              from generate_series(${from}::date, ${today}::date, interval '1 day') d
              left join booking b on b.date = d::date and b.organisation_id = ${org.id} and b.status not in ('cancelled', 'awaiting_payment')${centreFilter(c, sql`b.centre_id`)}
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
            upcoming: await bookingsJson(tx, ctx, upcoming),
            chart: chartRows.map((x) => ({ date: x.date, bookings: x.bookings, amount: money(x.amount) })),
          };
        },
        { customPlans: true },
      ),
  });
}
