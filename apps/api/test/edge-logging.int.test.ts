/**
 * Request logs never hold a key: the `?token=` of the provider hand-over, the keys of the reset
 * and verification links, and the Authorization and Cookie headers are redacted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/platform/config.js';
import { loggerOptions } from '../src/platform/logging.js';
import { call, freshDatabase, login, OWNER, PROVIDER_HOST } from './helpers.js';

const lines: string[] = [];
let app: FastifyInstance;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info', RATE_LIMIT_AUTH_PER_MINUTE: '1000' });
  const { handle, drop } = await freshDatabase({ seeded: true });
  app = await buildApp({
    config,
    db: handle.db,
    mailer: { send: async () => {} },
    logger: loggerOptions(config, { write: (line) => void lines.push(line) }),
  });
  await app.ready();
  cleanup = async () => {
    await app.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
});
afterAll(async () => cleanup?.());

describe('request logs', () => {
  it('never contain a key, whether in the query, the path or the headers', async () => {
    const key = await login(app, OWNER, PROVIDER_HOST);
    lines.length = 0;

    // The provider hand-over page, the API exchange it makes, and a signed-in call.
    await call(app, { method: 'GET', url: `/login?token=${key}&next=%2Fdashboard`, host: 'demo.localhost:3000' });
    const exchanged = await call(app, { method: 'POST', url: '/api/accounts/login/', payload: { token: key } });
    expect(exchanged.statusCode).toBe(200);
    const fresh = exchanged.json().key;
    await call(app, { method: 'GET', url: '/api/accounts/user/', token: fresh, headers: { cookie: `session=${fresh}` } });
    // Keys in other query parameters and in the paths of the mails' links.
    await call(app, { method: 'GET', url: `/api/health?key=${fresh}&password=${fresh}&uid=${fresh}` });
    await call(app, { method: 'GET', url: `/password/reset/confirm/${fresh.slice(0, 12)}/${fresh}/` });
    await call(app, { method: 'GET', url: `/accounts/confirm-email/${fresh}` });

    const log = lines.join('');
    const entries = lines.map((l) => JSON.parse(l) as { msg: string; req?: { url: string } });
    const urls = entries.filter((e) => e.msg === 'incoming request').map((e) => e.req!.url);
    expect(urls).toContain('/login?token=[REDACTED]&next=%2Fdashboard');
    expect(urls).toContain('/api/health?key=[REDACTED]&password=[REDACTED]&uid=[REDACTED]');
    expect(urls).toContain('/password/reset/confirm/[REDACTED]/[REDACTED]/');
    expect(urls).toContain('/accounts/confirm-email/[REDACTED]');
    expect(urls).toContain('/api/accounts/user/');
    expect(log).not.toContain(key);
    expect(log).not.toContain(fresh);
    expect(log).not.toContain(fresh.slice(0, 12));
  });
});
