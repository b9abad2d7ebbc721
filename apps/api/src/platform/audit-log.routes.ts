import { listQuerySchema, paginatedSchema, z, type ModuleName } from '@arena/contracts';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { withTenant } from './db/client.js';
import { orderingClause, pageOfTable, searchCondition } from './pagination.js';
import { rowToJson } from './serialize.js';
import { auditLog } from '../db/schema/index.js';

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

/**
 * A module's `logs` screen: the audit trail of one module, or (module null) of the whole
 * organisation for the Administrator's logs. Every module registers one.
 */
export function auditLogRoute(app: FastifyInstance, path: string, module: ModuleName | null): void {
  app.withTypeProvider<ZodTypeProvider>().get(path, {
    config: { module: module ?? 'Administrator Management' },
    schema: {
      tags: ['audit'],
      summary: module ? `Audit trail of ${module}` : "The organisation's audit trail",
      querystring: query,
      response: { 200: paginatedSchema(auditEntrySchema) },
    },
    handler: async (request) => {
      const q = request.query;
      const org = request.organisation!.id;
      const where = and(
        eq(auditLog.organisationId, org),
        module ? eq(auditLog.module, module) : q.module ? eq(auditLog.module, q.module) : undefined,
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
