import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { loggerOptions, redactUrl, serializeRequest } from './logging.js';

describe('redactUrl', () => {
  it('hides the token of the provider hand-over', () => {
    expect(redactUrl('/login?token=abc&x=1')).toBe('/login?token=[REDACTED]&x=1');
  });

  it('hides every token, key, password and uid query parameter and keeps the rest', () => {
    expect(redactUrl('/a?key=k1&uid=u1&password=p1&page=2')).toBe('/a?key=[REDACTED]&uid=[REDACTED]&password=[REDACTED]&page=2');
    expect(redactUrl('/a?TOKEN=t&access_token=t2&api-key=k&new_password1=p&token[]=x')).toBe(
      '/a?TOKEN=[REDACTED]&access_token=[REDACTED]&api-key=[REDACTED]&new_password1=[REDACTED]&token[]=[REDACTED]',
    );
    // Encoded names are recognised; a parameter without a value is given one so nothing leaks.
    expect(redactUrl('/a?%74oken=t&search=tokenish&monkey=1')).toBe('/a?%74oken=[REDACTED]&search=tokenish&monkey=1');
    expect(redactUrl('/a?token')).toBe('/a?token=[REDACTED]');
    expect(redactUrl('/api/booking/booking/?search=smith&page=2')).toBe('/api/booking/booking/?search=smith&page=2');
  });

  it('hides the keys in the paths of the reset and verification links', () => {
    expect(redactUrl('/password/reset/confirm/MTI/abc-def/')).toBe('/password/reset/confirm/[REDACTED]/[REDACTED]/');
    expect(redactUrl('/accounts/confirm-email/secretkey?x=1')).toBe('/accounts/confirm-email/[REDACTED]?x=1');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});

describe('request logs', () => {
  it('serialize the request with its URL redacted', () => {
    const req = { method: 'GET', url: '/login?token=abc&x=1', headers: {}, host: 'demo.localhost', ip: '10.0.0.1' };
    expect(serializeRequest(req as unknown as FastifyRequest)).toMatchObject({
      method: 'GET',
      url: '/login?token=[REDACTED]&x=1',
      host: 'demo.localhost',
      remoteAddress: '10.0.0.1',
    });
  });

  it('never write the key of a request URL or the Authorization and Cookie headers', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: loggerOptions(loadConfig({ LOG_LEVEL: 'info' }), { write: (line) => void lines.push(line) }) });
    app.get('/login', async (request) => {
      request.log.info({ req: { headers: request.headers } }, 'headers');
      return {};
    });
    await app.inject({
      method: 'GET',
      url: '/login?token=the-secret-key&x=1',
      headers: { authorization: 'Token auth-secret', cookie: 'session=cookie-secret' },
    });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/login?token=[REDACTED]&x=1');
    expect(log).toContain('incoming request');
    for (const secret of ['the-secret-key', 'auth-secret', 'cookie-secret']) expect(log).not.toContain(secret);
  });
});
