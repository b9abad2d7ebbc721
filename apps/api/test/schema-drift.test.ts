/**
 * Fails when the schema and the committed migrations disagree: someone changed a schema file
 * without running `npm run db:generate`, or left its output out of the commit. drizzle-kit
 * generates into a copy of the migrations folder, so the real one is never touched.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import drizzleConfig from '../drizzle.config.js';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The package's own bin, wherever npm hoisted it.
const drizzleKit = path.join(path.dirname(createRequire(import.meta.url).resolve('drizzle-kit')), 'bin.cjs');

it('has a committed migration for every schema change', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-schema-drift-'));
  try {
    const out = path.join(dir, 'migrations');
    fs.cpSync(path.resolve(apiDir, drizzleConfig.out ?? 'drizzle'), out, { recursive: true });
    // The real config with only `out` changed, so its schema globs and options are the ones
    // checked. drizzle-kit runs in apps/api and needs `out` relative to it (it breaks absolute paths).
    const config = path.join(dir, 'drizzle.config.json');
    fs.writeFileSync(config, JSON.stringify({ ...drizzleConfig, out: path.relative(apiDir, out) }));
    const committed = sqlFiles(out);
    // `--conditions=source`: module schemas import @arena/contracts, whose default export is its
    // build (dist), which a clean clone does not have until `npm run build` (CI runs this test first).
    const run = spawnSync(process.execPath, ['--conditions=source', drizzleKit, 'generate', '--config', config], {
      cwd: apiDir,
      encoding: 'utf8',
      // Blocking, so the test timeout cannot stop it. (Without a terminal, drizzle-kit refuses its
      // questions about renames instead of waiting for an answer, which the check below reports.)
      timeout: 30_000,
    });
    const report = `drizzle-kit generate (exit ${run.status ?? run.signal}):\n${run.stdout}${run.stderr}`;
    expect(sqlFiles(out), `run \`npm run db:generate\` and commit the migration.\n${report}`).toEqual(committed);
    // drizzle-kit exits 0 even when it fails to read the folder or the schema: insist it compared.
    expect(run.stdout, report).toContain('No schema changes');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

function sqlFiles(folder: string): string[] {
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort();
}
