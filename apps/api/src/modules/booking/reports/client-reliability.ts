/** Reports › Clients: no-shows and cancellations by client, most no-shows first (bookings dated in at most 92 days). */
import { bookingReportEndpoints, type ClientReliability, type Paginated, type ParsedQuery } from '@arena/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../platform/db/client.js';
import { EXPORT_MAX_ROWS } from '../../../platform/export.js';
import { paginate } from '../../../platform/pagination.js';
import { centreFilter, type ReportDefinition, type ReportWindow } from '../../../platform/report.js';
import type { Ctx } from '../../../platform/request-context.js';
import { BOUNDED_WINDOW } from './shared.js';

type Query = ParsedQuery<typeof bookingReportEndpoints.clientReliability>;

/** One page of clients (all of them, up to the export's limit, with `limit` null). */
async function clientPage(tx: Tx, ctx: Ctx, q: Query, { from, to }: ReportWindow, limit: number | null, offset: number) {
  return (
    await queryRows<Omit<ClientReliability, 'client' | 'no_show_rate'> & { client: string }>(
      tx,
      sql`select c.id::text as client, c.name, c.mobile, count(*)::int as bookings,
            (count(*) filter (where b.status = 'completed'))::int as completed,
            (count(*) filter (where b.status = 'no_show'))::int as no_shows,
            (count(*) filter (where b.status = 'cancelled'))::int as cancellations
          from booking b join booking_client c on c.id = b.client_id
          where ${where(ctx, q, { from, to })}
          group by c.id, c.name, c.mobile
          order by no_shows desc, cancellations desc, bookings desc, c.name, c.id
          ${limit === null ? sql`` : sql`limit ${limit}`} offset ${offset}`,
    )
  ).map((x): ClientReliability => ({
    ...x,
    client: Number(x.client),
    no_show_rate: x.completed + x.no_shows ? Math.round((1000 * x.no_shows) / (x.completed + x.no_shows)) / 10 : null,
  }));
}

const where = (ctx: Ctx, q: Query, { from, to }: ReportWindow) =>
  sql`b.organisation_id = ${ctx.organisationId} and b.date between ${from} and ${to}${centreFilter(q.centre, sql`b.centre_id`)}`;

export const clientReliabilityReport: ReportDefinition<Query, Paginated<ClientReliability> | null, ClientReliability> = {
  summary: 'No-shows and cancellations by client, most no-shows first (bookings dated in a range of at most 92 days)',
  description: 'No-show rate: no-shows ÷ (completed + no-shows).',
  window: BOUNDED_WINDOW,
  run: async ({ tx, ctx, q, window, request }) =>
    q.format
      ? null
      : paginate(request, q, {
          rows: (limit, offset) => clientPage(tx, ctx, q, window, limit, offset),
          count: async () =>
            (
              await queryRows<{ n: number }>(
                tx,
                sql`select count(distinct b.client_id)::int as n from booking b where ${where(ctx, q, window)}`,
              )
            )[0].n,
        }),
  file: async ({ tx, ctx, q, window }) => ({
    filename: 'booking-no-shows',
    title: 'No-shows and cancellations by client',
    columns: [
      { header: 'Client', value: (x) => x.name },
      { header: 'Mobile', value: (x) => x.mobile },
      { header: 'Bookings', value: (x) => x.bookings, type: 'number' },
      { header: 'Completed', value: (x) => x.completed, type: 'number' },
      { header: 'No-shows', value: (x) => x.no_shows, type: 'number' },
      { header: 'Cancellations', value: (x) => x.cancellations, type: 'number' },
      { header: 'No-show rate (%)', value: (x) => x.no_show_rate ?? '', type: 'number' },
    ],
    rows: await clientPage(tx, ctx, q, window, EXPORT_MAX_ROWS, 0),
  }),
};
