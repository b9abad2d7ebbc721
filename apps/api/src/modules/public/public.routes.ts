import { z } from '@arena/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { withTenant } from '../../platform/db/client.js';
import { centre } from '../../db/schema/index.js';

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
    handler: async (request) => {
      const org = request.organisation!.id;
      const results = await withTenant(app.db, org, (tx) =>
        tx
          .select({ id: centre.id, name: centre.name })
          .from(centre)
          .where(and(eq(centre.organisationId, org), eq(centre.isActive, true)))
          .orderBy(asc(centre.name)),
      );
      return { results };
    },
  });
}
