/**
 * Liveness and readiness for load balancers and orchestrators.
 * - `GET /api/health`: the process answers and the database is reachable (one `select 1`).
 * - `GET /api/ready`: 200 only when this instance should take traffic — migrations applied
 *   (they run before the app is built), the job runner started, and not shutting down; 503
 *   otherwise, so a load balancer stops sending requests before SIGTERM's drain.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ping } from './db/client.js';

const down = z.object({ status: z.string(), detail: z.string() });

export function registerHealth(app: FastifyInstance): void {
  app.get(
    '/api/health',
    {
      config: { auth: 'none', tenant: false },
      schema: {
        tags: ['platform'],
        summary: 'Liveness with a database check',
        response: { 200: z.object({ status: z.literal('ok') }), 503: down },
      },
    },
    async (_request, reply) => {
      try {
        await ping(app.db);
        return { status: 'ok' as const };
      } catch {
        return reply.status(503).send({ status: 'error', detail: 'Database is not reachable.' });
      }
    },
  );

  app.get(
    '/api/ready',
    {
      config: { auth: 'none', tenant: false },
      schema: {
        tags: ['platform'],
        summary: 'Readiness: migrations applied, job runner up, not shutting down',
        response: { 200: z.object({ status: z.literal('ready'), jobs: z.string() }), 503: down },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (app.shutdown.signal.aborted) return reply.status(503).send({ status: 'stopping', detail: 'This instance is shutting down.' });
      if (!app.jobs.running) return reply.status(503).send({ status: 'starting', detail: 'The job runner is not running yet.' });
      try {
        await ping(app.db);
      } catch {
        return reply.status(503).send({ status: 'error', detail: 'Database is not reachable.' });
      }
      return { status: 'ready' as const, jobs: app.jobs.kind };
    },
  );
}
