/**
 * The report bench on its own: `npx tsx --conditions=source bench/reports-cli.ts` (from apps/api).
 * A fresh PostgreSQL database (BENCH_DATABASE_URL, default the local server) is created, migrated,
 * given the demo and the big club, and dropped at the end (BENCH_KEEP=1 keeps it).
 * BENCH_REPORT_SCALE (default 1 = 5,000 members, ≈ 1,000,000 check-ins; 0.05 for a quick try),
 * BENCH_REPORT_SECONDS (per endpoint and side, default 4), BENCH_REPORT_CONNECTIONS (default 4),
 * BENCH_REPORT_INDEXES=0 to skip the second measurement with the candidate indexes, BENCH_REPORT_VERBOSE=1
 * to print each endpoint's captured statements.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import postgres from 'postgres';
import { buildApp } from '../src/app.js';
import { seedDemo } from '../src/db/seed.js';
import { loadConfig } from '../src/platform/config.js';
import { openDatabase } from '../src/platform/db/client.js';
import { benchReports } from './reports.js';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The report bench in a fresh database of its own (also the last part of `npm run bench`). */
export async function runReportBench(): Promise<void> {
  const name = `arena_bench_reports_${process.env.BENCH_DB_TAG ?? ''}${Date.now()}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-bench-reports-'));
  const handle = await openDatabase({ url: dbUrl.toString(), poolSize: Number(process.env.BENCH_POOL ?? 10) });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    const started = performance.now();
    await seedDemo(handle.db);
    console.log(`Demo seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: dbUrl.toString() });
    app = await buildApp({ config, db: handle.db, logger: false });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const host = 'demo.localhost:3000';
    const res = await app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      headers: { host },
      payload: { email: 'owner@demo.example.com', password: 'ArenaDemo#2026' },
    });
    const { key } = res.json() as { key: string };
    await benchReports({
      address,
      host,
      key,
      ownerUrl: dbUrl.toString(),
      config,
      scale: Number(process.env.BENCH_REPORT_SCALE ?? 1),
      seconds: Number(process.env.BENCH_REPORT_SECONDS ?? 4),
      connections: Number(process.env.BENCH_REPORT_CONNECTIONS ?? 4),
      verbose: process.env.BENCH_REPORT_VERBOSE === '1',
      ...(process.env.BENCH_REPORT_INDEXES === '0' ? { indexes: [] } : {}),
    });
  } finally {
    await app?.close();
    await handle.close();
    if (!process.env.BENCH_KEEP) await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    else console.log(`kept database ${name}`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// Run directly (not imported by bench/run.ts).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href)
  runReportBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
