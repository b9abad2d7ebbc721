/**
 * A bench's own PostgreSQL database with one organisation (its manifests' defaults made) and its
 * owner, and the built app on loopback logged in as that owner: what the store and plan benches
 * start from. `close()` stops the app and drops the database (BENCH_KEEP keeps it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { buildApp } from '../src/app.js';
import { MODULE_MANIFESTS } from '../src/modules/manifests.js';
import { loadConfig, type Config } from '../src/platform/config.js';
import { openDatabase, withTenant, type DatabaseHandle, type Tx } from '../src/platform/db/client.js';
import { appUser, organisation } from '../src/platform/db/schema.js';
import { organisationCreated } from '../src/platform/module.js';
import { systemCtx, type Ctx } from '../src/platform/request-context.js';
import { hashPassword } from '../src/modules/accounts/passwords.js';
import { trialPlan } from '../src/modules/administrator/organisation.service.js';
import type { shooter } from './shots.js';

export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchOrg {
  dbUrl: string;
  handle: DatabaseHandle;
  config: Config;
  org: typeof organisation.$inferSelect;
  /** Runs `fn` in the organisation's tenant transaction, as the system. */
  inOrg<T>(fn: (tx: Tx, ctx: Ctx) => Promise<T>): Promise<T>;
  /** Starts the whole app on loopback and logs the owner in: its port and the headers of an owner's request. */
  serve(request: ReturnType<typeof shooter>['request']): Promise<{ port: number; auth: Record<string, string> }>;
  close(): Promise<void>;
}

export async function benchOrganisation(prefix: string): Promise<BenchOrg> {
  const name = `arena_bench_${prefix}_${Date.now()}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dbUrl = url.toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `arena-bench-${prefix}-`));
  const handle = await openDatabase({ url: dbUrl, poolSize: 10 });
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: dbUrl });
  const [org] = await handle.db
    .insert(organisation)
    .values({
      subdomain: 'bench',
      displayName: 'Bench Sports',
      accountNumber: 'BENCH1',
      gstin: '29AAHCD1234K1ZL',
      state: 'Karnataka',
      legalName: 'Bench Sports Pvt Ltd',
      subscriptionPlanId: await trialPlan(handle.db),
      dueDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    })
    .returning();
  const email = 'owner@bench.example.com';
  const password = 'BenchOwner#2026';
  await handle.db.insert(appUser).values({
    email,
    passwordHash: await hashPassword(password),
    firstName: 'Bench',
    lastName: 'Owner',
    roleName: 'Owner',
    organisationId: org.id,
    isOwner: true,
    emailVerifiedAt: new Date(),
  });
  const ctx = systemCtx(config, org, 'bench');
  const inOrg = <T>(fn: (tx: Tx, ctx: Ctx) => Promise<T>) => withTenant(handle.db, org.id, (tx) => fn(tx, ctx));
  await inOrg((tx) => organisationCreated(tx, ctx, MODULE_MANIFESTS));
  const closers: (() => Promise<unknown>)[] = [];

  return {
    dbUrl,
    handle,
    config,
    org,
    inOrg,
    async serve(request) {
      const app = await buildApp({ config, db: handle.db, logger: false });
      closers.push(() => app.close());
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as { port: number }).port;
      const host = 'bench.localhost:3000';
      const login = await request(
        port,
        'POST',
        '/api/accounts/login/',
        { host, 'content-type': 'application/json' },
        JSON.stringify({ email, password }),
      );
      const answer = JSON.parse(login.body) as { key?: string; token?: string };
      const token = answer.key ?? answer.token;
      if (!token) throw new Error(`bench login: ${login.status} ${login.body}`);
      return { port, auth: { host, authorization: `Token ${token}` } };
    },
    async close() {
      for (const close of closers.reverse()) await close().catch(() => {});
      await handle.close();
      if (!process.env.BENCH_KEEP) await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      else console.log(`kept database ${name}`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
