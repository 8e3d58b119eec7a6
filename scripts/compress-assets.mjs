#!/usr/bin/env node
/** After `vite build`: writes .gz and .br next to each JS, CSS, SVG and HTML file, served as-is by @fastify/static. */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', 'apps', 'web', 'dist');
const walk = (dir) =>
  readdirSync(dir).flatMap((f) =>
    statSync(path.join(dir, f)).isDirectory() ? walk(path.join(dir, f)) : [path.join(dir, f)],
  );
let n = 0;
for (const file of walk(dist)) {
  if (!/\.(js|css|svg|html|json|txt)$/.test(file)) continue;
  const body = readFileSync(file);
  if (body.length < 1024) continue;
  writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  n++;
}
console.log(`compressed ${n} files in ${path.relative(process.cwd(), dist)}`);
