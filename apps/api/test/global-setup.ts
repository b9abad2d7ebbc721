/**
 * Builds the integration tests' databases once per run: creating and seeding one takes ~10 s on
 * PGlite, restoring a copy of a template under a second. Two templates, so `seed: false` still
 * means an empty migrated database without paying for the seed twice:
 * - PGlite: dumps of the data directory in a temp dir; each test file restores one in memory.
 * - PostgreSQL (TEST_DATABASE_URL): template databases; each test file creates a copy of one.
 * The booking seed is relative to today, which a template built at the start of the run still is.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { seedDemo } from '../src/db/seed.js';
import { connectPostgres, createPglite, openDatabase, preparePglite } from '../src/platform/db/client.js';
import { APP_ROLE } from '../src/platform/db/security.js';

/** PGlite: paths of data-directory dumps; PostgreSQL: names of template databases. */
export type DatabaseTemplates = Record<'seeded' | 'empty', string>;

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  const { templates, remove } = url ? await postgresTemplates(url) : await pgliteTemplates();
  project.provide('databaseTemplates', templates);
  return remove;
}

async function pgliteTemplates() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-templates-'));
  const client = await createPglite();
  const handle = await preparePglite(client);
  const empty = await writeDump(client, path.join(dir, 'empty.tar'));
  await seedDemo(handle.db);
  const seeded = await writeDump(client, path.join(dir, 'seeded.tar'));
  await handle.close();
  return { templates: { seeded, empty }, remove: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

async function writeDump(client: PGlite, file: string): Promise<string> {
  // A checkpoint leaves a restored copy no WAL to replay as it starts (~0.1 s a test file); it
  // needs the owner, and the session goes back to the application role for the seed after it.
  await client.exec(`RESET ROLE; CHECKPOINT; SET ROLE ${APP_ROLE}`);
  // Uncompressed: each test file restores it, and gunzipping would cost more than the bytes saved.
  const dump = await client.dumpDataDir('none');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

async function postgresTemplates(url: string) {
  const suffix = randomBytes(6).toString('hex');
  const templates = { empty: `arena_tpl_empty_${suffix}`, seeded: `arena_tpl_seeded_${suffix}` };
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  const remove = async () => {
    for (const name of Object.values(templates)) await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
  try {
    await admin.unsafe(`CREATE DATABASE ${templates.empty}`);
    await (await openDatabase({ url: databaseUrl(url, templates.empty) })).close();
    // Copying the migrated template is cheaper than migrating a second database.
    await admin.unsafe(`CREATE DATABASE ${templates.seeded} TEMPLATE ${templates.empty}`);
    const seeded = connectPostgres(databaseUrl(url, templates.seeded), 1);
    // Closed even when seeding fails: DROP and CREATE … TEMPLATE both want it free of connections.
    await seedDemo(seeded.db).finally(() => seeded.close());
  } catch (err) {
    await remove(); // a failed run leaves no databases behind on a shared server
    throw err;
  }
  return { templates, remove };
}

/** The server's URL with another database name. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
