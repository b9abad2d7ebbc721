#!/usr/bin/env node
/**
 * `npm test`: every tier, then one plain line `N passed, N failed`.
 *   1. unit + integration (Vitest; integration on PGlite, or PostgreSQL when TEST_DATABASE_URL is set)
 *   2. end-to-end (Playwright with Debian's Chromium against the built app), after the build's
 *      JavaScript budgets (apps/web/scripts/bundle-size.mjs: each page's first load, gzip)
 * Set E2E=0 to run only the first tier.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Failing tests by name with the head of their error, printed again just above the last line. */
const failures = [];
let ok = true;
const firstLines = (text, n = 6) =>
  String(text ?? '')
    .split('\n')
    .slice(0, n)
    .join('\n    ');

function run(cmd, args, cwd) {
  console.log(`\n$ ${cmd} ${args.join(' ')}  (in ${path.relative(root, cwd) || '.'})`);
  const res = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: process.env });
  return res.status === 0;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// Tier 1 and 2: Vitest
const vitestReport = path.join(root, 'apps/api/test-results/vitest.json');
fs.rmSync(vitestReport, { force: true });
if (!process.env.TEST_DATABASE_URL)
  console.log('TEST_DATABASE_URL is not set: integration tests run on PGlite; PostgreSQL-only tests (pool isolation) are skipped.');
const vitestOk = run('npx', ['vitest', 'run'], path.join(root, 'apps/api'));
const v = readJson(vitestReport);
if (v) {
  totals.passed += v.numPassedTests;
  totals.failed += v.numFailedTests;
  totals.skipped += v.numPendingTests + (v.numTodoTests ?? 0);
  if (!vitestOk && v.numFailedTests === 0) totals.failed += 1; // a suite that failed to load
  for (const file of v.testResults ?? []) {
    const rel = path.relative(root, file.name);
    for (const t of file.assertionResults ?? [])
      if (t.status === 'failed') failures.push(`vitest ${rel} › ${t.fullName}\n    ${firstLines(t.failureMessages?.[0])}`);
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
      failures.push(`vitest ${rel} (the file failed outside a test)\n    ${firstLines(file.message)}`);
  }
} else totals.failed += 1;
ok &&= vitestOk;

// Tier 3: Playwright
const playwrightConfig = path.join(root, 'apps/web/playwright.config.ts');
if (process.env.E2E !== '0' && fs.existsSync(playwrightConfig)) {
  if (!fs.existsSync('/usr/bin/chromium')) {
    console.error('End-to-end tests need Debian chromium at /usr/bin/chromium (apt-get install -y chromium); .ci/run installs it.');
    totals.failed += 1;
    ok = false;
  } else if (!run('npm', ['run', 'build'], root)) {
    totals.failed += 1;
    ok = false;
  } else {
    // The first-load budgets of the built pages: one check, counted like a test.
    if (run('node', ['scripts/bundle-size.mjs'], path.join(root, 'apps/web'))) totals.passed += 1;
    else {
      totals.failed += 1;
      ok = false;
      failures.push("bundle-size: a page's first load is over its budget (apps/web/scripts/bundle-size.mjs, printed above)");
    }
    const report = path.join(root, 'apps/web/test-results/e2e.json');
    fs.rmSync(report, { force: true });
    const e2eOk = run('npx', ['playwright', 'test'], path.join(root, 'apps/web'));
    const p = readJson(report);
    if (p?.stats) {
      totals.passed += p.stats.expected + (p.stats.flaky ?? 0);
      totals.failed += p.stats.unexpected;
      totals.skipped += p.stats.skipped;
      if (!e2eOk && p.stats.unexpected === 0) totals.failed += 1;
      const walk = (suite, trail) => {
        for (const spec of suite.specs ?? [])
          for (const t of spec.tests ?? [])
            if (t.status === 'unexpected') {
              const err = t.results?.at(-1)?.error?.message;
              failures.push(`playwright ${spec.file}:${spec.line} › ${[...trail, spec.title].join(' › ')}\n    ${firstLines(err)}`);
            }
        for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
      };
      for (const s of p.suites ?? []) walk(s, []);
    } else if (!e2eOk) totals.failed += 1;
    ok &&= e2eOk;
  }
}

if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
if (!vitestOk && !failures.some((f) => f.startsWith('vitest')))
  console.log('\nVitest exited non-zero with no failing test: look above for an unhandled error or a timed-out hook.');
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
