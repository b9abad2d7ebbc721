import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

// API_PORT: a dev API on another port (several dev servers side by side).
const api = { target: `http://127.0.0.1:${process.env.API_PORT ?? 3000}`, changeOrigin: false };

const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** In development too, /online-booking is the portal's own page (the API does the same for the build). */
const portalPage = (): Plugin => ({
  name: 'arena-portal-page',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && /^\/online-booking(?:[/?#]|$)/.test(req.url))
        req.url = `/portal.html${req.url.slice('/online-booking'.length).replace(/^\/[^?#]*/, '')}`;
      next();
    });
  },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), portalPage()],
  // @arena/contracts exports its TypeScript source under the "source" condition.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: { host: true, allowedHosts: ['.localhost', 'localhost'], proxy: { '/api': api, '/uploads': api } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    // Two pages: the staff app, and the public portal, which loads only its own code.
    rollupOptions: { input: { main: page('./index.html'), portal: page('./portal.html') } },
  },
});
