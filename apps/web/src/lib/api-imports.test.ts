/**
 * Issue 18 §4: the web calls the API only through endpoints of the contracts, and imports them
 * from the zod-free `@arena/contracts/<module>/routes` entries (the build serves those as method
 * and path alone), never from a module's schema entry — one such import would put zod and the
 * module's schemas back into the login route and the portal.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const files = (readdirSync(src, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'));
const isEndpoint = (v: unknown) => !!v && typeof v === 'object' && typeof (v as { method?: unknown }).method === 'string';
const isEndpointExport = (v: unknown) =>
  isEndpoint(v) || (!!v && typeof v === 'object' && Object.values(v).length > 0 && Object.values(v).every(isEndpoint));

const IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@arena\/contracts\/([a-z-]+)(\/routes)?'/g;

describe('the web imports of the contracts', () => {
  const imports = files.flatMap((file) =>
    [...readFileSync(path.join(src, file), 'utf8').matchAll(IMPORT)].map((m) => ({
      file,
      typeOnly: !!m[1],
      names: m[2]
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n && !n.startsWith('type '))
        .map((n) => n.split(/\s+as\s+/)[0]),
      entry: m[3],
      routes: !!m[4],
    })),
  );

  it('finds the pages calling the API', () => {
    expect(imports.filter((i) => i.routes).length).toBeGreaterThan(30);
  });

  it('takes every endpoint from a /routes entry, and only endpoints from there', async () => {
    const wrong: string[] = [];
    // The kit and the zod-free path helper hold no endpoints.
    for (const i of imports.filter((x) => !x.typeOnly && x.entry !== 'kit' && x.entry !== 'path')) {
      const routes = (await import(`@arena/contracts/${i.entry}/routes`)) as Record<string, unknown>;
      for (const name of i.names) {
        const endpoint = isEndpointExport(routes[name]);
        if (endpoint && !i.routes) wrong.push(`${i.file}: ${name} from @arena/contracts/${i.entry} (use /routes)`);
        if (!endpoint && i.routes) wrong.push(`${i.file}: ${name} is not an endpoint of @arena/contracts/${i.entry}/routes`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
