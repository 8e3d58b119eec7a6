import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../src/config.js';
import { createTestApp, engines, json, type TestApp } from './support.js';
import { APP_ROUTES, getEach, webApp } from './web-folder.js';

describe.each(engines())('the app (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { COMPANY_NAME: 'Overhead Door Depot', TAX_RATE: '0.0825' });
  });
  afterAll(async () => t?.close());

  it('answers health and public config without a session', async () => {
    expect(json(await t.app.inject({ url: '/api/health' }))).toEqual({
      status: 'OK',
      data: { healthy: true },
      message: '',
    });
    expect(json(await t.app.inject({ url: '/api/config' })).data).toEqual({
      companyName: 'Overhead Door Depot',
      taxRate: 0.0825,
    });
  });

  it('sends security headers with a CSP that allows only this origin', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    // Plain HTTP: no HSTS (app.security-headers.test.ts shows it over HTTPS).
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('answers unknown API routes with a 404 envelope', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here', headers: { cookie: await t.login() } });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ status: 'FAILED', data: null, message: 'No such API route: GET /api/nothing-here' });
  });

  it('lists the refused fields of a validation failure beside its message', async () => {
    const cookie = await t.login();
    const res = await t.send(cookie, 'POST', '/api/users/addNewUser', { username: 'b o', password: 7 });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      status: 'FAILED',
      data: null,
      message: 'Username may hold only letters, digits and . _ @ -; Password is required.',
      issues: [
        { field: 'username', message: 'may hold only letters, digits and . _ @ -.' },
        { field: 'password', message: 'is required.' },
      ],
    });
    // A service's refusal of one field says it the same way.
    const weak = await t.send(cookie, 'POST', '/api/users/addNewUser', {
      username: 'carol',
      password: 'qwerty123456',
    });
    expect(weak.statusCode).toBe(400);
    const reason = 'is one of the most common passwords; choose one that is harder to guess.';
    expect(json(weak)).toEqual({
      status: 'FAILED',
      data: null,
      message: `password: ${reason}`,
      issues: [{ field: 'password', message: reason }],
    });
  });

  it('turns malformed JSON, wrong content types and huge bodies into 4xx envelopes', async () => {
    const cookie = await t.login();
    const bad = await t.send(cookie, 'POST', '/api/users/addNewUser', '{"username": ', {
      'content-type': 'application/json',
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toEqual({ status: 'FAILED', data: null, message: 'The request body is not valid JSON.' });
    const xml = await t.send(cookie, 'POST', '/api/users/addNewUser', '<user/>', { 'content-type': 'application/xml' });
    expect(xml.statusCode).toBe(415);
    expect(json(xml).status).toBe('FAILED');
    const huge = await t.send(
      cookie,
      'POST',
      '/api/users/addNewUser',
      JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
      { 'content-type': 'application/json' },
    );
    expect(huge.statusCode).toBe(413);
    expect(json(huge)).toEqual({ status: 'FAILED', data: null, message: 'The request body is too large.' });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/users/addNewUser',
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(empty.statusCode).toBe(400);
  });

  it('publishes OpenAPI generated from the zod schemas, to signed-in staff', async () => {
    expect((await t.app.inject({ url: '/api/docs/json' })).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/api/docs/json', headers: { cookie: await t.login() } });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const add = doc.paths['/api/users/addNewUser'].post;
    expect(add.requestBody.content['application/json'].schema.properties).toHaveProperty('username');
    expect(add.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['username', 'password']),
    );
  });

  it('serves the built web app with a history fallback for the app routes', async () => {
    const web = await webApp(engine, {
      'index.html': '<!doctype html><html><head><title>desk</title></head><body><div id="root"></div></body></html>',
      'route-preloads.json': JSON.stringify({
        '/sales': { js: ['assets/sales-abc123.js', 'assets/x.js" onload="alert(1)'], css: ['assets/sales-abc123.css'] },
        '/loaders': { js: [], css: [] },
      }),
      'assets/app-abc123.js': 'console.log(1)',
    });
    try {
      for (const [url, res] of await getEach(web, APP_ROUTES)) {
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.body).toContain('<div id="root">');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
      // The signed-in pages name their own chunks for the browser to fetch with the entry.
      for (const [url, { body }] of await getEach(web, ['/login', '/dashboard'])) {
        expect(body, url).not.toContain('modulepreload');
      }
      for (const [url, { body }] of await getEach(web, ['/sales', '/sales/', '/sales?tab=quotes'])) {
        expect(body, url).toContain('<link rel="modulepreload" crossorigin href="/assets/sales-abc123.js">');
        expect(body, url).toContain('<link rel="preload" as="style" crossorigin href="/assets/sales-abc123.css">');
        expect(body.indexOf('modulepreload'), url).toBeLessThan(body.indexOf('</head>'));
        // A name that is not a plain file name from the build never reaches the page.
        expect(body, url).not.toContain('onload');
      }
      const asset = await web.app.inject({ url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await web.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
      expect((await web.app.inject({ url: '/api/missing' })).statusCode).toBe(404);
    } finally {
      await web.close();
    }
  });
});

describe('configuration', () => {
  // A data dir of their own in the OS temp dir, removed afterwards (a generated secret is written there).
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'desk-config-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists every bad key at once', () => {
    try {
      loadConfig(
        {
          PORT: 'eighty',
          TAX_RATE: '2',
          DATABASE_URL: 'mysql://x',
          SESSION_SECRET: 'short',
          DATA_DIR: dir,
        },
        { dotenv: false },
      );
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const problems = (e as ConfigError).problems.join('\n');
      for (const key of ['PORT', 'TAX_RATE', 'DATABASE_URL', 'SESSION_SECRET']) expect(problems).toContain(key);
    }
  });

  it('applies the defaults of docs/architecture.md section 8 and keeps a generated session secret', () => {
    const c = loadConfig({ DATA_DIR: dir }, { dotenv: false });
    expect(c).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      MAIL_FROM: 'desk@localhost',
      COMPANY_NAME: 'Garage Door Supply',
      TAX_RATE: 0.0975,
      taxRateScaled: 97500,
      ADMIN_USERNAME: 'admin',
      SESSION_IDLE_MINUTES: 480,
      databaseKind: 'sqlite',
    });
    expect(c.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }, { dotenv: false }).SESSION_SECRET).toBe(c.SESSION_SECRET);
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u@h/db' }, { dotenv: false }).databaseKind).toBe(
      'postgres',
    );
  });
});
