/**
 * The outside channels of in-app notifications (issue 22): SMS and WhatsApp are sent by whoever
 * registers a sender here — the messaging engine, at boot (`registerNotificationChannel('sms', …)`
 * from its manifest's `routes`). E-mail needs no registration: the notifications module sends it
 * through the platform mailer. The platform knows no module, so the registry lives here and both
 * sides import it: notifications asks `notificationChannelSender(channel)`, messaging registers.
 *
 * Without a sender, a channel is skipped (its outbox rows marked `skipped`, "no sender") and the
 * settings screen shows it as needing Messaging (`channels_available`).
 */
import type { Tx } from './db/client.js';
import type { Ctx } from './request-context.js';

export type ExternalNotificationChannel = 'sms' | 'whatsapp';

/** One notification for one user, as the outbox holds it. The sender finds the user's phone (staff record) itself. */
export interface OutgoingNotification {
  deliveryId: number;
  userId: number;
  email: string;
  name: string;
  event: string;
  title: string;
  body: string;
  /** The web app's path ('' for none). */
  link: string;
}

/**
 * Sends (or queues in its own tables) one notification, in the organisation's tenant transaction
 * of the delivery job. Throw to mark the delivery failed (the error is kept); return normally
 * when sent or queued; return `'skipped'` when the user cannot be reached on the channel.
 */
export type NotificationSender = (tx: Tx, ctx: Ctx, message: OutgoingNotification) => Promise<void | 'skipped'>;

const senders = new Map<ExternalNotificationChannel, NotificationSender>();

export function registerNotificationChannel(channel: ExternalNotificationChannel, sender: NotificationSender): void {
  senders.set(channel, sender);
}

/** For tests: forget a registered sender. */
export function unregisterNotificationChannel(channel: ExternalNotificationChannel): void {
  senders.delete(channel);
}

export const notificationChannelSender = (channel: ExternalNotificationChannel): NotificationSender | undefined => senders.get(channel);
