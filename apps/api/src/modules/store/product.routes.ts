import type { FastifyInstance } from 'fastify';

/** Products, variants and pictures (built next). */
export async function productRoutes(_app: FastifyInstance): Promise<void> {}
