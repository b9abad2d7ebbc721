/**
 * Issue 18 §4: every endpoint is declared once in `packages/contracts/src/<module>/endpoints.ts`
 * and both sides derive from it. This proves the API half: each declared endpoint is served by a
 * route registered from that very declaration, and no `/api/` route exists without one (the app
 * refuses to boot with such a route: `assertContract`).
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { endpointsOf, type EndpointSpec } from '@arena/contracts/kit';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertContract, route } from '../src/platform/route.js';
import { createTestApp, type TestContext } from './helpers.js';

/** Declared for a later issue's server: the provider's online payments (issue 23). */
const NOT_YET_SERVED = new Set<string>([]);

const contractsDir = fileURLToPath(new URL('../../../packages/contracts/src/', import.meta.url));
const moduleEntries = readdirSync(contractsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'kit')
  .map((d) => d.name);

let t: TestContext;
let declared: { module: string; endpoint: EndpointSpec }[];
beforeAll(async () => {
  t = await createTestApp();
  declared = [];
  for (const name of moduleEntries) {
    const exports = (await import(`@arena/contracts/${name}`)) as Record<string, unknown>;
    for (const endpoint of endpointsOf(exports)) declared.push({ module: name, endpoint });
  }
});
afterAll(async () => t?.close());

const key = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

describe('endpoint contracts', () => {
  it('serves every endpoint each module entry declares, from that declaration', () => {
    expect(moduleEntries).toEqual(
      expect.arrayContaining(['accounts', 'administrator', 'booking', 'membership', 'money', 'public', 'staff']),
    );
    expect(declared.length).toBeGreaterThan(100);
    const missing = declared
      .filter(({ endpoint }) => !NOT_YET_SERVED.has(key(endpoint)))
      .filter(({ endpoint }) => !t.app.hasRoute({ method: endpoint.method, url: endpoint.path }))
      .map(({ module, endpoint }) => `${module}: ${key(endpoint)}`);
    expect(missing).toEqual([]);
  });

  it('declares each method and path once', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const { module, endpoint } of declared) {
      // A module entry may re-export another's endpoint (the same object): count objects, not names.
      const k = key(endpoint);
      if (seen.has(k) && seen.get(k) !== module) twice.push(`${k} (${seen.get(k)} and ${module})`);
      seen.set(k, module);
    }
    expect(twice).toEqual([]);
  });

  it('refuses to boot with an /api/ route registered without its contract', async () => {
    const app = Fastify();
    app.addHook('onRoute', assertContract);
    expect(() => app.get('/api/handwritten/', async () => ({}))).toThrow(/has no endpoint contract/);
    // The same route from a contract registers.
    route(app, { method: 'GET', path: '/api/declared/' }, { tags: ['x'], summary: 'x', handler: async () => ({}) });
    await app.ready();
    expect(app.hasRoute({ method: 'GET', url: '/api/declared/' })).toBe(true);
    await app.close();
  });
});
