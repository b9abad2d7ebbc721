/**
 * Where `@fastify/rate-limit` keeps its per-IP counters, so N instances behind a load balancer
 * enforce one limit, not N:
 * - Redis when `REDIS_URL` is set (the plugin's own Redis store, one Lua call per request);
 * - else PostgreSQL (`rate_limit_counter`, one atomic upsert per request);
 * - the embedded database keeps them in process (it has one process).
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyRateLimitOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from './db/client.js';

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** A store for `@fastify/rate-limit` on PostgreSQL: fixed windows, counted atomically. */
export function postgresRateLimitStore(db: Database) {
  return class PostgresRateLimitStore {
    constructor(private readonly prefix = 'rl:') {}

    incr(key: string, cb: Callback, timeWindow: number): void {
      queryRows<{ count: number; ttl: number }>(
        db,
        sql`insert into rate_limit_counter (key, count, expires_at)
            values (${this.prefix + key}, 1, now() + ${timeWindow} * interval '1 millisecond')
            on conflict (key) do update set
              count = case when rate_limit_counter.expires_at <= now() then 1 else rate_limit_counter.count + 1 end,
              expires_at = case when rate_limit_counter.expires_at <= now()
                                then now() + ${timeWindow} * interval '1 millisecond' else rate_limit_counter.expires_at end
            returning count, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::int as ttl`,
      ).then(([row]) => cb(null, { current: row.count, ttl: row.ttl }), cb);
    }

    read(key: string, cb: Callback): void {
      queryRows<{ count: number; ttl: number }>(
        db,
        sql`select count, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::int as ttl
            from rate_limit_counter where key = ${this.prefix + key} and expires_at > now()`,
      ).then(([row]) => cb(null, row ? { current: row.count, ttl: row.ttl } : { current: 0, ttl: 0 }), cb);
    }

    child(routeOptions: { routeInfo: { method: string; url: string } }) {
      return new PostgresRateLimitStore(`${this.prefix}${routeOptions.routeInfo.method}${routeOptions.routeInfo.url}:`);
    }
  };
}

/** Drops expired counters (the accounts module's hourly schedule). */
export async function pruneRateLimits(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limit_counter where expires_at < now() - interval '1 minute'`);
}

/** The plugin's options for this deployment; closes the Redis client with the app. */
export function rateLimitOptions(app: FastifyInstance, kind: 'postgres' | 'pglite'): FastifyRateLimitOptions {
  const url = app.config.REDIS_URL;
  if (url) {
    const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
    return { global: false, redis, nameSpace: 'arena-rl:', skipOnError: false };
  }
  if (kind === 'postgres') return { global: false, store: postgresRateLimitStore(app.db) as never };
  return { global: false };
}
