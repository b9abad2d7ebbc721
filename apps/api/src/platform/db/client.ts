import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import * as schema from './schema.js';
import { APP_ROLE, securityStatements } from './security.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or a transaction. */
export type Queryable = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL URL of a role that owns the schema; unset = PGlite. */
  url?: string;
  /** PGlite data directory; unset = in memory. */
  dataDir?: string;
  poolSize?: number;
}

const MIGRATION_LOCK = 727_274_001;

export function migrationsFolder(): string {
  // src/platform/db → src/db/migrations, and the same shape under dist/ (the build copies it)
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');
}

/**
 * Opens the database: applies migrations and the security statements as the owner, then
 * returns a client that works as the non-owner application role, so row-level security holds.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url, options.poolSize ?? 10) : openPglite(options.dataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  await preparePostgres(url);
  return connectPostgres(url, poolSize);
}

async function preparePostgres(url: string): Promise<void> {
  const owner = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await owner`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePostgres(drizzlePostgres(owner), { migrationsFolder: migrationsFolder() });
    for (const statement of securityStatements()) await owner.unsafe(statement);
    await owner`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await owner.end();
  }
}

/**
 * Connects to a database that is already migrated, as the application role. Tests use it on
 * copies of a migrated template database, so they do not migrate once per file.
 */
export function connectPostgres(url: string, poolSize: number): DatabaseHandle {
  const client = postgres(url, {
    max: poolSize,
    onnotice: () => {},
    // `socket` is accepted at run time but missing from the package's option types.
    ...({ socket: noDelaySocket } as object),
    // Every pooled connection starts as the application role (a startup parameter, so no extra round trip).
    connection: { role: APP_ROLE, application_name: 'arena' },
  });
  const db = drizzlePostgres(client, { schema }) as unknown as Database;
  return { db, kind: 'postgres', close: () => client.end({ timeout: 5 }) };
}

/**
 * postgres.js leaves Nagle's algorithm on. A transaction pipelines statements (the tenant
 * setting, then the query), and Nagle would hold the second write until the first is
 * acknowledged — up to a delayed-ACK timeout (40 ms) per request. Connect with TCP_NODELAY.
 */
function noDelaySocket(options: { host: string[]; port: number[]; path?: string | false }): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = options.path ? net.connect(options.path) : net.connect({ host: options.host[0], port: options.port[0] });
    socket.setNoDelay(true);
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

async function openPglite(dataDir?: string): Promise<DatabaseHandle> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  return preparePglite(await PGlite.create(dataDir));
}

/**
 * Migrates a PGlite the caller created and hands it back working as the application role.
 * Tests build their template this way, keeping `client` to dump its data directory.
 */
export async function preparePglite(client: PGlite): Promise<DatabaseHandle> {
  await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() });
  for (const statement of securityStatements()) await client.exec(statement);
  return pgliteAsAppRole(client);
}

/**
 * Opens an in-memory copy of a migrated PGlite from a dump of its data directory
 * (`PGlite.dumpDataDir`), without migrating again: tests restore one template per file.
 */
export async function openPgliteFrom(dump: Blob): Promise<DatabaseHandle> {
  return pgliteAsAppRole(await PGlite.create({ loadDataDir: dump }));
}

async function pgliteAsAppRole(client: PGlite): Promise<DatabaseHandle> {
  // PGlite has one session: switch it to the application role for good.
  await client.exec(`SET ROLE ${APP_ROLE}`);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return { db, kind: 'pglite', close: () => client.close() };
}

/** Runs `fn` in a transaction scoped to one organisation: RLS sees only its rows. */
export async function withTenant<T>(db: Database, organisationId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // Not awaited before `fn` starts: the driver sends it first on the same connection and
    // pipelines the next statement behind it, saving a round trip per request.
    const tenantSet = tx.execute(sql`select set_config('app.organisation_id', ${String(organisationId)}, true)`).then(() => undefined);
    try {
      const result = await fn(tx);
      await tenantSet;
      return result;
    } catch (err) {
      await tenantSet.catch(() => undefined);
      throw err;
    }
  });
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Rows of a raw SQL statement, whichever driver runs it (postgres.js returns an array, PGlite `{rows}`). */
export async function queryRows<T = Record<string, unknown>>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
