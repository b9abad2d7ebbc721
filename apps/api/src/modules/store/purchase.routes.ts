import type { FastifyInstance } from 'fastify';

/** (Being built.) */
export async function purchaseRoutes(_app: FastifyInstance): Promise<void> {}
