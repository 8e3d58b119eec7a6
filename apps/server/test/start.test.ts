/**
 * Starting the built server (`npm start`) on a port another program holds: one line saying what
 * to do, exit code 1, no stack trace, and nothing written to the database first.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, SERVER_MAIN, SESSION_SECRET, ensureBuilt, tempDir } from './reliability/harness.js';

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
