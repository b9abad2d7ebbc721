import { z } from '@arena/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inTenant } from '../../platform/request-context.js';
import { centre } from '../administrator/index.js';

/** Anonymous calls of the online-booking portal; the organisation comes from the host. */
export async function publicRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/api/public/centres/', {
    config: { auth: 'none' },
    schema: {
      tags: ['public'],
      summary: "The organisation's active centres",
      security: [],
      response: { 200: z.object({ results: z.array(z.object({ id: z.number(), name: z.string() })) }) },
    },
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => ({
        results: await tx
          .select({ id: centre.id, name: centre.name })
          .from(centre)
          .where(and(eq(centre.organisationId, ctx.organisationId), eq(centre.isActive, true)))
          .orderBy(asc(centre.name)),
      })),
  });
}
