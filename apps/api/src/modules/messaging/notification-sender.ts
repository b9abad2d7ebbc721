/**
 * The messaging engine as the SMS and WhatsApp channels of in-app notifications (issue 22): a
 * notification for a staff user goes to the phone on their staff record as the app's own text
 * (no template), through the same queue, credits, opt-outs and log as every message. A user with
 * no staff record or no phone is skipped; a send the credits do not cover fails the delivery with
 * the reason kept.
 */
import {
  registerNotificationChannel,
  type ExternalNotificationChannel,
  type NotificationSender,
} from '../../platform/notification-channels.js';
import { staffContactOfUser } from '../staff/index.js';
import { queueMessages } from './send.service.js';

const sender =
  (channel: ExternalNotificationChannel): NotificationSender =>
  async (tx, ctx, n) => {
    const staff = await staffContactOfUser(tx, ctx, n.userId);
    if (!staff?.phone) return 'skipped';
    const result = await queueMessages(tx, ctx, {
      channel,
      module: 'administrator',
      subject: n.title,
      text: n.body ? `${n.title}: ${n.body}` : n.title,
      recipients: [{ kind: 'staff', id: staff.id, name: staff.name, phone: staff.phone, email: staff.email, values: {} }],
      source: 'notification',
      system: true,
    });
    if (!result.queued) return 'skipped';
  };

/** Called once at boot (the module's routes). */
export function registerNotificationSenders(): void {
  registerNotificationChannel('sms', sender('sms'));
  registerNotificationChannel('whatsapp', sender('whatsapp'));
}
