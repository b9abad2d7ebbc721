/**
 * Test factories: a real app on a real database (a fresh in-memory PGlite, or a fresh database
 * on the PostgreSQL server of TEST_DATABASE_URL), the demo seed, and a mailer that keeps mails.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import postgres from 'postgres';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { EmbeddedJobRunner } from '../src/platform/jobs.js';
import { loadConfig, type Config } from '../src/platform/config.js';
import { connectPostgres, migrationsFolder, openPgliteFrom, type DatabaseHandle, type SessionLimits } from '../src/platform/db/client.js';
import type { Mail, Mailer } from '../src/platform/mail.js';
import { eq } from 'drizzle-orm';
import { appUser } from '../src/platform/db/schema.js';
import { databaseUrl } from './global-setup.js';

export const PG_URL = process.env.TEST_DATABASE_URL;
export const onPostgres = Boolean(PG_URL);

export const DEMO_HOST = 'demo.localhost:3000';
export const RIVERSIDE_HOST = 'riverside.localhost:3000';
export const PROVIDER_HOST = 'localhost:3000';
export const OWNER = { email: 'owner@demo.example.com', password: 'ArenaDemo#2026' };
export const DESK = { email: 'desk@demo.example.com', password: 'ArenaDesk#2026' };
export const RIVERSIDE_OWNER = { email: 'owner@riverside.example.com', password: 'ArenaDemo#2026' };

export interface TestContext {
  app: FastifyInstance;
  handle: DatabaseHandle;
  config: Config;
  mails: Mail[];
  close(): Promise<void>;
}

/**
 * A fresh database copied from this run's template (test/global-setup.ts): empty and migrated,
 * or with the demo seed. PGlite in memory, or a new database on the TEST_DATABASE_URL server.
 */
export async function freshDatabase({
  poolSize = 4,
  seeded = false,
  limits,
}: { poolSize?: number; seeded?: boolean; limits?: Partial<SessionLimits> } = {}): Promise<{
  handle: DatabaseHandle;
  url?: string;
  drop(): Promise<void>;
}> {
  const template = inject('databaseTemplates')[seeded ? 'seeded' : 'empty'];
  if (!PG_URL) {
    const handle = await openPgliteFrom(new Blob([fs.readFileSync(template)]));
    return { handle, drop: async () => handle.close() };
  }
  const name = `arena_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = databaseUrl(PG_URL, name);
  const handle = connectPostgres(url, poolSize, { limits });
  return {
    handle,
    url,
    drop: async () => {
      await handle.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: { poolSize?: number; seed?: boolean; limits?: Partial<SessionLimits> } = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_AUTH_PER_MINUTE: '1000', ...env });
  const { handle, drop } = await freshDatabase({ poolSize: options.poolSize, seeded: options.seed !== false, limits: options.limits });
  const mails: Mail[] = [];
  const mailer: Mailer = { send: async (mail) => void mails.push(mail) };
  const app = await buildApp({ config, db: handle.db, mailer, logger: false });
  await app.ready();
  return {
    app,
    handle,
    config,
    mails,
    close: async () => {
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Call = Omit<InjectOptions, 'headers'> & { host?: string; token?: string | null; headers?: Record<string, string> };

/** app.inject with a Host (default: the demo organisation) and an optional key. */
export function call(app: FastifyInstance, { host = DEMO_HOST, token, headers = {}, ...rest }: Call) {
  return app.inject({ ...rest, headers: { host, ...(token ? { authorization: `Token ${token}` } : {}), ...headers } } as InjectOptions);
}

export async function login(
  app: FastifyInstance,
  who: { email: string; password: string },
  host = DEMO_HOST,
  remember = false,
): Promise<string> {
  const res = await call(app, { method: 'POST', url: '/api/accounts/login/', host, payload: { ...who, remember } });
  if (res.statusCode !== 200) throw new Error(`login of ${who.email} on ${host} failed: ${res.statusCode} ${res.body}`);
  return res.json().key;
}

/**
 * Lets jobs queued by the requests so far (mails on the in-process runner) run: with the app, until
 * every due job and those it added have finished; without, for a few turns of the event loop.
 */
export async function settleJobs(app?: FastifyInstance): Promise<void> {
  if (app?.jobs instanceof EmbeddedJobRunner) return app.jobs.settled();
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** The first link in the newest mail to an address. */
export function linkIn(mails: Mail[], to: string): string {
  const mail = [...mails].reverse().find((m) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in mail to ${to}`);
  return match[0];
}

/** Signs up on the provider host, marks the e-mail verified and logs in: a user with no organisation yet. */
export async function verifiedNewUser(t: TestContext, email: string, password = 'Founder#2026'): Promise<string> {
  await call(t.app, {
    method: 'POST',
    url: '/api/accounts/registration/',
    host: PROVIDER_HOST,
    payload: { email, password1: password, password2: password, first_name: 'Founder' },
  });
  await t.handle.db.update(appUser).set({ emailVerifiedAt: new Date() }).where(eq(appUser.email, email));
  return login(t.app, { email, password }, PROVIDER_HOST);
}

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

/** A multipart/form-data body of text fields and an optional file (in `display_picture` unless `field` says), for app.inject. */
export function multipartBody(fields: Record<string, string>, file?: { name: string; data: Buffer; type: string; field?: string }) {
  const boundary = '----arena-test-boundary';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'display_picture'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Runs `fn` and returns it with every chunk written to a TCP socket meanwhile (what went to the database, as latin1 text). */
export async function withSocketWrites<T>(fn: () => Promise<T>): Promise<{ result: T; writes: string[] }> {
  const write = net.Socket.prototype.write;
  const writes: string[] = [];
  net.Socket.prototype.write = function (this: net.Socket, chunk: unknown, ...rest: unknown[]) {
    writes.push(Buffer.from(chunk as Buffer).toString('latin1'));
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof write;
  try {
    return { result: await fn(), writes };
  } finally {
    net.Socket.prototype.write = write;
  }
}

/** A copy of the migrations folder cut after `tag` (its journal ends there), under `dir`: the schema as it was then. */
export function migrationsUpTo(dir: string, tag: string): string {
  const out = path.join(dir, `before-${tag}`);
  fs.cpSync(migrationsFolder(), out, { recursive: true });
  const journalFile = path.join(out, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === tag) + 1);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return out;
}
