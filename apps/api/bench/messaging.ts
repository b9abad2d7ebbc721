/**
 * The messaging bench (issue 22), on PostgreSQL, in a database of its own: 10,000 recipients
 * queued by `queueMessages` (rendered, opt-outs looked up, credits spent, one row each in one
 * statement) — goal < 5 s — and the queue drained through the offline provider in batches of 500
 * with claims and leases — goal ≥ 500 messages/s.
 * Alone: `npx tsx --conditions=source bench/messaging.ts` (from apps/api).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { MODULE_MANIFESTS } from '../src/modules/manifests.js';
import { drainOrganisation } from '../src/modules/messaging/drain.js';
import { queueMessages } from '../src/modules/messaging/index.js';
import { messageCredit, messageTemplate } from '../src/modules/messaging/schema.js';
import { loadConfig } from '../src/platform/config.js';
import { openDatabase, withTenant } from '../src/platform/db/client.js';
import { organisation } from '../src/platform/db/schema.js';
import { organisationCreated } from '../src/platform/module.js';
import { systemCtx } from '../src/platform/request-context.js';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const COUNT = Number(process.env.BENCH_MESSAGES ?? 10_000);

export async function runMessagingBench(): Promise<void> {
  const name = `arena_bench_messaging_${Date.now()}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-bench-messaging-'));
  const handle = await openDatabase({ url: dbUrl.toString(), poolSize: 10 });
  try {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: dbUrl.toString() });
    const [org] = await handle.db
      .insert(organisation)
      .values({ subdomain: 'bench', displayName: 'Bench Sports', accountNumber: 'BENCH1' })
      .returning();
    const ctx = systemCtx(config, org, 'bench');
    await withTenant(handle.db, org.id, (tx) => organisationCreated(tx, ctx, MODULE_MANIFESTS));
    const [template] = await withTenant(handle.db, org.id, async (tx) => {
      await tx
        .update(messageCredit)
        .set({ balance: COUNT * 3 })
        .where(eq(messageCredit.organisationId, org.id));
      return tx
        .insert(messageTemplate)
        .values({
          organisationId: org.id,
          channel: 'sms',
          name: 'Promo',
          body: 'Hi {first_name}, your {plan} ends on {end_date}. Renew at {centre}. - {organisation}',
        })
        .returning();
    });
    const recipients = Array.from({ length: COUNT }, (_, i) => ({
      kind: 'member',
      id: i + 1,
      name: `Member${i} Rao`,
      phone: `9${String(100000000 + i).slice(-9)}`,
      email: '',
      values: { plan: 'Gold Quarterly', end_date: '30-11-2026', centre: 'Main Centre', member_code: `MEM-${i}` },
    }));
    let started = performance.now();
    const queued = await withTenant(handle.db, org.id, (tx) =>
      queueMessages(tx, ctx, { channel: 'sms', module: 'administrator', template: template.id, recipients, source: 'promotion' }),
    );
    const queueMs = performance.now() - started;
    started = performance.now();
    const drained = await drainOrganisation(handle.db, { config, mailer: { send: async () => {} } }, org.id);
    const drainMs = performance.now() - started;
    const rate = (drained.sent / drainMs) * 1000;
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log(
      `queue ${queued.queued} recipients (render, credits, one INSERT)`.padEnd(58) +
        ` ${queueMs.toFixed(0).padStart(6)} ms   goal < 5000 ms: ${verdict(queueMs < 5000)}`,
    );
    console.log(
      `drain through the offline provider (${drained.sent} sent)`.padEnd(58) +
        ` ${rate.toFixed(0).padStart(6)} msg/s goal ≥ 500/s: ${verdict(rate >= 500)}`,
    );
  } finally {
    await handle.close();
    if (!process.env.BENCH_KEEP) await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href)
  runMessagingBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
