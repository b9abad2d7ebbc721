import {
  NOTIFICATION_EVENTS,
  type NotificationEvent,
  type NotificationEventSetting,
  type NotificationSettings,
  type NotificationSettingsInput,
} from '@arena/contracts/notifications';
import { eq, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { notificationChannelSender } from '../../platform/notification-channels.js';
import type { Ctx } from '../../platform/request-context.js';
import { SETTINGS_MODULE } from './constants.js';
import { notificationSetting, type NotificationSettingRow } from './schema.js';

/** What a new organisation starts with: every event in-app to the owner; bookings to the booking desk too, CRM events to the assigned staff. */
export function defaultSetting(event: NotificationEvent): NotificationEventSetting {
  const moduleUsers =
    event === 'new_online_booking' || event === 'booking_cancelled' || event === 'new_enquiry' || event === 'new_complaint';
  const assigned = event === 'new_enquiry' || event === 'follow_up_due' || event === 'new_complaint';
  return {
    event,
    channels: { in_app: true, email: false, sms: false, whatsapp: false },
    recipients: { owner: true, module_users: moduleUsers, assigned_staff: assigned },
  };
}

export const toValues = (s: NotificationEventSetting) => ({
  inApp: s.channels.in_app,
  email: s.channels.email,
  sms: s.channels.sms,
  whatsapp: s.channels.whatsapp,
  toOwner: s.recipients.owner,
  toModuleUsers: s.recipients.module_users,
  toAssignedStaff: s.recipients.assigned_staff,
});

const fromRow = (r: NotificationSettingRow): NotificationEventSetting => ({
  event: r.event as NotificationEvent,
  channels: { in_app: r.inApp, email: r.email, sms: r.sms, whatsapp: r.whatsapp },
  recipients: { owner: r.toOwner, module_users: r.toModuleUsers, assigned_staff: r.toAssignedStaff },
});

/** The manifest's `onOrganisationCreated`: the default row of every event (an existing row is kept). */
export async function addDefaultNotificationSettings(tx: Tx, ctx: Ctx): Promise<void> {
  await tx
    .insert(notificationSetting)
    .values(NOTIFICATION_EVENTS.map((e) => ({ organisationId: ctx.organisationId, event: e, ...toValues(defaultSetting(e)) })))
    .onConflictDoNothing();
}

export const channelsAvailable = (): NotificationSettings['channels_available'] => ({
  in_app: true,
  email: true,
  sms: !!notificationChannelSender('sms'),
  whatsapp: !!notificationChannelSender('whatsapp'),
});

export async function readNotificationSettings(tx: Tx, ctx: Ctx): Promise<NotificationSettings> {
  const rows = await tx.select().from(notificationSetting).where(eq(notificationSetting.organisationId, ctx.organisationId));
  const byEvent = new Map(rows.map((r) => [r.event, fromRow(r)]));
  return {
    events: NOTIFICATION_EVENTS.map((e) => byEvent.get(e) ?? defaultSetting(e)),
    channels_available: channelsAvailable(),
  };
}

/** PUT: the rows sent replace their events' settings (one statement); events not sent keep theirs. */
export async function updateNotificationSettings(tx: Tx, ctx: Ctx, input: NotificationSettingsInput): Promise<NotificationSettings> {
  const before = await readNotificationSettings(tx, ctx);
  if (input.events.length)
    await tx
      .insert(notificationSetting)
      .values(input.events.map((s) => ({ organisationId: ctx.organisationId, event: s.event, ...toValues(s) })))
      .onConflictDoUpdate({
        target: [notificationSetting.organisationId, notificationSetting.event],
        set: {
          inApp: sql`excluded.in_app`,
          email: sql`excluded.email`,
          sms: sql`excluded.sms`,
          whatsapp: sql`excluded.whatsapp`,
          toOwner: sql`excluded.to_owner`,
          toModuleUsers: sql`excluded.to_module_users`,
          toAssignedStaff: sql`excluded.to_assigned_staff`,
          updatedAt: sql`now()`,
        },
      });
  const after = await readNotificationSettings(tx, ctx);
  await record(tx, ctx.actor, {
    module: SETTINGS_MODULE,
    resource: 'notification_setting',
    objectId: ctx.organisationId,
    label: 'Notification settings',
    action: 'update',
    before: { events: before.events },
    after: { events: after.events },
  });
  return after;
}
