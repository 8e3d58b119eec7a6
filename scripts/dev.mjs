#!/usr/bin/env node
/**
 * Development mode: the API server restarts on change (tsx watch, port 3000) and the Vite dev
 * server (port 5173) serves the React app with hot reload, proxying /api to the API server.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = spawnSync('npx', ['tsc', '-b', 'packages/domain'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
];
console.log('\n  API on http://127.0.0.1:3000/api, app with hot reload on http://127.0.0.1:5173/\n');
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && code !== 0 && stop());
