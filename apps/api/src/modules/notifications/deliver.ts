/**
 * The task `notifications.deliver` (every minute, once across instances): drains each
 * organisation's outbox of e-mail, SMS and WhatsApp notifications written by `notify()`.
 * E-mail goes through the platform mailer; SMS and WhatsApp through the sender the messaging
 * engine registers (`platform/notification-channels.ts`), else the row is marked skipped.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { organisationOrigin } from '../../platform/config.js';
import type { Tx } from '../../platform/db/client.js';
import { appUser } from '../../platform/db/schema.js';
import type { Mailer } from '../../platform/mail.js';
import { forEachOrganisation, type Task } from '../../platform/jobs.js';
import { notificationChannelSender, type ExternalNotificationChannel } from '../../platform/notification-channels.js';
import type { Ctx } from '../../platform/request-context.js';
import { DELIVER_TASK } from './constants.js';
import { notificationDelivery } from './schema.js';

const BATCH = 200;

/** One organisation's pending deliveries, at most a batch; rows are claimed `for update skip locked`, so two runners never send one twice. */
export async function deliverPending(tx: Tx, ctx: Ctx, mailer: Mailer): Promise<{ sent: number; skipped: number; failed: number }> {
  const rows = await tx
    .select({ d: notificationDelivery, email: appUser.email, first: appUser.firstName, last: appUser.lastName })
    .from(notificationDelivery)
    .innerJoin(appUser, eq(appUser.id, notificationDelivery.userId))
    .where(and(eq(notificationDelivery.organisationId, ctx.organisationId), eq(notificationDelivery.status, 'pending')))
    .orderBy(asc(notificationDelivery.id))
    .limit(BATCH)
    .for('update', { of: notificationDelivery, skipLocked: true });
  const tally = { sent: 0, skipped: 0, failed: 0 };
  const origin = organisationOrigin(ctx.config, ctx.organisation.subdomain);
  for (const { d, email, first, last } of rows) {
    let status: 'sent' | 'skipped' | 'failed' = 'sent';
    let error = '';
    try {
      if (d.channel === 'email') {
        await mailer.send({
          to: email,
          subject: `${d.title} — ${ctx.organisation.displayName}`,
          text: [d.body, d.link ? `Open: ${origin}${d.link}` : ''].filter(Boolean).join('\n\n'),
        });
      } else {
        const sender = notificationChannelSender(d.channel as ExternalNotificationChannel);
        if (!sender) {
          status = 'skipped';
          error = 'No sender for this channel: it needs Messaging.';
        } else {
          const result = await sender(tx, ctx, {
            deliveryId: d.id,
            userId: d.userId,
            email,
            name: `${first} ${last}`.trim(),
            event: d.event,
            title: d.title,
            body: d.body,
            link: d.link,
          });
          if (result === 'skipped') status = 'skipped';
        }
      }
    } catch (err) {
      status = 'failed';
      error = err instanceof Error ? err.message.slice(0, 500) : 'Failed';
    }
    tally[status] += 1;
    await tx
      .update(notificationDelivery)
      .set({ status, error, doneAt: sql`now()` })
      .where(and(eq(notificationDelivery.organisationId, ctx.organisationId), eq(notificationDelivery.id, d.id)));
  }
  return tally;
}

export const deliverTask: Task = {
  name: DELIVER_TASK,
  run: (_payload, task) =>
    forEachOrganisation(task, 'notifications', async (tx, ctx) => {
      const done = await deliverPending(tx, ctx, task.mailer);
      if (done.sent + done.skipped + done.failed) task.log.info({ organisation: ctx.organisationId, ...done }, 'notifications delivered');
    }),
};
