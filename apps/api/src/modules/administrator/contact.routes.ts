import { organisationEndpoints, type ContactMessage } from '@arena/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { appUser } from '../../platform/db/schema.js';
import { conflict, tooManyRequests } from '../../platform/errors.js';
import type { Mail, Mailer } from '../../platform/mail.js';
import { inTenant, type Ctx } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { MODULE } from './constants.js';

const tags = ['administrator'];
/** Messages one user may send in an hour: enough to follow up, too few to flood the owner's inbox. */
export const CONTACT_MESSAGES_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

interface Sender {
  name: string;
  email: string;
}

/**
 * Mails the organisation's owner, with the sender as reply-to, and records it. The mail goes out
 * inside the transaction, so a mail that cannot be sent leaves no audit row claiming it was.
 */
async function sendContactMessage(tx: Tx, ctx: Ctx, mailer: Mailer, sender: Sender, input: ContactMessage): Promise<void> {
  const [owner] = await tx
    .select({ email: appUser.email })
    .from(appUser)
    .where(and(eq(appUser.organisationId, ctx.organisationId), eq(appUser.isOwner, true), eq(appUser.isActive, true)))
    .orderBy(asc(appUser.id))
    .limit(1);
  const to = owner?.email ?? ctx.organisation.email;
  if (!to) throw conflict('This organisation has no owner to write to yet.');

  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'contact_message',
    label: input.subject,
    action: 'action',
    after: { to, subject: input.subject },
  });
  const mail: Mail = {
    to,
    subject: input.subject,
    replyTo: { name: sender.name, address: sender.email },
    text: [
      `${sender.name} <${sender.email}> wrote to ${ctx.organisation.displayName} through the Contact Support page:`,
      '',
      input.message,
      '',
      `Reply to this e-mail to answer ${sender.name}.`,
    ].join('\n'),
  };
  await mailer.send(mail);
}

function senderOf(request: FastifyRequest): Sender {
  const user = request.auth!.user;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return { name, email: user.email };
}

export async function contactRoutes(app: FastifyInstance): Promise<void> {
  route(app, organisationEndpoints.contact, {
    config: {
      rateLimit: {
        max: CONTACT_MESSAGES_PER_HOUR,
        timeWindow: HOUR_MS,
        // Counted after validation, per user: a mistyped form does not use up the hour's messages.
        hook: 'preHandler',
        keyGenerator: (request: FastifyRequest) => `contact:${request.auth?.user.id ?? request.ip}`,
        errorResponseBuilder: (_req: unknown, limit: { ttl: number }) => {
          const minutes = Math.max(1, Math.ceil(limit.ttl / 60_000));
          return tooManyRequests(
            `You have sent ${CONTACT_MESSAGES_PER_HOUR} messages in the last hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
            Math.max(1, Math.ceil(limit.ttl / 1000)),
          );
        },
      },
    },
    tags,
    summary: "Send a message to the organisation's owner (Contact Support)",
    description: `Any signed-in user of the organisation; at most ${CONTACT_MESSAGES_PER_HOUR} messages per user per hour. The sender is the mail's reply-to.`,
    handler: async (request) => {
      await inTenant(request, (tx, ctx) => sendContactMessage(tx, ctx, app.mailer, senderOf(request), request.body));
      return { detail: 'Message sent.' };
    },
  });
}
