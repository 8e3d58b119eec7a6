#!/usr/bin/env node
/**
 * `npm run up` on a fresh machine: install (on Node 24, see node24.mjs), build, start. On a machine
 * whose Node is older it says so in one line and uses the pinned Node 24 from the npm registry.
 */
import { node24Env, run } from './node24.mjs';

const env = node24Env();
if (!env) process.exit(1);
for (const args of [
  ['ci', '--no-audit', '--no-fund'],
  ['run', 'build'],
]) {
  const status = run('npm', args, env);
  if (status !== 0) process.exit(status);
}
process.exit(run('npm', ['start'], env));
