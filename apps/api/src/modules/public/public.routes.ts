import { portalEndpoints } from '@arena/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { centre } from '../administrator/index.js';

/** Anonymous calls of the online-booking portal; the organisation comes from the host. */
export async function publicRoutes(app: FastifyInstance): Promise<void> {
  route(app, portalEndpoints.centres, {
    config: { auth: 'none' },
    tags: ['public'],
    summary: "The organisation's active centres",
    security: [],
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
