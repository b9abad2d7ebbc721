/**
 * Delivery-status webhooks, on the organisation's host, without a key: the WhatsApp Cloud API's
 * (`X-Hub-Signature-256`: HMAC-SHA256 of the raw body with the app secret) and MSG91's (the
 * organisation's webhook token in the URL). A bad signature or token is a 400 and changes nothing.
 * A STOP reply opts the sender out of that channel.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { messagingWebhookEndpoints as e } from '@arena/contracts/messaging';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../platform/db/client.js';
import { badRequest, permissionDenied } from '../../platform/errors.js';
import { inTenant, type Ctx } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { openSecret } from '../../platform/secrets.js';
import { addOptOut } from './admin.service.js';
import { addCredits } from './credits.service.js';
import { message } from './schema.js';
import { loadSettings } from './settings.service.js';

const tags = ['messaging'];
const STOP = /^\s*(stop|unsubscribe|stop all|optout|opt out)\s*$/i;

type StatusUpdate = { provider: string; id: string; status: 'sent' | 'delivered' | 'failed'; error?: string };

/**
 * Applies delivery reports to the log (a delivered message never goes back to sent). A message the
 * provider reports failed gives its credits back, once (as a failed send does; a retry spends them again).
 */
async function applyStatuses(tx: Tx, ctx: Ctx, updates: StatusUpdate[]): Promise<number> {
  let changed = 0;
  for (const status of ['delivered', 'failed'] as const) {
    const ids = updates.filter((u) => u.status === status).map((u) => u.id);
    if (!ids.length) continue;
    const error = updates.find((u) => u.status === 'failed')?.error ?? '';
    const rows = await tx
      .update(message)
      .set(
        status === 'delivered'
          ? { status: 'delivered', deliveredAt: new Date(), updatedAt: new Date() }
          : { status: 'failed', error: error || 'The provider reported a failed delivery.', updatedAt: new Date() },
      )
      .where(
        and(
          eq(message.organisationId, ctx.organisationId),
          inArray(message.providerMessageId, ids),
          status === 'delivered'
            ? sql`${message.status} in ('sent', 'sending')`
            : sql`${message.status} in ('sent', 'sending', 'delivered')`,
        ),
      )
      .returning({ id: message.id, credits: message.credits });
    changed += rows.length;
    const refund = status === 'failed' ? rows.reduce((sum, r) => sum + r.credits, 0) : 0;
    if (refund > 0)
      await addCredits(tx, ctx, refund, 'refund', `${rows.length} message${rows.length === 1 ? '' : 's'} failed (provider's report)`);
  }
  return changed;
}

interface RawRequest extends FastifyRequest {
  rawBody?: Buffer;
}

export function verifyWhatsappSignature(appSecret: string, raw: Buffer, header: string | undefined): boolean {
  if (!appSecret || !header?.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  const given = Buffer.from(header.slice(7), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function messagingWebhookRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    // The signature is over the bytes as sent: keep them beside the parsed body.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (request, body, done) => {
      (request as RawRequest).rawBody = body as Buffer;
      try {
        done(null, body.length ? JSON.parse(body.toString('utf8')) : {});
      } catch {
        done(badRequest('The body is not JSON.'), undefined);
      }
    });

    route(scope, e.whatsapp, {
      config: { auth: 'none' },
      security: [],
      tags,
      summary: 'WhatsApp Cloud API webhook: delivery statuses and replies (X-Hub-Signature-256 checked)',
      handler: async (request) =>
        inTenant(request, async (tx, ctx) => {
          const settings = await loadSettings(tx, ctx);
          const secret = settings.whatsappAppSecret ? openSecret(ctx.config, settings.whatsappAppSecret) : '';
          const raw = (request as RawRequest).rawBody ?? Buffer.from('');
          if (!verifyWhatsappSignature(secret, raw, request.headers['x-hub-signature-256'] as string | undefined))
            throw badRequest('Invalid signature.');
          type Value = {
            statuses?: { id: string; status: string; errors?: { title?: string; message?: string }[] }[];
            messages?: { from: string; text?: { body?: string } }[];
          };
          const body = request.body as { entry?: { changes?: { value?: Value }[] }[] };
          const values = (body.entry ?? []).flatMap((en) => (en.changes ?? []).map((c) => c.value ?? {}));
          const updates: StatusUpdate[] = values.flatMap((v) =>
            (v.statuses ?? []).flatMap((s): StatusUpdate[] =>
              s.status === 'delivered' || s.status === 'read'
                ? [{ provider: 'whatsapp_cloud', id: s.id, status: 'delivered' }]
                : s.status === 'failed'
                  ? [{ provider: 'whatsapp_cloud', id: s.id, status: 'failed', error: s.errors?.[0]?.title ?? s.errors?.[0]?.message }]
                  : [],
            ),
          );
          let received = await applyStatuses(tx, ctx, updates);
          for (const m of values.flatMap((v) => v.messages ?? []))
            if (STOP.test(m.text?.body ?? '')) {
              await addOptOut(tx, ctx, { channel: 'whatsapp', address: m.from }, 'stop_reply');
              received++;
            }
          return { received };
        }),
    });

    route(scope, e.whatsappVerify, {
      config: { auth: 'none' },
      security: [],
      tags,
      summary: "WhatsApp Cloud API webhook verification: answers hub.challenge when hub.verify_token is the organisation's webhook token",
      handler: async (request, reply) => {
        const q = request.query;
        const token = await inTenant(request, async (tx, ctx) => (await loadSettings(tx, ctx)).webhookToken);
        const given = Buffer.from(q['hub.verify_token']);
        const stored = Buffer.from(token);
        if (q['hub.mode'] !== 'subscribe' || given.length !== stored.length || !timingSafeEqual(given, stored))
          throw permissionDenied('The verify token does not match.');
        return reply.type('text/plain; charset=utf-8').header('Cache-Control', 'no-store').send(q['hub.challenge']);
      },
    });

    route(scope, e.msg91, {
      config: { auth: 'none' },
      security: [],
      tags,
      summary: "MSG91 delivery reports and STOP replies (the organisation's webhook token in the URL)",
      handler: async (request) =>
        inTenant(request, async (tx, ctx) => {
          const settings = await loadSettings(tx, ctx);
          const token = Buffer.from(request.query.token);
          const stored = Buffer.from(settings.webhookToken);
          if (token.length !== stored.length || !timingSafeEqual(token, stored)) throw badRequest('Invalid token.');
          type Report = {
            requestId?: string;
            request_id?: string;
            status?: string;
            report_status?: string;
            desc?: string;
            mobile?: string;
            sender?: string;
            message?: string;
            text?: string;
          };
          const raw = request.body as Report[] | { data?: Report[] } | Report;
          const reports: Report[] = Array.isArray(raw)
            ? raw
            : Array.isArray((raw as { data?: Report[] }).data)
              ? (raw as { data: Report[] }).data
              : [raw as Report];
          const updates: StatusUpdate[] = [];
          let received = 0;
          for (const r of reports) {
            const id = r.requestId ?? r.request_id;
            const status = (r.status ?? r.report_status ?? '').toLowerCase();
            if (id && (status === 'delivered' || status === '1')) updates.push({ provider: 'msg91', id, status: 'delivered' });
            else if (id && ['failed', 'rejected', 'undelivered', '2', '16'].includes(status))
              updates.push({ provider: 'msg91', id, status: 'failed', error: r.desc ?? `MSG91: ${status}` });
            const from = r.mobile ?? r.sender;
            if (from && STOP.test(r.message ?? r.text ?? '')) {
              await addOptOut(tx, ctx, { channel: 'sms', address: from.slice(-10) }, 'stop_reply');
              received++;
            }
          }
          received += await applyStatuses(tx, ctx, updates);
          return { received };
        }),
    });
  });
}
