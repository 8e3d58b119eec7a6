import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the built app,
 * started here on fresh SQLite databases: one with the normal idle limit, one whose sessions
 * go idle after three seconds.
 */
export const ADMIN_PASSWORD = 'E2e-north-wind-58';
export const COMPANY_NAME = 'Northside Garage Door Supply';
const PORT = Number(process.env.E2E_PORT ?? 3917);
const SHORT_PORT = PORT + 1;
const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'desk-e2e-')),
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
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: [server(PORT, {}), server(SHORT_PORT, { SESSION_IDLE_MINUTES: '0.05' })],
  metadata: { shortSessionUrl: `http://127.0.0.1:${SHORT_PORT}` },
});
