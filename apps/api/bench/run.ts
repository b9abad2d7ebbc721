/**
 * `npm run bench`: load on loopback against PostgreSQL.
 *   A. GET /api/administrator/centre/ with a valid key — the full stack: host → tenant, key →
 *      user, module check, tenant transaction with RLS, Drizzle, zod serialisation.
 *   B. A bare Fastify route running the same SQL through postgres.js as the owner (no auth, no RLS).
 * Prints req/s and p99 of both and their ratio, then the web bundle sizes when a build exists.
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a fresh database is created and dropped.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import postgres from 'postgres';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/platform/config.js';
import { openDatabase } from '../src/platform/db/client.js';
import { seedDemo } from '../src/db/seed.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function load(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS, workers: 1 });
  const errors = result.errors + result.timeouts + (result.non2xx ?? 0);
  return { rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50, errors, total: result.requests.total };
}

async function main() {
  const name = `arena_bench_${Date.now()}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-bench-'));
  const POOL = Number(process.env.BENCH_POOL ?? 10);
  const handle = await openDatabase({ url: dbUrl.toString(), poolSize: POOL });
  const apps: { close(): Promise<unknown> }[] = [];
  try {
    await seedDemo(handle.db);
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: dbUrl.toString() });
    const app = await buildApp({ config, db: handle.db, logger: false });
    apps.push(app);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const host = 'demo.localhost:3000';
    const res = await fetch(`${address}/api/accounts/login/`, {
      method: 'POST',
      headers: { host, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@demo.example.com', password: 'ArenaDemo#2026' }),
    });
    const { key, user } = (await res.json()) as { key: string; user: { organisation: { id: number } } };

    // B: the same SQL as the list endpoint, as the owner, on a bare Fastify route.
    const bareSql = postgres(dbUrl.toString(), { max: POOL, onnotice: () => {} });
    const bare = Fastify({ logger: false });
    apps.push(bare, { close: () => bareSql.end() });
    const orgId = user.organisation.id;
    bare.get('/centres', async () => {
      const results = await bareSql`select * from centre where organisation_id = ${orgId} order by name asc, id asc limit 20 offset 0`;
      const count = results.length < 20 ? results.length : (await bareSql`select count(*)::int as count from centre where organisation_id = ${orgId}`)[0].count;
      return { count, next: null, previous: null, results };
    });
    const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

    console.log(`Warming up, then ${SECONDS} s at ${CONNECTIONS} connections each…`);
    await load(`${address}/api/administrator/centre/`, { host, authorization: `Token ${key}` });
    const full = await load(`${address}/api/administrator/centre/`, { host, authorization: `Token ${key}` });
    await load(`${bareAddress}/centres`, {});
    const raw = await load(`${bareAddress}/centres`, {});

    const row = (label: string, r: typeof full) =>
      `${label.padEnd(58)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors}`;
    console.log('');
    console.log(row('GET /api/administrator/centre/ (auth+tenancy+RLS+ORM)', full));
    console.log(row('bare Fastify + postgres.js, same SQL', raw));
    console.log(`ratio (full stack / bare): ${(full.rps / raw.rps).toFixed(2)} of the throughput, p99 ${(full.p99 / Math.max(raw.p99, 1)).toFixed(2)}×`);
  } finally {
    for (const a of apps.reverse()) await a.close();
    await handle.close();
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const sizeScript = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../web/scripts/bundle-size.mjs');
  if (fs.existsSync(sizeScript) && fs.existsSync(path.resolve(path.dirname(sizeScript), '../dist/index.html'))) {
    console.log('');
    console.log(execFileSync(process.execPath, [sizeScript], { encoding: 'utf8' }).trim());
  } else console.log('\n(web bundle sizes: run `npm run build` first)');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
