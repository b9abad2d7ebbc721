#!/usr/bin/env node
// Gzip size of the JavaScript the browser loads for the login route and for the shell's first
// screen, read from the production build's Vite manifest (apps/web/dist/.vite/manifest.json).
// Targets (issue 3): login < 150 kB, shell first load < 250 kB; the portal and the member app (issue 27)
// ≤ 120 kB. Exits 1 when a target is missed.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`No build found at ${dist}. Run "npm run build -w apps/web" first.`);
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

// Two pages since issue 12 (the staff app and the portal): the staff app's entry is index.html.
const entryKey = manifest['index.html']?.isEntry ? 'index.html' : Object.keys(manifest).find((k) => manifest[k].isEntry);
const keyOf = (suffix) => {
  const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
  if (!key) throw new Error(`No chunk for ${suffix} in the manifest`);
  return key;
};

/** A chunk and everything it imports statically (what the browser fetches before it runs). */
function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const total = (keys) => [...keys].reduce((sum, k) => sum + gzipSize(manifest[k].file), 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

const routes = [
  { name: 'login route (initial load)', chunks: [entryKey, keyOf('src/modules/accounts/LoginPage.tsx')], budget: 150 * 1024 },
  {
    name: 'shell first load (/ signed in)',
    chunks: [entryKey, keyOf('src/app/MainApp.tsx'), keyOf('src/modules/dashboard/DashboardPage.tsx')],
    budget: 250 * 1024,
  },
  // Issue 12 §5: the public portal is its own page and loads none of the staff app.
  ...(manifest['portal.html'] ? [{ name: 'online-booking portal (initial load)', chunks: ['portal.html'], budget: 120 * 1024 }] : []),
  // Issue 27: the members' app (/me) is its own page; its first load is the entry and the home page, on a ₹8,000 phone on 4G.
  ...(manifest['me.html']
    ? [
        {
          name: 'member app /me (first load: home)',
          chunks: ['me.html', keyOf('src/modules/end-user/me/pages/HomePage.tsx')],
          budget: 120 * 1024,
        },
      ]
    : []),
];

let failed = false;
for (const route of routes) {
  const keys = closure(route.chunks);
  const size = total(keys);
  const ok = size <= route.budget;
  failed ||= !ok;
  console.log(`${ok ? 'ok  ' : 'OVER'} ${route.name}: ${kb(size)} gzip JS (budget ${kb(route.budget)}, ${keys.size} files)`);
  if (process.argv.includes('--verbose'))
    for (const k of keys) console.log(`       ${kb(gzipSize(manifest[k].file)).padStart(9)}  ${manifest[k].file}`);
}
process.exit(failed ? 1 : 0);
