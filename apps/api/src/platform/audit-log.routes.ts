import { z, type AuditEntry, type ModuleName } from '@arena/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLog } from './db/schema.js';
import { listRoute, type ListDefinition, type ListEndpoint } from './list.js';
import { rowToJson } from './serialize.js';

const text = (max: number) => z.string().max(max);

/**
 * A module's `logs` screen: the audit trail of one module, or (module null) of the whole
 * organisation for the Administrator's logs. Every module registers one.
 */
export function auditLogRoute(app: FastifyInstance, endpoint: ListEndpoint, module: ModuleName | null): void {
  const list: ListDefinition<{ row: typeof auditLog.$inferSelect }, AuditEntry> = {
    from: (tx, fields) => tx.select(fields).from(auditLog).$dynamic(),
    fields: { row: auditLog },
    where: (ctx) => and(eq(auditLog.organisationId, ctx.organisationId), module ? eq(auditLog.module, module) : undefined),
    search: [auditLog.actorEmail, auditLog.resource, auditLog.objectId, auditLog.objectLabel],
    filters: {
      ...(module ? {} : { module: { schema: text(100), where: (v: string) => eq(auditLog.module, v), label: 'Module' } }),
      resource: { schema: text(100), where: (v: string) => eq(auditLog.resource, v), label: 'Record' },
      action: { schema: text(20), where: (v: string) => eq(auditLog.action, v as 'create'), label: 'Action' },
      // One record's history (with `resource`): a member's page, a booking's.
      object_id: { schema: text(40), where: (v: string) => eq(auditLog.objectId, v), label: 'Record id' },
    },
    ordering: { created_at: auditLog.createdAt, id: auditLog.id },
    defaultOrdering: [desc(auditLog.id)],
    tiebreak: auditLog.id,
    map: (_tx, _ctx, rows) => rows.map((r) => rowToJson(r.row) as AuditEntry),
    export: {
      filename: module
        ? `${module
            .toLowerCase()
            .replace(/\s+management$/, '')
            .replace(/\s+/g, '-')}-logs`
        : 'logs',
      title: module ? `${module.replace(/\s+Management$/, '')} logs` : 'Logs',
      columns: [
        { header: 'When', value: (e) => e.created_at, type: 'datetime' },
        { header: 'Who', value: (e) => e.actor_email ?? 'Online visitor' },
        { header: 'Action', value: (e) => e.action },
        ...(module ? [] : [{ header: 'Module', value: (e: AuditEntry) => e.module }]),
        { header: 'Record', value: (e) => e.resource.replace(/_/g, ' ') },
        { header: 'Name', value: (e) => e.object_label ?? (e.object_id ? `#${e.object_id}` : '') },
        { header: 'IP address', value: (e) => e.ip },
      ],
    },
  };
  listRoute(app, endpoint, {
    module: module ?? 'Administrator Management',
    tags: ['audit'],
    summary: module ? `Audit trail of ${module}` : "The organisation's audit trail",
    list,
  });
}
