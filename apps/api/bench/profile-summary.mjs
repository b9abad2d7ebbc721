#!/usr/bin/env node
/**
 * Where a .cpuprofile's time went: self time by package (node_modules/<name>) or by source file
 * of this repository, and the top functions. `node bench/profile-summary.mjs file.cpuprofile [top]`.
 */
import fs from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: profile-summary.mjs file.cpuprofile [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));
const total = [...self.values()].reduce((a, b) => a + b, 0);

const where = (url) => {
  if (!url) return '(native / V8)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const repo = /\/(apps|packages)\/(.+)$/.exec(url);
  if (repo) return `${repo[1]}/${repo[2].split('/').slice(0, 4).join('/')}`;
  if (url.startsWith('node:')) return url;
  return url;
};
const groups = new Map();
const fns = new Map();
for (const [id, us] of self) {
  const n = byId.get(id);
  const f = n.callFrame;
  const g =
    f.functionName === '(idle)' || f.functionName === '(program)' || f.functionName === '(garbage collector)'
      ? f.functionName
      : where(f.url);
  groups.set(g, (groups.get(g) ?? 0) + us);
  const key = `${f.functionName || '(anonymous)'}  ${where(f.url)}:${f.lineNumber + 1}`;
  fns.set(key, (fns.get(key) ?? 0) + us);
}
const pct = (us) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
console.log(`total ${(total / 1e6).toFixed(1)} s sampled`);
console.log('\nself time by package / file:');
for (const [g, us] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(us)}  ${g}`);
console.log('\ntop functions (self):');
for (const [k, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(us)}  ${k}`);
