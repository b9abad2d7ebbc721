/**
 * End User Login's announcements and feeds (`/api/end-user/feed/`) and the member's feed
 * (`/api/me/feed/`). An item's status:
 * - `draft`: being written; members never see it.
 * - `active`: ready and scheduled — the job runner publishes it at its `publish_at` (at once when
 *   that time has come). The spec's "Active" tab: drafts and items waiting for their time.
 * - `published`: out; members of its audience see it until its `expires_at`. The "Published" tab.
 */
import { z } from '../zod-config.js';
import { idParamsSchema, idSchema, requiredMultilineText, requiredSingleLineText } from '../common.js';
import { crudEndpoints, endpoint } from '../endpoint.js';

export const FEED_STATUSES = ['draft', 'active', 'published'] as const;
export type FeedStatus = (typeof FEED_STATUSES)[number];
export const FEED_STATUS_LABELS: Record<FeedStatus, string> = { draft: 'Draft', active: 'Scheduled', published: 'Published' };

export const FEED_AUDIENCES = ['everyone', 'centre', 'plan', 'batch'] as const;
export type FeedAudienceKind = (typeof FEED_AUDIENCES)[number];
export const FEED_AUDIENCE_LABELS: Record<FeedAudienceKind, string> = {
  everyone: 'Everyone',
  centre: 'A centre',
  plan: 'Members of a plan',
  batch: 'Members of a batch',
};

export const FEED_TITLE_MAX = 120;
export const FEED_BODY_MAX = 5000;
/** How far from now a publish time may be, and how long after it an expiry, in days. */
export const FEED_WINDOW_DAYS = 365;

const instant = z.iso.datetime({ offset: true, error: 'Enter a date and time (ISO 8601).' });

export const feedAudienceSchema = z.object({
  kind: z.enum(FEED_AUDIENCES),
  /** The centre, plan or batch; null for everyone. */
  id: idSchema.nullable().default(null),
});

export const feedInputSchema = z.object({
  title: requiredSingleLineText(FEED_TITLE_MAX, 'Enter a title.'),
  body: requiredMultilineText(FEED_BODY_MAX, 'Write the announcement.'),
  audience: feedAudienceSchema.default({ kind: 'everyone', id: null }),
  status: z.enum(FEED_STATUSES).default('draft'),
  /** When it goes out; null = when it is made active (now). */
  publish_at: instant.nullable().default(null),
  /** When members stop seeing it; after the publish time, within a year of it. */
  expires_at: instant.nullable().default(null),
  pinned: z.boolean().default(false),
});
export type FeedInput = z.output<typeof feedInputSchema>;

export const feedSchema = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  picture: z.string().nullable(),
  audience: z.object({ kind: z.enum(FEED_AUDIENCES), id: z.number().nullable(), name: z.string() }),
  status: z.enum(FEED_STATUSES),
  publish_at: z.string().nullable(),
  published_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** Published and past its expiry. */
  expired: z.boolean(),
  pinned: z.boolean(),
  /** Members who have seen it in the app. */
  reach: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Feed = z.infer<typeof feedSchema>;

/** An item as the member's app shows it. */
export const meFeedItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  picture: z.string().nullable(),
  pinned: z.boolean(),
  published_at: z.string(),
});
export type MeFeedItem = z.infer<typeof meFeedItemSchema>;

const FEED = '/api/end-user/feed/' as const;
const crud = crudEndpoints(FEED, feedSchema, feedInputSchema);

export const feedEndpoints = {
  /** Filters `status`, `unpublished` (the Active tab: drafts and scheduled), `audience` (kind); search by title and text. */
  ...crud,
  pictureUpload: endpoint({ method: 'POST', path: `${FEED}:id/picture/`, params: idParamsSchema, form: true, response: feedSchema }),
  pictureRemove: endpoint({ method: 'DELETE', path: `${FEED}:id/picture/`, params: idParamsSchema, response: feedSchema }),
};

/** The member's feed: their audience's published, unexpired items, pinned first, then newest. */
export const meFeedEndpoint = endpoint({
  method: 'GET',
  path: '/api/me/feed/',
  response: z.object({ results: z.array(meFeedItemSchema) }),
});
