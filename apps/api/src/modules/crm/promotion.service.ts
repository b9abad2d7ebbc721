/**
 * Promotions: a template on a channel to an audience, sent now or at its scheduled time through
 * the messaging engine (`modules/messaging/index.ts`). Sending resolves the audience when it
 * goes (a contact group or filter is read then, not when the promotion was made), queues one
 * message each — promotional, so SMS wait for 10:00–21:00 — and marks the promotion sent in the
 * same transaction, under its row lock: a scheduled promotion is sent once however many workers
 * reach it. Its counts are its messages by status.
 */
import {
  PROMOTION_SCHEDULE_DAYS,
  type Promotion,
  type PromotionInput,
  type PromotionPreview,
  type promotionInputSchema,
} from '@arena/contracts/crm';
import type { z } from '@arena/contracts/kit';
import { and, eq, inArray, lte } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { appUser } from '../../platform/db/schema.js';
import { ApiError, badRequest, fieldError, notFound } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { activeTemplate, audienceOf, messageCounts, queueMessages, resolveAudience, type QueueResult } from '../messaging/index.js';
import { MODULE } from './constants.js';
import { promotion, type PromotionRow } from './schema.js';

type Input = z.output<typeof promotionInputSchema>;
export const PROMOTION_SOURCE = 'promotion';

const byId = (ctx: Ctx, id: number) => and(eq(promotion.organisationId, ctx.organisationId), eq(promotion.id, id));

/** The promotions as the API shows them: their messages counted by status in one statement. */
export async function promotionsJson(tx: Tx, ctx: Ctx, rows: PromotionRow[]): Promise<Promotion[]> {
  const counts = await messageCounts(
    tx,
    ctx,
    PROMOTION_SOURCE,
    rows.map((r) => r.id),
  );
  const userIds = [...new Set(rows.map((r) => r.createdBy).filter((id): id is number => id != null))];
  const users = userIds.length
    ? await tx
        .select({ id: appUser.id, first: appUser.firstName, last: appUser.lastName })
        .from(appUser)
        .where(inArray(appUser.id, userIds))
    : [];
  const names = new Map(users.map((u) => [u.id, [u.first, u.last].filter(Boolean).join(' ')]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    channel: r.channel,
    template: r.templateId,
    template_name: r.templateName,
    audience: r.audience,
    audience_label: r.audienceLabel,
    param: r.param,
    param_label: r.paramLabel,
    scheduled_at: r.scheduledAt?.toISOString() ?? null,
    status: r.status,
    sent_at: r.sentAt?.toISOString() ?? null,
    error: r.error,
    recipients: r.recipients,
    credits: r.credits,
    counts: counts.get(r.id) ?? { queued: 0, sent: 0, delivered: 0, failed: 0, skipped: 0 },
    created_by: (r.createdBy && names.get(r.createdBy)) || '',
    created_at: r.createdAt.toISOString(),
  }));
}

export async function loadPromotion(tx: Tx, ctx: Ctx, id: number, lock = false): Promise<PromotionRow> {
  const q = tx.select().from(promotion).where(byId(ctx, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

export async function promotionJson(tx: Tx, ctx: Ctx, id: number): Promise<Promotion> {
  return (await promotionsJson(tx, ctx, [await loadPromotion(tx, ctx, id)]))[0];
}

/** What the input names, checked: the template (active, of the channel), the audience and its contact group, plan or batch. */
async function resolveInput(tx: Tx, ctx: Ctx, input: Input) {
  const template = await activeTemplate(tx, ctx, input.template, input.channel);
  const audience = audienceOf(input.audience);
  if (audience.param === 'ids')
    throw fieldError('audience', 'A promotion goes to an audience or a contact group, not to people picked one by one.');
  if (audience.param && !input.param) throw fieldError('param', `Choose the ${audience.param.replace('_', ' ')}.`);
  const paramLabel = audience.param && input.param ? ((await audience.describe?.(tx, ctx, input.param)) ?? '') : '';
  return { template, audience, paramLabel };
}

function checkSchedule(ctx: Ctx, at: string | null): Date | null {
  if (!at) return null;
  const when = new Date(at);
  const now = ctx.now.instant.getTime();
  if (when.getTime() <= now + 60_000) throw fieldError('scheduled_at', 'Choose a time at least a minute from now, or send it now.');
  if (when.getTime() > now + PROMOTION_SCHEDULE_DAYS * 86_400_000)
    throw fieldError('scheduled_at', `A promotion can be scheduled at most ${PROMOTION_SCHEDULE_DAYS} days ahead.`);
  return when;
}

/** Who it would reach now, who would be skipped, and what it would cost: nothing is written. */
export async function previewPromotion(tx: Tx, ctx: Ctx, input: Input): Promise<PromotionPreview> {
  const { template } = await resolveInput(tx, ctx, input);
  checkSchedule(ctx, input.scheduled_at);
  const recipients = await resolveAudience(tx, ctx, { audience: input.audience, param: input.param });
  const r = await queueMessages(tx, ctx, {
    channel: input.channel,
    module: 'crm',
    template,
    recipients,
    source: PROMOTION_SOURCE,
    promotional: true,
    preview: true,
  });
  return { count: r.count, skipped: r.skipped, credits: r.credits, balance: r.balance, not_before: r.notBefore?.toISOString() ?? null };
}

/** Makes a promotion: sent at once (`sent`) when it has no time, else `scheduled`. Answers whether messages were queued. */
export async function createPromotion(tx: Tx, ctx: Ctx, input: PromotionInput | Input): Promise<{ id: number; queued: number }> {
  const values = input as Input;
  const { template, audience, paramLabel } = await resolveInput(tx, ctx, values);
  const scheduledAt = checkSchedule(ctx, values.scheduled_at);
  const [row] = await tx
    .insert(promotion)
    .values({
      organisationId: ctx.organisationId,
      name: values.name,
      channel: values.channel,
      templateId: template.id,
      templateName: template.name,
      audience: audience.key,
      audienceLabel: audience.label,
      param: audience.param ? values.param : null,
      paramLabel,
      scheduledAt,
      status: 'scheduled',
      createdBy: ctx.actor.actorId ?? null,
    })
    .returning();
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'promotion',
    objectId: row.id,
    label: row.name,
    action: 'create',
    after: {
      name: row.name,
      channel: row.channel,
      template: template.name,
      audience: audience.label,
      scheduled_at: scheduledAt?.toISOString() ?? null,
    },
  });
  if (scheduledAt) return { id: row.id, queued: 0 };
  const sent = await sendLocked(tx, ctx, row);
  return { id: row.id, queued: sent?.queued ?? 0 };
}

/** A refusal as one line: the detail, or the fields' messages. */
function errorText(err: ApiError): string {
  if (typeof err.body.detail === 'string') return err.body.detail;
  return Object.values(err.body).flat().map(String).join(' ').slice(0, 500);
}

/** Sends a scheduled promotion (locked), once: a second call finds it sent and does nothing. */
async function sendLocked(tx: Tx, ctx: Ctx, row: PromotionRow): Promise<QueueResult | null> {
  if (row.status !== 'scheduled') return null;
  const recipients = await resolveAudience(tx, ctx, { audience: row.audience, param: row.param });
  const result = await queueMessages(tx, ctx, {
    channel: row.channel,
    module: 'crm',
    template: row.templateId,
    recipients,
    source: PROMOTION_SOURCE,
    sourceId: row.id,
    promotional: true,
  });
  await tx
    .update(promotion)
    .set({ status: 'sent', sentAt: ctx.now.instant, recipients: result.count, credits: result.credits, updatedAt: ctx.now.instant })
    .where(byId(ctx, row.id));
  return result;
}

/** The organisation's scheduled promotions whose time has come, each sent once (its row locked, skipped when another worker holds it). */
export async function sendDuePromotions(tx: Tx, ctx: Ctx): Promise<number> {
  const due = await tx
    .select()
    .from(promotion)
    .where(
      and(eq(promotion.organisationId, ctx.organisationId), eq(promotion.status, 'scheduled'), lte(promotion.scheduledAt, ctx.now.instant)),
    )
    .orderBy(promotion.scheduledAt, promotion.id)
    .limit(20)
    .for('update', { skipLocked: true });
  let queued = 0;
  for (const row of due) {
    try {
      // A savepoint each: a promotion refused (credits, a template switched off) leaves nothing queued and the others to go.
      queued += (await tx.transaction((sp) => sendLocked(sp, ctx, row)))?.queued ?? 0;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      await tx
        .update(promotion)
        .set({ status: 'failed', error: errorText(err), updatedAt: ctx.now.instant })
        .where(byId(ctx, row.id));
    }
  }
  return queued;
}

/** A scheduled promotion is not sent; a sent one cannot be called back (400). */
export async function cancelPromotion(tx: Tx, ctx: Ctx, id: number): Promise<void> {
  const row = await loadPromotion(tx, ctx, id, true);
  if (row.status !== 'scheduled')
    throw badRequest(
      row.status === 'sent' ? 'This promotion has been sent: it cannot be cancelled.' : 'This promotion is already cancelled.',
    );
  await tx.update(promotion).set({ status: 'cancelled', updatedAt: ctx.now.instant }).where(byId(ctx, id));
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'promotion',
    objectId: id,
    label: row.name,
    action: 'update',
    before: { status: 'scheduled' },
    after: { status: 'cancelled' },
  });
}
