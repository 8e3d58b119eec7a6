/**
 * What the request log says at the default level (info): one line per write, per failure and per
 * slow request, and nothing for an ordinary read (Fastify's two lines for every request cost
 * about a fifth of the health route's throughput). LOG_LEVEL=debug shows every request.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { SLOW_REQUEST_MS } from '../src/plugins/request-log.js';
import { ADMIN, createTestDb, testClock, type TestDb } from './support.js';

interface Line {
  level: number;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
  [key: string]: unknown;
}

async function appWithLog(db: TestDb, level: string) {
  const lines: Line[] = [];
  const config = loadConfig(
    {
      DATA_DIR: db.dataDir,
      LOG_LEVEL: level,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      STATIC_DIR: path.join(db.dataDir, 'no-web'),
    },
    { dotenv: false },
  );
  const app = await buildApp({
    config,
    database: db.database,
    clock: testClock(),
    logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
  });
  app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
    throw new Error('a bug');
  });
  app.get('/api/test/slow', { config: { access: 'public' } }, async () => {
    await new Promise((r) => setTimeout(r, SLOW_REQUEST_MS + 50));
    return { ok: true };
  });
  await app.ready();
  await app.ctx.users.ensureFirstAdmin(ADMIN.username, ADMIN.password);
  return { app, lines };
}

const completed = (lines: Line[]) => lines.filter((l) => l.msg === 'request completed');

/** An app logging at this level for the enclosing suite, on its own SQLite file, closed after it. */
function suiteAppWithLog(level: string) {
  const suite = {} as { app: FastifyInstance; lines: Line[] };
  let db: TestDb | undefined;
  beforeAll(async () => {
    db = await createTestDb('sqlite');
    Object.assign(suite, await appWithLog(db, level));
  });
  afterAll(async () => {
    await suite.app?.close();
    await db?.drop();
  });
  return suite;
}

describe('request log at the default level (info)', () => {
  const log = suiteAppWithLog('info');

  it('writes nothing for ordinary reads, whatever their answer', async () => {
    log.lines.length = 0;
    expect((await log.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await log.app.inject({ url: '/api/orders/list/0?page=1&size=30' })).statusCode).toBe(401);
    expect((await log.app.inject({ url: '/api/no-such-route' })).statusCode).toBe(404);
    expect(log.lines).toEqual([]);
  });

  it('writes one info line per write: method, address, status and time, never a secret', async () => {
    log.lines.length = 0;
    const bad = await log.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: ADMIN.username, password: 'wrong-password-1' },
    });
    expect(bad.statusCode).toBe(401);
    const good = await log.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: ADMIN.username, password: ADMIN.password },
    });
    expect(good.statusCode).toBe(200);
    const logged = completed(log.lines);
    expect(logged.map((l) => [l.req?.method, l.req?.url, l.res?.statusCode])).toEqual([
      ['POST', '/api/login', 401],
      ['POST', '/api/login', 200],
    ]);
    // Info; warn if the password hash took over a second on a busy machine.
    for (const l of logged) expect(l.level).toBe(l.responseTime! >= SLOW_REQUEST_MS ? 40 : 30);
    const text = JSON.stringify(log.lines);
    expect(text).not.toContain(ADMIN.password);
    expect(text).not.toContain('wrong-password-1');
    expect(text).not.toContain(String(good.cookies[0]!.value));
  });

  it('writes a failure at error, with the error handler line that has the stack', async () => {
    log.lines.length = 0;
    expect((await log.app.inject({ url: '/api/test/boom' })).statusCode).toBe(500);
    expect(log.lines.find((l) => l.msg === 'unhandled error')?.level).toBe(50);
    expect(completed(log.lines).map((l) => [l.level, l.req?.url, l.res?.statusCode])).toEqual([
      [50, '/api/test/boom', 500],
    ]);
  });

  it('writes a slow read at warn, with its time', async () => {
    log.lines.length = 0;
    expect((await log.app.inject({ url: '/api/test/slow' })).statusCode).toBe(200);
    const logged = completed(log.lines);
    expect(logged.map((l) => [l.level, l.req?.url])).toEqual([[40, '/api/test/slow']]);
    expect(logged[0]!.responseTime).toBeGreaterThanOrEqual(SLOW_REQUEST_MS);
  });
});

describe('request log at debug', () => {
  const log = suiteAppWithLog('debug');

  it('writes every request, reads at debug', async () => {
    log.lines.length = 0;
    await log.app.inject({ url: '/api/health' });
    expect(completed(log.lines).map((l) => [l.level, l.req?.method, l.req?.url, l.res?.statusCode])).toEqual([
      [20, 'GET', '/api/health', 200],
    ]);
  });
});
