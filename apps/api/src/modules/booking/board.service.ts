/**
 * The desk's board (issue 12 §1): for a centre and a date, every active facility (of a sport, when
 * asked) as a column with its slots — status under the desk's rules (walk-ins until a slot's end),
 * price, and who holds each booked one — and the union of start times as rows. Bounded work: the
 * centre's facilities and their slot templates, in three reads (facilities, templates, bookings),
 * computed by the same functions as the portal and the day view (`facilitiesDay`).
 */
import type { Board } from '@arena/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { badRequest, fieldError, invalidPk } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { centre, sport } from '../administrator/index.js';
import { parsePathDate } from '../../platform/time.js';
import { facilitiesDay } from './day-view.js';
import { facility } from './schema.js';

export interface BoardQuery {
  centre: number;
  /** dd-MM-yyyy */
  date: string;
  sport?: number;
}

export async function loadBoard(tx: Tx, ctx: Ctx, query: BoardQuery): Promise<Board> {
  const date = parsePathDate(query.date);
  if (!date) throw fieldError('date', 'Enter a valid date as DD-MM-YYYY.');
  const organisationId = ctx.organisationId;
  const [found] = await tx
    .select({ id: centre.id })
    .from(centre)
    .where(and(eq(centre.organisationId, organisationId), eq(centre.id, query.centre)));
  if (!found) throw badRequest({ centre: [invalidPk(query.centre)] });
  const columns = await tx
    .select({
      id: facility.id,
      name: facility.name,
      sport: facility.sportId,
      sportName: sport.name,
      advanceBookingDays: facility.advanceBookingDays,
    })
    .from(facility)
    .innerJoin(sport, eq(sport.id, facility.sportId))
    .where(
      and(
        eq(facility.organisationId, organisationId),
        eq(facility.centreId, query.centre),
        eq(facility.isActive, true),
        query.sport ? eq(facility.sportId, query.sport) : undefined,
      ),
    )
    .orderBy(asc(sport.name), asc(facility.name), asc(facility.id));
  const day = await facilitiesDay(tx, ctx, columns, date, 'staff');
  const hours = new Set<string>();
  const facilities = columns.map((f) => {
    const slots = (day.get(f.id) ?? [])
      .flatMap((g) =>
        g.time_slots.map((s) => ({
          id: s.id,
          group: g.name,
          start_time: s.start_time,
          end_time: s.end_time,
          price: s.price,
          status: s.booking_status,
          booking: s.booking
            ? {
                id: s.booking.id,
                code: s.booking.code,
                name: s.booking.name,
                mobile: s.booking.mobile,
                status: s.booking.status,
                payment_status: s.booking.payment_status,
              }
            : null,
        })),
      )
      .sort((a, b) => a.start_time.localeCompare(b.start_time) || a.end_time.localeCompare(b.end_time) || a.id - b.id);
    for (const s of slots) hours.add(s.start_time);
    return { id: f.id, name: f.name, sport: f.sport, sport_name: f.sportName, slots };
  });
  return { date, centre: query.centre, hours: [...hours].sort(), facilities };
}
