import type { FastifyInstance } from 'fastify';

/** (Being built.) */
export async function dashboardRoutes(_app: FastifyInstance): Promise<void> {}
