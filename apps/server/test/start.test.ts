/**
 * Starting the built server (`npm start`) on a port another program holds: one line saying what
 * to do, exit code 1, no stack trace, and nothing written to the database first. And on Linux,
 * the start again with the memory settings of malloc-tuning.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
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

const JEMALLOC = [
  '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
  '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2',
  '/usr/lib64/libjemalloc.so.2',
  '/usr/lib/libjemalloc.so.2',
].find((file) => existsSync(file));

describe.runIf(process.platform === 'linux')('starting on Linux: the memory settings (malloc-tuning.ts)', () => {
  let dataDir: string;
  beforeAll(() => {
    ensureBuilt();
    dataDir = tempDir('desk-start-memory-');
  });
  afterAll(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
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

  it('runs itself again, same pid, with --expose-gc, two arenas and jemalloc when the system has it', async () => {
    const server = await ServerProcess.start({ dataDir });
    try {
      const { args, env, maps } = inspect(server.pid);
      expect(args).toContain('--expose-gc');
      // Its own arguments are kept.
      expect(args).toContain('--max-semi-space-size=8');
      expect(env.get('MALLOC_ARENA_MAX')).toBe('2');
      expect(env.get('MALLOC_MMAP_THRESHOLD_')).toBe('131072');
      if (JEMALLOC) {
        expect(env.get('LD_PRELOAD')).toBe(JEMALLOC);
        expect(env.get('MALLOC_CONF')).toBe('background_thread:true,narenas:2');
        expect(maps).toContain('libjemalloc');
      } else {
        expect(maps).not.toContain('libjemalloc');
      }
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it("keeps an operator's own allocator settings: no start again, nothing added", async () => {
    const server = await ServerProcess.start({ dataDir, env: { MALLOC_ARENA_MAX: '4' } });
    try {
      const { args, env, maps } = inspect(server.pid);
      expect(args).not.toContain('--expose-gc');
      expect(env.get('MALLOC_ARENA_MAX')).toBe('4');
      expect(env.has('MALLOC_MMAP_THRESHOLD_')).toBe(false);
      expect(env.has('LD_PRELOAD')).toBe(false);
      expect(maps).not.toContain('libjemalloc');
    } finally {
      await server.stop();
    }
  });
});
