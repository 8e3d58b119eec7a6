/**
 * Walks EVERY registered /api route, so routes added later are covered without anyone
 * remembering: anonymous callers get 401 (but the public routes), staff get 403 on the
 * administrator routes, and every refusal is the FAILED envelope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, json, type TestApp } from './support.js';

/** The routes that answer without a session: written down here, not read from the app. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'HEAD /api/health',
  'GET /api/config',
  'HEAD /api/config',
  'POST /api/login',
]);

const fillParams = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x');

describe.each(engines())('route walker (%s)', (engine) => {
  let t: TestApp;
  let staff: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await t.staff('walker');
  });
  afterAll(async () => t?.close());

  it('knows the routes', () => {
    const keys = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`);
    expect(keys.length).toBeGreaterThan(10);
    for (const p of PUBLIC_ROUTES) expect(keys).toContain(p);
    // Only the routes written down above are public.
    expect(
      t.app.apiRoutes
        .filter((r) => r.access === 'public')
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('answers 401 with the FAILED envelope to anonymous callers on every non-public route', async () => {
    const mismatches: string[] = [];
    for (const r of t.app.apiRoutes) {
      const key = `${r.method} ${r.url}`;
      if (PUBLIC_ROUTES.has(key) || r.method === 'OPTIONS') continue;
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: fillParams(r.url),
        ...(r.method === 'GET' || r.method === 'HEAD' ? {} : { payload: {} }),
      });
      const envelopeOk =
        r.method === 'HEAD' || (json(res).status === 'FAILED' && json(res).message === 'Sign in to continue.');
      if (res.statusCode !== 401 || !envelopeOk)
        mismatches.push(`${key} -> ${res.statusCode} ${res.body.slice(0, 80)}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('answers 403 to staff on every administrator route, and never 401/403 on the others', async () => {
    const mismatches: string[] = [];
    let adminRoutes = 0;
    for (const r of t.app.apiRoutes) {
      if (r.method === 'OPTIONS' || r.url === '/api/logout') continue;
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: fillParams(r.url),
        headers: { cookie: staff },
        ...(r.method === 'GET' || r.method === 'HEAD' ? {} : { payload: {} }),
      });
      const key = `${r.method} ${r.url}`;
      if (r.access === 'admin') {
        adminRoutes++;
        if (res.statusCode !== 403) mismatches.push(`${key} -> ${res.statusCode}, expected 403`);
      } else if (res.statusCode === 401 || res.statusCode === 403) {
        if (!(key === 'PUT /api/users/modifyCredentials' && res.statusCode === 403)) {
          mismatches.push(`${key} -> ${res.statusCode}, expected the route to serve staff`);
        }
      }
      if (res.statusCode >= 500) mismatches.push(`${key} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(adminRoutes).toBeGreaterThanOrEqual(3);
    expect(mismatches).toEqual([]);
  });

  it('refuses to register an /api route that declares no access', async () => {
    const { default: Fastify } = await import('fastify');
    const { default: authPlugin } = await import('../src/plugins/auth.js');
    const app = Fastify();
    await app.register(authPlugin, { sessions: t.app.ctx.sessions });
    expect(() => app.get('/api/forgotten', async () => 'oops')).toThrow(/must declare config.access/);
    await app.close();
  });
});
