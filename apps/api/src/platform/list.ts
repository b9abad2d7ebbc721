/**
 * One shape for every list endpoint: `GET …/?page=&page_size=&search=&ordering=&<filters>` →
 * `{count, next, previous, results}`, and the same URL with `format=csv|xlsx` → every matching
 * row as a file with the screen's columns. A list is declared once — its joins, search columns,
 * filters, orderings, how a page of rows becomes JSON, and its export columns — and `listRoute`
 * does the rest inside the tenant transaction.
 *
 * ```ts
 * listRoute(app, '/api/administrator/sport/', { module, tags, summary, item: sportSchema, list: {
 *   from: (tx, fields) => tx.select(fields).from(sport).$dynamic(),
 *   fields: { row: sport },
 *   where: (ctx) => eq(sport.organisationId, ctx.organisationId),
 *   search: [sport.name],
 *   filters: { is_active: { schema: z.stringbool(), where: (v) => eq(sport.isActive, v), label: 'Active' } },
 *   ordering: { name: sport.name }, defaultOrdering: [asc(sport.name)], tiebreak: sport.id,
 *   map: (_tx, _ctx, rows) => rows.map((r) => sportJson(r.row)),
 *   export: { filename: 'sports', title: 'Sports and events', columns: [{ header: 'Name', value: (s) => s.name }] },
 * }});
 * ```
 */
import { listQuerySchema, type EndpointSpec, type ModuleName } from '@arena/contracts';
import * as drizzleOrm from 'drizzle-orm';
import { and, asc, count, desc, eq, is, Placeholder, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { EndedTransactionError, endedTenantTx, readTenantStatements, type Tx } from './db/client.js';
import { badRequest } from './errors.js';
import { EXPORT_MAX_ROWS, exportQuerySchema, sendExport, type ExportColumn, type ExportFormat } from './export.js';
import { DEFAULT_PAGE_SIZE, paginate, searchCondition, type Page, type SearchSpec } from './pagination.js';
import type { TenantTable } from './references.js';
import { ctxOf, inTenant, type Ctx } from './request-context.js';
import { configOf } from './route.js';

/** A list's contract (`listEndpoint(path, item)` in the module's contracts). */
export type ListEndpoint = EndpointSpec & { method: 'GET'; list: true; response: z.ZodType };

/** A query parameter that narrows the list. */
export interface Filter<V = never> {
  schema: z.ZodType<V>;
  /** The condition for a value sent; `ctx` gives the organisation's today (`ctx.now.today`) and the like. */
  where: (value: V, ctx: Ctx) => SQL | undefined;
  /** How the filter reads in an export's title: `${label}: ${show(value)}`. */
  label: string;
  show?: (value: V, tx: Tx, ctx: Ctx) => Promise<string> | string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each filter has its own value type
export type Filters = Record<string, Filter<any>>;

export interface ListDefinition<Row, Out> {
  /** `tx.select(fields).from(table)` with the joins, as `$dynamic()`; the page and the count share it. */
  from: (tx: Tx, fields: SelectedFields) => PgSelect;
  fields: SelectedFields;
  /** Conditions that always hold, starting with the organisation. */
  where: (ctx: Ctx) => SQL | undefined;
  search?: SearchSpec;
  filters?: Filters;
  ordering: Record<string, AnyColumn | SQL>;
  defaultOrdering: SQL[];
  /** A default ordering that depends on the filters sent (e.g. the expiring members soonest first); `defaultOrdering` when it gives none. */
  defaultOrderingFor?: (params: Record<string, unknown>) => SQL[] | undefined;
  /** A unique column last in every ordering, so pages never repeat or skip a row. */
  tiebreak: AnyColumn;
  /** A page of selected rows as API JSON (one batch: load what the rows refer to in one query). */
  map: (tx: Tx, ctx: Ctx, rows: Row[]) => Promise<Out[]> | Out[];
  export: { filename: string; title: string; columns: ExportColumn<Out>[] };
}

type ListParams = z.infer<typeof listQuerySchema> & { format?: ExportFormat } & Record<string, unknown>;

/** The querystring of a list's totals: its search and filters, no paging. */
export function totalsQuery(filters: Filters = {}) {
  return z.object({
    search: listQuerySchema.shape.search,
    ...Object.fromEntries(Object.entries(filters).map(([key, f]) => [key, f.schema.optional()])),
  });
}

/** The querystring schema of a list: paging, search, ordering, format and its filters. */
export function listQuery(filters: Filters = {}) {
  // A filter with a default (e.g. only active rows) always applies; the others only when sent.
  const shape = Object.fromEntries(
    Object.entries(filters).map(([k, f]) => [k, f.schema instanceof z.ZodDefault ? f.schema : f.schema.optional()]),
  );
  return listQuerySchema.extend(exportQuerySchema.shape).extend(shape);
}

/**
 * `ordering=name` or `ordering=-created_at,name` (DRF) against an allow-list of fields. An
 * unknown field is a 400 rather than silently ignored, so a typo in a client shows up.
 */
export function orderingClause(ordering: string | undefined, allowed: Record<string, AnyColumn | SQL>, fallback: SQL[]): SQL[] {
  if (!ordering) return fallback;
  const out: SQL[] = [];
  for (const raw of ordering
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const name = raw.replace(/^-/, '');
    const column = allowed[name];
    if (!column) throw badRequest({ ordering: [`Unknown ordering field "${name}". Use one of: ${Object.keys(allowed).join(', ')}.`] });
    out.push(raw.startsWith('-') ? desc(column) : asc(column));
  }
  return out.length ? out : fallback;
}

/** The conditions a list's query selects by: its own, the search and every filter sent (totals of a list read the same). */
export function conditions<Row, Out>(def: ListDefinition<Row, Out>, params: ListParams, ctx: Ctx): SQL | undefined {
  const parts: (SQL | undefined)[] = [def.where(ctx), searchCondition(params.search, def.search ?? [])];
  for (const [key, filter] of Object.entries(def.filters ?? {})) {
    const value = params[key];
    if (value !== undefined) parts.push(filter.where(value as never, ctx));
  }
  return and(...parts);
}

function orderOf<Row, Out>(def: ListDefinition<Row, Out>, params: ListParams): SQL[] {
  const fallback = (!params.ordering && def.defaultOrderingFor?.(params)) || def.defaultOrdering;
  return [...orderingClause(params.ordering, def.ordering, fallback), asc(def.tiebreak)];
}

async function rowsOf<Row, Out>(
  tx: Tx,
  def: ListDefinition<Row, Out>,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  offset: number,
) {
  return (await def
    .from(tx, def.fields)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)) as Row[];
}

async function countOf<Row, Out>(tx: Tx, def: ListDefinition<Row, Out>, where: SQL | undefined): Promise<number> {
  const [row] = (await def.from(tx, { n: count() }).where(where)) as { n: number }[];
  return Number(row.n);
}

/** What drizzle's prepared select holds (internals: its SQL text with placeholders and its result mapping). */
interface PreparedRows {
  query: { sql: string; params: unknown[] };
  fields: unknown;
  joinsNotNullableMap?: unknown;
  execute(values: Record<string, unknown>): Promise<unknown[]>;
}
type CompiledRows = Pick<PreparedRows, 'query' | 'fields' | 'joinsNotNullableMap'> & {
  /** The SQL with the page's values written in, where that is safe (see `inlineIntegers`); else null. */
  inline: ((values: PageValues) => string) | null;
};
type PageValues = Record<'organisationId' | 'limit' | 'offset', number>;
interface SessionInternals {
  prepareQuery(query: PreparedRows['query'], fields: unknown, name: undefined, arrayMode: boolean): PreparedRows;
}
/** drizzle's own mapping of a row of column values to the selected shape (exported at run time, not typed). */
const mapResultRow = (drizzleOrm as unknown as { mapResultRow(fields: unknown, row: unknown[], joins: unknown): Record<string, unknown> })
  .mapResultRow;
const compiledDefaults = new WeakMap<object, { rows: CompiledRows; count: CompiledRows }>();

/**
 * A compiled statement as complete SQL for a one-message read, or null. Only where nothing but
 * integers goes in: every parameter is the organisation, the limit or the offset, and the text
 * holds no quote, comment, backslash or semicolon that a substitution could meet. Each value is
 * checked to be a safe integer as it is written in.
 */
export function inlineIntegers(query: PreparedRows['query']): CompiledRows['inline'] {
  const names = query.params.map((p) => (is(p, Placeholder) ? (p.name as string) : null));
  if (!names.every((n) => n === 'organisationId' || n === 'limit' || n === 'offset')) return null;
  if (/['\\;]|--|\/\*|\$(?!\d)/.test(query.sql)) return null;
  return (values) =>
    query.sql.replace(/\$(\d+)/g, (_, n: string) => {
      const value = values[names[Number(n) - 1] as keyof PageValues];
      if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${String(value)}`);
      return String(value);
    });
}

/**
 * A list opened as it first shows — no search, filter or ordering, the commonest request by far —
 * runs SQL built once per list with placeholders for the organisation and the page, instead of
 * building it on every request (query building was a fifth of the CPU of a small list): its page
 * and its count. `q` only builds (a Tx or the Database); nothing runs here.
 */
function compiledDefault<Row, Out>(q: Tx, ctx: Ctx, def: ListDefinition<Row, Out>) {
  let compiled = compiledDefaults.get(def);
  if (!compiled) {
    const placeholderCtx = { ...ctx, organisationId: sql.placeholder('organisationId') } as unknown as Ctx;
    const where = def.where(placeholderCtx);
    const compile = (builder: unknown): CompiledRows => {
      const { query, fields, joinsNotNullableMap } = (builder as { _prepare(): PreparedRows })._prepare();
      return { query, fields, joinsNotNullableMap, inline: inlineIntegers(query) };
    };
    compiled = {
      rows: compile(
        def
          .from(q, def.fields)
          .where(where)
          .orderBy(...orderOf(def, {} as ListParams))
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset')),
      ),
      count: compile(def.from(q, { n: count() }).where(where)),
    };
    compiledDefaults.set(def, compiled);
  }
  return compiled;
}

async function defaultRowsOf<Row, Out>(tx: Tx, ctx: Ctx, def: ListDefinition<Row, Out>, limit: number, offset: number): Promise<Row[]> {
  const compiled = compiledDefault(tx, ctx, def).rows;
  const session = (tx as unknown as { session: SessionInternals }).session;
  const query = session.prepareQuery(compiled.query, compiled.fields, undefined, true);
  query.joinsNotNullableMap = compiled.joinsNotNullableMap;
  return (await query.execute({ organisationId: ctx.organisationId, limit, offset })) as Row[];
}

/** No search, no ordering and no filter sent (nor one with a default): the list as it first shows. */
function isPlain<Row, Out>(def: ListDefinition<Row, Out>, params: ListParams): boolean {
  return !params.search && !params.ordering && !Object.keys(def.filters ?? {}).some((key) => params[key] !== undefined);
}

/** Lists whose `map` reads the database: their pages run inside an ordinary tenant transaction. */
const mapReadsDatabase = new WeakSet<object>();

/**
 * A plain list's page in one message (PostgreSQL): the compiled page, with the organisation and
 * the page written in, goes out with the tenant setting as one simple-protocol message on a
 * shared connection (`readTenantStatements`) — one round trip and no reserved connection, as a
 * bare query. The count is a second message, only when the first page is full or a later page
 * is asked for. `map` then runs with a Tx whose transaction has ended; if it reaches for the
 * database, the list is remembered as one that does, and this request (null) and every later one
 * page the ordinary way. Null too where the database cannot (PGlite), the SQL cannot be written
 * out safely, or the request is not plain.
 */
async function oneMessagePage<Row, Out>(
  request: FastifyRequest,
  def: ListDefinition<Row, Out>,
  params: ListParams,
): Promise<Page<Out> | null> {
  if (mapReadsDatabase.has(def) || !isPlain(def, params)) return null;
  const db = request.server.db;
  const ctx = ctxOf(request);
  const compiled = compiledDefault(db as unknown as Tx, ctx, def);
  if (!compiled.rows.inline || !compiled.count.inline) return null;
  // The page paginate() will ask for.
  const limit = params.page_size ?? DEFAULT_PAGE_SIZE;
  const values = { organisationId: ctx.organisationId, limit, offset: ((params.page ?? 1) - 1) * limit };
  const read = readTenantStatements(db, ctx.organisationId, [compiled.rows.inline(values)]);
  if (!read) return null;
  const [rawRows] = await read;
  const rows = rawRows.map((r) => mapResultRow(compiled.rows.fields, r as unknown[], compiled.rows.joinsNotNullableMap)) as Row[];
  const ended = endedTenantTx(db)!;
  const usesBefore = ended.uses();
  let results: Out[];
  try {
    results = await def.map(ended.tx, ctx, rows);
  } catch (err) {
    if (!causedBy(err, EndedTransactionError)) throw err;
    mapReadsDatabase.add(def);
    return null;
  }
  // Some code reached for the database meanwhile (this list's, if it swallowed the error, or
  // another request's): the ordinary way answers right either way.
  if (ended.uses() !== usesBefore) return null;
  return paginate(request, params, {
    rows: async () => results,
    count: async () => {
      const [[rawCount]] = (await readTenantStatements(db, ctx.organisationId, [compiled.count.inline!(values)]))!;
      return Number(mapResultRow(compiled.count.fields, rawCount as unknown[], undefined).n);
    },
  });
}

/** Whether `err` or an error it wraps (drizzle wraps a failed statement's error as its cause) is a `type`. */
function causedBy(err: unknown, type: new (...args: never[]) => Error): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) if (e instanceof type) return true;
  return false;
}

/** One page of a list as `{count, next, previous, results}`. */
export async function listPage<Row, Out>(
  request: FastifyRequest,
  tx: Tx,
  ctx: Ctx,
  def: ListDefinition<Row, Out>,
  params: ListParams,
): Promise<Page<Out>> {
  const plain = isPlain(def, params);
  const where = plain ? undefined : conditions(def, params, ctx);
  const order = plain ? [] : orderOf(def, params);
  return paginate(request, params, {
    count: () => countOf(tx, def, where ?? conditions(def, params, ctx)),
    rows: async (limit, offset) =>
      def.map(tx, ctx, plain ? await defaultRowsOf(tx, ctx, def, limit, offset) : await rowsOf(tx, def, where, order, limit, offset)),
  });
}

/** A filter's `show` for a reference: the name behind the id ("Center: Main Centre"). */
export const showName =
  (table: TenantTable & { name: AnyPgColumn }) =>
  async (id: number, tx: Tx, ctx: Ctx): Promise<string> => {
    const [row] = await tx
      .select({ name: table.name })
      .from(table as PgTable)
      .where(and(eq(table.organisationId, ctx.organisationId), eq(table.id, id)));
    return (row?.name as string | undefined) ?? `#${id}`;
  };

/** A boolean filter as an export's title reads it. */
export const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

/** The usual `is_active=true|false` filter of a column. */
export const activeFilter = (column: AnyColumn, label = 'Active'): Filter<boolean> => ({
  schema: z.stringbool(),
  where: (v) => eq(column, v),
  label,
  show: yesNo,
});

const EXPORT_BATCH = 2500;

/** What the export's title says about the filters in force. */
async function describeFilters<Row, Out>(tx: Tx, ctx: Ctx, def: ListDefinition<Row, Out>, params: ListParams): Promise<string[]> {
  const out: string[] = [];
  for (const [key, filter] of Object.entries(def.filters ?? {})) {
    const value = params[key];
    if (value === undefined) continue;
    out.push(`${filter.label}: ${filter.show ? await filter.show(value as never, tx, ctx) : String(value)}`);
  }
  if (params.search) out.push(`Search: "${params.search}"`);
  return out;
}

/** Every row that matches, streamed as CSV or XLSX in batches, inside the caller's transaction. */
export async function listExport<Row, Out>(
  reply: FastifyReply,
  tx: Tx,
  ctx: Ctx,
  def: ListDefinition<Row, Out>,
  params: ListParams & { format: ExportFormat },
): Promise<FastifyReply> {
  const where = conditions(def, params, ctx);
  const order = orderOf(def, params);
  const total = await countOf(tx, def, where);
  if (total > EXPORT_MAX_ROWS)
    throw badRequest({
      non_field_errors: [`This export would hold ${total} rows; at most ${EXPORT_MAX_ROWS} can be exported at once. Narrow the filters.`],
    });
  async function* batches(): AsyncGenerator<Out[]> {
    for (let offset = 0; offset < total; offset += EXPORT_BATCH)
      yield await def.map(tx, ctx, await rowsOf(tx, def, where, order, EXPORT_BATCH, offset));
  }
  return sendExport(reply, params.format, {
    filename: def.export.filename,
    title: def.export.title,
    filters: await describeFilters(tx, ctx, def, params),
    columns: def.export.columns,
    timeZone: ctx.timeZone,
    today: ctx.now.today,
    batches: batches(),
  });
}

export interface ListRouteOptions<Row, Out> {
  /** The module a user must be allowed; or `config` for another guard (e.g. owner only). */
  module?: ModuleName;
  config?: FastifyContextConfig;
  tags: string[];
  summary: string;
  list: ListDefinition<Row, Out>;
}

/** Declares `GET path` for a list: pages as JSON, or the whole list as a file with `format`. */
export function listRoute<Row, Out>(app: FastifyInstance, endpoint: ListEndpoint, options: ListRouteOptions<Row, Out>): void {
  app.get(endpoint.path, {
    config: configOf(endpoint, options.module, options.config),
    schema: {
      tags: options.tags,
      summary: options.summary,
      description: 'Add `format=csv` or `format=xlsx` for every matching row as a file.',
      querystring: listQuery(options.list.filters),
      response: { 200: endpoint.response },
    } as FastifySchema,
    handler: async (request, reply) => {
      const params = request.query as ListParams;
      if (!params.format) {
        const page = await oneMessagePage(request, options.list, params);
        if (page) return page;
      }
      return inTenant<unknown>(request, (tx, ctx) =>
        params.format
          ? listExport(reply, tx, ctx, options.list, { ...params, format: params.format })
          : listPage(request, tx, ctx, options.list, params),
      );
    },
  });
}
