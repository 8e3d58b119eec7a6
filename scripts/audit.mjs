#!/usr/bin/env node
/**
 * `npm run audit`: asks the registry for advisories on the locked dependencies (production only,
 * then everything), applies the policy of docs/security.md ("Dependency audit in CI") with the
 * accepted advisories in audit-allowlist.json, prints a short report and exits 1 when the build
 * must fail. When the audit gives no report: exit 1 under CI=true (a build that could not check
 * is not known to be clean), exit 0 on a workstation (one line says so) — except when the registry
 * in use does not offer the audit endpoint at all (HTTP 404/405/501), which says SKIPPED and exits
 * 0 everywhere: no run of CI on that registry could ever pass otherwise.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { evaluate, formatResult } from './audit-policy.mjs';

const root = path.resolve(import.meta.dirname, '..');
const ci = !!process.env.CI && process.env.CI !== 'false';

function audit(args) {
  const r = spawnSync('npm', ['audit', '--json', ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 120_000,
  });
  try {
    return JSON.parse(r.stdout);
  } catch {
    const said = `${r.stderr ?? ''}`.trim().split('\n').filter(Boolean).pop();
    return { message: said ?? (r.error ? String(r.error.message) : `npm audit exited with ${r.status}`) };
  }
}

const allowFile = path.join(root, 'audit-allowlist.json');
let allowList = [];
if (existsSync(allowFile)) {
  try {
    allowList = JSON.parse(readFileSync(allowFile, 'utf8'));
  } catch (err) {
    console.log(`npm audit: FAILED, audit-allowlist.json is not valid JSON (${err.message}).`);
    process.exit(1);
  }
}

const production = audit(['--omit=dev']);
const all = production.vulnerabilities ? audit([]) : production;
const result = evaluate({ production, all, allowList });
for (const line of formatResult(result, { ci, dependencies: all.metadata?.dependencies })) console.log(line);
process.exit(result.available ? result.exitCode : ci && !result.notOffered ? 1 : 0);
