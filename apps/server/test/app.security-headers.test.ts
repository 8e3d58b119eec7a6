/**
 * Security headers on what a browser loads: the app's HTML page (the index fallback, served from
 * a STATIC_DIR holding an index.html), a built asset, and API answers of every kind (OK, 400,
 * 401, 404, 413, a PDF). The CSP forbids framing, plugins and scripts from anywhere but the app.
 */
import { rmSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../src/cli/demo-data.js';
import { createTestApp, engines, type TestApp } from './support.js';
import { INDEX_HTML, webFolder } from './web-folder.js';

function expectSecurityHeaders(res: LightMyRequestResponse, what: string, https = false) {
  const h = res.headers;
  const csp = String(h['content-security-policy'] ?? '');
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
  expect(directives.get('default-src'), `${what}: default-src`).toEqual(["'self'"]);
  expect(directives.get('script-src'), `${what}: script-src (no inline, no eval)`).toEqual(["'self'"]);
  expect(directives.get('object-src'), `${what}: object-src`).toEqual(["'none'"]);
  expect(directives.get('frame-ancestors'), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(directives.get('base-uri'), `${what}: base-uri`).toEqual(["'none'"]);
  expect(directives.get('form-action'), `${what}: form-action`).toEqual(["'self'"]);
  expect(h['x-content-type-options'], `${what}: X-Content-Type-Options`).toBe('nosniff');
  expect(h['x-frame-options'], `${what}: X-Frame-Options`).toBe('SAMEORIGIN');
  expect(h['referrer-policy'], `${what}: Referrer-Policy`).toBe('same-origin');
  // HSTS only on answers that came over HTTPS (RFC 6797 7.2).
  expect(h['strict-transport-security'], `${what}: HSTS`).toBe(
    https ? 'max-age=31536000; includeSubDomains' : undefined,
  );
  expect(h['cross-origin-opener-policy'], `${what}: COOP`).toBe('same-origin');
  expect(h['x-powered-by'], `${what}: X-Powered-By`).toBeUndefined();
  expect(h['server'], `${what}: Server`).toBeUndefined();
}

describe.each(engines())('security headers (%s)', (engine) => {
  let t: TestApp;
  let cookie: string;
  let staticDir: string;
  beforeAll(async () => {
    // A STATIC_DIR with a built app in it, so the HTML page and its assets are served.
    staticDir = webFolder({ 'index.html': INDEX_HTML, 'assets/app-1.js': 'console.log(1)' });
    t = await createTestApp(engine, { STATIC_DIR: staticDir });
    await loadDemoData(t.db.database.db, { now: new Date(t.clock()) });
    cookie = await t.login();
  });
  afterAll(async () => {
    await t?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('on the HTML page: the root, the history fallback and a built asset', async () => {
    for (const url of ['/', '/sales', '/admin?tab=users', '/login']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
      expectSecurityHeaders(res, url);
    }
    const asset = await t.app.inject({ url: '/assets/app-1.js' });
    expect(asset.statusCode).toBe(200);
    expectSecurityHeaders(asset, 'asset');
    const missing = await t.app.inject({ url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing, 'missing asset');
  });

  it('on API answers of every kind, which browsers and proxies must not cache', async () => {
    const answers: Array<[string, LightMyRequestResponse, number]> = [
      ['health', await t.app.inject({ url: '/api/health' }), 200],
      ['signed-in read', await t.app.inject({ url: '/api/customers/1', headers: { cookie } }), 200],
      ['not signed in', await t.app.inject({ url: '/api/customers/1' }), 401],
      ['bad input', await t.app.inject({ url: '/api/customers/abc', headers: { cookie } }), 400],
      ['unknown route', await t.app.inject({ url: '/api/nothing', headers: { cookie } }), 404],
      [
        'too large',
        await t.app.inject({
          method: 'POST',
          url: '/api/customers/create',
          headers: { cookie, 'content-type': 'application/json' },
          payload: `{"name":"${'x'.repeat(1024 * 1024)}"}`,
        }),
        413,
      ],
      [
        'cross-origin',
        await t.app.inject({
          method: 'POST',
          url: '/api/customers/create',
          headers: { cookie, origin: 'https://evil.example' },
          payload: { name: 'x' },
        }),
        403,
      ],
      [
        'PDF',
        await t.app.inject({ method: 'POST', url: '/api/download-excelOrder/1', headers: { cookie }, payload: {} }),
        200,
      ],
    ];
    for (const [what, res, status] of answers) {
      expect(res.statusCode, what).toBe(status);
      expectSecurityHeaders(res, what);
      expect(res.headers['cache-control'], `${what}: Cache-Control`).toBe('no-store');
      expect(res.headers['content-type'], what).toMatch(what === 'PDF' ? /^application\/pdf/ : /^application\/json/);
    }
  });

  it('sends HSTS only over HTTPS: behind a trusted proxy that says so, never over plain HTTP', async () => {
    const proxied = await createTestApp(engine, { STATIC_DIR: staticDir, TRUST_PROXY: '1' });
    try {
      for (const url of ['/', '/api/health', '/assets/app-1.js']) {
        const secure = await proxied.app.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
        expect(secure.statusCode, url).toBe(200);
        expectSecurityHeaders(secure, `${url} over HTTPS`, true);
        const plain = await proxied.app.inject({ url });
        expectSecurityHeaders(plain, `${url} over HTTP`);
      }
      // Without TRUST_PROXY a client's X-Forwarded-Proto proves nothing: no HSTS.
      const forged = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expectSecurityHeaders(forged, 'forged X-Forwarded-Proto');
    } finally {
      await proxied.close();
    }
  });
});
