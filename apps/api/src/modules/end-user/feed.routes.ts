/**
 * Announcements and feeds, the staff's side (`/api/end-user/feed/`: list with filters and export,
 * create, change, delete, picture — each audited) and the member's (`/api/me/feed/`, behind the
 * `announcements` switch). An `active` item whose publish time is later is queued on the job
 * runner for that time once the write has committed.
 */
import {
  feedEndpoints as e,
  FEED_AUDIENCES,
  FEED_STATUS_LABELS,
  FEED_STATUSES,
  meFeedEndpoint,
  type Feed,
} from '@arena/contracts/end-user';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { record } from '../../platform/audit.js';
import { registerCrud } from '../../platform/crud.js';
import { withTenant, type Tx } from '../../platform/db/client.js';
import { notAuthenticated, notFound, permissionDenied } from '../../platform/errors.js';
import { removeImage, replaceImage, type ImageChange } from '../../platform/image-upload.js';
import { ctxOf, inTenant, type Ctx } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { FEED_PUBLISH_TASK, meTags, MODULE } from './constants.js';
import {
  checkFeed,
  feedFields,
  feedJson,
  feedPublishTask,
  feedValues,
  memberFeed,
  recordSeen,
  settleFeed,
  type FeedJoin,
} from './feed.service.js';
import { endUserFeed } from './schema.js';
import { readSettings } from './settings.service.js';

export { feedPublishTask };

const from = (tx: Tx, fields: typeof feedFields) => tx.select(fields).from(endUserFeed).$dynamic();

async function loadFeed(tx: Tx, ctx: Ctx, id: number): Promise<Feed> {
  const [row] = (await from(tx, feedFields)
    .where(and(eq(endUserFeed.organisationId, ctx.organisationId), eq(endUserFeed.id, id)))
    .limit(1)) as FeedJoin[];
  if (!row) throw notFound();
  return feedJson(row, ctx);
}

async function setPicture(tx: Tx, ctx: Ctx, id: number, path: string | null): Promise<ImageChange<Feed>> {
  const byId = and(eq(endUserFeed.organisationId, ctx.organisationId), eq(endUserFeed.id, id));
  const [current] = await tx.select({ picture: endUserFeed.picture }).from(endUserFeed).where(byId).for('update');
  if (!current) throw notFound();
  const before = await loadFeed(tx, ctx, id);
  await tx.update(endUserFeed).set({ picture: path, updatedAt: ctx.now.instant }).where(byId);
  const after = await loadFeed(tx, ctx, id);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'feed',
    objectId: id,
    label: after.title,
    action: 'update',
    before: { picture: before.picture },
    after: { picture: after.picture },
  });
  return { out: after, replaced: current.picture };
}

const WRITES = new Set([`POST ${e.create.path}`, `PUT ${e.update.path}`, `PATCH ${e.partialUpdate.path}`]);

export async function feedRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    // Once a write has committed: an item waiting for a later publish time is queued for it (one job per item).
    scope.addHook('onSend', async (request: FastifyRequest, reply, payload) => {
      if (reply.statusCode >= 300 || !WRITES.has(`${request.method} ${request.routeOptions.url}`) || typeof payload !== 'string') return;
      const item = JSON.parse(payload) as Feed;
      if (item.status !== 'active' || !item.publish_at) return;
      await app.jobs.add(
        FEED_PUBLISH_TASK,
        { organisation: request.organisation!.id },
        { runAt: new Date(item.publish_at), key: `${FEED_PUBLISH_TASK}:${request.organisation!.id}:${item.id}` },
      );
    });
    registerCrud(scope, {
      endpoints: e,
      module: MODULE,
      resource: 'feed',
      table: endUserFeed,
      join: { fields: feedFields, from: from as never },
      toOutput: (row: FeedJoin, ctx) => feedJson(row, ctx),
      toValues: (input) => feedValues(input),
      label: (f) => f.title,
      search: [endUserFeed.title, endUserFeed.body],
      ordering: {
        created_at: endUserFeed.createdAt,
        publish_at: endUserFeed.publishAt,
        published_at: endUserFeed.publishedAt,
        title: endUserFeed.title,
        pinned: endUserFeed.pinned,
      },
      defaultOrdering: [desc(endUserFeed.pinned), sql`${endUserFeed.publishAt} desc nulls first`, desc(endUserFeed.createdAt)],
      filters: {
        status: {
          schema: z.enum(FEED_STATUSES),
          where: (v: Feed['status']) => eq(endUserFeed.status, v),
          label: 'Status',
          show: (v: Feed['status']) => FEED_STATUS_LABELS[v],
        },
        /** The "Active" tab: drafts and items waiting for their publish time. */
        unpublished: {
          schema: z.stringbool(),
          where: (v: boolean) => (v ? sql`${endUserFeed.status} <> 'published'` : eq(endUserFeed.status, 'published')),
          label: 'Unpublished',
        },
        audience: {
          schema: z.enum(FEED_AUDIENCES),
          where: (v: Feed['audience']['kind']) => eq(endUserFeed.audienceKind, v),
          label: 'Audience',
        },
      },
      beforeWrite: (tx, ctx, { input, before }) => checkFeed(tx, ctx, input, before),
      afterWrite: async (tx, ctx, { id }) => {
        await settleFeed(tx, ctx, id);
      },
      export: {
        filename: 'announcements',
        title: 'Announcements and feeds',
        columns: [
          { header: 'Title', value: (f) => f.title },
          { header: 'Audience', value: (f) => f.audience.name },
          { header: 'Status', value: (f) => (f.expired ? 'Expired' : FEED_STATUS_LABELS[f.status]) },
          { header: 'Publish time', value: (f) => f.publish_at, type: 'datetime' },
          { header: 'Published', value: (f) => f.published_at, type: 'datetime' },
          { header: 'Expires', value: (f) => f.expires_at, type: 'datetime' },
          { header: 'Pinned', value: (f) => (f.pinned ? 'Yes' : 'No') },
          { header: 'Reach', value: (f) => f.reach, type: 'number' },
        ],
      },
    });
  });

  route(app, e.pictureUpload, {
    module: MODULE,
    tags: ['feed'],
    summary: "Upload an announcement's picture (PNG, JPEG, GIF or WebP, at most 2 MB)",
    handler: (request) => replaceImage(app, request, 'picture', (tx, ctx, path) => setPicture(tx, ctx, request.params.id, path)),
  });
  route(app, e.pictureRemove, {
    module: MODULE,
    tags: ['feed'],
    summary: "Remove an announcement's picture",
    handler: (request) => removeImage(app, request, (tx, ctx) => setPicture(tx, ctx, request.params.id, null)),
  });

  route(app, meFeedEndpoint, {
    config: { auth: 'member' as const },
    tags: meTags,
    summary: 'The member’s announcements: their audience’s published items, pinned first, then newest',
    handler: async (request) => {
      const me = request.member;
      if (!me) throw notAuthenticated();
      const { items, unseen } = await inTenant(request, async (tx, ctx) => {
        if (!(await readSettings(tx, ctx)).announcements) throw permissionDenied('Announcements are switched off.');
        return memberFeed(tx, ctx, me);
      });
      // The GET's own transaction only reads: the first sight of an item is written apart, once.
      if (unseen.length) await withTenant(app.db, request.organisation!.id, (tx) => recordSeen(tx, ctxOf(request), me.endUserId, unseen));
      return { results: items };
    },
  });
}
