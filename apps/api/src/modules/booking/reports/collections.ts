/** Reports › Booking: collections by date and payment mode, and by sport (the booking movements of the ledger). */
import type { SportsReport, TransactionReport } from '@arena/contracts';
import { sql } from 'drizzle-orm';
import { LAST_30_DAYS, type ReportDefinition } from '../../../platform/report.js';
import { ledgerTotals } from '../../money/index.js';
import { sumMoney } from './shared.js';

type Query = { centre?: number };

export const collectionsReport: ReportDefinition<Query, TransactionReport, string | null> = {
  summary: 'Collections by date and payment mode',
  window: LAST_30_DAYS,
  run: async ({ tx, ctx, q, window: { from, to } }) => {
    // Money's movements of bookings: income = received − refunded, a reversal taking back its original.
    const rows = (await ledgerTotals(tx, ctx, { sources: ['booking'], from, to, centre: q.centre, groupBy: ['day', 'mode'], fill: false }))
      .map((x) => ({
        date: x.day!,
        payment_mode: x.mode ?? 'Other',
        amount: x.income,
        refunded: x.refunds,
        received: x.receipts,
        count: x.count,
      }))
      .sort((a, b) => a.date.localeCompare(b.date) || a.payment_mode.localeCompare(b.payment_mode));
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
  run: async ({ tx, ctx, q, window: { from, to } }) => {
    const sportOf = {
      booking: sql`select b.id, sp.id::text as key, sp.name as label from booking b
        join facility f on f.organisation_id = b.organisation_id and f.id = b.facility_id
        join sport sp on sp.organisation_id = f.organisation_id and sp.id = f.sport_id
        where b.organisation_id = ${ctx.organisationId}`,
    };
    const rows = (await ledgerTotals(tx, ctx, { sources: ['booking'], from, to, centre: q.centre, groupBy: [{ attribute: sportOf }] }))
      .filter((x) => x.label !== null && x.label !== undefined)
      .map((x) => ({ sport: x.label!, amount: x.income, bookings: x.sales }))
      .sort((a, b) => a.sport.localeCompare(b.sport));
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
