import { sql } from 'drizzle-orm';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, organisationOrigin } from './platform/config.js';
import { openDatabase } from './platform/db/client.js';
import path from 'node:path';
import { demoLoginLines, isEmpty, seedDemo } from './db/seed.js';
import { EmbeddedJobRunner, PostgresJobRunner, type JobRunner } from './platform/jobs.js';
import { MODULE_MANIFESTS } from './modules/manifests.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const handle = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite'),
    poolSize: config.DB_POOL_SIZE,
    appUrl: config.DATABASE_APP_URL,
    limits: {
      statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
      lockTimeoutMs: config.DB_LOCK_TIMEOUT_MS,
      perOrganisation: config.DB_MAX_PER_ORGANISATION,
    },
  });
  const jobs: JobRunner = handle.kind === 'postgres' ? new PostgresJobRunner(handle.db, handle.appUrl!) : new EmbeddedJobRunner();
  const app = await buildApp({ config, db: handle.db, jobs });
  app.log.info({ database: handle.kind }, 'database ready, migrations applied');

  const seed = config.SEED_DEMO === '1' || (config.SEED_DEMO === 'auto' && (await isEmpty(handle.db)));
  if (seed) {
    await seedDemo(handle.db, config);
    // The embedded database has no autovacuum: statistics of the seeded tables, or the planner
    // keeps plans made for empty tables (a foreign-key check scanning a whole table, row by row).
    if (handle.kind === 'pglite') await handle.db.execute(sql`analyze`);
    app.log.info('demo data seeded');
  }

  // SIGTERM: readiness turns 503, the server stops accepting and drains in-flight requests, the
  // job runner finishes the jobs it holds, then the pool closes. A stuck drain is cut at 25 s.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.shutdown.abort();
    app.log.info({ signal }, 'shutting down: draining requests and jobs');
    setTimeout(() => process.exit(1), 25_000).unref();
    await Promise.allSettled([app.close(), jobs.stop()]);
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  await jobs.start(
    { db: handle.db, config, log: app.log, mailer: app.mailer },
    app.tasks,
    MODULE_MANIFESTS.flatMap((m) => m.schedules ?? []),
  );
  const demoUrl = `${organisationOrigin(config, 'demo')}/`;
  console.log(
    [
      '',
      `Arena is running on ${handle.kind === 'pglite' ? `the embedded database (${path.join(config.DATA_DIR, 'pglite')})` : 'PostgreSQL'}.`,
      `  Demo organisation: ${demoUrl}`,
      `  Provider host:     ${config.PUBLIC_URL.origin}/`,
      `  API docs:          ${demoUrl}api/docs`,
      'Demo logins:',
      ...demoLoginLines(),
      '',
    ].join('\n'),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
