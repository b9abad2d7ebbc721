/**
 * Helmet's security headers (CSP, HSTS, frame, referrer, MIME sniffing …), computed once at
 * start-up and set on every response by one hook. `@fastify/helmet` runs helmet's middleware on
 * every request, which cost about 6 % of the CPU of a small list; the headers are the same each
 * time (no per-request nonces), so the answer is identical.
 */
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { InvalidationBus } from './db/invalidation.js';

export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  helmet(options)({} as never, response as never, () => undefined);
  return headers;
}

/** Sets the headers on every response; returns them (the framable pages derive their CSP from them). */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): Record<string, string> {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  return headers;
}

/**
 * The CSP of the pages a club may embed in its own website (the online-booking portal):
 * `frame-ancestors 'self'` plus the organisation's allow-listed origins (Administrator › Profile).
 * Every other page keeps the default CSP, which refuses framing by other sites. Built once per
 * organisation and its list; an organisation's change (its profile saved, on any instance) drops
 * its entry. The origins were validated as `https://host[:port]` when saved, so none can break
 * out of the directive.
 */
export class FramableCsp {
  private readonly cache = new Map<number, { origins: string; csp: string }>();

  constructor(
    private readonly baseCsp: string,
    bus?: InvalidationBus,
  ) {
    bus?.on('org', (id) => this.cache.delete(Number(id)));
    bus?.onReset(() => this.cache.clear());
  }

  for(org: { id: number; embedOrigins: string[] | null }): string {
    const origins = (org.embedOrigins ?? []).filter((o) => /^https:\/\/[a-z0-9.-]+(?::\d{1,5})?$/.test(o)).join(' ');
    const hit = this.cache.get(org.id);
    if (hit && hit.origins === origins) return hit.csp;
    const csp = framableCsp(this.baseCsp, origins);
    this.cache.set(org.id, { origins, csp });
    return csp;
  }
}

/** The CSP with `frame-ancestors 'self' <origins>` in place of the default directive. */
export function framableCsp(baseCsp: string, origins: string): string {
  const directive = `frame-ancestors 'self'${origins ? ` ${origins}` : ''}`;
  const parts = baseCsp
    .split(';')
    .map((p) => p.trim())
    .filter((p) => p && !p.startsWith('frame-ancestors'));
  return [...parts, directive].join(';');
}
