/**
 * Requirements of docs/security.md (OWASP ASVS 5.0, chapters V6, V7 and V13) that no other suite
 * shows: passwords do not expire, rotating SESSION_SECRET ends everyone's sessions, nothing but
 * the app is served from the web directory, a failure hides its details, and the server talks to
 * nothing but its database and mail server.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { ADMIN, anotherInstance, createTestApp, engines, json, STAFF_PASSWORD, type TestApp } from './support.js';
import { getEach, INDEX_HTML, webApp } from './web-folder.js';

describe.each(engines())('ASVS evidence (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t?.close());

  it('6.2.10: a password stays valid however old it is; nothing asks for a new one', async () => {
    await t.staff('long-timer');
    t.clock.advance(400 * 86_400_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'long-timer', password: STAFF_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      status: 'OK',
      data: { username: 'long-timer', roles: ['ROLE_USER'] },
      message: 'Signed in.',
    });
  });

  it('7.4.5: rotating SESSION_SECRET ends every session of every user at once', async () => {
    const admin = await t.login();
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/users/addNewUser',
      headers: { cookie: admin },
      payload: { username: 'rotating-clerk', password: STAFF_PASSWORD },
    });
    expect(add.statusCode).toBe(201);
    const clerk = await t.login('rotating-clerk', STAFF_PASSWORD);
    const session = (app: TestApp['app'], cookie: string) =>
      app.inject({ url: '/api/session', headers: { cookie } }).then((r) => r.statusCode);
    expect(await session(t.app, admin)).toBe(200);
    expect(await session(t.app, clerk)).toBe(200);
    // The same database, restarted with a new secret.
    const rotated = await buildApp({
      config: loadConfig(
        { ...configEnv(t), SESSION_SECRET: 'a-brand-new-secret-of-32-characters-or-more' },
        { dotenv: false },
      ),
      database: t.db.database,
      clock: t.clock,
      logger: false,
    });
    try {
      await rotated.ready();
      expect(await session(rotated, admin)).toBe(401);
      expect(await session(rotated, clerk)).toBe(401);
      // Signing in again works at once.
      const fresh = await rotated.inject({ method: 'POST', url: '/api/login', payload: ADMIN });
      expect(fresh.statusCode).toBe(200);
    } finally {
      await rotated.close();
    }
  });

  it('13.4.1, 13.4.3: no source-control folder, dotfile or directory listing is served from the web directory', async () => {
    const w = await webApp(engine, {
      'index.html': INDEX_HTML,
      'assets/app-1.js': 'console.log(1)',
      '.git/config': '[remote "origin"]\n\turl = git@example.com:desk.git\n',
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.svn/entries': '12\n',
      '.env': 'SESSION_SECRET=do-not-serve-me-do-not-serve-me\n',
    });
    try {
      expect((await w.app.inject({ url: '/assets/app-1.js' })).statusCode).toBe(200);
      const hidden = [
        '/.git/config',
        '/.git/HEAD',
        '/.git/',
        '/.git',
        '/.svn/entries',
        '/.env',
        '/assets/',
        '/assets',
        '/%2e%67it/config',
        '/assets/../.git/config',
      ];
      for (const [url, res] of await getEach(w, hidden)) {
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toMatch(/remote|refs\/heads|do-not-serve|app-1\.js/);
      }
    } finally {
      await w.close();
    }
  });

  it('13.4.2: an unexpected failure answers a plain 500, without its message, stack or file paths', async () => {
    const app = await anotherInstance(t);
    try {
      app.get('/api/explode', { config: { access: 'public' } }, async () => {
        throw new Error(`connection to db.internal:5432 failed in ${path.resolve('src/db/database.ts')}`);
      });
      await app.ready();
      const res = await app.inject({ url: '/api/explode' });
      expect(res.statusCode).toBe(500);
      expect(json(res)).toEqual({
        status: 'FAILED',
        data: null,
        message: 'Something went wrong on the server. The error has been logged.',
      });
      expect(res.body).not.toMatch(/db\.internal|database\.ts|\bat |Error/);
    } finally {
      await app.close();
    }
  });
});

/** The environment createTestApp built t's configuration from (same database and data directory). */
function configEnv(t: TestApp): Record<string, string> {
  return {
    DATA_DIR: t.db.dataDir,
    LOG_LEVEL: 'silent',
    STATIC_DIR: t.config.STATIC_DIR,
    ...(t.db.url ? { DATABASE_URL: t.db.url } : {}),
  };
}

describe('13.2.3–13.2.5: outbound connections', () => {
  const src = path.resolve(import.meta.dirname, '../src');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = path.join(dir, f);
      return statSync(p).isDirectory() ? files(p) : /\.ts$/.test(f) && !/\.test\.ts$/.test(f) ? [p] : [];
    });

  it('the server connects only to DATABASE_URL and SMTP_URL: no other code opens a connection', () => {
    const offenders: string[] = [];
    // What may open an outbound connection, and the one file allowed to use each.
    const allowed: Record<string, string> = { pg: 'db/database.ts', nodemailer: 'modules/mail/mailer.ts' };
    for (const file of files(src)) {
      const rel = path.relative(src, file);
      // Type-only imports load nothing at run time.
      const text = readFileSync(file, 'utf8').replace(/^import type .*$/gm, '');
      for (const m of text.matchAll(/from '([^']+)'|import\('([^']+)'\)|require\('([^']+)'\)/g)) {
        const mod = (m[1] ?? m[2] ?? m[3])!.replace(/^node:/, '');
        if (['http', 'https', 'http2', 'tls', 'dgram', 'undici', 'axios', 'got', 'node-fetch'].includes(mod))
          offenders.push(`${rel} imports ${mod}`);
        if (allowed[mod] && allowed[mod] !== rel) offenders.push(`${rel} imports ${mod}`);
      }
      // node:net is for parsing addresses (config, security plugin) and listening (main), never connecting.
      if (/\bfetch\(|\bnet\.(connect|createConnection|Socket)\b|\bdns\.(lookup|resolve)/.test(text))
        offenders.push(`${rel} makes a request of its own`);
    }
    expect(offenders).toEqual([]);
  });

  it('no connection has a default credential: without DATABASE_URL and SMTP_URL the server uses local files', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'desk-config-'));
    try {
      const c = loadConfig({ DATA_DIR: dir }, { dotenv: false });
      expect(c.DATABASE_URL).toBeUndefined();
      expect(c.SMTP_URL).toBeUndefined();
      expect(c.databaseKind).toBe('sqlite');
      // The generated session secret is readable by the server's user only.
      expect(statSync(path.join(dir, 'session-secret')).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
