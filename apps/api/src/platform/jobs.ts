import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { queryRows, type Database } from './db/client.js';
import type { Job } from './module.js';

/** A stable 32-bit key per job name for PostgreSQL's advisory locks. */
function lockKey(name: string): number {
  let h = 0;
  for (const c of name) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
}

/**
 * Runs each job every `everyMs` on this instance; a transaction-level advisory lock lets only one
 * instance run a job at a time, so any number of instances is safe. Returns a stop function.
 */
export function startJobs(db: Database, config: Config, jobs: Job[], log: FastifyBaseLogger): () => void {
  const timers = jobs.map((job) =>
    setInterval(() => {
      db.transaction(async (tx) => {
        const [lock] = await queryRows<{ got: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${lockKey(job.name)}) as got`);
        // The lock is held until this transaction ends, i.e. for the whole run.
        if (lock?.got) await job.run(db, config);
      }).catch((err) => log.error({ err, job: job.name }, 'job failed'));
    }, job.everyMs).unref(),
  );
  return () => timers.forEach(clearInterval);
}
