/**
 * The store bench (issue 24), on PostgreSQL, in a database of its own, over loopback:
 * - checkout, bare: a Fastify route doing the sale's core SQL only (three conditional stock
 *   UPDATEs and the sale's row, through postgres.js as the owner: no FEFO read, no invoice, no
 *   ledger, no RLS, no audit);
 * - checkout, full: `POST /api/store/shopping-cart/checkout/` of a 3-line cart through the whole
 *   stack (FEFO locking and picking, movements, the GST invoice, the receipt, the audit rows).
 *   Goal: ≥ 150 sales/s, p99 reported, with full against bare.
 * - stock list: `GET /api/store/sub-product/?search=…` over 20,000 variants, against the same
 *   page read as bare SQL. Goal: p99 ≤ 3 × bare.
 * Both run BENCH_STORE_CONCURRENCY (default 20) requests in flight.
 * Alone: `npx tsx --conditions=source bench/store.ts` (from apps/api).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import { p99, shooter, shot, type Shot } from './shots.js';
import { queryRows } from '../src/platform/db/client.js';
import { benchOrganisation } from './org.js';

const SALES = Number(process.env.BENCH_STORE_SALES ?? 1500);
const CONCURRENCY = Number(process.env.BENCH_STORE_CONCURRENCY ?? 20);
const VARIANTS = 20_000;
/** The variants carts are made of (each with three batches of stock). */
const SELLING = 300;
const LIST_SHOTS = Number(process.env.BENCH_STORE_LIST_SHOTS ?? 1500);

const { request, fire, close: closeAgent } = shooter(CONCURRENCY);
/** A deterministic 0…1 sequence. */
const rnd = (n: number) => {
  const x = Math.sin(n * 9301 + 49297) * 233280;
  return x - Math.floor(x);
};

export async function runStoreBench(): Promise<void> {
  const bench = await benchOrganisation('store');
  const { handle, org } = bench;
  const closers: (() => Promise<unknown>)[] = [];
  try {
    const started = performance.now();
    const made = await bench.inOrg(async (tx) => {
      const [c] = await queryRows<{ id: number }>(
        tx,
        sql`insert into centre (organisation_id, name, state) values (${org.id}, 'Main Centre', 'Karnataka') returning id`,
      );
      const [cat] = await queryRows<{ id: number }>(
        tx,
        sql`insert into store_category (organisation_id, name) values (${org.id}, 'Supplements') returning id`,
      );
      const [mode] = await queryRows<{ id: number }>(
        tx,
        sql`select id from payment_mode where organisation_id = ${org.id} and name = 'Cash'`,
      );
      // 2,000 products of ten variants each: 20,000 variants; the first SELLING with stock in three batches.
      await queryRows(
        tx,
        sql`insert into store_product (organisation_id, name, category_id, hsn, gst_rates, tracks_expiry)
            select ${org.id}, 'Product ' || lpad(g::text, 5, '0'), ${cat.id}, '2106', '[{"rate":18,"from":"2017-07-01"}]'::jsonb, true
            from generate_series(1, ${VARIANTS / 10}) g`,
      );
      await queryRows(
        tx,
        sql`insert into store_sub_product (organisation_id, product_id, name, sku, barcode, mrp, price, cost)
            select ${org.id}, p.id, 'Flavour ' || v, 'SKU-' || lpad(((row_number() over (order by p.id, v)))::text, 6, '0'),
                   '', 1200, 1180, 700
            from store_product p cross join generate_series(1, 10) v where p.organisation_id = ${org.id}`,
      );
      await queryRows(
        tx,
        sql`insert into store_batch (organisation_id, sub_product_id, centre_id, batch_no, expiry_date, received_on, received, quantity, cost)
            select ${org.id}, s.id, ${c.id}, 'B' || b, current_date + 60 * b, current_date - 10, 100000, 100000, 700
            from (select id from store_sub_product where organisation_id = ${org.id} order by id limit ${SELLING}) s cross join generate_series(1, 3) b`,
      );
      await queryRows(tx, sql`analyze store_sub_product`);
      await queryRows(tx, sql`analyze store_batch`);
      const ids = await queryRows<{ id: string }>(
        tx,
        sql`select id from store_sub_product where organisation_id = ${org.id} order by id limit ${SELLING}`,
      );
      return { centre: Number(c.id), mode: Number(mode.id), ids: ids.map((r) => Number(r.id)) };
    });
    console.log(`store: ${VARIANTS} variants, ${SELLING * 3} batches made in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const { port, auth } = await bench.serve(request);
    const host = auth.host;

    const bareSql = postgres(bench.dbUrl, { max: 10, onnotice: () => {} });
    const bare = Fastify({ logger: false });
    closers.push(
      () => bare.close(),
      () => bareSql.end(),
    );
    bare.post('/sell', async (req) => {
      const { lines } = req.body as { lines: { id: number; q: number }[] };
      return bareSql.begin(async (q) => {
        for (const l of lines)
          await q`update store_batch set quantity = quantity - ${l.q}
                  where id = (select id from store_batch where sub_product_id = ${l.id} and quantity >= ${l.q} order by expiry_date limit 1)`;
        const [row] =
          await q`insert into store_sale (organisation_id, date, centre_id, total) values (${org.id}, current_date, ${made.centre}, 3540) returning id`;
        return { id: row.id };
      });
    });
    bare.get('/variants', async (req) => {
      const { search } = req.query as { search: string };
      return bareSql`select sp.id, sp.name, sp.sku, p.name as product, coalesce(sum(b.quantity), 0)::int as stock
                     from store_sub_product sp join store_product p on p.id = sp.product_id
                     left join store_batch b on b.sub_product_id = sp.id
                     where sp.organisation_id = ${org.id} and (p.name ilike ${`%${search}%`} or sp.sku ilike ${`%${search}%`})
                     group by sp.id, p.name order by p.name, sp.name limit 25`;
    });
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const barePort = (bare.server.address() as { port: number }).port;

    const cart = (i: number) => {
      const picked = new Set<number>();
      for (let k = 0; picked.size < 3; k++) picked.add(made.ids[Math.floor(rnd(i * 5 + k) * made.ids.length)]);
      return [...picked].sort((a, b) => a - b);
    };
    const b = await fire(
      Array.from({ length: SALES }, (_, i) =>
        shot(
          barePort,
          'POST',
          '/sell',
          { host, 'content-type': 'application/json' },
          JSON.stringify({ lines: cart(i).map((id) => ({ id, q: 1 })) }),
        ),
      ),
    );
    const f = await fire(
      Array.from({ length: SALES }, (_, i) =>
        shot(
          port,
          'POST',
          '/api/store/shopping-cart/checkout/',
          { ...auth, 'content-type': 'application/json' },
          JSON.stringify({
            centre: made.centre,
            lines: cart(SALES + i).map((id) => ({ sub_product: id, quantity: 1 })),
            payments: [{ payment_mode: made.mode, amount: '3540.00' }],
          }),
        ),
      ),
    );
    const searches = (i: number) =>
      String(Math.floor(rnd(i) * 2000) + 1)
        .padStart(5, '0')
        .slice(0, 4);
    const lb = await fire(Array.from({ length: LIST_SHOTS }, (_, i) => shot(barePort, 'GET', `/variants?search=${searches(i)}`, { host })));
    const lf = await fire(
      Array.from({ length: LIST_SHOTS }, (_, i) => shot(port, 'GET', `/api/store/sub-product/?search=${searches(i)}&page_size=25`, auth)),
    );

    const bad = (xs: Shot[], ok: number) => xs.filter((s) => s.status !== ok).length;
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    const line = (label: string, rate: number, shots: Shot[], ok: number) =>
      `${label.padEnd(58)} ${rate.toFixed(0).padStart(6)} /s  p99 ${p99(shots.map((s) => s.ms))
        .toFixed(1)
        .padStart(6)} ms  errors ${bad(shots, ok)}`;
    const firstBad = [...b.results, ...f.results].find((s) => s.status >= 400);
    if (firstBad) console.log(`first error: ${firstBad.status} ${firstBad.body.slice(0, 300)}`);
    const fullRate = SALES / f.seconds;
    console.log(line('checkout bare: 3 stock UPDATEs + the sale row (postgres.js)', SALES / b.seconds, b.results, 200));
    console.log(line('checkout full: 3-line cart, FEFO, invoice, receipt', fullRate, f.results, 201));
    console.log(
      `checkout full / bare`.padEnd(58) +
        ` ${(fullRate / (SALES / b.seconds)).toFixed(2).padStart(6)} ×   goal ≥ 150 sales/s: ${verdict(fullRate >= 150 && bad(f.results, 201) === 0)}`,
    );
    const lbP = p99(lb.results.map((s) => s.ms));
    const lfP = p99(lf.results.map((s) => s.ms));
    console.log(line(`stock list bare: ${VARIANTS} variants, search, one page`, LIST_SHOTS / lb.seconds, lb.results, 200));
    console.log(line('stock list full: GET /api/store/sub-product/?search=', LIST_SHOTS / lf.seconds, lf.results, 200));
    console.log(
      `stock list p99 full / bare`.padEnd(58) +
        ` ${(lfP / lbP).toFixed(2).padStart(6)} ×   goal ≤ 3: ${verdict(lfP / lbP <= 3 && bad(lf.results, 200) === 0)}`,
    );
    const [check] = await queryRows<{ negative: number }>(
      handle.db,
      sql`select count(*)::int as negative from store_batch where quantity < 0`,
    );
    console.log(`checkout after the load: batches below zero ${check.negative}`);
  } finally {
    for (const close of closers.reverse()) await close().catch(() => {});
    closeAgent();
    await bench.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href)
  runStoreBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
