#!/usr/bin/env node
/**
 * Run by `npm run build` after `vite build`: fails the build when a route loads more JavaScript
 * before its first paint than apps/web/budgets.json allows (scripts/budgets.mjs), and writes
 * dist/route-preloads.json, the files each route's page names for the browser to fetch at once
 * (the server reads it). Reads Vite's manifest, then removes it: the server serves dist/ as it is, and the manifest is not for browsers.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { checkBudgets, routePreloads } from './budgets.mjs';

// WEB_DIR: another web app folder (the checker's own test).
const web = process.env.WEB_DIR ?? path.resolve(import.meta.dirname, '..', 'apps', 'web');
const dist = path.join(web, 'dist');
const manifestDir = path.join(dist, '.vite');
const manifestFile = path.join(manifestDir, 'manifest.json');
if (!existsSync(manifestFile)) {
  console.error(
    `Budgets: no ${path.relative(process.cwd(), manifestFile)}; run \`npm run build\` (vite build writes it).`,
  );
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
rmSync(manifestDir, { recursive: true, force: true });
const budgets = JSON.parse(readFileSync(path.join(web, 'budgets.json'), 'utf8'));
const sizeOf = (file) => zlib.gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

const { ok, lines } = checkBudgets(manifest, budgets, sizeOf);
// The server's modulepreload links per route (apps/server/src/app-page.ts) come from the same closure.
writeFileSync(path.join(dist, 'route-preloads.json'), `${JSON.stringify(routePreloads(manifest, budgets), null, 2)}\n`);
console.log(`JavaScript before first paint, gzip (${path.relative(process.cwd(), path.join(web, 'budgets.json'))}):`);
for (const l of lines) console.log(`  ${l}`);
if (!ok) {
  console.error(
    'Budget exceeded: load the named chunks later (a lazy import) or make them smaller; raise a budget only with a reason in docs/performance.md.',
  );
  process.exit(1);
}
