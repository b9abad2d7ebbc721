/** Reports › Booking: booked (all sources) or online bookings, grouped by date, facility or sport. */
import { bookingReportEndpoints, type BookingReport, type BookingReportRow, type ParsedQuery } from '@arena/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../platform/db/client.js';
import { centreFilter, LAST_30_DAYS, type ReportDefinition } from '../../../platform/report.js';
import { money, sumMoney } from './shared.js';

type Query = ParsedQuery<typeof bookingReportEndpoints.bookings>;

export const bookingsReport: ReportDefinition<Query, BookingReport, BookingReportRow> = {
  summary: 'Booked (all sources) or online bookings, grouped by date, facility or sport',
  window: LAST_30_DAYS,
  run: async ({ tx, ctx, q, window: { from, to } }) => {
    const key = { date: sql`b.date::text`, facility: sql`f.id::text`, sport: sql`sp.id::text` }[q.group_by];
    const label = { date: sql`b.date::text`, facility: sql`sp.name || ' - ' || f.name`, sport: sql`sp.name` }[q.group_by];
    const rows = (
      await queryRows<BookingReportRow>(
        tx,
        sql`select ${key} as key, ${label} as label, count(*)::int as bookings,
              sum((select count(*) from booked_time_slot s where s.organisation_id = b.organisation_id and s.booking_id = b.id))::int as slots,
              coalesce(sum(b.booking_amount), 0)::text as amount
            from booking b join facility f on f.id = b.facility_id join sport sp on sp.id = f.sport_id
            where b.organisation_id = ${ctx.organisationId} and b.date between ${from} and ${to} and b.status not in ('cancelled', 'awaiting_payment')
              ${q.report === 'online' ? sql`and b.source = 'online'` : sql``}${centreFilter(q.centre, sql`b.centre_id`)}
            group by 1, 2 order by 2`,
      )
    ).map((x) => ({ ...x, amount: money(x.amount) }));
    const total = {
      bookings: rows.reduce((s, x) => s + x.bookings, 0),
      slots: rows.reduce((s, x) => s + x.slots, 0),
      amount: sumMoney(rows.map((x) => x.amount)),
    };
    return { from, to, rows, total };
  },
  file: ({ q, report }) => ({
    filename: `${q.report}-bookings`,
    title: `${q.report === 'online' ? 'Online' : 'Booked'} bookings by ${q.group_by}`,
    columns: [
      {
        header: { date: 'Date', facility: 'Facility', sport: 'Sport' }[q.group_by],
        value: (x) => x.label,
        type: q.group_by === 'date' ? 'date' : 'text',
      },
      { header: 'Bookings', value: (x) => x.bookings, type: 'number' },
      { header: 'Slots', value: (x) => x.slots, type: 'number' },
      { header: 'Amount', value: (x) => x.amount, type: 'money' },
    ],
    rows: [...report.rows, { key: 'total', label: 'Total', ...report.total }],
  }),
};
