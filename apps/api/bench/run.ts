/**
 * `npm run bench`: load on loopback against PostgreSQL, every figure a ratio against a baseline
 * measured in the same run (the machine is shared and noisy).
 *   Centre list, three rows:
 *   - bare: a Fastify route running the same SQL through postgres.js as the owner (no auth, no RLS);
 *   - floor: raw postgres.js doing exactly what the security design requires — the key looked
 *     up, then the tenant transaction (BEGIN, set_config, the query, COMMIT, pipelined on one
 *     reserved connection) as the login role working as arena_app under RLS;
 *   - full: GET /api/administrator/centre/ with a valid key through the whole stack;
 *   - (reference) the key lookup, then the tenant read as one simple-protocol message on a shared
 *     connection, as the full stack reads a plain list (platform/list.ts).
 *   The four take turns in BENCH_ROUNDS rounds (default 3) that share the run's seconds.
 *   Goals: full ≥ 0.8 × floor and ≥ 0.35 × bare.
 *   Portal slots (5,000 bookings on record): p99 ≤ 2 × the bare route's p99.
 *   Booking creation: ≥ 150 bookings/s of distinct slots for 10 s, 0 errors.
 *   Booking list over 100,000 bookings with a search and an ordering: p99 ≤ 3 × bare on the same SQL.
 *   Reports at a big club's size (bench/reports.ts, in a database of its own): every membership,
 *   money and booking report and dashboard for a one-year window, p99 ≤ 3 × the same SQL run bare.
 *   BENCH_REPORTS=0 skips it; BENCH_REPORT_SCALE (default 1) sizes the club.
 *   Payroll (bench/payroll.ts, a database of its own): generating a month for 500 staff with
 *   attendance and commissions, < 2 s, shown against the same set-based work as bare SQL. BENCH_PAYROLL=0 skips it.
 *   Messaging (bench/messaging.ts, a database of its own): 10,000 recipients queued < 5 s, drained
 *   through the offline provider ≥ 500 messages/s. BENCH_MESSAGING=0 skips it.
 *   Payments (bench/payments.ts, a database of its own): signed webhooks settling orders through
 *   the stack ≥ 0.25 × one bare UPDATE a settlement; a replay storm records exactly one payment an
 *   order. BENCH_PAYMENTS=0 skips it.
 *   Store (bench/store.ts, a database of its own): checkouts of 3-line carts with FEFO picking
 *   ≥ 150 sales/s with p99, against the sale's bare SQL; the stock list of 20,000 variants with a
 *   search, p99 ≤ 3 × bare. BENCH_STORE=0 skips it.
 *   Plans (bench/plans.ts, a database of its own): one request assigns a diet, and a workout, to
 *   500 members (each their own copy), < 2 s, against the same copy as one bare INSERT … SELECT.
 *   BENCH_PLANS=0 skips it.
 * Then the web bundle sizes when a build exists.
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a fresh database is created and dropped.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import inspector from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import postgres from 'postgres';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/platform/config.js';
import { appUrlFor, openDatabase, queryRows, withTenant, type DatabaseHandle } from '../src/platform/db/client.js';
import { hashSecret } from '../src/platform/tokens.js';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { seedDemo } from '../src/db/seed.js';
import { runReportBench } from './reports-cli.js';
import { runMessagingBench } from './messaging.js';
import { runPayrollBench } from './payroll.js';
import { runPaymentsBench } from './payments.js';
import { runStoreBench } from './store.js';
import { runPlansBench } from './plans.js';

const LIST_SEARCH = '04217';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

interface LoadResult {
  rps: number;
  p99: number;
  p50: number;
  errors: number;
  total: number;
  seconds: number;
}

async function load(url: string, headers: Record<string, string>, duration = SECONDS): Promise<LoadResult> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration, workers: 1 });
  const errors = result.errors + result.timeouts + (result.non2xx ?? 0);
  const seconds = result.duration || duration;
  return {
    rps: result.requests.total / seconds,
    p99: result.latency.p99,
    p50: result.latency.p50,
    errors,
    total: result.requests.total,
    seconds,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Rounds of one load as one figure: all requests over all seconds; the median round's latencies. */
function combine(rounds: LoadResult[]): LoadResult {
  const total = rounds.reduce((n, r) => n + r.total, 0);
  const seconds = rounds.reduce((n, r) => n + r.seconds, 0);
  return {
    rps: total / seconds,
    p99: median(rounds.map((r) => r.p99)),
    p50: median(rounds.map((r) => r.p50)),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    total,
    seconds,
  };
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
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DATABASE_URL: dbUrl.toString(),
      BOOKING_RATE_LIMIT_PER_MINUTE: '10000000',
      BOOKING_MAX_PER_PHONE_PER_DAY: '1000',
    });
    const app = await buildApp({ config, db: handle.db, logger: false });
    apps.push(app);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const host = 'demo.localhost:3000';
    const res = await app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      headers: { host },
      payload: { email: 'owner@demo.example.com', password: 'ArenaDemo#2026' },
    });
    const { key, user } = res.json() as { key: string; user: { organisation: { id: number } } };

    // B: the same SQL as the list endpoint, as the owner, on a bare Fastify route.
    const bareSql = postgres(dbUrl.toString(), { max: POOL, onnotice: () => {} });
    const bare = Fastify({ logger: false });
    apps.push(bare, { close: () => bareSql.end() });
    const orgId = user.organisation.id;
    bare.get('/centres', async () => {
      const results = await bareSql`select * from centre where organisation_id = ${orgId} order by name asc, id asc limit 20 offset 0`;
      const count =
        results.length < 20
          ? results.length
          : (await bareSql`select count(*)::int as count from centre where organisation_id = ${orgId}`)[0].count;
      return { count, next: null, previous: null, results };
    });
    // Floor: what the security design costs in the database, with nothing of ours around it.
    const floorSql = postgres(appUrlFor(dbUrl.toString()), {
      max: POOL,
      onnotice: () => {},
      connection: { role: 'arena_app' },
    });
    apps.push({ close: () => floorSql.end() });
    bare.get('/centres-floor', async (request, reply) => {
      const presented = /^Token\s+(\S+)$/.exec(String(request.headers.authorization ?? ''))?.[1] ?? '';
      const [auth] = await floorSql`select t.organisation_id, u.is_active from auth_token t join app_user u on u.id = t.user_id
                                    where t.key_hash = ${hashSecret(presented)} and t.revoked_at is null`;
      if (!auth?.is_active) return reply.status(401).send({ detail: 'Invalid token.' });
      const conn = await floorSql.reserve();
      try {
        const [, results] = await Promise.all([
          conn.unsafe(`begin; select set_config('app.organisation_id', '${Number(auth.organisation_id)}', true)`).simple(),
          conn`select * from centre where organisation_id = ${orgId} order by name asc, id asc limit 20 offset 0`,
          conn`commit`,
        ]);
        return { count: results.length, next: null, previous: null, results };
      } finally {
        conn.release();
      }
    });
    // The same security in one message (what the full stack now does for a plain list): the key
    // looked up, then SET TRANSACTION READ ONLY, SET LOCAL of the tenant and the query as one
    // simple-protocol message on a shared connection. Shown for reference; the goal is against the floor above.
    bare.get('/centres-one-message', async (request, reply) => {
      const presented = /^Token\s+(\S+)$/.exec(String(request.headers.authorization ?? ''))?.[1] ?? '';
      const [auth] = await floorSql`select t.organisation_id, u.is_active from auth_token t join app_user u on u.id = t.user_id
                                    where t.key_hash = ${hashSecret(presented)} and t.revoked_at is null`;
      if (!auth?.is_active) return reply.status(401).send({ detail: 'Invalid token.' });
      const tenant = Number(auth.organisation_id);
      const [, results] = (await floorSql
        .unsafe(
          `set transaction read only; set local app.organisation_id = ${tenant}; select * from centre where organisation_id = ${tenant} order by name asc, id asc limit 20 offset 0`,
        )
        .simple()) as unknown as [unknown, unknown[]];
      return { count: results.length, next: null, previous: null, results };
    });
    // The booking list's SQL (rows, count, names, slots), bare, for the 100,000-row list.
    const pattern = `%${LIST_SEARCH}%`;
    bare.get('/bookings', async () => {
      const filter = bareSql`organisation_id = ${orgId} and (code ilike ${pattern} or name ilike ${pattern} or mobile ilike ${pattern} or email ilike ${pattern})`;
      const results = await bareSql`select * from booking where ${filter} order by booking_amount desc, id desc limit 20 offset 0`;
      const [{ count }] = await bareSql`select count(*)::int as count from booking where ${filter}`;
      const ids = results.map((r) => r.id);
      const facilities = [...new Set(results.map((r) => r.facility_id))];
      if (!ids.length) return { count, next: null, previous: null, results };
      const [names, slots] = [
        await bareSql`select f.id, f.name, s.name as sport_name, c.name as centre_name from facility f join sport s on s.id = f.sport_id
                       join centre c on c.id = f.centre_id where f.organisation_id = ${orgId} and f.id in ${bareSql(facilities)}`,
        await bareSql`select * from booked_time_slot where organisation_id = ${orgId} and booking_id in ${bareSql(ids)} order by start_time`,
      ];
      return { count, next: null, previous: null, results, names: names.length, slots: slots.length };
    });
    const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });
    const WARM = Math.min(3, SECONDS);

    console.log(`Warming up, then ${SECONDS} s at ${CONNECTIONS} connections each, in ${ROUNDS} interleaved rounds…`);
    const centreUrl = `${address}/api/administrator/centre/`;
    const variants = {
      full: () => load(centreUrl, { host, authorization: `Token ${key}` }, SECONDS / ROUNDS),
      bare: () => load(`${bareAddress}/centres`, {}, SECONDS / ROUNDS),
      floor: () => load(`${bareAddress}/centres-floor`, { authorization: `Token ${key}` }, SECONDS / ROUNDS),
      oneMessage: () => load(`${bareAddress}/centres-one-message`, { authorization: `Token ${key}` }, SECONDS / ROUNDS),
    };
    await load(centreUrl, { host, authorization: `Token ${key}` }, WARM);
    await load(`${bareAddress}/centres`, {}, WARM);
    await load(`${bareAddress}/centres-floor`, { authorization: `Token ${key}` }, WARM);
    await load(`${bareAddress}/centres-one-message`, { authorization: `Token ${key}` }, WARM);
    // The four take turns, so a burst of load from elsewhere on a shared machine falls on all of them alike.
    const rounds: Record<keyof typeof variants, LoadResult[]> = { full: [], bare: [], floor: [], oneMessage: [] };
    for (let r = 0; r < ROUNDS; r++) for (const k of ['full', 'bare', 'floor', 'oneMessage'] as const) rounds[k].push(await variants[k]());
    const full = combine(rounds.full);
    const raw = combine(rounds.bare);
    const floor = combine(rounds.floor);
    const oneMessage = combine(rounds.oneMessage);

    const booking = await bookingBench(app, address, handle, key, user.organisation.id, bareAddress, dbUrl.toString());
    const row = (label: string, r: LoadResult) =>
      `${label.padEnd(58)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors}`;
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log('');
    console.log(row('bare: Fastify + postgres.js as owner, same SQL', raw));
    console.log(row('floor: key lookup + pipelined tenant tx as arena_app', floor));
    console.log(row('full: GET /api/administrator/centre/', full));
    console.log(row('(reference) key lookup + one-message tenant read', oneMessage));
    const ofFloor = full.rps / floor.rps;
    const ofBare = full.rps / raw.rps;
    console.log(`  full / floor = ${ofFloor.toFixed(2)} (goal ≥ 0.80: ${verdict(ofFloor >= 0.8)})`);
    console.log(
      `  full / bare  = ${ofBare.toFixed(2)} (goal ≥ 0.35: ${verdict(ofBare >= 0.35)})   floor / bare = ${(floor.rps / raw.rps).toFixed(2)}`,
    );
    const perRound = (a: LoadResult[], b: LoadResult[]) => a.map((x, i) => (x.rps / b[i].rps).toFixed(2)).join(' ');
    console.log(`  per round: full / floor ${perRound(rounds.full, rounds.floor)}; full / bare ${perRound(rounds.full, rounds.bare)}`);
    console.log(`  full / (reference) = ${(full.rps / oneMessage.rps).toFixed(2)}`);
    console.log('');
    console.log(row(`GET online-available-slots (40 slots, ${booking.bookingsOnRecord} bookings)`, booking.slots));
    const slotsRatio = booking.slots.p99 / Math.max(raw.p99, 1);
    console.log(`  p99 / bare p99 = ${slotsRatio.toFixed(2)} (goal ≤ 2: ${verdict(slotsRatio <= 2)})`);
    console.log(
      `POST /api/public/bookings/ (distinct slots, ${SECONDS} s)`.padEnd(58) +
        ` ${booking.create.perSecond.toFixed(0).padStart(7)} bookings/s   p99 ${String(booking.create.p99).padStart(4)} ms   201s ${booking.create.created}   errors ${booking.create.errors}`,
    );
    console.log(`  goal ≥ 150 bookings/s with 0 errors: ${verdict(booking.create.perSecond >= 150 && booking.create.errors === 0)}`);
    console.log('');
    console.log(row(`bare: same SQL as the list, ${booking.listRows.toLocaleString('en')} bookings`, booking.listBare));
    console.log(row(`full: GET /api/booking/booking/?search=…&ordering=-booking_amount`, booking.listFull));
    const listRatio = booking.listFull.p99 / Math.max(booking.listBare.p99, 1);
    console.log(`  p99 full / bare = ${listRatio.toFixed(2)} (goal ≤ 3: ${verdict(listRatio <= 3)})`);
    console.log('');
    for (const [format, e] of Object.entries(booking.exports))
      console.log(
        `GET /api/booking/booking/?format=${format} (10,000 rows)`.padEnd(58) +
          ` ${e.seconds.toFixed(2).padStart(7)} s   ${(e.bytes / 1024).toFixed(0)} KiB   RSS +${e.rssMb.toFixed(0)} MB   target < 2 s: ${e.seconds < 2 ? 'met' : 'NOT met'}`,
      );
  } finally {
    for (const a of apps.reverse()) await a.close();
    await handle.close();
    if (!process.env.BENCH_KEEP) await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    else console.log(`kept database ${name}`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  if (process.env.BENCH_PAYROLL !== '0') {
    console.log('');
    await runPayrollBench();
  }

  if (process.env.BENCH_MESSAGING !== '0') {
    console.log('');
    await runMessagingBench();
  }

  if (process.env.BENCH_PAYMENTS !== '0') {
    console.log('');
    await runPaymentsBench();
  }

  if (process.env.BENCH_STORE !== '0') {
    console.log('');
    await runStoreBench();
  }

  if (process.env.BENCH_PLANS !== '0') {
    console.log('');
    await runPlansBench();
  }

  if (process.env.BENCH_REPORTS !== '0') {
    console.log('');
    await runReportBench();
  }

  const sizeScript = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../web/scripts/bundle-size.mjs');
  if (fs.existsSync(sizeScript) && fs.existsSync(path.resolve(path.dirname(sizeScript), '../dist/index.html'))) {
    console.log('');
    console.log(execFileSync(process.execPath, [sizeScript], { encoding: 'utf8' }).trim());
  } else console.log('\n(web bundle sizes: run `npm run build` first)');
}

/**
 * A facility with 40 half-hour slots and 5,000 bookings on record; then (A) the portal's slot
 * query under load and (B) bookings of distinct slots for SECONDS, counting 201s and errors.
 */
async function bookingBench(
  app: FastifyInstance,
  address: string,
  handle: DatabaseHandle,
  key: string,
  orgId: number,
  bareAddress: string,
  ownerUrl: string,
) {
  const host = 'demo.localhost:3000';
  // Set-up calls go in-process (Node's fetch does not send a custom Host header).
  const json = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await app.inject({
      method,
      url: path,
      headers: { host, authorization: `Token ${key}` },
      payload: body as Record<string, unknown>,
    });
    return res.json() as Record<string, unknown>;
  };
  const centres = (await json('GET', '/api/public/centres/')).results as { id: number }[];
  const sportsRes = await json('GET', '/api/administrator/sport/dropdown/');
  if (!sportsRes.results) throw new Error(`sport dropdown: ${JSON.stringify(sportsRes)}`);
  const sportId = (sportsRes.results as { id: number }[])[0].id;
  const slots = Array.from({ length: 40 }, (_, i) => {
    const start = 3 * 60 + i * 30;
    const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    return { start_time: hhmm(start), end_time: hhmm(start + 30), price: '450.00' };
  });
  const makeFacility = async (name: string) => {
    const created = await json('POST', '/api/booking/facility/', {
      name,
      centre: centres[0].id,
      sport: sportId,
      enable_online_booking: true,
      advance_booking_days: 365,
      slot_groups: [
        { name: 'Day', time_slots: slots.slice(0, 20) },
        { name: 'Evening', time_slots: slots.slice(20) },
      ],
    });
    if (typeof created.id !== 'number') throw new Error(`facility: ${JSON.stringify(created)}`);
    return created as { id: number };
  };
  const busy = await makeFacility('Bench Court');
  const fresh = await makeFacility('Bench Court 2');

  // 5,000 bookings on record: 125 past and future days × 40 slots, written in bulk.
  await bulkBookings(handle, orgId, centres[0].id, busy.id, -100, 24);
  const [{ n }] = await queryRows<{ n: number }>(
    handle.db,
    sql`select count(*)::int as n from booking where facility_id = ${busy.id}`,
  ).catch(() => [{ n: 0 }]);
  const bookingsOnRecord = n || 5000;

  const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('-');
  const slotsUrl = `${address}/api/booking/facility/${busy.id}/online-available-slots/${day}/`;
  await load(slotsUrl, { host }, Math.min(3, SECONDS));
  const slotsResult = await load(slotsUrl, { host });

  // B: every request books a different (date, slot) of the second facility.
  const template = (
    (await json('GET', `/api/booking/facility/${fresh.id}/`)).slot_groups as {
      time_slots: { id: number; start_time: string; end_time: string; price: string }[];
    }[]
  ).flatMap((g) => g.time_slots);
  let i = 0;
  const next = () => {
    const k = i++;
    const slot = template[k % template.length];
    // From the day after tomorrow (UTC): tomorrow by UTC can be today in India, whose early slots may have started.
    const date = new Date(Date.now() + (2 + Math.floor(k / template.length)) * 86_400_000).toISOString().slice(0, 10);
    return JSON.stringify({
      centre: centres[0].id,
      facility: fresh.id,
      date,
      time_slots: [{ date, slot: slot.id, start_time: slot.start_time, end_time: slot.end_time }],
      name: 'Bench Visitor',
      email: 'bench@example.com',
      mobile_no: String(8000000000 + k),
      booking_amount: slot.price,
      sub_total: slot.price,
    });
  };
  const stopProfile = await startProfile(process.env.BENCH_BOOKING_PROFILE);
  const created = await autocannon({
    url: `${address}/api/public/bookings/`,
    connections: 10,
    duration: SECONDS,
    requests: [
      { method: 'POST', headers: { host, 'content-type': 'application/json' }, setupRequest: (req) => ({ ...req, body: next() }) },
    ],
  });
  await stopProfile();
  // Exports: 10,000 bookings of one facility as CSV and XLSX, one request each, timed end to end.
  const exported = await makeFacility('Export Court');
  await bulkBookings(handle, orgId, centres[0].id, exported.id, -200, 49);
  const exports: Record<string, { seconds: number; bytes: number; rssMb: number }> = {};
  for (const format of ['csv', 'xlsx']) {
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const res = await app.inject({
      method: 'GET',
      url: `/api/booking/booking/?facility=${exported.id}&format=${format}`,
      headers: { host, authorization: `Token ${key}` },
    });
    if (res.statusCode !== 200) throw new Error(`export ${format}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    exports[format] = {
      seconds: (performance.now() - started) / 1000,
      bytes: res.rawPayload.length,
      rssMb: (process.memoryUsage().rss - rssBefore) / 1048576,
    };
  }

  // A list of a 100,000-row table with a search and an ordering, against the same SQL bare.
  const big = await makeFacility('List Court');
  await bulkBookings(handle, orgId, centres[0].id, big.id, -1250, 1249);
  const [{ listRows }] = await withTenant(handle.db, orgId, (tx) =>
    queryRows<{ listRows: number }>(tx, sql`select count(*)::int as "listRows" from booking where facility_id = ${big.id}`),
  );
  // Fresh statistics and a vacuumed table after the bulk insert, as autovacuum leaves a table that grew over months.
  const owner = postgres(ownerUrl, { max: 1, onnotice: () => {} });
  await owner`vacuum analyze`;
  await owner.end();
  const listUrl = `${address}/api/booking/booking/?search=${encodeURIComponent(LIST_SEARCH)}&ordering=-booking_amount`;
  await load(`${bareAddress}/bookings`, {}, Math.min(3, SECONDS));
  const listBare = await load(`${bareAddress}/bookings`, {});
  const probe = await app.inject({ method: 'GET', url: listUrl.slice(address.length), headers: { host, authorization: `Token ${key}` } });
  if (probe.statusCode !== 200) throw new Error(`booking list: ${probe.statusCode} ${probe.body.slice(0, 300)}`);
  await load(listUrl, { host, authorization: `Token ${key}` }, Math.min(3, SECONDS));
  const stopListProfile = await startProfile(process.env.BENCH_LIST_PROFILE);
  const listFull = await load(listUrl, { host, authorization: `Token ${key}` });
  await stopListProfile();

  return {
    listRows,
    listBare,
    listFull,
    bookingsOnRecord,
    exports,
    slots: slotsResult,
    create: {
      perSecond: created['2xx'] / SECONDS,
      created: created['2xx'],
      p99: created.latency.p99,
      errors: created.errors + created.timeouts + created.non2xx,
    },
  };
}

/** Bookings of every slot of a facility on each day of a range (relative to today), written in bulk. */
/**
 * BENCH_BOOKING_PROFILE=file.cpuprofile: a CPU profile of this process (the app's request thread)
 * while bookings are created (BENCH_LIST_PROFILE: while the 100,000-row booking list is loaded), for `node bench/profile-summary.mjs file.cpuprofile` or Chrome's DevTools.
 */
async function startProfile(file: string | undefined): Promise<() => Promise<void>> {
  if (!file) return async () => {};
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params, (err, res) => (err ? reject(err) : resolve(res))));
  await post('Profiler.enable');
  await post('Profiler.start');
  return async () => {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    fs.writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    console.log(`(CPU profile of booking creation written to ${file})`);
  };
}

async function bulkBookings(handle: DatabaseHandle, orgId: number, centreId: number, facilityId: number, fromDay: number, toDay: number) {
  await withTenant(handle.db, orgId, async (tx) => {
    // Set-up, not load: the bulk insert may take longer than a request's statement timeout.
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(
      sql`insert into booking_client (organisation_id, name, mobile) values (${orgId}, 'Bench Client', '9000090000') on conflict do nothing`,
    );
    await tx.execute(sql`
      with days as (select (current_date + d)::date as date from generate_series(${fromDay}::int, ${toDay}::int) d),
           slots as (select id, start_time, end_time, price from time_slot where facility_id = ${facilityId}),
           c as (select id from booking_client where organisation_id = ${orgId} and mobile = '9000090000'),
           b as (
             insert into booking (organisation_id, code, centre_id, facility_id, client_id, date, source, name, mobile, sub_total, booking_amount)
             select ${orgId}, 'BENCH-' || ${facilityId}::text || '-' || days.date || '-' || slots.id, ${centreId}, ${facilityId}, c.id, days.date, 'online',
                    'Client ' || ((days.date - date '2000-01-01' + slots.id) % 500),
                    '9' || lpad(((days.date - date '2000-01-01') * 41 + slots.id)::text, 9, '0'), slots.price, slots.price
             from days cross join slots cross join c
             returning id, date, code
           )
      insert into booked_time_slot (organisation_id, booking_id, facility_id, time_slot_id, date, start_time, end_time, price)
      select ${orgId}, b.id, ${facilityId}, s.id, b.date, s.start_time, s.end_time, s.price
      from b join slots s on b.code = 'BENCH-' || ${facilityId}::text || '-' || b.date || '-' || s.id`);
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
