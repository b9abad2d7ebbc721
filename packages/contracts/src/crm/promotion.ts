/**
 * CRM › Promotions: a template sent on a channel to an audience (a contact group, or one of the
 * messaging engine's audiences: active or expired members, a plan's or batch's members, open
 * enquiries, booking clients), now or at a scheduled time, through the messaging engine; with
 * the counts of its messages by status. Promotional SMS wait for 10:00–21:00 (the engine's rule).
 */
import { z } from '../zod-config.js';
import { idParamsSchema, idSchema, requiredSingleLineText } from '../common.js';
import { endpoint, listEndpoint } from '../endpoint.js';
import { CHANNELS } from '../messaging/index.js';

const BASE = '/api/crm/' as const;

/** How far ahead a promotion may be scheduled. */
export const PROMOTION_SCHEDULE_DAYS = 90;
export const PROMOTION_STATUSES = ['scheduled', 'sent', 'failed', 'cancelled'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];
export const PROMOTION_STATUS_LABELS: Record<PromotionStatus, string> = {
  scheduled: 'Scheduled',
  sent: 'Sent',
  failed: 'Not sent',
  cancelled: 'Cancelled',
};

export const promotionInputSchema = z.object({
  name: requiredSingleLineText(120, 'Name the promotion.'),
  channel: z.enum(CHANNELS, { error: 'Channel must be email, sms or whatsapp.' }),
  /** A template of the channel (Administrator › Messaging, or CRM › Message Template). */
  template: idSchema,
  /** An audience of the messaging engine (`GET /api/administrator/messaging/audiences/`), e.g. `contact_group`, `active_members`, `plan`. */
  audience: z.string().trim().min(1, 'Choose who receives it.').max(60),
  /** The contact group, plan or batch the audience needs. */
  param: idSchema.nullable().default(null),
  /** When to send it (ISO 8601 with offset); now when left out. At most 90 days ahead. */
  scheduled_at: z.iso.datetime({ offset: true, error: 'Enter a date and time (ISO 8601).' }).nullable().default(null),
});
export type PromotionInput = z.input<typeof promotionInputSchema>;

export const promotionCountsSchema = z.object({
  queued: z.number(),
  sent: z.number(),
  delivered: z.number(),
  failed: z.number(),
  skipped: z.number(),
});
export type PromotionCounts = z.infer<typeof promotionCountsSchema>;

export const promotionSchema = z.object({
  id: z.number(),
  name: z.string(),
  channel: z.enum(CHANNELS),
  template: z.number(),
  template_name: z.string(),
  audience: z.string(),
  audience_label: z.string(),
  param: z.number().nullable(),
  /** The contact group's, plan's or batch's name. */
  param_label: z.string(),
  scheduled_at: z.string().nullable(),
  status: z.enum(PROMOTION_STATUSES),
  sent_at: z.string().nullable(),
  /** Why a scheduled promotion could not go when its time came (the credits ran out, the template was switched off). */
  error: z.string(),
  /** People it went to when it was sent (skipped included), and the credits it spent. */
  recipients: z.number(),
  credits: z.number(),
  counts: promotionCountsSchema,
  created_by: z.string(),
  created_at: z.string(),
});
export type Promotion = z.infer<typeof promotionSchema>;

export const promotionPreviewSchema = z.object({
  count: z.number(),
  skipped: z.number(),
  credits: z.number(),
  balance: z.number(),
  not_before: z.string().nullable(),
});
export type PromotionPreview = z.infer<typeof promotionPreviewSchema>;

/** An audience a promotion can go to (the messaging engine's, across modules; not people picked one by one). */
export const promotionAudienceSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** What it needs chosen: a contact group, a plan or a batch. */
  param: z.enum(['plan', 'batch', 'contact_group']).nullable(),
});
export type PromotionAudience = z.infer<typeof promotionAudienceSchema>;

export const promotionListQuerySchema = z.object({
  status: z.enum(PROMOTION_STATUSES).optional(),
  channel: z.enum(CHANNELS).optional(),
});

export const promotionEndpoints = {
  list: listEndpoint(`${BASE}promotion/`, promotionSchema),
  audiences: endpoint({
    method: 'GET',
    path: `${BASE}promotion/audiences/`,
    response: z.object({ results: z.array(promotionAudienceSchema) }),
  }),
  retrieve: endpoint({ method: 'GET', path: `${BASE}promotion/:id/`, params: idParamsSchema, response: promotionSchema }),
  /** Sends now (no `scheduled_at`), or schedules it. */
  create: endpoint({ method: 'POST', path: `${BASE}promotion/`, body: promotionInputSchema, response: promotionSchema, status: 201 }),
  /** How many it would reach, skip and cost now: nothing is written. */
  preview: endpoint({ method: 'POST', path: `${BASE}promotion/preview/`, body: promotionInputSchema, response: promotionPreviewSchema }),
  /** A scheduled promotion is not sent. */
  cancel: endpoint({ method: 'POST', path: `${BASE}promotion/:id/cancel/`, params: idParamsSchema, response: promotionSchema }),
};

// ---- messages from today's actions ----
/** A template to the people of one of today's action tabs (the whole tab in its window, or the members chosen on it). */
export const todaysMessageInputSchema = z.object({
  tab: z.enum(['membership-expiry', 'payment-due', 'service-expiry', 'membership-expired', 'service-expired'], {
    error: 'Choose a tab of today’s actions.',
  }),
  /** The tab's window, as on the list (0–60 days). */
  days: z.number().int().min(0, 'Enter 0 to 60 days.').max(60, 'Enter 0 to 60 days.').optional(),
  centre: idSchema.nullable().default(null),
  /** Only these members of the tab (one row's Message); the whole tab when empty. */
  members: z.array(idSchema).max(10_000, 'At most 10,000 people.').default([]),
  channel: z.enum(CHANNELS, { error: 'Channel must be email, sms or whatsapp.' }),
  template: idSchema,
  /** Only count: how many, how many skipped, what it costs. Nothing is sent or logged. */
  preview: z.boolean().default(false),
});
export type TodaysMessageInput = z.input<typeof todaysMessageInputSchema>;
export const todaysMessageSchema = promotionPreviewSchema.extend({ queued: z.number(), detail: z.string() });
export type TodaysMessage = z.infer<typeof todaysMessageSchema>;
export const todaysMessageEndpoint = endpoint({
  method: 'POST',
  path: `${BASE}todays-action/message/`,
  body: todaysMessageInputSchema,
  response: todaysMessageSchema,
});
