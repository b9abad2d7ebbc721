/** Reports › Occupancy: booked slot-hours ÷ offered slot-hours by facility and hour of the day, over at most 92 days. */
import type { OccupancyReport } from '@arena/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../../platform/db/client.js';
import { centreFilter, type ReportDefinition } from '../../../platform/report.js';
import { daysBetween } from '../../../platform/time.js';
import { BOUNDED_WINDOW } from './shared.js';

type Line = { name: string; cells: { percent: number | null }[]; percent: number | null };
const pct = (v: number | null) => (v === null ? '' : v);
/** 17 → "17:00", as every time reads in the app. */
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export const occupancyReport: ReportDefinition<{ centre?: number }, OccupancyReport, Line> = {
  summary: 'Occupancy by facility and hour of the day: booked slot-hours ÷ offered slot-hours over at most 92 days',
  window: BOUNDED_WINDOW,
  run: async ({ tx, ctx, q, window: { from, to } }) => {
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
    return {
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
  },
  file: ({ report }) => ({
    filename: 'booking-occupancy',
    title: 'Occupancy by facility and hour (%)',
    columns: [
      { header: 'Facility', value: (l) => l.name },
      ...report.hours.map((hour, i) => ({ header: hourLabel(hour), value: (l: Line) => pct(l.cells[i].percent), type: 'number' as const })),
      { header: 'Total', value: (l) => pct(l.percent), type: 'number' },
    ],
    rows: [
      ...report.facilities.map((f) => ({ name: `${f.sport_name} - ${f.facility_name}`, cells: f.cells, percent: f.percent })),
      { name: 'All facilities', cells: report.by_hour, percent: report.total.percent },
    ],
  }),
};
