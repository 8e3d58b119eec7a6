#!/usr/bin/env node
/**
 * The README's test command: every suite, then one closing line 'N passed, N failed, N skipped'.
 *  1. vitest: domain (unit), server (API on SQLite, and PostgreSQL when TEST_DATABASE_URL is set), web (components);
 *  2. Playwright in Debian's Chromium against the built app (skipped loudly when Chromium is missing).
 * Under CI=true a skipped part is a failure. The tests get a temp dir of their own (TMPDIR); a
 * desk-* entry left in it afterwards is a failure: tests clean up after themselves.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { node24Env } from './node24.mjs';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'test-results');
mkdirSync(out, { recursive: true });
const ci = !!process.env.CI;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const skipped = [];
let passed = 0;
let failed = 0;
let skippedTests = 0;

const summary = () => `${passed} passed, ${failed} failed, ${skippedTests} skipped`;

// The tests' temp dir: everything they make with os.tmpdir() lands here (and nowhere near the
// temp files of other programs or of another checkout's run), so what is left is theirs.
const tmp = mkdtempSync(path.join(os.tmpdir(), 'desk-test-run-'));
const tmpEnv = { TMPDIR: tmp, TMP: tmp, TEMP: tmp };

function run(cmd, args, env = {}) {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...tmpEnv, ...env } });
  return r.status ?? 1;
}

function loud(lines) {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = '*'.repeat(width);
  console.warn(`\n${bar}\n${lines.map((l) => `* ${l.padEnd(width - 4)} *`).join('\n')}\n${bar}\n`);
}

// 0. A fresh clone: install first (on Node 24, see node24.mjs), so this one command is all a new
// machine needs.
if (!existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  const env = node24Env();
  if (!env || run('npm', ['ci', '--no-audit', '--no-fund'], env) !== 0) {
    failed += 1;
    rmSync(tmp, { recursive: true, force: true });
    console.log(`\n${summary()}`);
    process.exit(1);
  }
}

// 1. vitest
const vitestJson = path.join(out, 'vitest.json');
rmSync(vitestJson, { force: true });
if (!process.env.TEST_DATABASE_URL) {
  skipped.push('PostgreSQL half of the server suite');
  loud([
    'SKIPPED: the server suite on PostgreSQL (TEST_DATABASE_URL is not set).',
    'Enable: TEST_DATABASE_URL=postgres://USER@127.0.0.1:PORT/postgres npm test',
    'or run `bash .ci/run`, which installs and starts a private PostgreSQL.',
  ]);
}
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (vitestStatus !== 0 && r.numFailedTests === 0 ? 1 : 0);
  skippedTests += r.numPendingTests + (r.numTodoTests ?? 0);
} else {
  failed += 1;
}

// 2. Playwright end-to-end
if (process.env.SKIP_E2E === '1' && !ci) {
  skipped.push('end-to-end tests (SKIP_E2E=1)');
  loud(['SKIPPED: end-to-end tests (SKIP_E2E=1).']);
} else if (!existsSync(chromium)) {
  skipped.push('end-to-end tests (no Chromium)');
  loud([
    `SKIPPED: end-to-end tests: no Chromium at ${chromium}.`,
    'Enable: sudo apt-get install -y chromium   (or set CHROMIUM_PATH)',
  ]);
} else {
  const build = run('npm', ['run', 'build']);
  const e2eJson = path.join(out, 'e2e.json');
  rmSync(e2eJson, { force: true });
  if (build !== 0) {
    failed += 1;
  } else {
    const status = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { E2E_JSON: e2eJson });
    if (existsSync(e2eJson)) {
      const s = JSON.parse(readFileSync(e2eJson, 'utf8')).stats;
      passed += s.expected + s.flaky;
      failed += s.unexpected + (status !== 0 && s.unexpected === 0 ? 1 : 0);
      skippedTests += s.skipped;
    } else {
      failed += 1;
    }
  }
}

if (ci && skipped.length) {
  console.error(`\nCI: these parts were skipped, which fails the run: ${skipped.join('; ')}`);
  failed += skipped.length;
}
const leftovers = readdirSync(tmp).filter((name) => name.startsWith('desk-'));
if (leftovers.length) {
  console.error(`\nLeft behind in the temp dir by the tests (each one a failure): ${leftovers.join(', ')}`);
  failed += leftovers.length;
}
rmSync(tmp, { recursive: true, force: true });
console.log(`\n${summary()}`);
process.exit(failed > 0 ? 1 : 0);
