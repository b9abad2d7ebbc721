import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Queryable } from './db/client.js';
import { throttleEvent } from './db/schema.js';

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

export async function clearEvents(db: Queryable, bucket: string): Promise<void> {
  await db.delete(throttleEvent).where(eq(throttleEvent.bucket, bucket));
}

/** Drops events older than a day (the longest window any limit looks at); the accounts module runs it hourly. */
export async function pruneEvents(db: Queryable): Promise<void> {
  await db.delete(throttleEvent).where(lt(throttleEvent.createdAt, sql`now() - interval '1 day'`));
}
