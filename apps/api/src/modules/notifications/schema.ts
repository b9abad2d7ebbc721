import { sql } from 'drizzle-orm';
import { boolean, check, index, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ref, tenantRef, tenantTable, timestamps } from '../../platform/db/columns.js';
import { appUser } from '../../platform/db/schema.js';

const EVENTS = sql.raw(
  `('new_online_booking', 'booking_cancelled', 'new_enquiry', 'follow_up_due', 'new_complaint', 'membership_expiring_today', 'payment_received', 'low_stock', 'near_expiry_stock', 'maintenance_due')`,
);

/** One row per organisation and event: the channels it goes by and who receives it (defaults written by the manifest's hook). */
export const notificationSetting = tenantTable(
  'notification_setting',
  {
    event: text('event').notNull(),
    inApp: boolean('in_app').notNull().default(true),
    email: boolean('email').notNull().default(false),
    sms: boolean('sms').notNull().default(false),
    whatsapp: boolean('whatsapp').notNull().default(false),
    toOwner: boolean('to_owner').notNull().default(true),
    toModuleUsers: boolean('to_module_users').notNull().default(false),
    toAssignedStaff: boolean('to_assigned_staff').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('notification_setting_org_event_key').on(t.organisationId, t.event),
    check('notification_setting_event', sql`${t.event} in ${EVENTS}`),
  ],
);
export type NotificationSettingRow = typeof notificationSetting.$inferSelect;

/** A user's in-app notification. Written by `notify()` in the caller's transaction, one row per recipient. */
export const notification = tenantTable(
  'notification',
  {
    userId: ref('user_id').notNull(),
    event: text('event').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** The web app's path that opens what it is about ('' for none). */
    link: text('link').notNull().default(''),
    /** The centre it happened in; not a foreign key, so a centre's removal never waits on notifications. */
    centreId: ref('centre_id'),
    subjectType: text('subject_type').notNull().default(''),
    subjectId: ref('subject_id'),
    /** Two raises with the same key make one notification per user (a daily job run twice, two instances). */
    dedupeKey: text('dedupe_key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    tenantRef(t, t.userId, () => appUser),
    index('notification_org_user_idx').on(t.organisationId, t.userId, sql`${t.id} desc`),
    // The top bar's badge: a count over the unread rows alone.
    index('notification_org_user_unread_idx')
      .on(t.organisationId, t.userId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notification_org_user_dedupe_key')
      .on(t.organisationId, t.userId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
    check('notification_title_length', sql`length(${t.title}) <= 200 and length(${t.body}) <= 1000 and length(${t.link}) <= 500`),
  ],
);
export type NotificationRow = typeof notification.$inferSelect;

/**
 * The outbox of the other channels (e-mail, SMS, WhatsApp): written with the in-app rows in the
 * caller's transaction, drained after commit by the task `notifications.deliver` (e-mail through
 * the platform mailer, SMS and WhatsApp through the sender the messaging engine registers;
 * without one the row is marked skipped).
 */
export const notificationDelivery = tenantTable(
  'notification_delivery',
  {
    userId: ref('user_id').notNull(),
    event: text('event').notNull(),
    channel: text('channel').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link').notNull().default(''),
    dedupeKey: text('dedupe_key'),
    status: text('status', { enum: ['pending', 'sent', 'skipped', 'failed'] })
      .notNull()
      .default('pending'),
    error: text('error').notNull().default(''),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    tenantRef(t, t.userId, () => appUser),
    index('notification_delivery_pending_idx')
      .on(t.organisationId, t.id)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('notification_delivery_dedupe_key')
      .on(t.organisationId, t.userId, t.channel, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
    check('notification_delivery_channel', sql`${t.channel} in ('email', 'sms', 'whatsapp')`),
    check('notification_delivery_status', sql`${t.status} in ('pending', 'sent', 'skipped', 'failed')`),
  ],
);
