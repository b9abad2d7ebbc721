/**
 * Liveness and readiness for load balancers and orchestrators.
 * - `GET /api/health`: the process answers and the database is reachable (one `select 1`).
 * - `GET /api/ready`: 200 only when this instance should take traffic — migrations applied
 *   (they run before the app is built), the job runner started, and not shutting down; 503
 *   otherwise, so a load balancer stops sending requests before SIGTERM's drain.
 */
import { healthEndpoint, probeDownSchema as down, readyEndpoint } from '@arena/contracts';
import type { FastifyInstance } from 'fastify';
import { ping } from './db/client.js';
import { route } from './route.js';

export function registerHealth(app: FastifyInstance): void {
  route(app, healthEndpoint, {
    config: { auth: 'none', tenant: false },
    tags: ['platform'],
    summary: 'Liveness with a database check',
    responses: { 503: down },
    handler: async (_request, reply) => {
      try {
        await ping(app.db);
        return { status: 'ok' as const };
      } catch {
        return reply.status(503).send({ status: 'error', detail: 'Database is not reachable.' });
      }
    },
  });

  route(app, readyEndpoint, {
    config: { auth: 'none', tenant: false },
    tags: ['platform'],
    summary: 'Readiness: migrations applied, job runner up, not shutting down',
    responses: { 503: down },
    handler: async (_request, reply) => {
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
  });
}
