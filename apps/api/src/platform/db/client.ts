import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type Column, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { PostgresJsSession, PostgresJsTransaction } from 'drizzle-orm/postgres-js/session';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import { Logger, runMigrations } from 'graphile-worker';
import * as schema from './schema.js';
import { APP_ROLE, jobQueueGrants, LOGIN_ROLE, loginRoleStatements, securityStatements } from './security.js';
import { InvalidationBus, INVALIDATION_CHANNEL, PEER_ANNOUNCE_MS } from './invalidation.js';
import { TenantGate } from './tenant-gate.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or a transaction. */
export type Queryable = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the URL the pool logs in with (the job worker uses it too). */
  appUrl?: string;
  close(): Promise<void>;
}

/**
 * What the platform keeps beside a Database: the fast tenant transaction (PostgreSQL), the bus
 * that carries cache invalidations from every instance, and the per-organisation gate.
 */
export interface TenantOptions {
  /** The transaction only reads: it runs READ ONLY, and the answer does not wait for COMMIT (the connection goes back to the pool once COMMIT is answered). */
  readOnly?: boolean;
  /**
   * Plan every statement for the values it is given (PostgreSQL's `plan_cache_mode =
   * force_custom_plan`, for this transaction only). Prepared statements otherwise switch to a
   * generic plan after five runs, made for an average organisation: for the one club with 5,000
   * members beside 200 small ones it guesses 23 rows where there are 30,000 and picks a nested
   * loop five times slower. Reports and dashboards ask for it: their statements run long enough
   * that planning each is cheap beside them.
   */
  customPlans?: boolean;
}

interface DatabaseExtras {
  kind: 'pglite' | 'postgres';
  runTenant?: <T>(organisationId: number, fn: (tx: Tx) => Promise<T>, options: TenantOptions) => Promise<T>;
  readStatements?: (organisationId: number, statements: string[]) => Promise<unknown[][][]>;
  endedTx?: EndedTx;
  bus: InvalidationBus;
  gate: TenantGate;
}
const extras = new WeakMap<Database, DatabaseExtras>();

function extrasOf(db: Database): DatabaseExtras {
  let found = extras.get(db);
  if (!found) {
    found = { kind: 'pglite', bus: new InvalidationBus(), gate: new TenantGate(Number.POSITIVE_INFINITY) };
    extras.set(db, found);
  }
  return found;
}

/** Which database this is: PostgreSQL (many instances may share it) or the embedded one. */
export function databaseKind(db: Database): 'pglite' | 'postgres' {
  return extrasOf(db).kind;
}

/** The bus of cache invalidations of this database (from every instance connected to it). */
export function invalidationsOf(db: Database): InvalidationBus {
  return extrasOf(db).bus;
}

let syncSerial = 0;
/** The grace a revocation gives the other instances' listeners (see `settleInvalidations`). */
export const REVOCATION_GRACE_MS = 15;

/**
 * Waits until the invalidations of every write this instance has committed have reached the
 * caches: it notifies a token of its own and waits (at most `timeoutMs`) to hear it. PostgreSQL
 * delivers notifications in commit order and signals every listening session at commit, so when
 * the token is heard here the earlier payloads have been heard here and sent to every other
 * instance; `graceMs` (a revocation gives `REVOCATION_GRACE_MS`) then lets the other
 * instances' listeners hand theirs over — only when another instance has announced itself on the
 * channel (`peer:` payloads), so a single instance never waits. A revocation (logout, password reset) calls it before answering, so the client's next
 * request meets no instance that still trusts the revoked key. It never throws.
 */
export async function settleInvalidations(db: Database, options: { timeoutMs?: number; graceMs?: number } = {}): Promise<void> {
  const { timeoutMs = 1_000, graceMs = 0 } = options;
  const token = `sync:${process.pid}.${++syncSerial}.${Math.random().toString(36).slice(2, 10)}`;
  const { seen, cancel } = invalidationsOf(db).next(token);
  let timer: NodeJS.Timeout | undefined;
  try {
    await db.execute(sql`select pg_notify(${INVALIDATION_CHANNEL}, ${token})`);
    await Promise.race([seen, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    // Every listening session was signalled at the same commit as ours, but each hands its
    // notification to its instance on its own: a short grace lets theirs land too (CI once saw
    // B's next request come first, in one round of twenty, under load).
    // With no other instance listening (one instance, the embedded database) there is nobody to wait for.
    if (graceMs && invalidationsOf(db).hasPeers()) await new Promise<void>((resolve) => setTimeout(resolve, graceMs));
  } catch {
    // The write it follows has committed: a failing barrier must not turn its answer into an
    // error. The caches' own lifetimes (a minute for keys, a second for slots) still bound it.
  } finally {
    clearTimeout(timer);
    cancel();
  }
}

/** Sessions' limits: a statement or a lock wait past these is cancelled (answered 503). */
export interface SessionLimits {
  statementTimeoutMs: number;
  lockTimeoutMs: number;
  /** Most tenant transactions one organisation may run at once on this instance. */
  perOrganisation: number;
}

export const DEFAULT_LIMITS: SessionLimits = { statementTimeoutMs: 15_000, lockTimeoutMs: 5_000, perOrganisation: 0 };

export interface OpenDatabaseOptions {
  /** PostgreSQL URL of a role that owns the schema; unset = PGlite. */
  url?: string;
  /** PGlite data directory; unset = in memory. */
  dataDir?: string;
  poolSize?: number;
  /** PostgreSQL URL the pool logs in with (a role that is only a member of arena_app); unset = derived. */
  appUrl?: string;
  limits?: Partial<SessionLimits>;
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
  if (!options.url) return openPglite(options.dataDir);
  await preparePostgres(options.url, options.appUrl);
  return connectPostgres(options.url, options.poolSize ?? 10, options);
}

/**
 * The login role's password, derived from the owner's credentials: every instance given the
 * same DATABASE_URL computes the same one, and nobody without the owner's password can.
 */
function loginPassword(ownerUrl: string): string {
  const u = new URL(ownerUrl);
  return createHmac('sha256', `${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}@${u.host}`)
    .update(LOGIN_ROLE)
    .digest('hex');
}

/** The URL the pool uses: DATABASE_APP_URL when given, else the owner's URL with the login role's name and password. */
export function appUrlFor(ownerUrl: string, appUrl?: string): string {
  if (appUrl) return appUrl;
  const u = new URL(ownerUrl);
  u.username = LOGIN_ROLE;
  u.password = loginPassword(ownerUrl);
  return u.toString();
}

async function preparePostgres(url: string, appUrl?: string): Promise<void> {
  const owner = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await owner`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePostgres(drizzlePostgres(owner), { migrationsFolder: migrationsFolder() });
    for (const statement of securityStatements()) await owner.unsafe(statement);
    // The job queue's own schema, migrated by its library, then opened to the application role.
    await runMigrations({ connectionString: url, logger: silentLogger });
    for (const statement of jobQueueGrants()) await owner.unsafe(statement);
    // An operator who provisions the login role (DATABASE_APP_URL) keeps its password; else the owner keeps it in step.
    if (!appUrl) for (const statement of loginRoleStatements(loginPassword(url))) await owner.unsafe(statement);
    await owner`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await owner.end();
  }
}

const silentLogger = new Logger(() => () => undefined);

/**
 * Connects to a database that is already migrated, logging in as the login role and working as
 * the application role. Tests use it on copies of a migrated template database, so they do not
 * migrate once per file.
 */
export function connectPostgres(
  ownerUrl: string,
  poolSize: number,
  options: Pick<OpenDatabaseOptions, 'appUrl' | 'limits'> & {
    /** Called with every statement the pool sends (postgres.js's `debug`): the report bench captures a request's SQL with it. */
    debug?: (connection: number, query: string, parameters: unknown[], types: unknown[]) => void;
  } = {},
): DatabaseHandle {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const appUrl = appUrlFor(ownerUrl, options.appUrl);
  const client = postgres(appUrl, {
    max: poolSize,
    onnotice: () => {},
    ...(options.debug ? { debug: options.debug } : {}),
    // `socket` is accepted at run time but missing from the package's option types.
    ...({ socket: noDelaySocket } as object),
    // Startup parameters, so no extra round trip: every pooled connection works as the
    // application role, and no statement or lock wait can hold a connection for long.
    connection: {
      role: APP_ROLE,
      application_name: 'arena',
      statement_timeout: limits.statementTimeoutMs,
      lock_timeout: limits.lockTimeoutMs,
      idle_in_transaction_session_timeout: Math.max(limits.statementTimeoutMs * 2, 60_000),
    },
  });
  const db = drizzlePostgres(client, { schema }) as unknown as Database;
  const bus = new InvalidationBus();
  bus.announcer = (reply) => void client.notify(INVALIDATION_CHANNEL, `peer:${bus.id}${reply ? ':reply' : ''}`).catch(() => undefined);
  // A dedicated connection LISTENs; after a reconnect anything may have been missed, so every cache
  // starts over. Each (re)connect and every minute it tells the other instances it is there (see `settleInvalidations`).
  const listening = client
    .listen(
      INVALIDATION_CHANNEL,
      (payload) => bus.emit(payload),
      () => {
        bus.reset();
        bus.announce();
      },
    )
    .catch(() => undefined);
  const announcing = setInterval(() => bus.announce(), PEER_ANNOUNCE_MS);
  announcing.unref();
  const perOrganisation = limits.perOrganisation || Math.max(2, Math.ceil(poolSize * 0.6));
  extras.set(db, {
    kind: 'postgres',
    bus,
    gate: new TenantGate(perOrganisation),
    runTenant: pipelinedTenantRunner(client, db),
    readStatements: simpleRead(client),
    endedTx: endedTransaction(db),
  });
  return {
    db,
    kind: 'postgres',
    appUrl,
    close: async () => {
      clearInterval(announcing);
      await listening;
      await client.end({ timeout: 5 });
    },
  };
}

/**
 * The tenant transaction in as few round trips as the work allows. On a reserved connection,
 * `BEGIN` and the tenant setting are sent without waiting and the first statement of `fn` is
 * pipelined behind them; `COMMIT` follows `fn`. A list answers in two round trips instead of four.
 */
function pipelinedTenantRunner(pool: postgres.Sql, db: Database) {
  const internals = db as unknown as { dialect: ConstructorParameters<typeof PostgresJsSession>[1]; session: { schema: unknown } };
  const dialect = internals.dialect;
  const relations = internals.session.schema as ConstructorParameters<typeof PostgresJsSession>[2];
  return async <T>(organisationId: number, fn: (tx: Tx) => Promise<T>, options: TenantOptions): Promise<T> => {
    if (!Number.isSafeInteger(organisationId)) throw new Error('organisation id must be an integer');
    const conn = await pool.reserve();
    let savepoints = 0;
    // Set when the transaction has ended: a statement issued later through this `tx` (a promise
    // nobody awaited) must fail, never run on the connection's next user — another tenant.
    let finished = false;
    // What drizzle's session calls: `unsafe` (always as a named prepared statement, so a query
    // shape is parsed and described once per connection, not on every request) and `savepoint`
    // for a nested `tx.transaction()`.
    interface SessionClient {
      unsafe(query: string, params?: unknown[], queryOptions?: object): ReturnType<typeof conn.unsafe>;
      savepoint<R>(inner: (c: SessionClient) => Promise<R>): Promise<R>;
    }
    const client: SessionClient = {
      unsafe: (query: string, params?: unknown[], queryOptions?: object) => {
        if (finished) throw new Error('This tenant transaction has already ended; await every query inside it.');
        return conn.unsafe(query, params as never, { ...queryOptions, prepare: true });
      },
      savepoint: async <R>(inner: (c: SessionClient) => Promise<R>): Promise<R> => {
        const name = `s${++savepoints}`;
        await conn.unsafe(`savepoint ${name}`);
        try {
          const result = await inner(client);
          await conn.unsafe(`release savepoint ${name}`);
          return result;
        } catch (err) {
          await conn.unsafe(`rollback to savepoint ${name}`);
          throw err;
        }
      },
    };
    let released = false;
    // Set when the connection itself has gone (a killed backend, a network cut): it is never
    // handed back — postgres.js has already moved it to its closed queue and reconnects it on
    // demand; released, it would sit in the open queue and fail every later request given it.
    let dead = false;
    const noteLoss = (err: unknown) => {
      if (isConnectionLoss(err)) dead = true;
    };
    const giveBack = () => {
      if (!dead) conn.release();
    };
    try {
      const begin = options.readOnly ? 'begin read only' : 'begin';
      const plans = options.customPlans ? '; set local plan_cache_mode = force_custom_plan' : '';
      const setup = conn.unsafe(`${begin}; select set_config('app.organisation_id', '${organisationId}', true)${plans}`).simple();
      setup.catch(() => undefined);
      const session = new PostgresJsSession(client as never, dialect, relations);
      const tx = new PostgresJsTransaction(dialect, session, relations) as unknown as Tx;
      let result: T;
      try {
        result = await fn(tx);
        await setup;
      } catch (err) {
        noteLoss(err);
        // ROLLBACK only fails when the connection is gone.
        if (!dead) await conn.unsafe('rollback').catch(noteLoss);
        throw err;
      }
      finished = true;
      if (options.readOnly) {
        // Nothing to make durable: answer now, and hand the connection back once COMMIT is through
        // (a statement still queued on a released reservation would never be sent).
        released = true;
        conn.unsafe('commit').then(giveBack, (err) => {
          noteLoss(err);
          giveBack();
        });
        return result;
      }
      await conn.unsafe('commit').catch((err) => {
        noteLoss(err);
        throw err;
      });
      return result;
    } finally {
      finished = true;
      if (!released) giveBack();
    }
  };
}

/** The connection itself is gone (not a failed statement): postgres.js's own codes, a socket error, or a FATAL from the server. */
export function isConnectionLoss(err: unknown): boolean {
  for (let e = err as { code?: string; severity?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (['CONNECTION_CLOSED', 'CONNECTION_DESTROYED', 'CONNECTION_ENDED', 'ECONNRESET', 'EPIPE'].includes(String(e.code))) return true;
    if (e.severity === 'FATAL' || e.severity === 'PANIC') return true;
  }
  return false;
}

/**
 * A read-only tenant transaction of statements whose SQL is complete (values written in), as
 * one simple-protocol message: `SET TRANSACTION READ ONLY`, the tenant setting and the
 * statements. PostgreSQL runs the statements of one such message as one implicit transaction, so
 * the setting (local to it) is gone when the message is answered, and since nothing else can run
 * between its statements the message needs no reserved connection: it takes its turn on a shared
 * one, pipelined with other requests' statements, as a bare query does. A failing statement (a
 * statement timeout) aborts the transaction and the message, and fails the promise.
 */
function simpleRead(pool: postgres.Sql) {
  return async (organisationId: number, statements: string[]): Promise<unknown[][][]> => {
    if (!Number.isSafeInteger(organisationId)) throw new Error('organisation id must be an integer');
    // SET LOCAL holds to the end of the implicit transaction; neither SET has rows, so postgres.js
    // answers one (empty) result for them and one per statement after.
    const text = [`set transaction read only; set local app.organisation_id = ${organisationId}`, ...statements].join('; ');
    const results = (await pool.unsafe(text).simple().values()) as unknown as unknown[][][];
    if (results.length !== statements.length + 1) throw new Error('a one-message read answers one result per statement');
    return results.slice(1);
  };
}

/** What a statement through an `EndedTx` throws. */
export class EndedTransactionError extends Error {
  constructor() {
    super('This tenant transaction has already ended; await every query inside it.');
  }
}

/**
 * One Tx per database for code that runs after a one-message read was answered: its transaction
 * has ended, so every statement through it throws an `EndedTransactionError`, and `uses` counts
 * them (a caller that compares it before and after its code learns that some code, perhaps
 * another request's, reached for the database — even code that swallowed the error).
 */
export interface EndedTx {
  tx: Tx;
  uses(): number;
}

function endedTransaction(db: Database): EndedTx {
  const internals = db as unknown as { dialect: ConstructorParameters<typeof PostgresJsSession>[1]; session: { schema: unknown } };
  const dialect = internals.dialect;
  const relations = internals.session.schema as ConstructorParameters<typeof PostgresJsSession>[2];
  let uses = 0;
  const ended = () => {
    uses++;
    throw new EndedTransactionError();
  };
  const session = new PostgresJsSession({ unsafe: ended, savepoint: ended } as never, dialect, relations);
  return { tx: new PostgresJsTransaction(dialect, session, relations) as unknown as Tx, uses: () => uses };
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

/** A PGlite with the extensions the migrations use (pg_trgm for substring search indexes, btree_gist for exclusion constraints). */
export function createPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: { pg_trgm, btree_gist } });
}

async function openPglite(dataDir?: string): Promise<DatabaseHandle> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  return preparePglite(await createPglite({ dataDir }));
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
  return pgliteAsAppRole(await createPglite({ loadDataDir: dump }));
}

async function pgliteAsAppRole(client: PGlite): Promise<DatabaseHandle> {
  // PGlite has one session: switch it to the application role for good.
  await client.exec(`SET ROLE ${APP_ROLE}`);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  const bus = new InvalidationBus();
  await client.listen(INVALIDATION_CHANNEL, (payload) => bus.emit(payload));
  extras.set(db, { kind: 'pglite', bus, gate: new TenantGate(Number.POSITIVE_INFINITY) });
  return { db, kind: 'pglite', close: () => client.close() };
}

/**
 * Runs `fn` in a transaction scoped to one organisation: RLS sees only its rows. At most
 * `perOrganisation` of one organisation's transactions run at once on this instance, so one
 * tenant can never take the whole pool.
 */
export async function withTenant<T>(
  db: Database,
  organisationId: number,
  fn: (tx: Tx) => Promise<T>,
  options: TenantOptions = {},
): Promise<T> {
  const { runTenant, gate } = extrasOf(db);
  return gate.run(organisationId, () =>
    runTenant ? runTenant(organisationId, fn, options) : drizzleTenantTransaction(db, organisationId, fn),
  );
}

/**
 * A read-only tenant transaction of complete SQL statements (values written in, see `simpleRead`)
 * in one message, through the per-organisation gate; each statement's rows as arrays of column
 * values in select order. `null` where the database cannot (PGlite): the caller runs its reads in
 * `withTenant` as usual.
 */
export function readTenantStatements(db: Database, organisationId: number, statements: string[]): Promise<unknown[][][]> | null {
  const { readStatements, gate } = extrasOf(db);
  if (!readStatements) return null;
  return gate.run(organisationId, () => readStatements(organisationId, statements));
}

/** The database's `EndedTx` (see there); null on PGlite. */
export function endedTenantTx(db: Database): EndedTx | null {
  return extrasOf(db).endedTx ?? null;
}

function drizzleTenantTransaction<T>(db: Database, organisationId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // Not awaited before `fn` starts: the driver sends it first on the same connection and
    // pipelines the next statement behind it.
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

/**
 * A list of ids as one `bigint[]` parameter (`'{1,2,3}'::bigint[]`). Drizzle's `inArray` makes
 * a parameter per value, and building a statement with a page of 1,000 ids took ~11 ms of CPU
 * (an export of 10,000 rows builds dozens); one array parameter takes ~0.4 ms, and
 * `= any(array)` uses the same indexes as `in (…)`.
 */
export const idArray = (ids: readonly (number | bigint)[]): SQL => sql`${`{${ids.map((n) => String(BigInt(n))).join(',')}}`}::bigint[]`;

/** `column = any(ids)`: the `inArray` of a list of ids, with one parameter (see `idArray`). */
export const inIds = (column: Column | SQL, ids: readonly (number | bigint)[]): SQL => sql`${column} = any(${idArray(ids)})`;
