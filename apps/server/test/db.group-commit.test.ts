/**
 * SQLite's group commit (src/db/wal-durability.ts, docs/decisions/022-group-commit.md): COMMIT no
 * longer waits for the disk; the WAL's fsync is shared by the commits made meanwhile and runs off
 * the event loop, and no answer leaves the server before the fsync that followed every write it
 * could have seen. The real app on a real SQLite file and a real port; the fsync is the real one,
 * made slow (40 ms) so that who waits for it shows, and each fsync notes how many rows were
 * committed when it started (read through a second connection: what it is sure to cover).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { fsync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openSqlite, type Database } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { ADMIN } from './support.js';

const SLOW_MS = 40;

interface Sync {
  started: number;
  ended: number;
  /** Customers committed when it started: the fsync covers at least these. */
  covers: number;
}

describe('group commit on SQLite', () => {
  let dir: string;
  let database: Database;
  let app: FastifyInstance;
  let url: string;
  let cookie: string;
  let peek: SQLite.Database;
  const syncs: Sync[] = [];
  let failNext = false;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'desk-group-commit-'));
    const file = path.join(dir, 'desk.sqlite');
    database = openSqlite(file, {
      sync: async (fd) => {
        const sync: Sync = { started: performance.now(), ended: 0, covers: customers() };
        await new Promise((r) => setTimeout(r, SLOW_MS));
        if (failNext) throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
        await new Promise<void>((resolve, reject) => fsync(fd, (e) => (e ? reject(e) : resolve())));
        sync.ended = performance.now();
        syncs.push(sync);
      },
    });
    await migrateToLatest(database.db);
    peek = new SQLite(file, { readonly: true });
    const config = loadConfig(
      {
        DATA_DIR: dir,
        LOG_LEVEL: 'silent',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
        STATIC_DIR: path.join(dir, 'no-web'),
      },
      { dotenv: false },
    );
    app = await buildApp({ config, database, logger: false });
    await app.ctx.users.ensureFirstAdmin(ADMIN.username, ADMIN.password);
    url = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  });

  afterAll(async () => {
    peek?.close();
    await app?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const customers = () => (peek.prepare('select count(*) as n from customers').get() as { n: number }).n;

  const call = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(`${url}${p}`, {
      method,
      headers: { cookie, origin: url, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const at = performance.now();
    return { status: res.status, json: (await res.json()) as { data: any; message: string }, at };
  };

  it('answers 50 writes sent at once only after an fsync that began after each one committed, in a few shared fsyncs', async () => {
    const before = customers();
    syncs.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call('POST', '/api/customers/create', { name: `Group ${i}` })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
    // Customer ids follow the commit order: the n-th committed is id before+n.
    const firstId = Math.min(...answers.map((a) => a.json.data.id as number));
    for (const a of answers) {
      const committedAs = a.json.data.id - firstId + 1 + before;
      const covering = syncs.find((s) => s.covers >= committedAs);
      expect(covering, `customer ${a.json.data.id}: no fsync covered it`).toBeDefined();
      expect(a.at).toBeGreaterThanOrEqual(covering!.ended);
    }
    // Shared: far fewer fsyncs than commits (one fsync a commit would be 50, 2 s of them). How
    // many commits each fsync covers depends on how fast the machine commits while it waits (9 on
    // a quiet machine, 13 with the whole suite running on 2 cores): at most one fsync for every two
    // commits, and some fsync covering several commits at once.
    expect(syncs.length).toBeLessThanOrEqual(25);
    const covered = syncs.map((s, i) => s.covers - (i === 0 ? before : syncs[i - 1]!.covers));
    expect(Math.max(...covered)).toBeGreaterThanOrEqual(4);
  });

  it('a read that sees a write not yet on disk waits for its fsync', async () => {
    syncs.length = 0;
    const write = call('POST', '/api/customers/create', { name: 'Seen early' });
    // Sent once the write has committed (the row is there) but its fsync is still running.
    while (customers() === 0 || !(await seen('Seen early'))) await new Promise((r) => setTimeout(r, 1));
    const committedAt = performance.now();
    const read = await call('GET', '/api/customers/?q=Seen%20early');
    expect(read.json.data.map((c: { name: string }) => c.name)).toEqual(['Seen early']);
    const covering = syncs.find((s) => s.covers >= customers());
    expect(covering).toBeDefined();
    expect(read.at).toBeGreaterThanOrEqual(covering!.ended);
    expect(read.at - committedAt).toBeGreaterThan(SLOW_MS / 4);
    expect((await write).status).toBe(201);
  });

  it('an export that holds a write not yet on disk sends it only after its fsync', async () => {
    syncs.length = 0;
    const write = call('POST', '/api/customers/create', { name: 'Exported early' });
    while (!(await seen('Exported early'))) await new Promise((r) => setTimeout(r, 1));
    const committedAt = performance.now();
    const res = await fetch(`${url}/api/export/customers.csv`, { headers: { cookie, origin: url } });
    const csv = await res.text();
    const at = performance.now();
    expect(res.status).toBe(200);
    expect(csv).toContain('Exported early');
    const covering = syncs.find((s) => s.covers >= customers());
    expect(covering).toBeDefined();
    expect(at).toBeGreaterThanOrEqual(covering!.ended);
    expect(at - committedAt).toBeGreaterThan(SLOW_MS / 4);
    expect((await write).status).toBe(201);
  });

  async function seen(name: string) {
    return (peek.prepare('select 1 from customers where name = ?').get(name) as unknown) !== undefined;
  }

  it('a failed fsync fails the write and every answer after it, never acknowledging what may be lost', async () => {
    failNext = true;
    const write = await call('POST', '/api/customers/create', { name: 'Lost to the disk' });
    expect(write.status).toBe(500);
    expect(write.json.message).toMatch(/could not save to its disk/);
    expect(write.json.message).not.toMatch(/EIO/);
    failNext = false;
    const after = await call('GET', '/api/customers/?q=Lost');
    expect(after.status).toBe(500);
  });
});
