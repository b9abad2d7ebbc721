/** Reports › Booking: collections by date and payment mode, and by sport (the booking movements of the ledger). */
import { sportsReportSchema, transactionReportSchema, type SportsReport, type TransactionReport } from '@arena/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../platform/db/client.js';
import { centreFilter, LAST_30_DAYS, type ReportDefinition } from '../../../platform/report.js';
import { bookingLedger, money, sumMoney } from './shared.js';

type Query = { centre?: number };

export const collectionsReport: ReportDefinition<Query, TransactionReport, string | null> = {
  summary: 'Collections by date and payment mode',
  window: LAST_30_DAYS,
  response: transactionReportSchema,
  run: async ({ tx, ctx, q, window: { from, to } }) => {
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
    return { from, to, rows, by_mode: byMode, by_date: byDate, total: figures(rows) };
  },
  // As the screen reads it: dates down, payment modes across (money received), the refunds, and the net on both.
  file: ({ report }) => {
    const { rows, by_mode: byMode, by_date: byDate, total } = report;
    const cell = (date: string | null, mode: string) =>
      sumMoney(rows.filter((x) => (date === null || x.date === date) && x.payment_mode === mode).map((x) => x.received));
    const line = (date: string | null) => (date === null ? total : byDate.find((d) => d.date === date)!);
    return {
      filename: 'booking-collections',
      title: 'Booking collections',
      columns: [
        { header: 'Date', value: (d) => d ?? 'Total', type: 'date' },
        ...byMode.map(({ payment_mode: mode }) => ({ header: mode, value: (d: string | null) => cell(d, mode), type: 'money' as const })),
        { header: 'Refunds', value: (d) => sumMoney([`-${line(d).refunded}`]), type: 'money' },
        { header: 'Total', value: (d) => line(d).amount, type: 'money' },
      ],
      rows: [...byDate.map((d) => d.date), null],
    };
  },
};

type SportLine = { sport: string; amount: string; bookings: number };

export const sportsCollectionsReport: ReportDefinition<Query, SportsReport, SportLine> = {
  summary: 'Collections by sport',
  window: LAST_30_DAYS,
  response: sportsReportSchema,
  run: async ({ tx, ctx, q, window: { from, to } }) => {
    const rows = (
      await queryRows<SportLine>(
        tx,
        sql`select sp.name as sport, sum(p.signed)::text as amount, count(distinct b.id)::int as bookings
            from ${bookingLedger(ctx.organisationId)} p join booking b on b.id = p.booking_id
              join facility f on f.id = b.facility_id join sport sp on sp.id = f.sport_id
            where p.date between ${from} and ${to}${centreFilter(q.centre, sql`b.centre_id`)}
            group by 1 order by 1`,
      )
    ).map((x) => ({ ...x, amount: money(x.amount) }));
    const total = { amount: sumMoney(rows.map((x) => x.amount)), bookings: rows.reduce((s, x) => s + x.bookings, 0) };
    return { from, to, rows, total };
  },
  file: ({ report }) => ({
    filename: 'sports-collections',
    title: 'Collections by sport',
    columns: [
      { header: 'Sport', value: (x) => x.sport },
      { header: 'Bookings', value: (x) => x.bookings, type: 'number' },
      { header: 'Amount', value: (x) => x.amount, type: 'money' },
    ],
    rows: [...report.rows, { sport: 'Total', ...report.total }],
  }),
};
