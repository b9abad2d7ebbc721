import type { FastifyInstance } from 'fastify';

/** (Being built.) */
export async function listRoutes(_app: FastifyInstance): Promise<void> {}
