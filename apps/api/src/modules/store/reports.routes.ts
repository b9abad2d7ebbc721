import type { FastifyInstance } from 'fastify';

/** (Being built.) */
export async function storeReportRoutes(_app: FastifyInstance): Promise<void> {}
