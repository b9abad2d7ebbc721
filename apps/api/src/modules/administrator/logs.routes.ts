import type { FastifyInstance } from 'fastify';
import { auditLogRoute } from '../../platform/audit-log.routes.js';

export async function auditLogRoutes(app: FastifyInstance): Promise<void> {
  auditLogRoute(app, '/api/administrator/logs/', null);
}
