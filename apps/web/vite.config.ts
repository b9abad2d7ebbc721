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
      if (match && req.url) req.url = `/${match.html}${req.url.slice(match.path.length).replace(/^\/[^?#]*/, '')}`;
      next();
    });
  },
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: '.vite/public-pages.json', source: `${JSON.stringify(pages, null, 2)}\n` });
  },
});

export default defineConfig(async () => {
  const pages = await publicPages();
  return {
    plugins: [react(), tailwindcss(), publicPagesPlugin(pages)],
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
