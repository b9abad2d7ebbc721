#!/usr/bin/env node
// `npm start`: builds what is missing or out of date, then starts the server (migrations and demo seed run at start).
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function newest(dir) {
  let latest = 0;
  if (!fs.existsSync(dir)) return latest;
  if (!fs.statSync(dir).isDirectory()) return fs.statSync(dir).mtimeMs;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

const stamp = path.join(root, 'apps/api/dist/.build-stamp');
const sources = Math.max(
  newest(path.join(root, 'packages/contracts/src')),
  newest(path.join(root, 'apps/api/src')),
  newest(path.join(root, 'apps/web/src')),
  newest(path.join(root, 'apps/web/index.html')),
);
const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
if (built < sources) {
  console.log('Building Arena (first start or sources changed)…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
  fs.writeFileSync(stamp, new Date().toISOString());
}

const child = spawn(process.execPath, ['apps/api/dist/server.js'], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
