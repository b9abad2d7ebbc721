/**
 * Sending the queue, exactly once: a batch is claimed with one conditional UPDATE (`queued` →
 * `sending` with a lease, SKIP LOCKED), sent through the providers with our message id as the
 * idempotency reference, and the outcomes written back only to rows still `sending`. A worker that
 * dies mid-batch leaves its rows `sending`; once the lease runs out another worker claims them and
 * the provider, which already took those ids, does not send them again.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { organisation } from '../../platform/db/schema.js';
import { queryRows, withTenant, type Database } from '../../platform/db/client.js';
import type { JobRunner, Task } from '../../platform/jobs.js';
import { systemCtx } from '../../platform/request-context.js';
import { openSecret } from '../../platform/secrets.js';
import { DRAIN_BATCH, DRAIN_TASK, LEASE_SECONDS, MAX_ATTEMPTS } from './constants.js';
import { addCredits } from './credits.service.js';
import { PermanentSendError, type MessageProvider, type OutboundMessage } from './providers.js';
import { loadSettings, providersFor, type ProviderDeps } from './settings.service.js';
import { messageTemplate } from './schema.js';

export interface DrainOptions {
  /** Providers to use instead of the organisation's (tests). */
  providers?: Partial<Record<'email' | 'sms' | 'whatsapp', MessageProvider>>;
  batch?: number;
  maxBatches?: number;
  /** Messages sent at once per batch. */
  concurrency?: number;
  /** Aborted = the worker "dies": the batch's outcomes are not written (tests of the restart). */
  signal?: AbortSignal;
}

interface Claimed {
  id: number;
  channel: 'email' | 'sms' | 'whatsapp';
  address: string;
  subject: string;
  body: string;
  params: string[];
  sealed: string | null;
  template_id: number | null;
  attempts: number;
  credits: number;
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

/** Sends one organisation's due messages; answers how many were sent. */
export async function drainOrganisation(
  db: Database,
  deps: ProviderDeps & { log?: FastifyBaseLogger },
  organisationId: number,
  options: DrainOptions = {},
): Promise<{ sent: number; failed: number; retried: number }> {
  const totals = { sent: 0, failed: 0, retried: 0 };
  const [org] = await db.select().from(organisation).where(eq(organisation.id, organisationId));
  if (!org) return totals;
  const ctx = systemCtx(deps.config, org, 'messaging');
  const batch = options.batch ?? DRAIN_BATCH;
  for (let round = 0; round < (options.maxBatches ?? 1000); round++) {
    const claim = await withTenant(db, organisationId, async (tx) => {
      // The offline provider's messages are delivered "a moment later".
      await tx.execute(sql`update message set status = 'delivered', delivered_at = now(), updated_at = now()
        where organisation_id = ${organisationId} and provider = 'offline' and status = 'sent' and sent_at <= now() - interval '1 second'`);
      const rows = await queryRows<Claimed>(
        tx,
        sql`with claim as materialized (
              select id from message where organisation_id = ${organisationId}
                and ((status = 'queued' and not_before <= now()) or (status = 'sending' and lease_until < now()))
              order by not_before, id limit ${batch} for update skip locked)
            update message m set status = 'sending', lease_until = now() + make_interval(secs => ${LEASE_SECONDS}),
              attempts = m.attempts + 1, updated_at = now()
            from claim where m.organisation_id = ${organisationId} and m.id = claim.id
            returning m.id, m.channel, m.address, m.subject, m.body, m.params, m.sealed, m.template_id, m.attempts, m.credits`,
      );
      if (!rows.length) return null;
      const settings = await loadSettings(tx, ctx);
      const templateIds = [...new Set(rows.map((r) => r.template_id).filter((v): v is number => v != null))];
      const templates = templateIds.length
        ? await tx
            .select()
            .from(messageTemplate)
            .where(sql`${messageTemplate.organisationId} = ${organisationId} and ${messageTemplate.id} in ${templateIds.map(Number)}`)
        : [];
      return { rows, settings, templates: new Map(templates.map((t) => [t.id, t])) };
    });
    if (!claim) break;
    const providers = { ...providersFor(deps, claim.settings), ...options.providers };
    const outcomes = await mapLimit(claim.rows, options.concurrency ?? 32, async (m) => {
      const template = m.template_id != null ? claim.templates.get(Number(m.template_id)) : undefined;
      const provider = providers[m.channel];
      try {
        // A message with a secret (a sign-in code) is stored masked: the provider gets the real text.
        const real = m.sealed ? (JSON.parse(openSecret(deps.config, m.sealed)) as { body: string; params: string[] }) : null;
        const outbound: OutboundMessage = {
          id: Number(m.id),
          organisationId,
          channel: m.channel,
          address: m.address,
          subject: m.subject,
          body: real?.body ?? m.body,
          params: real?.params ?? m.params ?? [],
          secret: m.sealed != null,
          dltTemplateId: template?.dltTemplateId ?? '',
          whatsappTemplateName: template?.whatsappTemplateName ?? '',
          whatsappLanguage: template?.whatsappLanguage ?? '',
        };
        const out = await provider.send(outbound);
        return { id: Number(m.id), status: 'sent', provider: provider.name, pid: out.providerMessageId, error: '', refund: 0 };
      } catch (err) {
        const error = err instanceof Error ? err.message.slice(0, 500) : String(err);
        const final = err instanceof PermanentSendError || m.attempts >= MAX_ATTEMPTS;
        return {
          id: Number(m.id),
          status: final ? 'failed' : 'queued',
          provider: provider.name,
          pid: '',
          error,
          refund: final ? m.credits : 0,
        };
      }
    });
    if (options.signal?.aborted) throw new Error('The drain was stopped before it wrote its outcomes.');
    await withTenant(db, organisationId, async (tx) => {
      const written = await queryRows<{ id: number; status: string; credits: number }>(
        tx,
        sql`update message m set status = x.status, provider = x.provider, provider_message_id = x.pid, error = x.error,
              sent_at = case when x.status = 'sent' then now() else m.sent_at end,
              not_before = case when x.status = 'queued' then now() + make_interval(secs => 30 * m.attempts) else m.not_before end,
              lease_until = null, updated_at = now(),
              sealed = case when m.sealed is not null and x.status <> 'queued' then '' else m.sealed end
            from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) as x(id bigint, status text, provider text, pid text, error text)
            where m.organisation_id = ${organisationId} and m.id = x.id and m.status = 'sending'
            returning m.id, m.status, m.credits`,
      );
      const refund = written.filter((r) => r.status === 'failed').reduce((s, r) => s + Number(r.credits), 0);
      if (refund > 0) {
        const failed = written.filter((r) => r.status === 'failed').length;
        await addCredits(tx, ctx, refund, 'refund', `${failed} message${failed === 1 ? '' : 's'} failed`);
      }
      for (const r of written) {
        if (r.status === 'sent') totals.sent++;
        else if (r.status === 'failed') totals.failed++;
        else totals.retried++;
      }
    });
    if (claim.rows.length < batch) break;
  }
  if (totals.failed) deps.log?.warn({ organisation: organisationId, failed: totals.failed }, 'messages failed');
  return totals;
}

/** Queues the drain of an organisation now (after the request's commit), and the delivered mark a moment later. */
export async function drainSoon(jobs: JobRunner, organisationId: number): Promise<void> {
  await jobs.add(
    DRAIN_TASK,
    { organisation: organisationId },
    { key: `${DRAIN_TASK}:${organisationId}`, runAt: new Date(Date.now() + 200) },
  );
}

/** `messaging.drain`: one organisation (payload) or every active one (the schedule's tick). */
export function drainTask(getDeps: () => { fetch?: ProviderDeps['fetch'] } = () => ({})): Task {
  return {
    name: DRAIN_TASK,
    async run(payload, { db, config, mailer, log }) {
      const one = (payload as { organisation?: number } | null)?.organisation;
      const ids = one
        ? [one]
        : (await db.select({ id: organisation.id }).from(organisation).where(eq(organisation.isActive, true))).map((o) => o.id);
      for (const id of ids) {
        try {
          await drainOrganisation(db, { config, mailer, log, ...getDeps() }, id);
        } catch (err) {
          // One organisation's failure never stops the others; the lease lets the next tick take its rows.
          log.error({ err, organisation: id }, 'messaging drain failed');
        }
      }
    },
  };
}
