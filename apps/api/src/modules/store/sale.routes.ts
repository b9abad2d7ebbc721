import type { FastifyInstance } from 'fastify';

/** (Being built.) */
export async function saleRoutes(_app: FastifyInstance): Promise<void> {}
