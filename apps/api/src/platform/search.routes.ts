import { searchEndpoint } from '@arena/contracts';
import type { FastifyInstance } from 'fastify';
import type { Searcher } from './module.js';
import { inTenant } from './request-context.js';
import { route } from './route.js';

const PER_KIND = 5;

/** `GET /api/search/?q=`: the top bar's search across the modules the user may use. */
export function searchRoute(app: FastifyInstance, searchers: Searcher[]): void {
  route(app, searchEndpoint, {
    tags: ['platform'],
    summary: 'Search booking codes, clients and, as modules add them, members and invoices',
    handler: async (request) => {
      const allowed = await app.allowedModulesOf(request);
      const mine = searchers.filter((s) => allowed.includes(s.module));
      const results = await inTenant(request, async (tx, ctx) => {
        const hits = [];
        // One after the other: they share the transaction's connection.
        for (const s of mine) hits.push(...(await s.search(tx, ctx, request.query.q, PER_KIND)));
        return hits;
      });
      return { results };
    },
  });
}
