import type { FastifyInstance } from 'fastify';
import type { Mail } from './mail.js';

/** A message for the outgoing mail queue. */
export interface QueuedMail {
  to: string;
  subject: string;
  text: string;
  attachments?: Mail['attachments'];
}

/**
 * Queues a mail and returns without waiting for it to be sent, so a request that mails answers
 * in the same time as one that does not (the account e-mails must not reveal which addresses
 * have accounts), and a slow or failing mail server never fails the request. The job queue
 * (platform/jobs.ts) sends it — on PostgreSQL from a durable job, retried with back-off, on
 * whichever instance takes it.
 */
export async function queueMail(app: FastifyInstance, message: QueuedMail): Promise<void> {
  await app.jobs.add('platform.mail', {
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.attachments ? { attachments: message.attachments } : {}),
  });
}
