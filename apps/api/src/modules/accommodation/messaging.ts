/**
 * What Accommodation Management offers the messaging engine: its audiences (residents in house,
 * chosen residents) and triggers (check-in welcome, rent due N days after a month's bill,
 * check-out reminder N days before), each one set-based statement over the module's own tables.
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

async function residents(tx: Tx, ctx: Ctx, where: SQL, limit: number): Promise<MessageRecipient[]> {
  const rows = await queryRows<{ id: number; name: string; phone: string; email: string }>(
    tx,
    sql`select c.id, c.name, c.phone, c.email from accommodation_client c
        where c.organisation_id = ${ctx.organisationId} and c.is_active and ${where} order by c.id limit ${Math.min(limit, MESSAGE_RECIPIENTS_MAX)}`,
  );
  return rows.map((r) => ({ kind: 'resident', id: Number(r.id), name: r.name, phone: r.phone, email: r.email, values: {} }));
}

export const accommodationAudiences: MessageAudience[] = [
  {
    key: 'residents',
    label: 'Residents in house',
    module: 'accommodation',
    kind: 'resident',
    param: null,
    resolve: (tx, ctx, { limit }) =>
      residents(
        tx,
        ctx,
        sql`exists (select 1 from accommodation_stay s where s.organisation_id = c.organisation_id and s.client_id = c.id and s.status = 'checked_in')`,
        limit,
      ),
  },
  {
    key: 'chosen_residents',
    label: 'Chosen residents',
    module: 'accommodation',
    kind: 'resident',
    param: 'ids',
    resolve: (tx, ctx, { ids, limit }) => residents(tx, ctx, sql`c.id in ${ids.length ? ids : [0]}`, limit),
  },
];

/** Stays matching `where` (over `s`, its room `r` and resident `c`), with their event key and placeholders. */
async function stays(tx: Tx, ctx: Ctx, where: SQL, eventKey: SQL, due = sql`''`): Promise<DueRecipient[]> {
  const rows = await queryRows<{
    id: number;
    name: string;
    phone: string;
    email: string;
    room: string;
    check_in: string;
    check_out: string;
    due: string;
    event_key: string;
  }>(
    tx,
    sql`select c.id, c.name, c.phone, c.email, r.number || ' bed ' || s.bed as room,
          to_char(s.check_in, 'DD-MM-YYYY') as check_in, to_char(s.check_out, 'DD-MM-YYYY') as check_out, ${due} as due, ${eventKey} as event_key
        from accommodation_stay s
        join accommodation_client c on c.organisation_id = s.organisation_id and c.id = s.client_id
        join accommodation_room r on r.organisation_id = s.organisation_id and r.id = s.room_id
        where s.organisation_id = ${ctx.organisationId} and c.is_active and ${where}
        order by s.id limit ${MESSAGE_RECIPIENTS_MAX}`,
  );
  return rows.map((r) => ({
    kind: 'resident',
    id: Number(r.id),
    name: r.name,
    phone: r.phone,
    email: r.email,
    values: { room: r.room, check_in: r.check_in, check_out: r.check_out, due: r.due },
    eventKey: r.event_key,
  }));
}

const PLACEHOLDERS = ['room', 'check_in', 'check_out', 'due'];

export const accommodationTriggers: MessageTrigger[] = [
  {
    key: 'accommodation.check_in_welcome',
    label: 'Check-in welcome',
    module: 'accommodation',
    placeholders: PLACEHOLDERS,
    offset: null,
    // Stays checked in within the last day.
    due: (tx, ctx, { now }) =>
      stays(
        tx,
        ctx,
        sql`s.status = 'checked_in' and s.checked_in_at >= ${now.toISOString()}::timestamptz - interval '1 day'`,
        sql`'welcome:' || s.id`,
      ),
  },
  {
    key: 'accommodation.rent_due',
    label: 'Rent due (N days after the month’s bill)',
    module: 'accommodation',
    placeholders: PLACEHOLDERS,
    offset: { unit: 'days', label: 'Days after the bill', min: 0, max: 28, default: 5 },
    // Bills of checked-in stays issued N days ago or more (this month) that are still unpaid: once per bill.
    due: (tx, ctx, { offset, today }) =>
      stays(
        tx,
        ctx,
        sql`s.status = 'checked_in' and exists (select 1 from accommodation_charge ch where ch.organisation_id = s.organisation_id and ch.stay_id = s.id
              and ch.total - ch.credited - ch.paid > 0 and ch.date <= ${today}::date - ${offset}::int and ch.date > ${today}::date - 31)`,
        sql`'rent:' || s.id || ':' || to_char(${today}::date, 'YYYY-MM')`,
        sql`(select coalesce(sum(ch.total - ch.credited - ch.paid), 0)::text from accommodation_charge ch where ch.organisation_id = s.organisation_id and ch.stay_id = s.id)`,
      ),
  },
  {
    key: 'accommodation.check_out_reminder',
    label: 'Check-out reminder (N days before)',
    module: 'accommodation',
    placeholders: PLACEHOLDERS,
    offset: { unit: 'days', label: 'Days before check-out', min: 0, max: 30, default: 1 },
    due: (tx, ctx, { offset, today }) =>
      stays(
        tx,
        ctx,
        sql`s.status = 'checked_in' and s.check_out = ${today}::date + ${offset}::int`,
        sql`'checkout:' || s.id || ':' || s.check_out`,
      ),
  },
];

/** The manifest's part (`...accommodationMessaging`). */
export const accommodationMessaging = { messageAudiences: accommodationAudiences, messageTriggers: accommodationTriggers };
