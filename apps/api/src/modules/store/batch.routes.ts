import type { FastifyInstance } from 'fastify';

/** (Being built.) */
export async function batchRoutes(_app: FastifyInstance): Promise<void> {}
