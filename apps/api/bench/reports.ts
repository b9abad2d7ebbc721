/**
 * Reports and dashboards at the size of a big club (issue 18 § 3). `benchReports` seeds the big
 * club (`seed-big.ts`) into a database the app has migrated and the demo seed has filled, then
 * loads every report and dashboard GET of membership, accounts, income/expenses, booking and CRM
 * (and CRM's today's actions, each of its five tabs)
 * (found in the OpenAPI document: paths with `/reports/` or `dashboard`) as the owner for a
 * one-year window (92 days where a report allows no more; the GST summary takes this month), and
 * holds each to p99 ≤ 3 × the same SQL run bare:
 * - the SQL of each endpoint is captured by a second app whose pool reports every statement
 *   (postgres.js `debug`), leaving out the transaction's own BEGIN, tenant setting and COMMIT;
 * - bare: a Fastify route running those statements one after another through postgres.js as the
 *   owner (no auth, no RLS), answering their rows as JSON, as `run.ts`'s bare routes do.
 * Then the slowest endpoint's slowest statement is shown with `EXPLAIN (ANALYZE, BUFFERS)` as the
 * application role under RLS, and the candidate indexes (`REPORT_INDEXES`) are created and every
 * endpoint measured again, both tables printed; the indexes are dropped at the end.
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import postgres from 'postgres';
import { TODAYS_ACTION_TABS } from '@arena/contracts/crm';
import { buildApp } from '../src/app.js';
import type { Config } from '../src/platform/config.js';
import { appUrlFor, connectPostgres } from '../src/platform/db/client.js';
import { seedBigClub, type BigClubCounts } from './seed-big.js';

/**
 * Candidate indexes to try after the first measurement: created, measured, dropped. Empty today —
 * the ones the plans asked for (covering ledger indexes, membership start and end) are in
 * migration 0012_report_indexes.sql; add the next candidates here to measure them first.
 */
export const REPORT_INDEXES: string[] = [];

export interface ReportBenchOptions {
  /** The full-stack app, listening at `address`. */
  address: string;
  /** Host header of the big organisation (e.g. `demo.localhost:3000`). */
  host: string;
  /** The big organisation owner's token. */
  key: string;
  /** PostgreSQL URL as the owner (the bare routes and the seed use it). */
  ownerUrl: string;
  /** The app's configuration, for the second app that captures the SQL. */
  config: Config;
  /** Seed the big club first (default true) at this scale (default 1 = the full size). */
  seed?: boolean;
  scale?: number;
  /** Seconds of load per endpoint and side (default 4), connections (default 4). */
  seconds?: number;
  connections?: number;
  /** Indexes to try after the first measurement (default REPORT_INDEXES; [] = none). */
  indexes?: string[];
  log?: (line: string) => void;
  /** Print each endpoint's captured statements. */
  verbose?: boolean;
}

export interface EndpointFigure {
  path: string;
  query: string;
  statements: number;
  fullP99: number;
  bareP99: number;
  ratio: number;
  errors: number;
}

export interface ReportBenchResult {
  seed: BigClubCounts | null;
  before: EndpointFigure[];
  after: EndpointFigure[] | null;
  slowest: { path: string; statement: string; ms: number; plan: string } | null;
}

interface Captured {
  query: string;
  params: unknown[];
}

interface Endpoint {
  path: string;
  query: string;
  statements: Captured[];
}

/**
 * A captured statement as postgres.js can send it again: a parameter cast to json/jsonb was
 * captured as its JSON text, and would be encoded a second time (a string) unless parsed back.
 */
function replayable(s: Captured): Captured {
  const params = s.params.map((p, i) =>
    typeof p === 'string' && new RegExp(`\\$${i + 1}::jsonb?\\b`).test(s.query) ? (JSON.parse(p) as unknown) : p,
  );
  return { query: s.query, params };
}

/** What is not the endpoint's own SQL: the tenant transaction's frame, the driver's type lookup, the key and user lookups. */
const NOISE = [
  /^\s*(begin|commit|rollback|savepoint|release savepoint|select set_config\('app\.organisation_id')/i,
  /pg_catalog\.pg_type/,
  /^\s*select .* from "(auth_token|app_user|organisation|subscription_plan)"/is,
  /^\s*update "auth_token"/i,
];
const isNoise = (query: string) => NOISE.some((re) => re.test(query));

export async function benchReports(o: ReportBenchOptions): Promise<ReportBenchResult> {
  const log = o.log ?? ((line: string) => console.log(line));
  const seconds = o.seconds ?? 4;
  const connections = o.connections ?? 4;
  let seed: BigClubCounts | null = null;
  if (o.seed !== false) {
    log(`Seeding the big club (scale ${o.scale ?? 1})…`);
    seed = await seedBigClub(o.ownerUrl, { scale: o.scale ?? 1 });
    log(
      `  seeded in ${seed.seconds.toFixed(1)} s: ${fmt(seed.members)} members, ${fmt(seed.memberships)} memberships, ` +
        `${fmt(seed.memberServices)} member services, ${fmt(seed.invoices)} invoices, ${fmt(seed.ledgerRows)} ledger rows, ` +
        `${fmt(seed.attendance)} check-ins, ${fmt(seed.bookings)} bookings; ${seed.smallOrganisations} small organisations beside it`,
    );
  }

  // A second app whose pool reports its statements: run each endpoint once through it to learn its SQL.
  let capturing: Captured[] | null = null;
  const capture = connectPostgres(o.ownerUrl, 2, {
    debug: (_connection, query, parameters) => capturing?.push({ query, params: [...parameters] }),
  });
  const captureApp = await buildApp({ config: o.config, db: capture.db, logger: false });
  const bareSql = postgres(o.ownerUrl, { max: 10, onnotice: () => {} });
  const bare = Fastify({ logger: false });
  const headers = { host: o.host, authorization: `Token ${o.key}` };
  try {
    const get = (url: string) => captureApp.inject({ method: 'GET', url, headers });
    const doc = (await get('/api/openapi.json')).json() as {
      paths: Record<string, { get?: { parameters?: { name: string; in: string }[] } }>;
    };
    const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10); // the demo's zone, Asia/Kolkata
    const daysBefore = (n: number) => new Date(Date.parse(today) - n * 86_400_000).toISOString().slice(0, 10);
    const paths = Object.keys(doc.paths)
      .filter((p) => doc.paths[p].get && !p.includes('{') && /\/reports\/|dashboard/.test(p))
      .filter((p) => /^\/api\/(member-management|administrator\/reports\/accounts|income-expense|booking|crm)\//.test(p))
      .sort();
    // CRM's today's actions (issue 22): each of its five tabs over the big club's members, as the desk opens it.
    const fixed = TODAYS_ACTION_TABS.map((tab) => ({ path: '/api/crm/todays-action/', query: `tab=${tab}` }));

    const endpoints: Endpoint[] = [];
    for (const { path, query } of fixed) {
      capturing = [];
      const res = await get(`${path}?${query}`);
      const statements = capturing.filter((s) => !isNoise(s.query)).map(replayable);
      capturing = null;
      if (res.statusCode !== 200) log(`  ${path}?${query}: ${res.statusCode}; left out`);
      else endpoints.push({ path, query, statements });
    }
    for (const path of paths) {
      const names = new Set((doc.paths[path].get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name));
      const window = (days: number) =>
        names.has('date_after')
          ? `date_after=${daysBefore(days - 1)}&date_before=${today}`
          : names.has('from')
            ? `from=${daysBefore(days - 1)}&to=${today}`
            : '';
      const tries = [names.has('month') ? `month=${today.slice(0, 7)}` : window(365), window(92)];
      let query = '';
      let status = 0;
      for (const q of tries) {
        const res = await get(`${path}${q ? `?${q}` : ''}`);
        status = res.statusCode;
        query = q;
        if (status === 200) break;
      }
      if (status !== 200) {
        log(`  ${path}: ${status} with ${tries.join(' or ')}; left out`);
        continue;
      }
      const url = `${path}${query ? `?${query}` : ''}`;
      capturing = [];
      await get(url);
      const statements = capturing.filter((s) => !isNoise(s.query)).map(replayable);
      capturing = null;
      endpoints.push({ path, query, statements });
      if (o.verbose)
        for (const st of statements)
          log(`  ${path}: ${st.query.replace(/\s+/g, ' ').slice(0, 160)} ${JSON.stringify(st.params).slice(0, 80)}`);
    }
    // Each captured statement once bare, so a statement that cannot be replayed is named, not hidden in the figures.
    for (const e of endpoints)
      for (const st of e.statements)
        await bareSql.unsafe(st.query, st.params as never[]).catch((err: Error) => log(`  ${e.path}: bare replay fails: ${err.message}`));

    endpoints.forEach((e, i) =>
      bare.get(`/r/${i}`, async () => {
        const out: unknown[] = [];
        for (const s of e.statements) out.push(await bareSql.unsafe(s.query, s.params as never[]));
        return out;
      }),
    );
    const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

    const load = async (url: string, h: Record<string, string>, duration: number) => {
      const r = await autocannon({ url, headers: h, connections, duration, workers: 1, timeout: 30 });
      // No answer within the run: the p99 is at least the run's length (autocannon reports 0).
      const p99 = r.requests.total > 0 ? r.latency.p99 : duration * 1000;
      return { p99, errors: r.errors + r.timeouts + (r.non2xx ?? 0), answered: r.requests.total };
    };
    const measure = async (): Promise<EndpointFigure[]> => {
      const figures: EndpointFigure[] = [];
      for (const [i, e] of endpoints.entries()) {
        const url = `${o.address}${e.path}${e.query ? `?${e.query}` : ''}`;
        await load(url, headers, 1);
        const full = await load(url, headers, seconds);
        await load(`${bareAddress}/r/${i}`, {}, 1);
        const raw = await load(`${bareAddress}/r/${i}`, {}, seconds);
        figures.push({
          path: e.path,
          query: e.query,
          statements: e.statements.length,
          fullP99: full.p99,
          bareP99: raw.p99,
          ratio: full.p99 / Math.max(raw.p99, 1),
          errors: full.errors + raw.errors,
        });
      }
      return figures;
    };

    log(`Loading ${endpoints.length} reports and dashboards, ${seconds} s each side at ${connections} connections…`);
    const before = await measure();
    printTable(log, 'Reports and dashboards of the big club, one-year window (92 days where that is the most)', before);

    // The slowest endpoint's slowest statement, with its plan as the application role under RLS.
    let slowest: ReportBenchResult['slowest'] = null;
    const worst = [...before].sort((a, b) => b.fullP99 - a.fullP99)[0];
    const worstEndpoint = endpoints.find((e) => e.path === worst?.path && e.query === worst?.query);
    if (worst && worstEndpoint?.statements.length) {
      let best = { i: 0, ms: -1 };
      for (const [i, s] of worstEndpoint.statements.entries()) {
        const runs: number[] = [];
        for (let k = 0; k < 3; k++) {
          const t = performance.now();
          await bareSql.unsafe(s.query, s.params as never[]);
          runs.push(performance.now() - t);
        }
        const ms = Math.min(...runs);
        if (ms > best.ms) best = { i, ms };
      }
      const s = worstEndpoint.statements[best.i];
      const plan = await explainAsApp(o.ownerUrl, s);
      slowest = { path: worst.path, statement: s.query, ms: best.ms, plan };
      log('');
      log(`Slowest: ${worst.path} (full p99 ${worst.fullP99} ms); its slowest statement (${best.ms.toFixed(1)} ms bare):`);
      log(indent(s.query.replace(/\s+/g, ' ').trim()));
      log(`  params: ${JSON.stringify(s.params)}`);
      log('EXPLAIN (ANALYZE, BUFFERS) as arena_app under RLS:');
      log(indent(plan));
    }

    let after: EndpointFigure[] | null = null;
    const indexes = o.indexes ?? REPORT_INDEXES;
    if (indexes.length) {
      const owner = postgres(o.ownerUrl, { max: 1, onnotice: () => {} });
      try {
        log('');
        log('Creating the candidate indexes, then measuring again:');
        for (const statement of indexes) {
          const t = performance.now();
          await owner.unsafe(statement);
          log(`  ${statement}  (${((performance.now() - t) / 1000).toFixed(1)} s)`);
        }
        await owner`analyze`;
        after = await measure();
        printTable(log, 'The same with the candidate indexes', after, before);
      } finally {
        for (const statement of indexes) {
          const name = /index if not exists (\S+)/i.exec(statement)?.[1];
          if (name) await owner.unsafe(`drop index if exists ${name}`);
        }
        await owner.end();
      }
    }
    return { seed, before, after, slowest };
  } finally {
    await bare.close();
    await bareSql.end();
    await captureApp.close();
    await capture.close();
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of a captured statement in a tenant transaction as the application role. */
async function explainAsApp(ownerUrl: string, s: Captured): Promise<string> {
  const organisation = /organisation_id = \$(\d+)/.exec(s.query);
  const orgId = organisation ? Number(s.params[Number(organisation[1]) - 1]) : NaN;
  const app = postgres(appUrlFor(ownerUrl), { max: 1, onnotice: () => {}, connection: { role: 'arena_app' } });
  try {
    return await app.begin(async (tx) => {
      if (Number.isSafeInteger(orgId)) await tx.unsafe(`select set_config('app.organisation_id', '${orgId}', true)`);
      const rows = await tx.unsafe(`explain (analyze, buffers) ${s.query}`, s.params as never[]);
      return rows.map((r) => String(r['QUERY PLAN'])).join('\n');
    });
  } finally {
    await app.end();
  }
}

function printTable(log: (line: string) => void, title: string, rows: EndpointFigure[], before?: EndpointFigure[]) {
  log('');
  log(title);
  log(
    `${'endpoint'.padEnd(62)} ${'stmts'.padStart(5)} ${'full p99'.padStart(9)} ${'bare p99'.padStart(9)} ${'ratio'.padStart(6)}  goal ≤ 3${before ? '   full p99 before' : ''}`,
  );
  for (const r of rows) {
    const was = before?.find((b) => b.path === r.path && b.query === r.query);
    const name = r.path === '/api/crm/todays-action/' ? `${r.path}?${r.query}` : r.path;
    log(
      `${name.padEnd(62)} ${String(r.statements).padStart(5)} ${`${r.fullP99} ms`.padStart(9)} ${`${r.bareP99} ms`.padStart(9)} ${r.ratio.toFixed(2).padStart(6)}  ${(r.ratio <= 3 ? 'met' : 'NOT met').padEnd(8)}${r.errors ? ` errors ${r.errors}` : ''}${was ? `   ${was.fullP99} ms` : ''}`,
    );
  }
  const met = rows.filter((r) => r.ratio <= 3).length;
  log(`  ${met} of ${rows.length} within 3 × bare; slowest full p99 ${Math.max(...rows.map((r) => r.fullP99))} ms`);
}

const fmt = (n: number) => n.toLocaleString('en');
const indent = (text: string) =>
  text
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n');
