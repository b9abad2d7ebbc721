import '@arena/contracts';
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './platform/config.js';
import { ping, type Database } from './platform/db/client.js';
import { registerErrorHandling } from './platform/errors.js';
import { registerAuth } from './platform/auth.js';
import { createMailer, type Mailer } from './platform/mail.js';
import { OrganisationDirectory } from './platform/tenancy.js';
import type { ModuleManifest } from './platform/module.js';
import { searchRoute } from './platform/search.routes.js';
import { MODULE_MANIFESTS } from './modules/manifests.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    mailer: Mailer;
    organisations: OrganisationDirectory;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Database;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** The modules to serve; every module by default. */
  modules?: ModuleManifest[];
}

export const BODY_LIMIT = 1024 * 1024;

export async function buildApp({ config, db, mailer, logger, modules = MODULE_MANIFESTS }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.TRUST_PROXY === '1',
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    ajv: { customOptions: { strict: false } },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('mailer', mailer ?? createMailer(config, app.log));
  app.decorate('organisations', new OrganisationDirectory(db, config));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 20 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Arena API',
        version: '1.0.0',
        description: 'Sports and fitness centre management. Authenticate with `Authorization: Token <key>`.',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <key>' } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The docs pages are public on every host.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, auth: 'none', tenant: false };
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { config: { auth: 'none', tenant: false }, schema: { hide: true } }, async () => app.swagger());

  registerAuth(app);

  app.get(
    '/api/health',
    {
      config: { auth: 'none', tenant: false },
      schema: {
        tags: ['platform'],
        summary: 'Liveness with a database check',
        response: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ status: z.string(), detail: z.string() }) },
      },
    },
    async (_request, reply) => {
      try {
        await ping(db);
        return { status: 'ok' as const };
      } catch {
        return reply.status(503).send({ status: 'error', detail: 'Database is not reachable.' });
      }
    },
  );

  for (const m of modules) await app.register(m.routes);
  searchRoute(
    app,
    modules.flatMap((m) => m.searchers ?? []),
  );

  const uploads = path.join(config.DATA_DIR, 'uploads');
  fs.mkdirSync(uploads, { recursive: true });
  await app.register(fastifyStatic, { root: uploads, prefix: '/uploads/', decorateReply: false, index: false });

  const webDist = config.WEB_DIST ?? path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../web/dist');
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: webDist, prefix: '/', wildcard: false, index: false });

  app.setNotFoundHandler((request, reply) => {
    const pathOnly = request.url.split('?')[0];
    if (pathOnly === '/api' || /^\/(api|uploads|assets)\//.test(pathOnly) || !hasWeb || request.method !== 'GET')
      return reply.status(404).send({ detail: 'Not found.' });
    // Client-side routes: the single-page app decides (including its own 404 screen).
    return reply.type('text/html').sendFile('index.html', webDist);
  });

  return app;
}
