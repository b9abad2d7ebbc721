import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defaultClientConditions, defineConfig } from 'vite';

// API_PORT: a dev API on another port (several dev servers side by side).
const api = { target: `http://127.0.0.1:${process.env.API_PORT ?? 3000}`, changeOrigin: false };

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // @arena/contracts exports its TypeScript source under the "source" condition.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: { host: true, allowedHosts: ['.localhost', 'localhost'], proxy: { '/api': api, '/uploads': api } },
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, sourcemap: false },
});
