/**
 * Registers a route from its endpoint contract (`packages/contracts/src/<module>/endpoints.ts`):
 * the method, path, params, query, body and response schemas come from the contract, the route
 * adds its guard (`config`), its OpenAPI words and its handler.
 *
 *   route(app, renewMembership, {
 *     module: MODULE,
 *     tags: ['membership'],
 *     summary: 'Renew a membership',
 *     handler: async (request, reply) => reply.status(201).send(await inTenant(request, (tx, ctx) => renew(tx, ctx, request.params.id, request.body))),
 *   });
 *
 * Every `/api/` route is registered this way (or by `listRoute`, `registerCrud` and `reportRoutes`,
 * which take contracts too): `app.ts` refuses at boot a route without one.
 */
import type { EndpointSpec, ModuleName, ParsedBody, ParsedParams, ParsedQuery, ReplyOf } from '@arena/contracts';
import { z } from '@arena/contracts';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract the route was registered from (every `/api/` route has one). */
    endpoint?: EndpointSpec;
  }
}

export type EndpointRequest<E extends EndpointSpec> = FastifyRequest<{
  Params: ParsedParams<E>;
  Querystring: ParsedQuery<E>;
  Body: ParsedBody<E>;
}>;

export interface RouteDefinition<E extends EndpointSpec> {
  /** The module a user must be allowed; or `config` for another guard (owner only, no key …). */
  module?: ModuleName;
  config?: FastifyContextConfig;
  tags: string[];
  summary: string;
  description?: string;
  /** OpenAPI: `[]` for a route that needs no key. */
  security?: [];
  /** Other answers the OpenAPI document lists (e.g. `{202: …}`); the contract's success status is added. */
  responses?: Record<number, z.ZodType>;
  bodyLimit?: number;
  handler(request: EndpointRequest<E>, reply: FastifyReply): Promise<ReplyOf<E> | FastifyReply | void> | ReplyOf<E> | FastifyReply | void;
}

/** The Fastify schema of a contract (the OpenAPI document and the validation both read it). */
export function schemaOf(
  endpoint: EndpointSpec,
  words: { tags: string[]; summary: string; description?: string; security?: [] },
  responses: Record<number, z.ZodType> = {},
): FastifySchema {
  const status = endpoint.status ?? 200;
  const response: Record<number, z.ZodType> = { ...responses };
  if (endpoint.response) response[status] = endpoint.response;
  else if (status === 204) response[204] = z.null();
  return {
    tags: words.tags,
    summary: words.summary,
    ...(words.description ? { description: words.description } : {}),
    ...(words.security ? { security: words.security } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    // A form body (JSON or multipart) is parsed by the handler (`readFormBody`), not by Fastify.
    ...(endpoint.body && !endpoint.form ? { body: endpoint.body } : {}),
    ...(endpoint.form ? { consumes: ['application/json', 'multipart/form-data'] } : {}),
    ...(Object.keys(response).length ? { response } : {}),
  } as FastifySchema;
}

/** The route's config: its guard, and the contract it came from. */
export const configOf = (
  endpoint: EndpointSpec,
  module: ModuleName | undefined,
  config: FastifyContextConfig | undefined,
): FastifyContextConfig => ({
  ...(config ?? (module ? { module } : {})),
  endpoint,
});

export function route<E extends EndpointSpec>(app: FastifyInstance, endpoint: E, def: RouteDefinition<E>): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: configOf(endpoint, def.module, def.config),
    schema: schemaOf(endpoint, def, def.responses),
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    handler: def.handler as RouteOptions['handler'],
  });
}

/** Boot check (`app.ts`'s onRoute hook): an `/api/` route registered without its contract is a programming error. */
export function assertContract(routeOptions: {
  url?: string;
  path?: string;
  method: string | string[];
  config?: FastifyContextConfig;
}): void {
  const url = routeOptions.url ?? routeOptions.path ?? '';
  if (!url.startsWith('/api/')) return;
  if (routeOptions.method === 'HEAD' || (Array.isArray(routeOptions.method) && routeOptions.method.every((m) => m === 'HEAD'))) return;
  const contract = routeOptions.config?.endpoint;
  if (!contract || contract.path !== url)
    throw new Error(
      `${String(routeOptions.method)} ${url} has no endpoint contract: declare it in packages/contracts and register it with route().`,
    );
}
