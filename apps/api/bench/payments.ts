/**
 * The payments bench (issue 23), on PostgreSQL, in a database of its own, over loopback:
 * - bare: a Fastify route settling an order with the core SQL only (one conditional UPDATE by id
 *   through postgres.js as the owner: no signature, no RLS, no event log, no hook);
 * - full: `POST /api/public/payments/webhook/` with a signed Razorpay-shaped body per order,
 *   through the whole stack (raw body, HMAC, the order's tenant transaction, the conditional
 *   UPDATE, the purpose's hook, the `payment_event` row);
 * - storm: every order's webhook delivered REPLAYS times at once (gateways retry) — each order
 *   must end with exactly one payment.
 * Both loads run BENCH_PAYMENT_CONCURRENCY (default 50) requests in flight; figures are
 * settlements/s, p99, and full against bare. Goal: full ≥ 0.25 × bare, and the storm exact.
 * Alone: `npx tsx --conditions=source bench/payments.ts` (from apps/api).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import postgres from 'postgres';
import { buildApp } from '../src/app.js';
import { MODULE_MANIFESTS } from '../src/modules/manifests.js';
import { createPaymentOrder } from '../src/modules/payments/index.js';
import { sandboxSecret } from '../src/modules/payments/gateway-settings.service.js';
import { webhookSignature } from '../src/modules/payments/gateway.js';
import { loadConfig } from '../src/platform/config.js';
import { openDatabase, queryRows, withTenant } from '../src/platform/db/client.js';
import { organisation } from '../src/platform/db/schema.js';
import { organisationCreated, registerModules } from '../src/platform/module.js';
import { systemCtx } from '../src/platform/request-context.js';
import { sql } from 'drizzle-orm';
import { p99, shooter, shot, type Shot } from './shots.js';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const COUNT = Number(process.env.BENCH_PAYMENT_ORDERS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_PAYMENT_CONCURRENCY ?? 50);
const STORM_ORDERS = 200;
const REPLAYS = 10;

const { fire, close: closeAgent } = shooter(CONCURRENCY);
const post = (port: number, url: string, host: string, body: string, headers: Record<string, string> = {}) =>
  shot(port, 'POST', url, { host, 'content-type': 'application/json', ...headers }, body);

export async function runPaymentsBench(): Promise<void> {
  const name = `arena_bench_payments_${Date.now()}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-bench-payments-'));
  const handle = await openDatabase({ url: dbUrl.toString(), poolSize: 10 });
  const closers: (() => Promise<unknown>)[] = [];
  try {
    // A purpose of the bench's own: the hook does what a light real one does (one tenant write).
    registerModules([
      ...MODULE_MANIFESTS,
      {
        name: 'bench-payments',
        routes: async () => {},
        paymentPurposes: [
          {
            name: 'bench_due',
            payee: 'organisation',
            onPaid: async (tx) => void (await tx.execute(sql`select 1`)),
          },
        ],
      },
    ]);
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: dbUrl.toString() });
    const [org] = await handle.db
      .insert(organisation)
      .values({ subdomain: 'bench', displayName: 'Bench Sports', accountNumber: 'BENCH1' })
      .returning();
    const ctx = systemCtx(config, org, 'bench');
    await withTenant(handle.db, org.id, (tx) => organisationCreated(tx, ctx, MODULE_MANIFESTS));
    const [gateway] = await withTenant(handle.db, org.id, (tx) =>
      queryRows<{ key_id: string }>(tx, sql`select key_id from payment_gateway where is_active`),
    );
    const secret = sandboxSecret(config, gateway.key_id, 'webhook');

    const makeOrders = async (n: number) => {
      const ids: { gid: string; paise: number }[] = [];
      for (let start = 0; start < n; start += 250) {
        await withTenant(handle.db, org.id, async (tx) => {
          for (let i = start; i < Math.min(n, start + 250); i++) {
            const amount = 100 + (i % 900);
            const made = await createPaymentOrder(tx, ctx, {
              payee: 'organisation',
              purpose: 'bench_due',
              ref: { n: i },
              amount: String(amount),
              description: 'Bench due',
              payer: { name: 'Bench', email: 'bench@example.com', phone: '9812345678' },
              returnPath: '/',
            });
            const [row] = await queryRows<{ gateway_order_id: string }>(
              tx,
              sql`select gateway_order_id from payment_order where id = ${made.id}`,
            );
            ids.push({ gid: row.gateway_order_id, paise: amount * 100 });
          }
        });
      }
      return ids;
    };
    const started = performance.now();
    const bareOrders = await makeOrders(COUNT);
    const fullOrders = await makeOrders(COUNT);
    const stormOrders = await makeOrders(STORM_ORDERS);
    console.log(`payments: ${2 * COUNT + STORM_ORDERS} sandbox orders made in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const app = await buildApp({ config, db: handle.db, logger: false });
    closers.push(() => app.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const host = 'bench.localhost:3000';

    const bareSql = postgres(dbUrl.toString(), { max: 10, onnotice: () => {} });
    const bare = Fastify({ logger: false });
    closers.push(
      () => bare.close(),
      () => bareSql.end(),
    );
    bare.post('/settle', async (req) => {
      const { gid, pid } = req.body as { gid: string; pid: string };
      const rows = await bareSql`update payment_order set status = 'paid', gateway_payment_id = ${pid}, paid_at = now()
                                 where gateway_order_id = ${gid} and status = 'created' returning id`;
      return { status: rows.length ? 'paid' : 'duplicate' };
    });
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const barePort = (bare.server.address() as { port: number }).port;

    const webhook = (o: { gid: string; paise: number }, pid: string) => {
      const raw = JSON.stringify({
        event: 'payment.captured',
        payload: { payment: { entity: { id: pid, order_id: o.gid, amount: o.paise, status: 'captured' } } },
      });
      return post(port, '/api/public/payments/webhook/', host, raw, { 'x-razorpay-signature': webhookSignature(secret, raw) });
    };

    const b = await fire(bareOrders.map((o, i) => post(barePort, '/settle', host, JSON.stringify({ gid: o.gid, pid: `pay_bare${i}` }))));
    const f = await fire(fullOrders.map((o, i) => webhook(o, `pay_full${i}`)));
    const storm = await fire(stormOrders.flatMap((o, i) => Array.from({ length: REPLAYS }, () => webhook(o, `pay_storm${i}`))));

    const bad = (xs: Shot[]) => xs.filter((s) => s.status !== 200).length;
    const bareRate = COUNT / b.seconds;
    const fullRate = COUNT / f.seconds;
    const paidInStorm = storm.results.filter((s) => s.body.includes('"paid"')).length;
    const [{ paid }] = await queryRows<{ paid: number }>(
      handle.db,
      sql`select count(*)::int as paid from payment_order where status = 'paid' and gateway_payment_id like 'pay_storm%'`,
    );
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    const line = (label: string, rate: number, shots: Shot[]) =>
      `${label.padEnd(58)} ${rate.toFixed(0).padStart(6)} /s  p99 ${p99(shots.map((s) => s.ms))
        .toFixed(1)
        .padStart(6)} ms  errors ${bad(shots)}`;
    console.log(line('bare: settle by one UPDATE (postgres.js, owner)', bareRate, b.results));
    console.log(line('full: signed webhook through the stack', fullRate, f.results));
    console.log(
      `full / bare`.padEnd(58) +
        ` ${(fullRate / bareRate).toFixed(2).padStart(6)} ×   goal ≥ 0.25: ${verdict(fullRate / bareRate >= 0.25)}`,
    );
    console.log(
      `storm: ${STORM_ORDERS} orders × ${REPLAYS} deliveries at once`.padEnd(58) +
        ` ${(storm.results.length / storm.seconds).toFixed(0).padStart(6)} /s  paid answers ${paidInStorm}, orders paid ${paid}` +
        `  goal exactly ${STORM_ORDERS}: ${verdict(paidInStorm === STORM_ORDERS && paid === STORM_ORDERS && bad(storm.results) === 0)}`,
    );
  } finally {
    for (const close of closers.reverse()) await close().catch(() => {});
    closeAgent();
    await handle.close();
    if (!process.env.BENCH_KEEP) await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href)
  runPaymentsBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
