import { listQuerySchema, paginatedSchema, z } from '@arena/contracts';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { withTenant } from '../../platform/db/client.js';
import { orderingClause, pageOfTable, searchCondition } from '../../platform/pagination.js';
import { rowToJson } from '../../platform/serialize.js';
import { auditLog } from '../../db/schema/index.js';

export const auditEntrySchema = z.object({
  id: z.number(),
  module: z.string(),
  resource: z.string(),
  object_id: z.string().nullable(),
  action: z.string(),
  actor_id: z.number().nullable(),
  actor_email: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  request_id: z.string().nullable(),
  created_at: z.string(),
});

const query = listQuerySchema.extend({
  module: z.string().max(100).optional(),
  resource: z.string().max(100).optional(),
  action: z.string().max(20).optional(),
});

export async function auditLogRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/api/administrator/logs/', {
    config: { module: 'Administrator Management' },
    schema: {
      tags: ['administrator'],
      summary: "The organisation's audit trail",
      querystring: query,
      response: { 200: paginatedSchema(auditEntrySchema) },
    },
    handler: async (request) => {
      const q = request.query;
      const org = request.organisation!.id;
      const where = and(
        eq(auditLog.organisationId, org),
        q.module ? eq(auditLog.module, q.module) : undefined,
        q.resource ? eq(auditLog.resource, q.resource) : undefined,
        q.action ? eq(auditLog.action, q.action as 'create') : undefined,
        searchCondition(q.search, [auditLog.actorEmail, auditLog.resource, auditLog.objectId]),
      ) as SQL;
      const order = orderingClause(q.ordering, { created_at: auditLog.createdAt, id: auditLog.id }, [desc(auditLog.id)]);
      return withTenant(app.db, org, (tx) =>
        pageOfTable(request, q, tx, auditLog, where, order, (row) => rowToJson(row) as z.infer<typeof auditEntrySchema>),
      );
    },
  });
}
