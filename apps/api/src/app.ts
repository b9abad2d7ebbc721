import '@arena/contracts';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './platform/config.js';
import { databaseKind, type Database } from './platform/db/client.js';
import { rateLimitOptions } from './platform/rate-limit-store.js';
import { registerErrorHandling } from './platform/errors.js';
import { registerAuth } from './platform/auth.js';
import { registerSubscriptionGuard } from './platform/subscription-guard.js';
import { createMailer, type Mailer } from './platform/mail.js';
import { OrganisationDirectory } from './platform/tenancy.js';
import type { ModuleManifest } from './platform/module.js';
import { searchRoute } from './platform/search.routes.js';
import { MODULE_MANIFESTS } from './modules/manifests.js';
import { registerHealth } from './platform/health.routes.js';
import { assertContract } from './platform/route.js';
import { LevelRegistry } from './platform/levels.js';
import { FramableCsp, registerSecurityHeaders } from './platform/security-headers.js';
import { invalidationsOf } from './platform/db/client.js';
import type { OrganisationRow } from './platform/context.js';
import { EmbeddedJobRunner, PLATFORM_TASKS, type JobRunner, type Task } from './platform/jobs.js';
import { requestIdFrom, trustProxyOption } from './platform/proxy.js';
import { loggerOptions } from './platform/logging.js';
import { registerUploads } from './platform/uploads.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    mailer: Mailer;
    organisations: OrganisationDirectory;
    /** The job queue: `app.jobs.add(task, payload)`. */
    jobs: JobRunner;
    /** Every task the app knows (the platform's and each module's), for the runner's `start`. */
    tasks: Task[];
    /** Aborted once SIGTERM arrived: readiness answers 503 while in-flight work drains, and exports stop. */
    shutdown: AbortController;
    /** Each /api/ route's guard (module, level) by `METHOD url`. */
    routeGuards: LevelRegistry['guards'];
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Database;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** The modules to serve; every module by default. */
  modules?: ModuleManifest[];
  /** The job runner; an in-process one by default (server.ts passes PostgreSQL's). */
  jobs?: JobRunner;
}

export const BODY_LIMIT = 1024 * 1024;

export async function buildApp({
  config,
  db,
  mailer,
  logger,
  modules = MODULE_MANIFESTS,
  jobs,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOption(config),
    genReqId: (req) => requestIdFrom(req, config),
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    ajv: { customOptions: { strict: false } },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('mailer', mailer ?? createMailer(config, app.log));
  app.addHook('onClose', async () => app.mailer.close?.());
  app.decorate('organisations', new OrganisationDirectory(db, config));
  app.decorate('tasks', [...PLATFORM_TASKS, ...modules.flatMap((m) => m.tasks ?? [])]);
  const runner = jobs ?? new EmbeddedJobRunner();
  // Jobs queued on the embedded runner run in this process from the start (mails in tests too).
  if (runner instanceof EmbeddedJobRunner) runner.bind({ db, config, log: app.log, mailer: app.mailer }, app.tasks);
  app.decorate('jobs', runner);
  app.decorate('shutdown', new AbortController());
  // Set as the request arrives, so every answer carries it (an error's too); a callback hook, no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  registerErrorHandling(app);
  const securityHeaders = registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        // Razorpay's checkout (issue 23) runs its script and frames on the checkout page.
        'script-src': ["'self'", 'https://checkout.razorpay.com'],
        'frame-src': ["'self'", 'https://api.razorpay.com', 'https://checkout.razorpay.com'],
        'style-src': ["'self'", "'unsafe-inline'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, rateLimitOptions(app, databaseKind(db)));
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
  // From here on every /api/ route comes from its endpoint contract (issue 18 §4): a hand-registered one stops the boot.
  app.addHook('onRoute', assertContract);
  // Each route's permission level, from its module's manifest (view for reads, manage for writes unless listed).
  const levels = new LevelRegistry(modules);
  app.addHook('onRoute', levels.onRoute);
  app.decorate('routeGuards', levels.guards);

  registerAuth(app, modules);
  // After the auth hook: a read-only organisation's writes answer 402 (issue 23 §2).
  registerSubscriptionGuard(app);

  registerHealth(app);

  for (const m of modules) await m.globalData?.(app.db);
  for (const m of modules) await app.register(m.routes);
  await app.after();
  levels.assertAllRegistered();
  searchRoute(
    app,
    modules.flatMap((m) => m.searchers ?? []),
  );

  await registerUploads(app);

  const webDist = config.WEB_DIST ?? path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../web/dist');
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb)
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (apps/web/scripts/compress.mjs): sent by Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => reply.header('cache-control', cacheControlOf(webDist, file)),
    });

  // Pages the web modules serve outside the staff app (their manifests' publicPages, e.g. the
  // online-booking portal): each its own HTML, so a visitor downloads only that page's code.
  const publicPages = hasWeb ? readPublicPages(webDist) : [];
  const framable = new FramableCsp(securityHeaders['content-security-policy'] ?? '', invalidationsOf(db));

  app.setNotFoundHandler(async (request, reply) => {
    const pathOnly = request.url.split('?')[0];
    if (
      pathOnly === '/api' ||
      /^\/(api|uploads|assets)\//.test(pathOnly) ||
      !hasWeb ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    )
      return reply.status(404).send({ detail: 'Not found.' });
    const publicPage = publicPages.find((p) => pathOnly === p.path || pathOnly.startsWith(`${p.path}/`));
    if (publicPage) {
      const org = await app.organisations.resolve(request.headers.host);
      const tenant = org && org !== 'unknown' ? org : null;
      // An installable page lives under `<path>/` (its service worker's scope): `<path>` goes there.
      if (publicPage.manifest && pathOnly === publicPage.path)
        return reply.redirect(`${publicPage.path}/${request.url.slice(pathOnly.length)}`, 301);
      // An installable page's manifest, named after the organisation (the home screen's label).
      if (publicPage.manifest && pathOnly === `${publicPage.path}/manifest.webmanifest`)
        return reply
          .type('application/manifest+json; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(publicPageManifest(publicPage.manifest, tenant));
      // The club's own website may frame a framable page (its allow-list); every other page refuses framing.
      if (publicPage.framable) {
        if (tenant) reply.header('content-security-policy', framable.for(tenant));
        reply.removeHeader('x-frame-options');
      }
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(publicPageHtml(publicPage.html, publicPage.title, tenant));
    }
    // Client-side routes: the single-page app decides (including its own 404 screen).
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html', webDist);
  });

  return app;
}

/** Hashed build files never change (a year, immutable); pages and service workers are revalidated every time; the rest for an hour. */
export function cacheControlOf(root: string, file: string): string {
  const relative = path.relative(root, file).split(path.sep).join('/');
  if (relative.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (/(?:\.html|(?:^|\/)sw\.js)(?:\.br|\.gz)?$/.test(relative)) return 'no-cache';
  return 'public, max-age=3600';
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface PublicPageFile {
  path: string;
  html: string;
  title: string;
  framable: boolean;
  /** Its web app manifest's JSON text, when it has one. */
  manifest: string | null;
}

/**
 * The web build's public pages (`.vite/public-pages.json`, written from the manifests' publicPages)
 * with their HTML read once. A build without the list (an older one) has the portal only.
 */
function readPublicPages(webDist: string): PublicPageFile[] {
  const list = path.join(webDist, '.vite', 'public-pages.json');
  const declared: { path: string; html: string; title: string; framable?: boolean; manifest?: string }[] = fs.existsSync(list)
    ? JSON.parse(fs.readFileSync(list, 'utf8'))
    : [{ path: '/online-booking', html: 'portal.html', title: 'Online Booking', framable: true }];
  return declared
    .filter((p) => fs.existsSync(path.join(webDist, p.html)))
    .map((p) => {
      const manifest = p.manifest ? path.join(webDist, p.manifest) : null;
      return {
        ...p,
        framable: !!p.framable,
        html: fs.readFileSync(path.join(webDist, p.html), 'utf8'),
        manifest: manifest && fs.existsSync(manifest) ? fs.readFileSync(manifest, 'utf8') : null,
      };
    });
}

/** A public page's web app manifest with the organisation's display name as its name (12 characters at most as its short name). */
export function publicPageManifest(manifest: string, org: OrganisationRow | null): string {
  if (!org) return manifest;
  const name = org.displayName;
  const short = name.length <= 12 ? name : (name.split(/\s+/)[0] ?? name).slice(0, 12);
  return JSON.stringify({ ...JSON.parse(manifest), name, short_name: short });
}

/** A public page's HTML with the organisation's name in its title and description (for search results and shared links). */
export function publicPageHtml(html: string, title: string, org: OrganisationRow | null): string {
  if (!org) return html;
  const name = escapeHtml(org.displayName);
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)} · ${name}</title>`)
    .replace(/(<meta\s+name="description"\s+content=")([^"]*)(")/, `$1${name} — $2$3`);
}
