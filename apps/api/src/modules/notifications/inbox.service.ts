/** The signed-in user's own notifications: every query is by (organisation, user), so another user's row is a 404. */
import type { Notification, NotificationEvent } from '@arena/contracts/notifications';
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { searchCondition } from '../../platform/pagination.js';
import type { Ctx } from '../../platform/request-context.js';
import { notification, type NotificationRow } from './schema.js';

export const notificationJson = (r: NotificationRow): Notification => ({
  id: r.id,
  event: r.event as NotificationEvent,
  title: r.title,
  body: r.body,
  link: r.link,
  centre: r.centreId,
  subject_type: r.subjectType,
  subject_id: r.subjectId,
  read_at: r.readAt ? r.readAt.toISOString() : null,
  created_at: r.createdAt.toISOString(),
});

/** The user the request acts for; a request without one has no notifications of its own. */
function userOf(ctx: Ctx): number {
  if (!ctx.actor.actorId) throw notFound();
  return ctx.actor.actorId;
}

const mine = (ctx: Ctx, ...more: (SQL | undefined)[]) =>
  and(eq(notification.organisationId, ctx.organisationId), eq(notification.userId, userOf(ctx)), ...more);

export function inboxPage(tx: Tx, ctx: Ctx, query: { unread?: boolean; search?: string }) {
  const where = mine(
    ctx,
    query.unread ? isNull(notification.readAt) : undefined,
    searchCondition(query.search, [notification.title, notification.body]),
  );
  return {
    count: async () => Number((await tx.select({ n: count() }).from(notification).where(where))[0].n),
    rows: async (limit: number, offset: number) =>
      (await tx.select().from(notification).where(where).orderBy(desc(notification.id)).limit(limit).offset(offset)).map(notificationJson),
  };
}

/** The top bar's badge: an index-only count over the unread partial index. */
export async function unreadCount(tx: Tx, ctx: Ctx): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(notification)
    .where(mine(ctx, isNull(notification.readAt)));
  return Number(row.n);
}

export async function markRead(tx: Tx, ctx: Ctx, id: number): Promise<Notification> {
  const [updated] = await tx
    .update(notification)
    .set({ readAt: ctx.now.instant })
    .where(mine(ctx, eq(notification.id, id), isNull(notification.readAt)))
    .returning();
  if (updated) return notificationJson(updated);
  const [row] = await tx
    .select()
    .from(notification)
    .where(mine(ctx, eq(notification.id, id)));
  if (!row) throw notFound();
  return notificationJson(row);
}

export async function markAllRead(tx: Tx, ctx: Ctx): Promise<number> {
  const rows = await tx
    .update(notification)
    .set({ readAt: ctx.now.instant })
    .where(mine(ctx, isNull(notification.readAt)))
    .returning({ id: notification.id });
  return rows.length;
}
