/**
 * Announcements and feeds: the staff's items (checks of the audience and the times, publishing
 * now or at the publish time through the job runner) and the member's feed (their audience's
 * published, unexpired items, pinned first, then newest), which records who saw each item once.
 */
import { FEED_WINDOW_DAYS, type Feed, type FeedInput, type MeFeedItem } from '@arena/contracts/end-user';
import { and, eq, sql } from 'drizzle-orm';
import { idArray, queryRows, type Tx } from '../../platform/db/client.js';
import { fieldError, invalidPk } from '../../platform/errors.js';
import { forEachOrganisation, type Task } from '../../platform/jobs.js';
import type { Ctx } from '../../platform/request-context.js';
import { centre } from '../administrator/index.js';
import { batchNames, checkBatch, checkPlans, memberFeedAudience, planNames } from '../membership/index.js';
import { FEED_PUBLISH_TASK } from './constants.js';
import { endUserFeed, endUserFeedSeen } from './schema.js';

export type FeedRow = typeof endUserFeed.$inferSelect;
export type FeedJoin = { row: FeedRow; reach: number };
const DAY_MS = 86_400_000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The name of an item's audience and its reach, selected with it. */
const F = sql.raw('"end_user_feed"');
export const feedFields = {
  row: endUserFeed,
  // Qualified by hand: inside a subquery drizzle's bare column names would bind to the inner table.
  reach:
    sql<number>`(select count(*)::int from ${endUserFeedSeen} s where s.organisation_id = ${F}.organisation_id and s.feed_id = ${F}.id)`.mapWith(
      Number,
    ),
};

export function feedJson({ row, reach }: FeedJoin, ctx: Ctx): Feed {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    picture: row.picture ? `/uploads/${row.picture}` : null,
    audience: { kind: row.audienceKind, id: row.audienceId, name: row.audienceName },
    status: row.status,
    publish_at: iso(row.publishAt),
    published_at: iso(row.publishedAt),
    expires_at: iso(row.expiresAt),
    expired: row.status === 'published' && !!row.expiresAt && row.expiresAt <= ctx.now.instant,
    pinned: row.pinned,
    reach: Number(reach ?? 0),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Column values from (part of) the input. */
export function feedValues(input: Partial<FeedInput>): Partial<FeedRow> {
  const v: Partial<FeedRow> = {};
  if (input.title !== undefined) v.title = input.title;
  if (input.body !== undefined) v.body = input.body;
  if (input.audience !== undefined) {
    v.audienceKind = input.audience.kind;
    v.audienceId = input.audience.kind === 'everyone' ? null : input.audience.id;
  }
  if (input.status !== undefined) v.status = input.status;
  if (input.publish_at !== undefined) v.publishAt = input.publish_at ? new Date(input.publish_at) : null;
  if (input.expires_at !== undefined) v.expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (input.pinned !== undefined) v.pinned = input.pinned;
  return v;
}

/**
 * The rules across fields, on the item as it will be written (before the write: a field error
 * writes nothing): the audience's centre, plan or batch is the organisation's; the publish time is
 * within a year of now; the expiry is after the publish time (or now) and within a year of it.
 */
export async function checkFeed(tx: Tx, ctx: Ctx, input: Partial<FeedInput>, before?: Feed): Promise<void> {
  if (input.audience) {
    const { kind, id } = input.audience;
    if (kind !== 'everyone') {
      if (id == null) throw fieldError('audience', `Choose the ${kind}.`);
      if (kind === 'plan') await checkPlans(tx, ctx, 'audience', [id]);
      else if (kind === 'batch') await checkBatch(tx, ctx, 'audience', id);
      else {
        const [found] = await tx
          .select({ id: centre.id })
          .from(centre)
          .where(and(eq(centre.organisationId, ctx.organisationId), eq(centre.id, id)));
        if (!found) throw fieldError('audience', invalidPk(id));
      }
    }
  }
  const now = ctx.now.instant.getTime();
  const pick = (key: 'publish_at' | 'expires_at') => (input[key] !== undefined ? input[key] : (before?.[key] ?? null));
  const publishAt = pick('publish_at');
  const expiresAt = pick('expires_at');
  const status = input.status ?? before?.status ?? 'draft';
  const publishTime = publishAt ? new Date(publishAt).getTime() : null;
  if (input.publish_at && publishTime !== null && Math.abs(publishTime - now) > FEED_WINDOW_DAYS * DAY_MS)
    throw fieldError('publish_at', 'Choose a publish time within a year of today.');
  if (expiresAt) {
    const start = status === 'published' && before?.published_at ? new Date(before.published_at).getTime() : (publishTime ?? now);
    const end = new Date(expiresAt).getTime();
    if (end <= start) throw fieldError('expires_at', 'The expiry must be after the publish time.');
    if (end - start > FEED_WINDOW_DAYS * DAY_MS) throw fieldError('expires_at', 'Choose an expiry within a year of the publish time.');
    if (input.expires_at && end <= now) throw fieldError('expires_at', 'The expiry must be in the future.');
  }
}

/** What the lists call an audience: its centre's, plan's or batch's name as it is now. */
async function audienceNameOf(tx: Tx, ctx: Ctx, kind: FeedRow['audienceKind'], id: number | null): Promise<string> {
  if (kind === 'everyone' || id == null) return 'Everyone';
  if (kind === 'plan') return (await planNames(tx, ctx, [id])).get(id) ?? '';
  if (kind === 'batch') return (await batchNames(tx, ctx, [id])).get(id) ?? '';
  const [row] = await tx
    .select({ name: centre.name })
    .from(centre)
    .where(and(eq(centre.organisationId, ctx.organisationId), eq(centre.id, id)));
  return row?.name ?? '';
}

/**
 * After a write, in its transaction (the audience's name kept with it): an item made `published` gets its publish time (now, unless
 * earlier); an `active` one whose time has come is published; one moved back to a draft or to
 * `active` is no longer published. Answers the time the job must publish it at, if later.
 */
export async function settleFeed(tx: Tx, ctx: Ctx, id: number): Promise<Date | null> {
  const now = ctx.now.instant;
  const byId = and(eq(endUserFeed.organisationId, ctx.organisationId), eq(endUserFeed.id, id));
  const [row] = await tx.select().from(endUserFeed).where(byId).for('update');
  if (!row) return null;
  const audienceName = await audienceNameOf(tx, ctx, row.audienceKind, row.audienceId);
  if (audienceName !== row.audienceName) await tx.update(endUserFeed).set({ audienceName }).where(byId);
  if (row.status === 'published') {
    const publishAt = row.publishAt && row.publishAt <= now ? row.publishAt : now;
    if (!row.publishedAt || row.publishAt?.getTime() !== publishAt.getTime())
      await tx
        .update(endUserFeed)
        .set({ publishAt, publishedAt: row.publishedAt ?? now })
        .where(byId);
    return null;
  }
  if (row.status === 'active' && (!row.publishAt || row.publishAt <= now)) {
    await tx
      .update(endUserFeed)
      .set({ status: 'published', publishAt: row.publishAt ?? now, publishedAt: now })
      .where(byId);
    return null;
  }
  if (row.publishedAt) await tx.update(endUserFeed).set({ publishedAt: null }).where(byId);
  return row.status === 'active' ? row.publishAt : null;
}

/** Publishes the organisation's `active` items whose time has come (the job, and its minute-by-minute sweep). */
export async function publishDue(tx: Tx, ctx: Ctx): Promise<number> {
  const rows = await tx
    .update(endUserFeed)
    .set({ status: 'published', publishedAt: sql`${endUserFeed.publishAt}`, updatedAt: ctx.now.instant })
    .where(
      and(
        eq(endUserFeed.organisationId, ctx.organisationId),
        eq(endUserFeed.status, 'active'),
        sql`${endUserFeed.publishAt} <= ${ctx.now.instant.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: endUserFeed.id });
  return rows.length;
}

interface PublishJob {
  organisation?: number;
}

/** Publishes due items: queued for an item's publish time, and every minute for all organisations (a job lost in a restart). */
export const feedPublishTask: Task = {
  name: FEED_PUBLISH_TASK,
  async run(payload, task) {
    const job = (payload ?? {}) as PublishJob;
    await forEachOrganisation(task, 'feed publish', (tx, ctx) => publishDue(tx, ctx), job.organisation);
  },
};

/**
 * The member's feed: published, unexpired items for everyone, their centre, the plan of their
 * running membership, or a batch they hold a seat in; pinned first, then newest; and those of
 * them the member has not seen before (`recordSeen` writes them: nothing is written once seen).
 */
export async function memberFeed(
  tx: Tx,
  ctx: Ctx,
  me: { memberId: number; endUserId: number },
): Promise<{ items: MeFeedItem[]; unseen: number[] }> {
  const org = ctx.organisationId;
  const now = ctx.now.instant.toISOString();
  const audience = await memberFeedAudience(tx, ctx, me.memberId);
  if (!audience) return { items: [], unseen: [] };
  const rows = await queryRows<{ id: string; title: string; body: string; picture: string | null; pinned: boolean; published_at: string }>(
    tx,
    sql`select f.id, f.title, f.body, f.picture, f.pinned, f.published_at
          from ${endUserFeed} f
         where f.organisation_id = ${org} and f.status = 'published' and f.published_at <= ${now}::timestamptz
           and (f.expires_at is null or f.expires_at > ${now}::timestamptz)
           and (f.audience_kind = 'everyone'
             or (f.audience_kind = 'centre' and f.audience_id = ${audience.centre})
             or (f.audience_kind = 'plan' and f.audience_id = any(${idArray(audience.plans)}))
             or (f.audience_kind = 'batch' and f.audience_id = any(${idArray(audience.batches)})))
         order by f.pinned desc, f.published_at desc, f.id desc
         limit 100`,
  );
  const ids = rows.map((r) => Number(r.id));
  const seen = ids.length
    ? await queryRows<{ feed_id: string }>(
        tx,
        sql`select s.feed_id from ${endUserFeedSeen} s
             where s.organisation_id = ${org} and s.end_user_id = ${me.endUserId} and s.feed_id = any(${idArray(ids)})`,
      )
    : [];
  const known = new Set(seen.map((r) => Number(r.feed_id)));
  const items = rows.map((r) => ({
    id: Number(r.id),
    title: r.title,
    body: r.body,
    picture: r.picture ? `/uploads/${r.picture}` : null,
    pinned: r.pinned,
    published_at: new Date(r.published_at).toISOString(),
  }));
  return { items, unseen: ids.filter((id) => !known.has(id)) };
}

/** Records that the member saw these items: one row per item and member (parallel requests write one). */
export async function recordSeen(tx: Tx, ctx: Ctx, endUserId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await tx.execute(sql`insert into ${endUserFeedSeen} (organisation_id, feed_id, end_user_id)
    select ${ctx.organisationId}, x.id, ${endUserId} from unnest(${idArray(ids)}) as x(id)
    on conflict do nothing`);
}
