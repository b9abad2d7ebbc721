import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../platform/db/client.js';
import { centreFilter, type ReportDefinition, type ReportWindow } from '../../../platform/report.js';
import type { Ctx } from '../../../platform/request-context.js';
import { batchSeatFields } from '../seats.js';
import { add } from './shared.js';

async function batchReport(tx: Tx, ctx: Ctx, q: { centre?: number }, f: ReportWindow) {
  const org = ctx.organisationId;
  const rows = (
    await queryRows<{
      batch_id: number;
      batch: string;
      sport: string | null;
      centre: string;
      weekdays: number[] | string;
      start_time: string;
      end_time: string;
      capacity: number;
      members: number;
      active_members: number;
      joined: number;
    }>(
      tx,
      sql`select b.id::int as batch_id, b.name as batch, s.name as sport, c.name as centre, array_to_json(b.weekdays)::text as weekdays,
            b.start_time::text as start_time, b.end_time::text as end_time, b.capacity, ${batchSeatFields('b').held} as members,
            coalesce(x.active_members, 0)::int as active_members, coalesce(x.joined, 0)::int as joined
          from batch b
          join centre c on c.organisation_id = b.organisation_id and c.id = b.centre_id
          left join sport s on s.organisation_id = b.organisation_id and s.id = b.sport_id
          left join (
            select bm.batch_id,
              count(*) filter (where mb.status in ('active', 'expiring')) as active_members,
              count(*) filter (where bm.joined_on between ${f.from}::date and ${f.to}::date) as joined
            from batch_member bm join member mb on mb.organisation_id = bm.organisation_id and mb.id = bm.member_id
            where bm.organisation_id = ${org} and bm.freed_on is null group by 1) x on x.batch_id = b.id
          where b.organisation_id = ${org} and b.is_active ${centreFilter(q.centre, sql`b.centre_id`)}
          order by c.name, b.start_time, b.name`,
    )
  ).map((r) => ({
    ...r,
    batch_id: Number(r.batch_id),
    weekdays: (typeof r.weekdays === 'string' ? JSON.parse(r.weekdays) : r.weekdays) as number[],
    seats_left: r.capacity - r.members,
    occupancy: occupancy(r.members, r.capacity),
  }));
  const capacity = add(rows, 'capacity');
  const members = add(rows, 'members');
  const total = {
    capacity,
    members,
    seats_left: capacity - members,
    active_members: add(rows, 'active_members'),
    joined: add(rows, 'joined'),
    occupancy: occupancy(members, capacity),
  };
  return { rows, total };
}

const occupancy = (members: number, capacity: number) => (capacity > 0 ? Math.round((members * 1000) / capacity) / 10 : 0);

type BatchReport = { from: string; to: string } & Awaited<ReturnType<typeof batchReport>>;
type BatchLine = { batch: string; centre: string; sport: string | null; start_time: string; end_time: string } & BatchReport['total'];

/** Reports › Membership › Active batch wise. */
export const batchReportDefinition: ReportDefinition<{ centre?: number }, BatchReport, BatchLine> = {
  summary: 'Active batch wise: capacity, members, seats left, active members and joins in the dates per active batch',
  run: async ({ tx, ctx, q, window }) => ({ ...window, ...(await batchReport(tx, ctx, q, window)) }),
  file: ({ report }) => ({
    filename: 'membership-batches',
    title: 'Active batches',
    columns: [
      { header: 'Batch', value: (x) => x.batch },
      { header: 'Center', value: (x) => x.centre },
      { header: 'Sport', value: (x) => x.sport ?? '' },
      { header: 'Start', value: (x) => x.start_time, type: 'time' },
      { header: 'End', value: (x) => x.end_time, type: 'time' },
      { header: 'Capacity', value: (x) => x.capacity, type: 'number' },
      { header: 'Members', value: (x) => x.members, type: 'number' },
      { header: 'Seats left', value: (x) => x.seats_left, type: 'number' },
      { header: 'Active members', value: (x) => x.active_members, type: 'number' },
      { header: 'Joined', value: (x) => x.joined, type: 'number' },
      { header: 'Occupancy %', value: (x) => x.occupancy, type: 'number' },
    ],
    rows: [...report.rows, { batch: 'Total', centre: '', sport: '', start_time: '', end_time: '', ...report.total }],
  }),
};
