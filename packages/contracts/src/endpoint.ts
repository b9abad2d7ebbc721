/**
 * An endpoint contract: one API call's method, path and schemas, declared once in
 * `packages/contracts/src/<module>/endpoints.ts`. The API registers its route from it
 * (`route(app, endpoint, {handler})` in `apps/api/src/platform/route.ts`, and the list, CRUD and
 * report helpers) and the web calls it through `call(endpoint, …)` (`apps/web/src/lib/api.ts`),
 * so a path, a body or an answer cannot drift between the two sides.
 *
 *   export const renewMembership = endpoint({
 *     method: 'POST',
 *     path: '/api/member-management/membership/:id/renew/',
 *     params: idParamsSchema,
 *     body: renewInputSchema,
 *     response: membershipSchema,
 *     status: 201,
 *   });
 *
 * A path parameter is written `:name` (as Fastify reads it); the web fills it from `params`.
 */
import { z } from './zod-config.js';
import { auditEntrySchema } from './audit.js';
import { dropdownSchema, idParamsSchema, idSchema, isoDateSchema, paginatedSchema, partialWithoutDefaults } from './common.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointSpec {
  method: HttpMethod;
  /** The full path, `/api/…/` with `:name` for each path parameter. */
  path: string;
  /** The path parameters' schema (coerces `:id` to a number on the server). */
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer's schema; absent for 204 (no content) and for a file (`file: true`). */
  response?: z.ZodType;
  /** The success status: 200 unless given (201 for a create, 204 for no content). */
  status?: 200 | 201 | 202 | 204;
  /** The answer is a file (a PDF, an export), fetched as bytes. */
  file?: true;
  /**
   * The body is JSON or multipart/form-data (an upload): the handler parses it with `body`
   * (`readFormBody`), so Fastify does not validate it first; the web may send `FormData`.
   */
  form?: true;
  /** The answer is a page of a list: the query holds the list's search, ordering, filters and `format`. */
  list?: true;
  /** A report: its query (window, centre, `format`) may ask for the report as a file. */
  report?: true;
}

/** Declares an endpoint; returns it unchanged, with its literal types (method, path) kept. */
export const endpoint = <const E extends EndpointSpec>(spec: E): E => spec;

export { fillPath, type ParamNames } from './path.js';

type Sent<S> = S extends z.ZodType ? z.input<S> : undefined;
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A list's query as the web sends it: page, search, ordering, its filters, `format` for a file. */
export type ListQueryParams = Record<string, string | number | boolean | null | undefined>;

/** What the web sends in the query string. */
export type QueryOf<E extends EndpointSpec> = E['list'] extends true ? ListQueryParams : Sent<E['query']>;
/** What the web sends as the JSON body. */
export type BodyOf<E extends EndpointSpec> = Sent<E['body']>;
/** What the web receives (the server serialises the answer with the response schema). */
export type ResponseOf<E extends EndpointSpec> = E['response'] extends z.ZodType ? z.output<E['response']> : void;
/** What the handler on the server receives, parsed. */
export type ParsedParams<E extends EndpointSpec> = Parsed<E['params']>;
export type ParsedQuery<E extends EndpointSpec> = Parsed<E['query']>;
export type ParsedBody<E extends EndpointSpec> = Parsed<E['body']>;
/** What the handler on the server returns: the response schema's input. */
export type ReplyOf<E extends EndpointSpec> = E['response'] extends z.ZodType ? z.input<E['response']> : unknown;

/** A module's audit trail (its Logs screen): a list of audit entries, filterable by record. */
export const auditLogEndpoint = <const P extends string>(path: P) => listEndpoint(path, auditEntrySchema);

/** Every endpoint among a module's exports (objects made by `endpoint`, or groups of them such as `crudEndpoints`). */
export function endpointsOf(exports: Record<string, unknown>): EndpointSpec[] {
  const found: EndpointSpec[] = [];
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    const v = value as Partial<EndpointSpec>;
    if (typeof v.method === 'string' && typeof v.path === 'string' && v.path.startsWith('/api/')) found.push(v as EndpointSpec);
    else if (!(value instanceof z.ZodType))
      for (const inner of Object.values(value)) if (inner && typeof inner === 'object' && !(inner instanceof z.ZodType)) visit(inner);
  };
  for (const value of Object.values(exports)) visit(value);
  return found;
}

/** A list endpoint: `GET path` answering a page of `item`s (or the whole list as a file with `format`). */
export const listEndpoint = <const P extends string, T extends z.ZodType>(path: P, item: T) =>
  endpoint({ method: 'GET', path, response: paginatedSchema(item), list: true });

/** The file formats of every list and report (`format=csv|xlsx`). */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** A report's window: `date_after`/`date_before`, or `from`/`to` as aliases (the server's `reportWindow` reads them). */
export const reportWindowShape = {
  date_after: isoDateSchema.optional(),
  date_before: isoDateSchema.optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
};

/**
 * A report endpoint: `GET path` answering `response`, or the report as a file with `format`.
 * Its query: the window (unless `window: false`, for a report that takes its own dates), `centre`,
 * `format` and the report's own parameters.
 */
export function reportEndpoint<const P extends string, R extends z.ZodType, S extends z.ZodRawShape = Record<never, never>>(
  path: P,
  response: R,
  options: { query?: S; window?: boolean } = {},
) {
  const query = z.object({
    ...(options.window === false ? {} : reportWindowShape),
    centre: idSchema.optional(),
    format: z.enum(EXPORT_FORMATS).optional(),
    ...options.query,
  } as typeof reportWindowShape & {
    centre: z.ZodOptional<typeof idSchema>;
    format: z.ZodOptional<z.ZodEnum<{ csv: 'csv'; xlsx: 'xlsx' }>>;
  } & S);
  return endpoint({ method: 'GET', path, response, query, report: true });
}

/**
 * The endpoints of a lookup resource (`registerCrud` on the server, `lookupResource` on the web):
 * `crudEndpoints('/api/administrator/sport/', sportSchema, sportInputSchema)`; `dropdown` adds
 * `…/dropdown/` (`{results: [{id, name}]}` for selects).
 */
export function crudEndpoints<const P extends `/api/${string}/`, T extends z.ZodType, I extends z.ZodObject, D extends boolean = false>(
  prefix: P,
  item: T,
  input: I,
  options: { dropdown?: D } = {},
) {
  const one = `${prefix}:id/` as `${P}:id/`;
  const endpoints = {
    list: listEndpoint(prefix, item),
    create: endpoint({ method: 'POST', path: prefix, body: input, response: item, status: 201 }),
    retrieve: endpoint({ method: 'GET', path: one, params: idParamsSchema, response: item }),
    update: endpoint({ method: 'PUT', path: one, params: idParamsSchema, body: input, response: item }),
    partialUpdate: endpoint({ method: 'PATCH', path: one, params: idParamsSchema, body: partialWithoutDefaults(input), response: item }),
    remove: endpoint({ method: 'DELETE', path: one, params: idParamsSchema, status: 204 }),
  };
  const dropdown = endpoint({ method: 'GET', path: `${prefix}dropdown/` as `${P}dropdown/`, response: dropdownSchema });
  return (options.dropdown ? { ...endpoints, dropdown } : endpoints) as typeof endpoints &
    (D extends true ? { dropdown: typeof dropdown } : unknown);
}

/** A lookup resource's endpoints, whatever its item and input. */
export interface CrudEndpoints<T extends z.ZodType = z.ZodType, I extends z.ZodType = z.ZodType> {
  list: { method: 'GET'; path: string; response: z.ZodType; list: true };
  create: { method: 'POST'; path: string; body: I; response: T; status: 201 };
  retrieve: { method: 'GET'; path: `${string}:id/`; params: typeof idParamsSchema; response: T };
  update: { method: 'PUT'; path: `${string}:id/`; params: typeof idParamsSchema; body: I; response: T };
  partialUpdate: { method: 'PATCH'; path: `${string}:id/`; params: typeof idParamsSchema; body: z.ZodType; response: T };
  remove: { method: 'DELETE'; path: `${string}:id/`; params: typeof idParamsSchema; status: 204 };
  dropdown?: { method: 'GET'; path: string; response: typeof dropdownSchema };
}
