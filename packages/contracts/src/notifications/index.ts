/**
 * In-app notifications (issue 22): the closed list of events, the channels, the organisation's
 * settings (event × channel, and who receives each event) and the signed-in user's own list.
 * Modules raise them with the API's `notify(tx, ctx, …)` (apps/api/src/modules/notifications/index.ts).
 */
import { z } from '../zod-config.js';
import { idParamsSchema, paginatedSchema, singleLineText } from '../common.js';
import { endpoint } from '../endpoint.js';
import type { ModuleName } from '../modules.js';

export const NOTIFICATION_EVENTS = [
  'new_online_booking',
  'booking_cancelled',
  'new_enquiry',
  'follow_up_due',
  'new_complaint',
  'membership_expiring_today',
  'payment_received',
  'low_stock',
  'near_expiry_stock',
  'maintenance_due',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** Each event: how the settings screen names it, the module whose users receive it ("users of the module"), and whether anything raises it yet. */
export const NOTIFICATION_EVENT_INFO: Record<NotificationEvent, { label: string; module: ModuleName; emitted: boolean }> = {
  new_online_booking: { label: 'New online booking', module: 'Booking Management', emitted: true },
  booking_cancelled: { label: 'Booking cancelled', module: 'Booking Management', emitted: true },
  new_enquiry: { label: 'New enquiry', module: 'CRM Management', emitted: false },
  follow_up_due: { label: 'Enquiry follow-up due', module: 'CRM Management', emitted: false },
  new_complaint: { label: 'New complaint', module: 'CRM Management', emitted: false },
  membership_expiring_today: { label: 'Membership expiring today', module: 'Membership Management', emitted: true },
  // Raised by the seller's module (a membership's or a booking's payment): its users receive it.
  payment_received: { label: 'Payment received', module: 'Income/Expenses Management', emitted: true },
  low_stock: { label: 'Low stock', module: 'Store Management', emitted: false },
  near_expiry_stock: { label: 'Near-expiry stock', module: 'Store Management', emitted: false },
  maintenance_due: { label: 'Asset maintenance due', module: 'Asset Management', emitted: true },
};

export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'sms', 'whatsapp'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  in_app: 'In-app',
  email: 'E-mail',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};

export const NOTIFICATION_RECIPIENTS = ['owner', 'module_users', 'assigned_staff'] as const;
export type NotificationRecipient = (typeof NOTIFICATION_RECIPIENTS)[number];
export const NOTIFICATION_RECIPIENT_LABELS: Record<NotificationRecipient, string> = {
  owner: 'Owner',
  module_users: "Module's users",
  assigned_staff: 'Assigned staff',
};

const flags = <K extends readonly string[]>(keys: K) =>
  z.strictObject(Object.fromEntries(keys.map((k) => [k, z.boolean()])) as { [P in K[number]]: z.ZodBoolean });

export const notificationEventSettingSchema = z.object({
  event: z.enum(NOTIFICATION_EVENTS),
  channels: flags(NOTIFICATION_CHANNELS),
  recipients: flags(NOTIFICATION_RECIPIENTS),
});
export type NotificationEventSetting = z.infer<typeof notificationEventSettingSchema>;

export const notificationSettingsSchema = z.object({
  events: z.array(notificationEventSettingSchema),
  /** Whether each channel can send now: SMS and WhatsApp need the messaging engine to have registered a sender. */
  channels_available: flags(NOTIFICATION_CHANNELS),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** `PUT`: every event once (the whole grid). */
export const notificationSettingsInputSchema = z.object({
  events: z
    .array(notificationEventSettingSchema)
    .max(NOTIFICATION_EVENTS.length)
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((r, i) => {
        if (seen.has(r.event)) ctx.addIssue({ code: 'custom', path: [i, 'event'], message: 'This event is listed more than once.' });
        seen.add(r.event);
      });
    }),
});
export type NotificationSettingsInput = z.infer<typeof notificationSettingsInputSchema>;

export const notificationSchema = z.object({
  id: z.number(),
  event: z.enum(NOTIFICATION_EVENTS),
  title: z.string(),
  body: z.string(),
  /** The web app's path that opens what it is about, or '' */
  link: z.string(),
  centre: z.number().nullable(),
  subject_type: z.string(),
  subject_id: z.number().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATION_PAGE_MAX = 100;
export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  page_size: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_MAX).optional(),
  /** `true`: only the unread ones */
  unread: z.stringbool().optional(),
  /** A substring of the title or the text. */
  search: singleLineText(200).optional(),
});

export const unreadCountSchema = z.object({ count: z.number().int() });

const BASE = '/api/notifications/';
export const notificationEndpoints = {
  list: endpoint({ method: 'GET', path: BASE, query: notificationListQuerySchema, response: paginatedSchema(notificationSchema) }),
  unreadCount: endpoint({ method: 'GET', path: `${BASE}unread-count/`, response: unreadCountSchema }),
  read: endpoint({ method: 'POST', path: `${BASE}:id/read/`, params: idParamsSchema, response: notificationSchema }),
  readAll: endpoint({ method: 'POST', path: `${BASE}read-all/`, response: z.object({ updated: z.number().int() }) }),
};

export const notificationSettingEndpoints = {
  retrieve: endpoint({ method: 'GET', path: '/api/administrator/notification-setting/', response: notificationSettingsSchema }),
  update: endpoint({
    method: 'PUT',
    path: '/api/administrator/notification-setting/',
    body: notificationSettingsInputSchema,
    response: notificationSettingsSchema,
  }),
};
