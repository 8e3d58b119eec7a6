import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the built app,
 * started here on fresh SQLite databases: one with the normal idle limit, one whose sessions
 * go idle after three seconds.
 */
export const ADMIN_PASSWORD = 'E2e-north-wind-58';
export const COMPANY_NAME = 'Northside Garage Door Supply';
const root = path.resolve(import.meta.dirname, '..');

/**
 * Ports and data folder are chosen once, by the runner, which loads this file first; the workers
 * load it again and inherit them through the environment. Ports: E2E_PORT (and E2E_PORT + 1) when
 * given, else two free ones from the OS, so two checkouts can run the tests at once.
 */
if (!process.env.E2E_PORT) {
  const script =
    "const net=require('net');const a=net.createServer().listen(0,'127.0.0.1',()=>{" +
    "const b=net.createServer().listen(0,'127.0.0.1',()=>{" +
    "console.log(a.address().port+' '+b.address().port);a.close();b.close()})})";
  const [main, short] = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim().split(' ');
  process.env.E2E_PORT = main;
  process.env.E2E_SHORT_PORT = short;
}
if (!process.env.E2E_DATA_DIR) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'desk-e2e-'));
  process.env.E2E_DATA_DIR = dir;
  // The runner removes it when it ends, after it has stopped the servers.
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
}
const PORT = Number(process.env.E2E_PORT);
const SHORT_PORT = Number(process.env.E2E_SHORT_PORT ?? PORT + 1);

function dataDir(name: string): string {
  const dir = path.join(process.env.E2E_DATA_DIR!, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

const server = (port: number, extra: Record<string, string>) => ({
  command: 'node apps/server/dist/main.js',
  cwd: root,
  url: `http://127.0.0.1:${port}/api/health`,
  reuseExistingServer: false,
  timeout: 60_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir(String(port)),
    COMPANY_NAME,
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    ...extra,
  },
});

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(root, 'test-results', 'e2e'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.E2E_JSON ? [['list'], ['json', { outputFile: process.env.E2E_JSON }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1366, height: 850 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'off',
    screenshot: 'only-on-failure',
    // page.route() does not see what a service worker answers; the tests of the service worker
    // itself (yard-tablet.spec.ts) allow it.
    serviceWorkers: 'block',
  },
  webServer: [server(PORT, {}), server(SHORT_PORT, { SESSION_IDLE_MINUTES: '0.05' })],
  metadata: { shortSessionUrl: `http://127.0.0.1:${SHORT_PORT}` },
});
