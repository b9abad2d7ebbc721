/**
 * CRM › Promotions: list, preview, send or schedule, cancel; and the task that sends scheduled
 * promotions when their time comes (a job at the promotion's time, and a sweep every ten minutes
 * for a job the embedded runner lost in a restart).
 */
import { CHANNEL_LABELS, CHANNELS } from '@arena/contracts/messaging';
import {
  PROMOTION_STATUS_LABELS,
  PROMOTION_STATUSES,
  promotionEndpoints as e,
  todaysMessageEndpoint,
  type Promotion,
} from '@arena/contracts/crm';
import { z } from '@arena/contracts/kit';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { forEachOrganisation, type Task } from '../../platform/jobs.js';
import { listRoute, type ListDefinition } from '../../platform/list.js';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { audiences, drainSoon } from '../messaging/index.js';
import { MODULE } from './constants.js';
import {
  cancelPromotion,
  createPromotion,
  previewPromotion,
  promotionJson,
  promotionsJson,
  sendDuePromotions,
} from './promotion.service.js';
import { promotion, type PromotionRow } from './schema.js';
import { messageTodaysActions } from './todays-message.js';

export const PROMOTIONS_TASK = 'crm.promotions';
const tags = ['crm'];

const promotionList: ListDefinition<{ row: PromotionRow }, Promotion> = {
  from: (tx, fields) => tx.select(fields).from(promotion).$dynamic(),
  fields: { row: promotion },
  where: (ctx) => eq(promotion.organisationId, ctx.organisationId),
  search: [promotion.name, promotion.templateName],
  filters: {
    status: {
      schema: z.enum(PROMOTION_STATUSES),
      where: (v: (typeof PROMOTION_STATUSES)[number]) => eq(promotion.status, v),
      label: 'Status',
      show: (v: (typeof PROMOTION_STATUSES)[number]) => PROMOTION_STATUS_LABELS[v],
    },
    channel: {
      schema: z.enum(CHANNELS),
      where: (v: (typeof CHANNELS)[number]) => eq(promotion.channel, v),
      label: 'Channel',
      show: (v: (typeof CHANNELS)[number]) => CHANNEL_LABELS[v],
    },
  },
  ordering: { created_at: promotion.createdAt, scheduled_at: promotion.scheduledAt, name: promotion.name },
  defaultOrdering: [desc(promotion.createdAt)],
  tiebreak: promotion.id,
  map: (tx, ctx, rows) =>
    promotionsJson(
      tx,
      ctx,
      rows.map((r) => r.row),
    ),
  export: {
    filename: 'promotions',
    title: 'Promotions',
    columns: [
      { header: 'Name', value: (p) => p.name },
      { header: 'Channel', value: (p) => CHANNEL_LABELS[p.channel] },
      { header: 'Template', value: (p) => p.template_name },
      { header: 'Audience', value: (p) => [p.audience_label, p.param_label].filter(Boolean).join(': ') },
      { header: 'Status', value: (p) => PROMOTION_STATUS_LABELS[p.status] },
      { header: 'Scheduled', value: (p) => p.scheduled_at ?? '' },
      { header: 'Sent', value: (p) => p.sent_at ?? '' },
      { header: 'Recipients', value: (p) => p.recipients },
      { header: 'Delivered', value: (p) => p.counts.delivered },
      { header: 'Failed', value: (p) => p.counts.failed },
      { header: 'Skipped', value: (p) => p.counts.skipped },
      { header: 'Credits', value: (p) => p.credits },
    ],
  },
};

export async function promotionRoutes(app: FastifyInstance): Promise<void> {
  listRoute(app, e.list, {
    module: MODULE,
    tags,
    summary: 'Promotions with their messages counted by status (filters: status, channel)',
    list: promotionList,
  });
  route(app, e.audiences, {
    module: MODULE,
    tags,
    summary: 'The audiences a promotion can go to (every module’s, plus contact groups)',
    handler: async () => ({
      results: audiences()
        .filter((a): a is typeof a & { param: 'plan' | 'batch' | 'contact_group' | null } => a.param !== 'ids')
        .map((a) => ({ key: a.key, label: a.label, param: a.param })),
    }),
  });
  route(app, e.retrieve, {
    module: MODULE,
    tags,
    summary: 'A promotion',
    handler: async (request) => inTenant(request, (tx, ctx) => promotionJson(tx, ctx, request.params.id)),
  });
  route(app, e.preview, {
    module: MODULE,
    tags,
    summary: 'How many a promotion would reach and skip now, and the credits it would spend (nothing is written)',
    handler: async (request) => inTenant(request, (tx, ctx) => previewPromotion(tx, ctx, request.body)),
  });
  route(app, e.create, {
    module: MODULE,
    tags,
    summary: 'Send a promotion now, or schedule it',
    handler: async (request, reply) => {
      const organisationId = request.organisation!.id;
      const { made, queued } = await inTenant(request, async (tx, ctx) => {
        const { id, queued } = await createPromotion(tx, ctx, request.body);
        return { made: await promotionJson(tx, ctx, id), queued };
      });
      if (queued) await drainSoon(app.jobs, organisationId);
      if (made.scheduled_at)
        await app.jobs.add(
          PROMOTIONS_TASK,
          { organisation: organisationId },
          { runAt: new Date(made.scheduled_at), key: `${PROMOTIONS_TASK}:${made.id}` },
        );
      return reply.status(201).send(made);
    },
  });
  route(app, e.cancel, {
    module: MODULE,
    tags,
    summary: 'Cancel a scheduled promotion',
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => {
        await cancelPromotion(tx, ctx, request.params.id);
        return promotionJson(tx, ctx, request.params.id);
      }),
  });
}

/** Today's actions' Message: a template to a tab's people (or the chosen ones), with a contact logged for each. */
export async function todaysMessageRoutes(app: FastifyInstance): Promise<void> {
  route(app, todaysMessageEndpoint, {
    module: MODULE,
    tags,
    summary: "Message the people of a today's action tab (or those chosen on it); preview: count, skipped, credits",
    handler: async (request) => {
      const organisationId = request.organisation!.id;
      const { ids, ...result } = await inTenant(request, (tx, ctx) => messageTodaysActions(tx, ctx, request.body));
      if (!request.body.preview && ids.length) await drainSoon(app.jobs, organisationId);
      return result;
    },
  });
}

/** `crm.promotions`: one organisation's due promotions (payload), or every active organisation's (the sweep). Each organisation in its own transaction. */
export const promotionsTask: Task = {
  name: PROMOTIONS_TASK,
  run: (payload, task) =>
    forEachOrganisation(task, 'crm-promotions', sendDuePromotions, (payload as { organisation?: number } | null)?.organisation, {
      skipReadOnly: true,
    }),
};
