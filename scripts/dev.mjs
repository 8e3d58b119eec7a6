#!/usr/bin/env node
/**
 * Development mode: the API server restarts on change (tsx watch, PORT, default 3000) and the
 * Vite dev server (WEB_PORT, default 5173) serves the React app with hot reload, proxying /api
 * to the API server (API_PROXY_TARGET, default the API server started here).
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = spawnSync('npx', ['tsc', '-b', 'packages/domain'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

const apiPort = process.env.PORT ?? '3000';
const webPort = process.env.WEB_PORT ?? '5173';
const apiTarget = process.env.API_PROXY_TARGET ?? `http://127.0.0.1:${apiPort}`;
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn('npx', ['vite', '--host', '127.0.0.1', '--port', webPort, '--strictPort'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, API_PROXY_TARGET: apiTarget },
  }),
];
console.log(
  `\n  API on http://127.0.0.1:${apiPort}/api, app with hot reload on http://127.0.0.1:${webPort}/ (proxying /api to ${apiTarget})\n`,
);
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && code !== 0 && stop());
