import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database, Queryable } from './db/client.js';
import { throttleEvent } from './db/schema.js';

/**
 * First key of the two-key advisory locks on throttle buckets. PostgreSQL keeps two-key locks
 * apart from single-key ones (the job and migration locks), so a bucket never waits on those.
 */
const BUCKET_LOCK_SPACE = 727_274_100;

/** How many events a bucket had in the last `windowMs`. */
export async function recentEvents(db: Queryable, bucket: string, windowMs: number): Promise<number> {
  const since = new Date(Date.now() - windowMs);
  const [row] = await db
    .select({ n: count() })
    .from(throttleEvent)
    .where(and(eq(throttleEvent.bucket, bucket), gt(throttleEvent.createdAt, since)));
  return row.n;
}

export async function addEvent(db: Queryable, bucket: string, ip: string): Promise<void> {
  await db.insert(throttleEvent).values({ bucket, ip });
}

/**
 * Takes one of the `max` slots a bucket has per `windowMs`, atomically: in one transaction it
 * locks the bucket (a transaction-level advisory lock), counts its recent events and, when
 * there is room, records one. Concurrent callers on the same bucket queue on the lock and each
 * counts what the previous ones committed, so never more than `max` get a slot in a window,
 * however many arrive at once. Returns the recorded event's id (to remove it with
 * {@link removeEvent} when the attempt turns out not to count), or null when the bucket is full.
 */
export async function takeSlot(db: Database, bucket: string, windowMs: number, max: number, ip: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BUCKET_LOCK_SPACE}, hashtext(${bucket}))`);
    if ((await recentEvents(tx, bucket, windowMs)) >= max) return null;
    const [row] = await tx.insert(throttleEvent).values({ bucket, ip }).returning({ id: throttleEvent.id });
    return row.id;
  });
}

/** Removes one event (an attempt recorded by {@link takeSlot} that should not count after all). */
export async function removeEvent(db: Queryable, id: number): Promise<void> {
  await db.delete(throttleEvent).where(eq(throttleEvent.id, id));
}

export async function clearEvents(db: Queryable, bucket: string): Promise<void> {
  await db.delete(throttleEvent).where(eq(throttleEvent.bucket, bucket));
}

/** Drops events older than a day (the longest window any limit looks at); the accounts module runs it hourly. */
export async function pruneEvents(db: Queryable): Promise<void> {
  await db.delete(throttleEvent).where(lt(throttleEvent.createdAt, sql`now() - interval '1 day'`));
}
