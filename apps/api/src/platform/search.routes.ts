import { z } from '@arena/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Searcher } from './module.js';
import { inTenant } from './request-context.js';

export const searchHitSchema = z.object({ kind: z.string(), id: z.number(), title: z.string(), subtitle: z.string(), path: z.string() });
const PER_KIND = 5;

/** `GET /api/search/?q=`: the top bar's search across the modules the user may use. */
export function searchRoute(app: FastifyInstance, searchers: Searcher[]): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/search/', {
    schema: {
      tags: ['platform'],
      summary: 'Search booking codes, clients and, as modules add them, members and invoices',
      querystring: z.object({ q: z.string().trim().min(2, 'Type at least 2 characters.').max(100) }),
      response: { 200: z.object({ results: z.array(searchHitSchema) }) },
    },
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
