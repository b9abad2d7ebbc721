import type { FastifyInstance } from 'fastify';
import { auditLogRoute } from '../../platform/audit-log.routes.js';
import { MODULE } from './booking.service.js';

export async function bookingLogRoutes(app: FastifyInstance): Promise<void> {
  auditLogRoute(app, '/api/booking/logs/', MODULE);
}
