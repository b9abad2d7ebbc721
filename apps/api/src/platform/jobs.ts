/**
 * Work outside requests: queued jobs (a mail, a long import) and schedules (pruning, later
 * membership expiries and reminders).
 *
 * - On PostgreSQL, graphile-worker: jobs live in the database (`graphile_worker` schema, migrated
 *   by the migration step as the owner), so a job survives the restart of the instance that
 *   queued it; each is taken by exactly one worker of any instance (SKIP LOCKED), retried with
 *   exponential back-off up to `maxAttempts`, and a `key` enqueues it once (a newer add replaces
 *   the pending one). Schedules are cron lines that fire once per tick across all instances.
 * - On the embedded database, an in-process runner with the same interface (the embedded
 *   database has one process anyway); its pending jobs do not survive a restart.
 *
 * Enqueueing never needs the worker to run: `add` writes the job through the app's own pool.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { parseCronItems, run, type ParsedCronItem, type Runner, type TaskList } from 'graphile-worker';
import pg from 'pg';
import type { Config } from './config.js';
import { withTenant, type Database, type Tx } from './db/client.js';
import { organisation } from './db/schema.js';
import type { Mail, Mailer } from './mail.js';
import { systemCtx, type Ctx } from './request-context.js';
import { isReadOnly } from './subscription-guard.js';

export interface TaskContext {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  mailer: Mailer;
}

/**
 * A scheduled task's walk over the organisations: every active one (or only `only`, a job's
 * payload), each in its own tenant transaction with its own clock and zone (`systemCtx`, acting as
 * `who`). One organisation's failure is logged and never stops the others; the next tick tries again.
 */
export async function forEachOrganisation(
  task: TaskContext,
  who: string,
  work: (tx: Tx, ctx: Ctx) => Promise<unknown>,
  only?: number,
  options: { skipReadOnly?: boolean } = {},
): Promise<void> {
  const orgs = await task.db
    .select()
    .from(organisation)
    .where(only ? eq(organisation.id, only) : eq(organisation.isActive, true));
  for (const org of orgs) {
    if (!org.isActive) continue;
    // A job that writes for the organisation on its own (messages, promotions) leaves a read-only one alone (issue 23 §2).
    if (options.skipReadOnly && isReadOnly(org)) continue;
    try {
      await withTenant(task.db, org.id, (tx) => work(tx, systemCtx(task.config, org, who)));
    } catch (err) {
      task.log.error({ err, organisation: org.id }, `${who} failed`);
    }
  }
}

/** A kind of job: its name is what `add` and schedules refer to. */
export interface Task {
  name: string;
  run(payload: unknown, ctx: TaskContext): Promise<void>;
}

/** A cron line (`m h dom mon dow`, in UTC) that queues `task` once per tick across all instances. */
export interface Schedule {
  task: string;
  cron: string;
}

export interface AddJobOptions {
  /** Only one pending job per key: adding again replaces the pending one's payload and time. */
  key?: string;
  runAt?: Date;
  /** Attempts before the job is given up (default 5), with exponential back-off between them. */
  maxAttempts?: number;
}

export interface JobRunner {
  readonly kind: 'postgres' | 'embedded';
  /** True between `start` and `stop`: the readiness endpoint reports it. */
  readonly running: boolean;
  add(task: string, payload: unknown, options?: AddJobOptions): Promise<void>;
  /** Starts working queued jobs and firing schedules on this instance. */
  start(ctx: TaskContext, tasks: Task[], schedules: Schedule[]): Promise<void>;
  /** Stops taking jobs and waits for the running ones (graceful shutdown). */
  stop(): Promise<void>;
}

const DEFAULT_ATTEMPTS = 5;

function cronItems(schedules: Schedule[]): ParsedCronItem[] {
  return parseCronItems(schedules.map((s) => ({ task: s.task, match: s.cron, identifier: `${s.task}@${s.cron}` })));
}

/** The runner on PostgreSQL (graphile-worker). `url` is the login role's URL, as for the pool. */
export class PostgresJobRunner implements JobRunner {
  readonly kind = 'postgres' as const;
  private runner: Runner | null = null;
  private pool: pg.Pool | null = null;

  constructor(
    private readonly db: Database,
    private readonly url: string,
    private readonly options: { concurrency?: number; pollIntervalMs?: number } = {},
  ) {}

  get running(): boolean {
    return this.runner !== null;
  }

  async add(task: string, payload: unknown, options: AddJobOptions = {}): Promise<void> {
    await this.db.execute(sql`select graphile_worker.add_job(
      ${task}, ${JSON.stringify(payload ?? {})}::json,
      run_at => ${options.runAt?.toISOString() ?? null}::timestamptz,
      max_attempts => ${options.maxAttempts ?? DEFAULT_ATTEMPTS}::int,
      job_key => ${options.key ?? null}::text)`);
  }

  async start(ctx: TaskContext, tasks: Task[], schedules: Schedule[]): Promise<void> {
    if (this.runner) return;
    const taskList: TaskList = Object.fromEntries(tasks.map((t) => [t.name, (payload: unknown) => t.run(payload, ctx)]));
    // Our own pool, so that stopping waits for its connections to close (graphile-worker ends a pool
    // it made without waiting), and a connection the server ends while idle is logged, not thrown.
    const pool = new pg.Pool({ connectionString: this.url, max: 10 });
    pool.on('error', (err) => ctx.log.warn({ err }, 'job queue connection ended'));
    this.pool = pool;
    this.runner = await run({
      pgPool: pool,
      concurrency: this.options.concurrency ?? 2,
      pollInterval: this.options.pollIntervalMs ?? 2000,
      noHandleSignals: true,
      taskList,
      parsedCronItems: cronItems(schedules),
      logger: graphileLogger(ctx.log),
    });
  }

  async stop(): Promise<void> {
    const runner = this.runner;
    const pool = this.pool;
    this.runner = null;
    this.pool = null;
    await runner?.stop();
    await pool?.end();
  }
}

function graphileLogger(log: FastifyBaseLogger) {
  // graphile-worker's Logger wants a factory of scoped log functions.
  return new (class {
    scope() {
      return this;
    }
    error(message: string, meta?: unknown) {
      log.error({ meta }, message);
    }
    warn(message: string, meta?: unknown) {
      log.warn({ meta }, message);
    }
    info(message: string, meta?: unknown) {
      log.debug({ meta }, message);
    }
    debug(message: string, meta?: unknown) {
      log.trace({ meta }, message);
    }
  })() as unknown as NonNullable<Parameters<typeof run>[0]['logger']>;
}

interface PendingJob {
  task: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  timer: NodeJS.Timeout | null;
  key?: string;
}

/**
 * The embedded database's runner: jobs run in this process (from the moment they are added, so
 * mails go out without `start`), retried with back-off; schedules fire on the minute once started.
 */
export class EmbeddedJobRunner implements JobRunner {
  readonly kind = 'embedded' as const;
  private ctx: TaskContext | null = null;
  private tasks = new Map<string, Task>();
  private readonly pending = new Set<PendingJob>();
  private readonly inFlight = new Set<Promise<void>>();
  private ticker: NodeJS.Timeout | null = null;
  private started = false;
  private stopped = false;

  /** Jobs run as soon as the runner is bound to the app; `start` adds the schedules. */
  get running(): boolean {
    return this.ctx !== null && !this.stopped;
  }

  /** What jobs run with; `buildApp` binds it, so jobs added before `start` still run. */
  bind(ctx: TaskContext, tasks: Task[]): void {
    this.ctx = ctx;
    this.tasks = new Map(tasks.map((t) => [t.name, t]));
  }

  async add(task: string, payload: unknown, options: AddJobOptions = {}): Promise<void> {
    if (options.key) {
      for (const job of this.pending)
        if (job.key === options.key && job.attempts === 0) {
          if (job.timer) clearTimeout(job.timer);
          this.pending.delete(job);
        }
    }
    const job: PendingJob = {
      task,
      payload,
      attempts: 0,
      maxAttempts: options.maxAttempts ?? DEFAULT_ATTEMPTS,
      timer: null,
      key: options.key,
    };
    this.pending.add(job);
    this.schedule(job, Math.max(0, (options.runAt?.getTime() ?? 0) - Date.now()));
  }

  private schedule(job: PendingJob, delayMs: number): void {
    if (delayMs === 0) {
      job.timer = null;
      setImmediate(() => this.execute(job));
    } else job.timer = setTimeout(() => this.execute(job), delayMs).unref();
  }

  private execute(job: PendingJob): void {
    if (!this.pending.has(job) || this.stopped) return;
    const task = this.tasks.get(job.task);
    const ctx = this.ctx;
    if (!task || !ctx) {
      // Not bound yet (a job added while the app is still being built): try again shortly.
      this.schedule(job, 50);
      return;
    }
    job.attempts++;
    const work = task
      .run(job.payload, ctx)
      .then(() => {
        this.pending.delete(job);
      })
      .catch((err) => {
        ctx.log.error({ err, task: job.task, attempt: job.attempts }, 'job failed');
        if (job.attempts >= job.maxAttempts) this.pending.delete(job);
        // graphile-worker's back-off: e^min(attempts, 10) seconds.
        else this.schedule(job, Math.round(Math.exp(Math.min(job.attempts, 10)) * 1000));
      })
      .finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
  }

  /**
   * Resolves when every job due now has run, and the jobs they added too (tests wait for a
   * request's mail this way); jobs waiting for a retry or a later time are not waited for.
   */
  async settled(): Promise<void> {
    for (let round = 0; round < 100; round++) {
      await new Promise((resolve) => setImmediate(resolve));
      const due = [...this.pending].some((job) => job.timer === null && job.attempts === 0);
      if (!due && this.inFlight.size === 0) return;
      await Promise.allSettled([...this.inFlight]);
    }
  }

  async start(ctx: TaskContext, tasks: Task[], schedules: Schedule[]): Promise<void> {
    this.bind(ctx, tasks);
    if (this.started) return;
    this.started = true;
    const items = cronItems(schedules);
    const tick = () => {
      const now = new Date();
      const digest = {
        min: now.getUTCMinutes(),
        hour: now.getUTCHours(),
        date: now.getUTCDate(),
        month: now.getUTCMonth() + 1,
        dow: now.getUTCDay(),
      };
      for (const item of items) if (item.match(digest)) void this.add(item.task, { _cron: { ts: now.toISOString() } });
      this.ticker = setTimeout(tick, 60_000 - (Date.now() % 60_000) + 5).unref();
    };
    this.ticker = setTimeout(tick, 60_000 - (Date.now() % 60_000) + 5).unref();
  }

  async stop(): Promise<void> {
    this.started = false;
    this.stopped = true;
    if (this.ticker) clearTimeout(this.ticker);
    this.ticker = null;
    await Promise.allSettled([...this.inFlight]);
  }
}

/** The platform's own tasks. */
export const PLATFORM_TASKS: Task[] = [
  {
    name: 'platform.mail',
    run: async (payload, { mailer }) => {
      const message = payload as Mail;
      await mailer.send(message);
    },
  },
];
