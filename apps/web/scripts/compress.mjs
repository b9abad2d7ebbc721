#!/usr/bin/env node
// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the
// build, so the API sends them pre-compressed by Accept-Encoding (@fastify/static preCompressed)
// and compresses nothing per request. Node's zlib only; no dependency.
//   node scripts/compress.mjs [dir]   (default: apps/web/dist)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'dist'));
const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|map|webmanifest|xml|ics)$/;
const MIN_BYTES = 1024; // smaller files gain nothing from compression

function* files(root) {
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    const full = path.join(root, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const file of files(dir)) {
  const data = fs.readFileSync(file);
  if (data.length < MIN_BYTES) continue;
  const br = zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = zlib.gzipSync(data, { level: 9 });
  // A copy no smaller than the original would only cost a disk read: the original is served instead.
  if (br.length < data.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < data.length) fs.writeFileSync(`${file}.gz`, gz);
  count += 1;
  before += data.length;
  after += br.length;
}
console.log(
  `compress: ${count} files in ${path.relative(process.cwd(), dir) || '.'}, ${(before / 1024).toFixed(0)} kB → ${(after / 1024).toFixed(0)} kB brotli`,
);
