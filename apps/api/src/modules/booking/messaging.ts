/**
 * What Booking Management offers the messaging engine (issue 22): its audiences (every booking
 * client, chosen clients) and triggers (booking confirmed, booking reminder N hours before its
 * first slot), each one set-based statement over the module's own tables.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../platform/db/client.js';
import {
  MESSAGE_RECIPIENTS_MAX,
  type DueRecipient,
  type MessageAudience,
  type MessageRecipient,
  type MessageTrigger,
} from '../../platform/module.js';
import type { Ctx } from '../../platform/request-context.js';

async function clients(tx: Tx, ctx: Ctx, where: SQL, limit: number): Promise<MessageRecipient[]> {
  const rows = await queryRows<{ id: number; name: string; mobile: string; email: string }>(
    tx,
    sql`select c.id, c.name, c.mobile, c.email from booking_client c
        where c.organisation_id = ${ctx.organisationId} and ${where} order by c.id limit ${Math.min(limit, MESSAGE_RECIPIENTS_MAX)}`,
  );
  return rows.map((r) => ({ kind: 'client', id: Number(r.id), name: r.name, phone: r.mobile, email: r.email, values: {} }));
}

export const bookingAudiences: MessageAudience[] = [
  {
    key: 'clients',
    label: 'Chosen booking clients',
    module: 'booking',
    kind: 'client',
    param: 'ids',
    resolve: (tx, ctx, { ids, limit }) => clients(tx, ctx, sql`c.id in ${ids.length ? ids : [0]}`, limit),
  },
  {
    key: 'booking_clients',
    label: 'Booking clients (booked in the last 12 months)',
    module: 'booking',
    kind: 'client',
    param: null,
    resolve: (tx, ctx, { limit }) =>
      clients(
        tx,
        ctx,
        sql`exists (select 1 from booking b where b.organisation_id = c.organisation_id and b.client_id = c.id
                    and b.date >= ${ctx.now.today}::date - 365 and b.status <> 'cancelled')`,
        limit,
      ),
  },
];

/** Confirmed bookings matching `where` (over `b` and its first active slot `fs`), each with its event key. */
async function bookings(tx: Tx, ctx: Ctx, where: SQL, eventKey: SQL): Promise<DueRecipient[]> {
  const rows = await queryRows<{
    client: number;
    name: string;
    mobile: string;
    email: string;
    code: string;
    facility: string;
    centre: string;
    slot: string;
    event_key: string;
  }>(
    tx,
    sql`select b.client_id as client, b.name, b.mobile, b.email, b.code, f.name as facility, c.name as centre,
          to_char(fs.date, 'DD-MM-YYYY') || ' ' || to_char(fs.start_time, 'HH24:MI') || '–' || to_char(fs.end_time, 'HH24:MI') as slot,
          ${eventKey} as event_key
        from booking b
        join facility f on f.organisation_id = b.organisation_id and f.id = b.facility_id
        join centre c on c.organisation_id = b.organisation_id and c.id = b.centre_id
        join lateral (select s.date, s.start_time, s.end_time from booked_time_slot s
                      where s.organisation_id = b.organisation_id and s.booking_id = b.id and s.is_active
                      order by s.date, s.start_time limit 1) fs on true
        where b.organisation_id = ${ctx.organisationId} and b.status = 'confirmed' and ${where}
        order by b.id limit ${MESSAGE_RECIPIENTS_MAX}`,
  );
  return rows.map((r) => ({
    kind: 'client',
    id: Number(r.client),
    name: r.name,
    phone: r.mobile,
    email: r.email,
    values: { booking_code: r.code, facility: r.facility, centre: r.centre, slot: r.slot },
    eventKey: r.event_key,
  }));
}

const slotStart = (ctx: Ctx) => sql`((fs.date + fs.start_time) at time zone ${ctx.timeZone})`;

export const bookingTriggers: MessageTrigger[] = [
  {
    key: 'booking.confirmed',
    label: 'Booking confirmed',
    module: 'booking',
    placeholders: ['booking_code', 'facility', 'centre', 'slot'],
    offset: null,
    // Bookings made in the last day whose first slot is still ahead.
    due: (tx, ctx, { now }) =>
      bookings(
        tx,
        ctx,
        sql`b.created_at >= ${now.toISOString()}::timestamptz - interval '1 day' and ${slotStart(ctx)} > ${now.toISOString()}::timestamptz`,
        sql`'confirmed:' || b.id`,
      ),
  },
  {
    key: 'booking.reminder',
    label: 'Booking reminder (N hours before)',
    module: 'booking',
    placeholders: ['booking_code', 'facility', 'centre', 'slot'],
    offset: { unit: 'hours', label: 'Hours before the first slot', min: 1, max: 72, default: 3 },
    due: (tx, ctx, { offset, now }) =>
      bookings(
        tx,
        ctx,
        sql`${slotStart(ctx)} > ${now.toISOString()}::timestamptz
            and ${slotStart(ctx)} <= ${now.toISOString()}::timestamptz + make_interval(hours => ${offset}::int)`,
        sql`'reminder:' || b.id || ':' || ${offset}::int`,
      ),
  },
];

/** The manifest's part (`...bookingMessaging`). */
export const bookingMessaging = { messageAudiences: bookingAudiences, messageTriggers: bookingTriggers };
