/**
 * A small CRUD helper for plain lookup resources of one tenant (centres, sports, vendors,
 * brands …): list (search, ordering, filters, pagination, CSV/XLSX export), dropdown, create,
 * retrieve, update (PUT/PATCH) and delete, each in a tenant transaction with its audit row.
 * References in the body are checked (another tenant's id is a 400 field error) and a `join`
 * shows the names behind them. Resources with real rules get a service of their own instead of
 * growing options here.
 */
import type { CrudEndpoints, ModuleName } from '@arena/contracts';
import { and, asc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { record } from './audit.js';
import { queryRows, type Tx } from './db/client.js';
import { conflict, notFound, onUnique, type UniqueMeaning } from './errors.js';
import type { ExportColumn } from './export.js';
import { listRoute, type Filters, type ListDefinition } from './list.js';
import { configOf, schemaOf } from './route.js';
import { checkReferences, type TenantTable } from './references.js';
import { inTenant, type Ctx } from './request-context.js';

export interface CrudDefinition<Input extends z.ZodObject, Row extends Record<string, unknown>, Out extends Record<string, unknown>> {
  /** The resource's contract: `crudEndpoints('/api/administrator/centre/', centreSchema, centreInputSchema)`. */
  endpoints: CrudEndpoints<z.ZodType, Input>;
  module: ModuleName;
  resource: string;
  table: TenantTable;
  /**
   * The selection behind one output row; default `{ row: table }`. Join the tables the row refers
   * to and select their names, e.g. `{ fields: { row: facility, centreName: centre.name }, from: … }`.
   */
  join?: { fields: SelectedFields; from: (tx: Tx, fields: SelectedFields) => PgSelect };
  /** The output of a row; `ctx` has the organisation (its cached row: a few seconds old at most). */
  toOutput(row: Row, ctx: Ctx): Out;
  /** Column values for an insert or update from (part of) the validated input. */
  toValues(input: Partial<z.output<Input>>): Record<string, unknown>;
  /** Input fields that name another tenant row, with the table they point at. */
  references?: Record<string, TenantTable>;
  /** What a person calls a row (for the audit log), e.g. its name. */
  label(out: Out): string;
  search?: AnyColumn[];
  ordering: Record<string, AnyColumn>;
  defaultOrdering?: SQL[];
  filters?: Filters;
  /** `…/dropdown/` → `{results: [{id, name}]}`; module null lets any signed-in user of the organisation call it. */
  dropdown?: {
    label: AnyPgColumn;
    where?: SQL;
    module?: ModuleName | null;
    /** Readable with any of these modules (other modules' screens choose from it) instead of `module`. */
    anyModule?: ModuleName[];
  };
  /** Unique constraints mapped to a field error, e.g. `{centre_org_name_key: {field: 'name', message: '…'}}`. */
  unique?: Record<string, UniqueMeaning>;
  export: { filename: string; title: string; columns: ExportColumn<Out>[] };
  /**
   * A rule across fields, checked on the row as written (create and update, partial or not):
   * throw a field error and nothing is written, e.g. a centre's GSTIN must be of its state.
   */
  check?(out: Out): void;
  /**
   * An async rule run before the write, in its transaction: on create `before` is undefined, on
   * update (PUT or PATCH) it is the row as it was and `input` what was sent. Throw (a `badRequest`
   * …) and nothing is written, e.g. the plan's centre limit (`ensureWithinPlan`) when a centre is
   * made or activated again. It may lock rows to order parallel writes.
   */
  beforeWrite?(tx: Tx, ctx: Ctx, change: { input: Partial<z.output<Input>>; before?: Out }): Promise<void>;
  /**
   * Work in the same transaction once the row is written and before it is read back, e.g. the
   * first variants of a product sent with it (on create `before` is undefined).
   */
  afterWrite?(tx: Tx, ctx: Ctx, change: { id: number; input: Partial<z.output<Input>>; before?: Out }): Promise<void>;
}

/** A route of `prefix/:id/` (retrieve, update, delete) rather than the list or the dropdown. */
export const isItemRoute = (url: string | undefined): boolean => !!url?.endsWith('/:id/');

/**
 * Refuses a DELETE of a row that others still need with a 409 saying why (and what to do
 * instead), before registerCrud's handler runs in the same scope; the foreign keys remain the
 * guarantee. A row of another organisation is never "in use" here, so its route answers 404.
 */
export function refuseDeleteInUse(scope: FastifyInstance, inUse: (tx: Tx, ctx: Ctx, id: number) => Promise<string | null>): void {
  scope.addHook('preHandler', async (request) => {
    if (request.method !== 'DELETE' || !isItemRoute(request.routeOptions.url)) return;
    const id = (request.params as { id: number }).id;
    const message = await inTenant(request, (tx, ctx) => inUse(tx, ctx, id));
    if (message) throw conflict(message);
  });
}

/**
 * Refuses (409, `message`) the delete of a row that a row of any of `uses` (`[table, column]`)
 * names: "deactivate it instead". The composite foreign keys remain the guarantee.
 */
export function refuseDeleteWhileNamed(scope: FastifyInstance, uses: readonly (readonly [string, string])[], message: string): void {
  refuseDeleteInUse(scope, async (tx, ctx, id) => {
    for (const [table, column] of uses) {
      const rows = await queryRows(
        tx,
        sql`select 1 from ${sql.raw(table)} where organisation_id = ${ctx.organisationId} and ${sql.raw(column)} = ${id} limit 1`,
      );
      if (rows.length) return message;
    }
    return null;
  });
}

/**
 * A lookup's count of the `table` rows whose `column` names it (an asset category's assets, a
 * brand's products): `outer` is the lookup's table, named in full as its list selects it.
 */
export const countNaming = (table: string, column: string, outer: string) =>
  sql<number>`(select count(*)::int from ${sql.raw(table)} x where x.organisation_id = ${sql.raw(outer)}.organisation_id and x.${sql.raw(column)} = ${sql.raw(outer)}.id)`.mapWith(
    Number,
  );

/** The Status column of a lookup's export, as the screens show it. */
export const statusColumn: ExportColumn<{ is_active: boolean }> = { header: 'Status', value: (r) => (r.is_active ? 'Active' : 'Inactive') };
/** The Created column of a lookup's export. */
export const createdColumn: ExportColumn<{ created_at: string }> = { header: 'Created', value: (r) => r.created_at, type: 'datetime' };

export function registerCrud<Input extends z.ZodObject, Row extends Record<string, unknown>, Out extends Record<string, unknown>>(
  app: FastifyInstance,
  def: CrudDefinition<Input, Row, Out>,
): void {
  // Generic over the table, so routes are declared untyped here; the zod schemas still validate and serialise.
  const t = def.table;
  const tags = [def.resource];
  const join = def.join ?? {
    fields: { row: t },
    from: (tx: Tx, fields: SelectedFields) =>
      tx
        .select(fields)
        .from(t as PgTable)
        .$dynamic(),
  };
  const byId = (ctx: Ctx, id: number) => and(eq(t.organisationId, ctx.organisationId), eq(t.id, id));

  const list: ListDefinition<Row, Out> = {
    from: join.from,
    fields: join.fields,
    where: (ctx) => eq(t.organisationId, ctx.organisationId),
    search: def.search,
    filters: def.filters,
    ordering: def.ordering,
    defaultOrdering: def.defaultOrdering ?? [],
    tiebreak: t.id,
    map: (_tx, ctx, rows) => rows.map((row) => def.toOutput(row, ctx)),
    export: def.export,
  };
  const e = def.endpoints;
  listRoute(app, e.list, { module: def.module, tags, summary: `List ${def.resource}s`, list });

  /** One row as output, with the names its join adds; 404 when it is not the organisation's. */
  const load = async (tx: Tx, ctx: Ctx, id: number): Promise<Out> => {
    const [row] = (await join.from(tx, join.fields).where(byId(ctx, id)).limit(1)) as Row[];
    if (!row) throw notFound();
    return def.toOutput(row, ctx);
  };
  const checkRefs = (tx: Tx, ctx: Ctx, input: Record<string, unknown>) =>
    checkReferences(
      tx,
      ctx.organisationId,
      Object.fromEntries(
        Object.entries(def.references ?? {}).map(([field, table]) => [field, { table, id: input[field] as number | null }]),
      ),
    );
  const uniqueAware = onUnique(def.unique ?? {});
  const audit = (tx: Tx, ctx: Ctx, id: number, action: 'create' | 'update' | 'delete', before?: Out, after?: Out) =>
    record(tx, ctx.actor, {
      module: def.module,
      resource: def.resource,
      objectId: id,
      label: def.label((after ?? before)!),
      action,
      before,
      after,
    });

  if (def.dropdown) {
    const dropdown = def.dropdown;
    if (!e.dropdown) throw new Error(`${def.resource}: a dropdown needs crudEndpoints(…, {dropdown: true})`);
    app.get(e.dropdown.path, {
      config: configOf(
        e.dropdown,
        dropdown.module === null ? undefined : (dropdown.module ?? def.module),
        dropdown.anyModule ? { anyModule: dropdown.anyModule } : undefined,
      ),
      schema: schemaOf(e.dropdown, { tags, summary: `${def.resource} choices for selects` }),
      handler: async (request) =>
        inTenant(request, async (tx, ctx) => ({
          results: (await tx
            .select({ id: t.id, name: dropdown.label })
            .from(t as PgTable)
            .where(and(eq(t.organisationId, ctx.organisationId), dropdown.where))
            .orderBy(asc(dropdown.label), asc(t.id))) as { id: number; name: string }[],
        })),
    });
  }

  app.post(e.create.path, {
    config: configOf(e.create, def.module, undefined),
    schema: schemaOf(e.create, { tags, summary: `Create a ${def.resource}` }),
    handler: async (request, reply) => {
      const body = request.body as z.output<Input>;
      const out = await inTenant(request, async (tx, ctx) => {
        await checkRefs(tx, ctx, body);
        await def.beforeWrite?.(tx, ctx, { input: body });
        const [created] = (await tx
          .insert(t)
          .values({ ...def.toValues(body), organisationId: ctx.organisationId })
          .returning({ id: t.id })) as { id: number }[];
        await def.afterWrite?.(tx, ctx, { id: created.id, input: body });
        const after = await load(tx, ctx, created.id);
        def.check?.(after);
        await audit(tx, ctx, created.id, 'create', undefined, after);
        return after;
      }).catch(uniqueAware);
      return reply.status(201).send(out);
    },
  });

  app.get(e.retrieve.path, {
    config: configOf(e.retrieve, def.module, undefined),
    schema: schemaOf(e.retrieve, { tags, summary: `Retrieve a ${def.resource}` }),
    handler: async (request: FastifyRequest<{ Params: { id: number } }>) =>
      inTenant(request, (tx, ctx) => load(tx, ctx, request.params.id)),
  });

  const update = async (request: FastifyRequest<{ Params: { id: number } }>) => {
    const body = request.body as Partial<z.output<Input>>;
    const id = request.params.id;
    return inTenant(request, async (tx, ctx) => {
      const before = await load(tx, ctx, id);
      await checkRefs(tx, ctx, body);
      await def.beforeWrite?.(tx, ctx, { input: body, before });
      await tx
        .update(t)
        .set({ ...def.toValues(body), ...('updatedAt' in t ? { updatedAt: new Date() } : {}) })
        .where(byId(ctx, id));
      await def.afterWrite?.(tx, ctx, { id, input: body, before });
      const after = await load(tx, ctx, id);
      def.check?.(after);
      await audit(tx, ctx, id, 'update', before, after);
      return after;
    }).catch(uniqueAware);
  };

  for (const [endpoint, summary] of [
    [e.update, `Replace a ${def.resource}`],
    [e.partialUpdate, `Update part of a ${def.resource}`],
  ] as const)
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      config: configOf(endpoint, def.module, undefined),
      schema: schemaOf(endpoint, { tags, summary }),
      handler: update,
    });

  app.delete(e.remove.path, {
    config: configOf(e.remove, def.module, undefined),
    schema: schemaOf(e.remove, { tags, summary: `Delete a ${def.resource}` }),
    handler: async (request: FastifyRequest<{ Params: { id: number } }>, reply) => {
      await inTenant(request, async (tx, ctx) => {
        const before = await load(tx, ctx, request.params.id);
        await tx.delete(t).where(byId(ctx, request.params.id));
        await audit(tx, ctx, request.params.id, 'delete', before);
      });
      return reply.status(204).send(null);
    },
  });
}
