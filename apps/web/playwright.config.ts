import { defineConfig } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Journeys against the BUILT app (`npm run build` first): the API serves apps/web/dist, on a
 * fresh embedded database in a new temp DATA_DIR (mail lands in DATA_DIR/outbox, where the
 * sign-up and reset journeys read their links). Debian's Chromium, one worker.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
// Workers inherit the runner's environment, so every process agrees on one directory.
process.env.ARENA_E2E_DATA_DIR ??= path.join(os.tmpdir(), `arena-e2e-${Date.now()}`);
const DATA_DIR = process.env.ARENA_E2E_DATA_DIR;
process.env.ARENA_E2E_PORT = String(PORT);
if (!process.env.TEST_WORKER_INDEX) fs.rmSync(DATA_DIR, { recursive: true, force: true });

export default defineConfig({
  testDir: './e2e',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 8_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  outputDir: 'test-results/artifacts',
  use: {
    baseURL: `http://demo.localhost:${PORT}`,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node ../api/dist/server.js',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      PUBLIC_URL: `http://localhost:${PORT}`,
      DATA_DIR,
      LOG_LEVEL: 'warn',
      // Every journey logs in from the same address; the per-IP limit is tested by the API suite.
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    },
  },
});
