/**
 * `notify(tx, ctx, …)`: raises an event's notifications in the caller's transaction — one
 * statement, whatever the number of recipients. The organisation's settings for the event decide
 * who receives it (owner, the users of the event's module, the assigned staff's users) and by
 * which channels: in-app rows now, e-mail/SMS/WhatsApp rows in the outbox that the task
 * `notifications.deliver` drains after commit. A rolled-back write raises nothing.
 */
import { NOTIFICATION_EVENT_INFO, type NotificationEvent } from '@arena/contracts/notifications';
import type { ModuleName } from '@arena/contracts/kit';
import { sql } from 'drizzle-orm';
import { idArray, queryRows, type Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';
import { defaultSetting, toValues } from './settings.service.js';

export interface NotifyInput {
  event: NotificationEvent;
  /** One line, ≤ 200 characters ("New online booking BK-2026-000311"). */
  title: string;
  /** ≤ 1,000 characters. */
  body?: string;
  /** The web app's path that opens it ("/booking/booking?search=BK-2026-000311"). */
  link?: string;
  /** The centre it happened in: users tied to another centre do not receive it (the owner always may). */
  centre?: number | null;
  /** What it is about, e.g. `{ type: 'booking', id: 311 }`. */
  subject?: { type: string; id: number | null };
  /** The module whose users receive it under "Module's users" (default: the event's own, NOTIFICATION_EVENT_INFO). */
  module?: ModuleName;
  /** Users assigned to it (an enquiry's staff member's login): they receive it under "Assigned staff". */
  assignedUsers?: readonly number[];
  /** Raising again with the same key gives each user nothing new (daily jobs: `membership-expiring:<id>:<date>`). */
  dedupeKey?: string;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The demo seed's history raises nothing (its thousands of past payments); `seedNotifications` writes the demo's own. */
const isSeed = (ctx: Ctx) => ctx.actor.requestId === 'seed';

/** Returns how many in-app rows and outbox rows were written. */
export async function notify(tx: Tx, ctx: Ctx, input: NotifyInput): Promise<{ inApp: number; outbox: number }> {
  if (isSeed(ctx)) return { inApp: 0, outbox: 0 };
  const org = ctx.organisationId;
  const module = input.module ?? NOTIFICATION_EVENT_INFO[input.event].module;
  const title = clip(input.title, 200);
  const body = clip(input.body ?? '', 1000);
  const link = (input.link ?? '').length <= 500 ? (input.link ?? '') : '';
  const centre = input.centre ?? null;
  const actor = ctx.actor.actorId ?? 0;
  const dedupe = input.dedupeKey ?? null;
  const d = toValues(defaultSetting(input.event));
  const [row] = await queryRows<{ in_app: number; outbox: number }>(
    tx,
    sql`with saved as (
          select in_app, email, sms, whatsapp, to_owner, to_module_users, to_assigned_staff
          from notification_setting where organisation_id = ${org} and event = ${input.event}
        ), s as (
          -- An organisation made before the event existed has no row for it: the event's default applies, as the settings screen shows.
          select * from saved
          union all
          select ${d.inApp}::boolean, ${d.email}::boolean, ${d.sms}::boolean, ${d.whatsapp}::boolean,
                 ${d.toOwner}::boolean, ${d.toModuleUsers}::boolean, ${d.toAssignedStaff}::boolean
          where not exists (select 1 from saved)
        ), r as (
          select u.id from app_user u, s
          where u.organisation_id = ${org} and u.is_active and u.id <> ${actor}
            and ((s.to_owner and u.is_owner)
              or (s.to_module_users and ${module}::text = any(u.granted_modules))
              or (s.to_assigned_staff and u.id = any(${idArray((input.assignedUsers ?? []).filter((n) => Number.isSafeInteger(n)))})))
            and (${centre}::bigint is null or u.is_owner or u.center_id is null or u.center_id = ${centre}::bigint)
        ), n as (
          insert into notification (organisation_id, user_id, event, title, body, link, centre_id, subject_type, subject_id, dedupe_key)
          select ${org}, r.id, ${input.event}, ${title}, ${body}, ${link}, ${centre}::bigint, ${input.subject?.type ?? ''},
                 ${input.subject?.id ?? null}::bigint, ${dedupe}::text
          from r, s where s.in_app
          on conflict (organisation_id, user_id, dedupe_key) where dedupe_key is not null do nothing
          returning 1
        ), d as (
          insert into notification_delivery (organisation_id, user_id, event, channel, title, body, link, dedupe_key)
          select ${org}, r.id, ${input.event}, c.channel, ${title}, ${body}, ${link}, ${dedupe}::text
          from r, s, (values ('email'), ('sms'), ('whatsapp')) c(channel)
          where (c.channel = 'email' and s.email) or (c.channel = 'sms' and s.sms) or (c.channel = 'whatsapp' and s.whatsapp)
          on conflict (organisation_id, user_id, channel, dedupe_key) where dedupe_key is not null do nothing
          returning 1
        )
        select (select count(*) from n)::int as in_app, (select count(*) from d)::int as outbox`,
  );
  return { inApp: Number(row?.in_app ?? 0), outbox: Number(row?.outbox ?? 0) };
}
