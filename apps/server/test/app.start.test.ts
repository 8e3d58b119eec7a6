/**
 * Starting the built server (`npm start`) on a port another program holds: one line saying what
 * to do, exit code 1, no stack trace, and nothing written to the database first. The server and
 * every CLI on a Node older than 24: one line naming the Node to use, exit code 1
 * (node-version.ts). And the allocator settings where the operator sets them: `npm start`'s
 * command line and the systemd unit (docs/decisions/031-memory-allocator.md).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  BACKUP_CLI,
  ROOT,
  SERVER_MAIN,
  SESSION_SECRET,
  ServerProcess,
  ensureBuilt,
  tempDir,
} from './reliability/harness.js';

describe('starting on a port already in use', () => {
  let holder: net.Server;
  let port: number;
  let dataDir: string;
  beforeAll(async () => {
    ensureBuilt();
    dataDir = tempDir('desk-start-');
    holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    port = (holder.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => holder?.close(resolve));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('says so in one line and exits with 1', () => {
    const r = spawnSync(process.execPath, [SERVER_MAIN], {
      cwd: dataDir, // no stray .env is read
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        ADMIN_PASSWORD,
        SESSION_SECRET,
        STATIC_DIR: path.join(dataDir, 'no-web'),
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.stderr).toBe(`Port ${port} on 127.0.0.1 is already in use: stop the other program or set PORT\n`);
    expect(r.stdout).toBe('');
    expect(r.status).toBe(1);
    // Checked before the database is opened: no first administrator whose password nobody saw.
    expect(existsSync(path.join(dataDir, 'desk.sqlite'))).toBe(false);
  });
});

/** The machine's own Node (Debian's package), older than 24 on the machines this test is for. */
const SYSTEM_NODE = '/usr/bin/node';
const systemMajor = existsSync(SYSTEM_NODE)
  ? Number(spawnSync(SYSTEM_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.split('.')[0])
  : null;

describe.runIf(systemMajor !== null && systemMajor < 24)(`on ${SYSTEM_NODE}, a Node older than 24`, () => {
  let dataDir: string;
  beforeAll(() => {
    ensureBuilt();
    dataDir = tempDir('desk-old-node-');
    // A database to back up: the backup opened it with better-sqlite3 and died of a segmentation fault.
    const made = spawnSync(
      process.execPath,
      ['-e', `new (require('better-sqlite3'))(process.argv[1]).exec('create table t (x)')`, `${dataDir}/desk.sqlite`],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(made.status, made.stderr).toBe(0);
  });
  afterAll(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const cli = (name: string) => path.join(ROOT, 'apps', 'server', 'dist', 'cli', name);
  it.each([
    ['the server', SERVER_MAIN],
    ['npm run backup', BACKUP_CLI],
    ['npm run db:demo', cli('demo.js')],
    ['npm run db:large', cli('large.js')],
  ])('%s says in one line which Node to use and exits with 1', (_, entry) => {
    const r = spawnSync(SYSTEM_NODE, [entry, path.join(dataDir, 'copy.sqlite')], {
      cwd: dataDir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, ADMIN_PASSWORD, SESSION_SECRET },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.stderr).toMatch(
      /^Node v\d+\.\d+\.\d+ is too old for the desk: it runs on Node 24 \(LTS\)\. Install Node 24, or run it through npm \(npm start, npm run backup\), which uses the Node 24 the project pins\.\n$/,
    );
    expect(r.stdout).toBe('');
    expect(r.signal).toBeNull();
    expect(r.status).toBe(1);
    expect(existsSync(path.join(dataDir, 'copy.sqlite'))).toBe(false);
  });
});

/** What a Linux process was started with: its arguments, environment and mapped libraries. */
const inspect = (pid: number) => ({
  args: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'),
  env: new Map(
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)] as const),
  ),
  maps: readFileSync(`/proc/${pid}/maps`, 'utf8'),
});

/** The pid of the process running apps/server/dist/main.js under `parent` (npm, then its shell). */
function serverUnder(parent: number): number | null {
  const children = (pid: number): number[] => {
    try {
      return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  for (const pid of children(parent)) {
    try {
      // The node process itself, not the shell whose command line names it.
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes('apps/server/dist/main.js')) return pid;
    } catch {
      continue;
    }
    const below = serverUnder(pid);
    if (below) return below;
  }
  return null;
}

describe.runIf(process.platform === 'linux')('the allocator settings where the operator sets them', () => {
  let dataDir: string;
  beforeAll(() => {
    ensureBuilt();
    dataDir = tempDir('desk-start-memory-');
  });
  afterAll(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** `npm start` in the checkout; answers the server's arguments, environment and libraries. */
  async function npmStart(env: Record<string, string> = {}) {
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        ADMIN_PASSWORD,
        SESSION_SECRET,
        LOG_LEVEL: 'warn',
        STATIC_DIR: path.join(dataDir, 'no-web'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const running = new Promise<void>((resolve, reject) => {
      const onData = (c: Buffer) => {
        output += c.toString();
        if (output.includes('is running at')) resolve();
      };
      npm.stdout.on('data', onData);
      npm.stderr.on('data', onData);
      npm.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output}`)));
    });
    await running;
    const pid = serverUnder(npm.pid!);
    try {
      expect(pid, output).not.toBeNull();
      return inspect(pid!);
    } finally {
      if (pid) process.kill(pid, 'SIGTERM');
      await new Promise((resolve) => (npm.exitCode !== null ? resolve(null) : npm.once('exit', resolve)));
    }
  }

  it("npm start sets glibc's two settings, and keeps an operator's own; no --expose-gc, no start again", async () => {
    const { args, env } = await npmStart();
    expect(env.get('MALLOC_ARENA_MAX')).toBe('2');
    expect(env.get('MALLOC_MMAP_THRESHOLD_')).toBe('131072');
    expect(args).toContain('--max-semi-space-size=8');
    expect(args).not.toContain('--expose-gc');
    const own = await npmStart({ MALLOC_ARENA_MAX: '4' });
    expect(own.env.get('MALLOC_ARENA_MAX')).toBe('4');
    expect(own.env.get('MALLOC_MMAP_THRESHOLD_')).toBe('131072');
  }, 120_000);

  it('the systemd unit sets them and preloads jemalloc; the server runs with them', async () => {
    const unit = readFileSync(path.join(ROOT, 'deploy', 'systemd', 'desk@.service'), 'utf8');
    const settings = Object.fromEntries(
      [...unit.matchAll(/^Environment=(.*)$/gm)]
        .flatMap((m) => m[1]!.split(' '))
        .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
    );
    expect(settings).toMatchObject({
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '131072',
      LD_PRELOAD: '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
      MALLOC_CONF: 'background_thread:true,narenas:2',
    });
    // The unit's allocator settings, on this machine where it has jemalloc (CI installs it).
    const allocator = ['MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_', 'MALLOC_CONF'].map((k) => [k, settings[k]!]);
    if (existsSync(settings.LD_PRELOAD!)) allocator.push(['LD_PRELOAD', settings.LD_PRELOAD!]);
    else if (process.env.CI) throw new Error(`${settings.LD_PRELOAD} is missing: CI must install libjemalloc2`);
    const server = await ServerProcess.start({ dataDir, env: Object.fromEntries(allocator) });
    try {
      const { args, maps } = inspect(server.pid);
      expect(args).not.toContain('--expose-gc');
      if (existsSync(settings.LD_PRELOAD!)) expect(maps).toContain('libjemalloc');
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
