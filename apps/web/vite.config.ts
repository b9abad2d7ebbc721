import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig, runnerImport, type Plugin } from 'vite';
import type { PublicPage } from './src/lib/web-module';

// API_PORT: a dev API on another port (several dev servers side by side).
const api = { target: `http://127.0.0.1:${process.env.API_PORT ?? 3000}`, changeOrigin: false };

const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));
// @arena/contracts exports its TypeScript source under the "source" condition.
const conditions = ['source', ...defaultClientConditions];

/** The pages the modules serve outside the staff app: their manifests' `publicPages` (read here, in Node). */
async function publicPages(): Promise<PublicPage[]> {
  const { module } = await runnerImport<typeof import('./src/app/modules')>(page('./src/app/modules.ts'), {
    configFile: false,
    resolve: { conditions },
  });
  return module.WEB_MODULES.flatMap((m) => m.publicPages ?? []);
}

/**
 * Each public page is its own HTML page: in development its path serves its HTML (as the API does
 * for the build), and the build lists the pages for the API in `.vite/public-pages.json`.
 */
const publicPagesPlugin = (pages: PublicPage[]): Plugin => ({
  name: 'arena-public-pages',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const match = req.url && pages.find((p) => new RegExp(`^${p.path}(?:[/?#]|$)`).test(req.url!));
      // Its manifest: the file as it is (the API names the organisation in it).
      if (match && match.manifest && req.url!.split('?')[0] === `${match.path}/manifest.webmanifest`) req.url = `/${match.manifest}`;
      else if (match && req.url) req.url = `/${match.html}${req.url.slice(match.path.length).replace(/^\/[^?#]*/, '')}`;
      next();
    });
  },
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: '.vite/public-pages.json', source: `${JSON.stringify(pages, null, 2)}\n` });
  },
});

/**
 * `@arena/contracts/<module>/routes` in the browser: each endpoint's method and path (and flags),
 * without its zod schemas. The web's `call()` reads no schema, so a page that only calls the API
 * (the login, the portal) loads no zod; the contracts module is read here, in Node, at build time,
 * so the paths are the declarations themselves. Types come from the real module (`routes.ts`).
 */
const contractRoutes = (): Plugin => {
  const PREFIX = '\0arena-contract-routes:';
  const FIELDS = ['method', 'path', 'status', 'file', 'form', 'list', 'report'] as const;
  const isEndpoint = (v: unknown): v is Record<string, unknown> =>
    !!v &&
    typeof v === 'object' &&
    typeof (v as { method?: unknown }).method === 'string' &&
    typeof (v as { path?: unknown }).path === 'string';
  const strip = (v: unknown): unknown => {
    if (isEndpoint(v)) return Object.fromEntries(FIELDS.filter((f) => v[f] !== undefined).map((f) => [f, v[f]]));
    if (v && typeof v === 'object' && Object.values(v).every(isEndpoint))
      return Object.fromEntries(Object.entries(v).map(([k, e]) => [k, strip(e)]));
    return undefined;
  };
  return {
    name: 'arena-contract-routes',
    enforce: 'pre',
    resolveId(id) {
      const match = /^@arena\/contracts\/([a-z-]+)\/routes$/.exec(id);
      return match ? `${PREFIX}${match[1]}` : null;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const name = id.slice(PREFIX.length);
      const file = fileURLToPath(new URL(`../../packages/contracts/src/${name}/routes.ts`, import.meta.url));
      this.addWatchFile(file);
      const { module } = await runnerImport<Record<string, unknown>>(file, { configFile: false, resolve: { conditions } });
      return Object.entries(module)
        .map(([key, value]) => [key, strip(value)] as const)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => `export const ${key} = ${JSON.stringify(value)};`)
        .join('\n');
    },
  };
};

export default defineConfig(async () => {
  const pages = await publicPages();
  return {
    plugins: [contractRoutes(), react(), tailwindcss(), publicPagesPlugin(pages)],
    resolve: { conditions },
    server: { host: true, allowedHosts: ['.localhost', 'localhost'], proxy: { '/api': api, '/uploads': api } },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      manifest: true,
      sourcemap: false,
      // The staff app, and each public page, which loads only its own code.
      rollupOptions: {
        input: Object.fromEntries([
          ['main', page('./index.html')],
          ...pages.map((p) => [p.html.replace(/\.html$/, ''), page(`./${p.html}`)]),
        ]),
      },
    },
  };
});
