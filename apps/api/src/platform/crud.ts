/**
 * A small CRUD helper for plain lookup resources of one tenant (centres, vendors, brands …):
 * list (search, ordering, filters, pagination), dropdown, create, retrieve, update (PUT/PATCH)
 * and delete, each in a tenant transaction with its audit row. Resources with real rules get a
 * service of their own instead of growing options here.
 */
import { dropdownSchema, idParamsSchema, listQuerySchema, paginatedSchema, type ModuleName } from '@arena/contracts';
import { and, asc, eq, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { actorOf, record } from './audit.js';
import { withTenant, type Tx } from './db/client.js';
import { badRequest, notFound, uniqueViolation } from './errors.js';
import { orderingClause, pageOfTable, searchCondition } from './pagination.js';

type TenantTable = PgTable & { id: AnyPgColumn; organisationId: AnyPgColumn };

export interface CrudDefinition<Input extends z.ZodObject, Output extends z.ZodType, Row> {
  /** Path without trailing slash, e.g. `/api/administrator/centre`. */
  prefix: string;
  module: ModuleName;
  resource: string;
  table: TenantTable;
  input: Input;
  output: Output;
  toOutput(row: Row): Record<string, unknown>;
  /** Column values for an insert or update from (part of) the validated input. */
  toValues(input: Partial<z.output<Input>>): Record<string, unknown>;
  search?: AnyColumn[];
  ordering: Record<string, AnyColumn>;
  defaultOrdering?: SQL[];
  filters?: Record<string, { column: AnyColumn; schema: z.ZodType }>;
  /** `…/dropdown/` → `{results: [{id, name}]}`; module null lets any signed-in user of the organisation call it. */
  dropdown?: { label: AnyPgColumn; where?: SQL; module?: ModuleName | null };
  /** Unique constraints mapped to a field error, e.g. `{centre_org_name_key: {field: 'name', message: '…'}}`. */
  unique?: Record<string, { field: string; message: string }>;
}

/** PATCH bodies: every field optional and no defaults, so absent fields stay as they are. */
export function partialWithoutDefaults<S extends z.ZodObject>(schema: S) {
  return z.object(
    Object.fromEntries(
      Object.entries(schema.shape).map(([k, v]) => [
        k,
        (v instanceof z.ZodDefault ? (v.unwrap() as z.ZodType) : (v as z.ZodType)).optional(),
      ]),
    ),
  );
}

export function registerCrud<Input extends z.ZodObject, Output extends z.ZodType, Row>(
  app: FastifyInstance,
  def: CrudDefinition<Input, Output, Row>,
): void {
  // Generic over the table, so routes are declared untyped here; the zod schemas still validate and serialise.
  const r = app as unknown as FastifyInstance;
  const t = def.table;
  const tags = [def.resource];
  const orgOf = (request: FastifyRequest) => request.organisation!.id;
  const byId = (request: FastifyRequest, id: number) => and(eq(t.organisationId, orgOf(request)), eq(t.id, id));

  const filterShape = Object.fromEntries(Object.entries(def.filters ?? {}).map(([k, f]) => [k, f.schema.optional()]));
  const listQuery = listQuerySchema.extend(filterShape);

  const load = async (tx: Tx, request: FastifyRequest, id: number): Promise<Row> => {
    const [row] = await tx.select().from(t).where(byId(request, id)).limit(1);
    if (!row) throw notFound();
    return row as Row;
  };
  const uniqueAware = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      const hit = def.unique?.[uniqueViolation(err) ?? ''];
      if (hit) throw badRequest({ [hit.field]: [hit.message] });
      throw err;
    }
  };

  r.get(`${def.prefix}/`, {
    config: { module: def.module },
    schema: {
      tags,
      summary: `List ${def.resource}s`,
      querystring: listQuery,
      response: { 200: paginatedSchema(def.output) },
    } as FastifySchema,
    handler: async (request) => {
      const q = request.query as { page?: number; page_size?: number; search?: string; ordering?: string } & Record<string, unknown>;
      const conditions: (SQL | undefined)[] = [
        eq(t.organisationId, orgOf(request)),
        searchCondition(q.search as string | undefined, def.search ?? []),
      ];
      for (const [key, f] of Object.entries(def.filters ?? {})) {
        const value = (q as Record<string, unknown>)[key];
        if (value !== undefined) conditions.push(eq(f.column, value));
      }
      const where = and(...conditions);
      const order = orderingClause(q.ordering as string | undefined, def.ordering, def.defaultOrdering ?? [asc(t.id)]);
      return withTenant(app.db, orgOf(request), (tx) => pageOfTable(request, q, tx, t, where, order, (row) => def.toOutput(row as Row)));
    },
  });

  if (def.dropdown) {
    const dropdown = def.dropdown;
    r.get(`${def.prefix}/dropdown/`, {
      config: dropdown.module === null ? {} : { module: dropdown.module ?? def.module },
      schema: { tags, summary: `${def.resource} choices for selects`, response: { 200: dropdownSchema } } as FastifySchema,
      handler: async (request) =>
        withTenant(app.db, orgOf(request), async (tx) => ({
          results: (await tx
            .select({ id: t.id, name: dropdown.label })
            .from(t)
            .where(and(eq(t.organisationId, orgOf(request)), dropdown.where))
            .orderBy(asc(dropdown.label))) as { id: number; name: string }[],
        })),
    });
  }

  r.post(`${def.prefix}/`, {
    config: { module: def.module },
    schema: { tags, summary: `Create a ${def.resource}`, body: def.input, response: { 201: def.output } } as FastifySchema,
    handler: async (request, reply) => {
      const body = request.body as z.output<Input>;
      const row = await uniqueAware(() =>
        withTenant(app.db, orgOf(request), async (tx) => {
          const [created] = await tx
            .insert(t)
            .values({ ...def.toValues(body), organisationId: orgOf(request) })
            .returning();
          const out = def.toOutput(created as Row);
          await record(tx, actorOf(request), {
            module: def.module,
            resource: def.resource,
            objectId: (created as { id: number }).id,
            action: 'create',
            after: out,
          });
          return out;
        }),
      );
      return reply.status(201).send(row);
    },
  });

  r.get(`${def.prefix}/:id/`, {
    config: { module: def.module },
    schema: { tags, summary: `Retrieve a ${def.resource}`, params: idParamsSchema, response: { 200: def.output } } as FastifySchema,
    handler: async (request: FastifyRequest<{ Params: { id: number } }>) =>
      withTenant(app.db, orgOf(request), async (tx) => def.toOutput(await load(tx, request, request.params.id))),
  });

  const update = async (request: FastifyRequest<{ Params: { id: number } }>) => {
    const values = def.toValues(request.body as Partial<z.output<Input>>);
    return uniqueAware(() =>
      withTenant(app.db, orgOf(request), async (tx) => {
        const before = def.toOutput(await load(tx, request, request.params.id));
        const [updated] = await tx
          .update(t)
          .set({ ...values, ...('updatedAt' in t ? { updatedAt: new Date() } : {}) })
          .where(byId(request, request.params.id))
          .returning();
        const after = def.toOutput(updated as Row);
        await record(tx, actorOf(request), {
          module: def.module,
          resource: def.resource,
          objectId: request.params.id,
          action: 'update',
          before,
          after,
        });
        return after;
      }),
    );
  };

  r.put(`${def.prefix}/:id/`, {
    config: { module: def.module },
    schema: {
      tags,
      summary: `Replace a ${def.resource}`,
      params: idParamsSchema,
      body: def.input,
      response: { 200: def.output },
    } as FastifySchema,
    handler: update,
  });
  r.patch(`${def.prefix}/:id/`, {
    config: { module: def.module },
    schema: {
      tags,
      summary: `Update part of a ${def.resource}`,
      params: idParamsSchema,
      body: partialWithoutDefaults(def.input),
      response: { 200: def.output },
    } as FastifySchema,
    handler: update,
  });

  r.delete(`${def.prefix}/:id/`, {
    config: { module: def.module },
    schema: { tags, summary: `Delete a ${def.resource}`, params: idParamsSchema, response: { 204: z.null() } } as FastifySchema,
    handler: async (request: FastifyRequest<{ Params: { id: number } }>, reply) => {
      await withTenant(app.db, orgOf(request), async (tx) => {
        const before = def.toOutput(await load(tx, request, request.params.id));
        await tx.delete(t).where(byId(request, request.params.id));
        await record(tx, actorOf(request), {
          module: def.module,
          resource: def.resource,
          objectId: request.params.id,
          action: 'delete',
          before,
        });
      });
      return reply.status(204).send(null);
    },
  });
}
