/**
 * The access table: EVERY registered /api route, walked as four callers (anonymous, a yard user,
 * staff, administrator) and as an administrator on another origin. A yard user (ROLE_YARD alone)
 * is served the 'yard' routes only (the Loaders, the events stream, the session and account
 * basics) and refused every other with a 403 in words (issue 36). The expected access of each route is
 * written down below, not read from the app: a route added without a line here, or a line naming
 * a route that no longer exists, fails the test. HEAD routes follow their GET.
 */
import { loadDemoData } from '../src/cli/demo-data.js';
import type { Access, ApiRoute } from '../src/plugins/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDb, snapshotDiff } from './db-snapshot.js';
import { createTestApp, engines, json, type TestApp } from './support.js';

/** docs/architecture.md section 7: public = login, config, health; admin = catalogue writes, e-mail settings, users. */
const EXPECTED: Record<string, Access> = {
  'GET /api/docs': 'user',
  'GET /api/docs/static/index.html': 'user',
  'GET /api/docs/static/swagger-initializer.js': 'user',
  'GET /api/docs/json': 'user',
  'GET /api/docs/yaml': 'user',
  'GET /api/docs/static/*': 'user',
  'GET /api/health': 'public',
  'GET /api/config': 'public',
  'POST /api/login': 'public',
  'POST /api/logout': 'yard',
  'GET /api/session': 'yard',
  'GET /api/session/status': 'public',
  'GET /api/users/roles': 'yard',
  'PUT /api/users/modifyCredentials': 'yard',
  'PUT /api/users/roles': 'admin',
  'POST /api/users/addNewUser': 'admin',
  'GET /api/users/getUsersList': 'admin',
  'DELETE /api/users/removeUser': 'admin',
  'GET /api/admin/throttles': 'admin',
  'DELETE /api/admin/throttles/:key': 'admin',
  'GET /api/admin/security-events': 'admin',
  'DELETE /api/admin/users/:username/sessions': 'admin',
  'GET /api/account/mfa': 'yard',
  'POST /api/account/mfa/setup': 'yard',
  'POST /api/account/mfa/enable': 'yard',
  'POST /api/account/mfa/disable': 'yard',
  'GET /api/account/sessions': 'yard',
  'DELETE /api/account/sessions/:id': 'yard',
  'GET /api/customers/': 'user',
  'GET /api/search': 'user',
  'GET /api/search/prices': 'user',
  'GET /api/export/:file': 'user',
  // Signed in; the service then refuses staff until an administrator opens it (dashboard.test.ts).
  'GET /api/dashboard': 'user',
  'GET /api/dashboard/access': 'user',
  'PUT /api/dashboard/access': 'admin',
  'GET /api/customers/:id': 'user',
  'GET /api/customers/:id/history': 'user',
  'POST /api/customers/create': 'user',
  'PUT /api/customers/update/:id': 'user',
  'DELETE /api/customers/delete/:id': 'admin',
  'GET /api/dropdown/order-status': 'user',
  'GET /api/dropdown/product-type': 'user',
  'GET /api/products/': 'user',
  'GET /api/products/:id': 'user',
  'GET /api/products/:id/history': 'user',
  'POST /api/products/create': 'admin',
  'POST /api/products/bulk-price': 'admin',
  'POST /api/import/:kind': 'admin',
  'GET /api/import/jobs/:jobId': 'admin',
  'PUT /api/products/update/:id': 'admin',
  'DELETE /api/products/delete/:id': 'admin',
  'POST /api/products/duplicate/:id': 'admin',
  'GET /api/package/associated-parts/:id': 'user',
  'POST /api/package/associated-parts/create/:id': 'admin',
  'PUT /api/package/associated-parts/update/:id': 'admin',
  'DELETE /api/package/associated-parts/delete/:id': 'admin',
  'GET /api/package/modifiers/package/:packageId': 'user',
  'POST /api/package/modifiers/create/:packageId': 'admin',
  'PUT /api/package/modifiers/update/:modifierId': 'admin',
  'DELETE /api/package/modifiers/delete/:modifierId': 'admin',
  'GET /api/orders/list/:closed': 'user',
  'GET /api/orders/:id': 'user',
  'GET /api/orders/:id/history': 'user',
  'GET /api/events': 'yard',
  'GET /api/orders/:id/emails': 'user',
  'POST /api/orders/create': 'user',
  'PUT /api/orders/update/:id': 'user',
  'DELETE /api/orders/delete/:id': 'admin',
  'POST /api/orders/duplicate/:id': 'user',
  'GET /api/order-parts/:orderId': 'user',
  'POST /api/order-parts/create/:id': 'user',
  'PUT /api/order-parts/update/:id': 'user',
  'PUT /api/order-parts/update/:id/price-override': 'user',
  'DELETE /api/order-parts/delete/:id': 'user',
  'GET /api/order-parts/sub-parts/:id': 'user',
  'DELETE /api/order-parts/delete-sub/:rowId': 'user',
  'PUT /api/order-parts/update-subpart-assoc-notes/:parentId': 'user',
  'PUT /api/order-parts/update-subpart-mod-notes/:parentId': 'user',
  'PUT /api/order-parts/update_subpart_list/:id': 'user',
  'GET /api/orders/package-modifiers/:id': 'user',
  'POST /api/orders/package-modifiers/upsert/:id': 'user',
  'DELETE /api/orders/package-modifiers/delete/:id': 'user',
  'GET /api/quotes/': 'user',
  'GET /api/quotes/:id': 'user',
  'GET /api/quotes/:id/history': 'user',
  'GET /api/quotes/:id/emails': 'user',
  'POST /api/quotes/:id/revise': 'user',
  'GET /api/quotes/:id/revisions': 'user',
  'POST /api/quotes/create': 'user',
  'PUT /api/quotes/update/:id': 'user',
  'DELETE /api/quotes/delete/:id': 'admin',
  'POST /api/quotes/duplicate/:id': 'user',
  'GET /api/quote-parts/:quoteId': 'user',
  'POST /api/quote-parts/create/:id': 'user',
  'PUT /api/quote-parts/update/:id': 'user',
  'PUT /api/quote-parts/update/:id/price-override': 'user',
  'DELETE /api/quote-parts/delete/:id': 'user',
  'GET /api/quote-parts/sub-parts/:id': 'user',
  'DELETE /api/quote-parts/delete-sub/:rowId': 'user',
  'PUT /api/quote-parts/update-subquote-assoc-notes/:parentId': 'user',
  'PUT /api/quote-parts/update-subquote-mod-notes/:parentId': 'user',
  'PUT /api/quote-parts/update_subpart_quote_list/:id': 'user',
  'GET /api/quotes/package-modifiers/:id': 'user',
  'POST /api/quotes/package-modifiers/upsert/:id': 'user',
  'DELETE /api/quotes/package-modifiers/delete/:id': 'user',
  'POST /api/orders/create-from-quote/:quoteId': 'user',
  'GET /api/vendor-orders/': 'user',
  'GET /api/vendor-orders/:id': 'user',
  'GET /api/vendor-orders/:id/lines': 'user',
  'POST /api/vendor-orders/:id/lines': 'user',
  'PUT /api/vendor-orders/lines/:lineId': 'user',
  'DELETE /api/vendor-orders/lines/:lineId': 'user',
  'POST /api/vendor-orders/:id/receive': 'user',
  'GET /api/stock': 'user',
  'GET /api/stock/check': 'admin',
  'GET /api/stock/reorder': 'user',
  'POST /api/stock/reorder': 'user',
  'POST /api/stock/adjustments': 'admin',
  'GET /api/stock/counts': 'user',
  'POST /api/stock/counts': 'user',
  'GET /api/stock/counts/:id': 'user',
  'PUT /api/stock/counts/:id': 'user',
  'POST /api/stock/counts/:id/apply': 'admin',
  'GET /api/stock/counts/:id/sheet.pdf': 'user',
  'GET /api/stock/:productId': 'user',
  'GET /api/stock/:productId/moves': 'user',
  'PUT /api/stock/:productId/reorder': 'user',
  'GET /api/orders/:id/availability': 'user',
  'GET /api/quotes/:id/availability': 'user',
  'POST /api/vendor-orders/create': 'user',
  'PUT /api/vendor-orders/update/:id': 'user',
  'DELETE /api/vendor-orders/delete/:id': 'user',
  'GET /api/vendor-orders/:id/history': 'user',
  'POST /api/linked-orders/create': 'user',
  'POST /api/linked-orders/create-vendor-order/:orderId': 'user',
  'DELETE /api/linked-orders/delete/:id': 'user',
  'GET /api/linked-orders/vendor-orders/:orderId': 'user',
  'GET /api/linked-orders/orders/:vendorOrderId': 'user',
  'POST /api/download-excelOrder/:id': 'user',
  'POST /api/send-emailOrder/:id': 'user',
  'POST /api/download-excelQuote/:id': 'user',
  'POST /api/send-emailQuote/:id': 'user',
  'GET /api/grabAutoEmailConfig': 'admin',
  'POST /api/updateAutoEmailConfig': 'admin',
  'GET /api/settings/company': 'user',
  'PUT /api/settings/company': 'admin',
  'GET /api/orders/list/pickup_ready': 'yard',
  'GET /api/orders/list/pickup_ready/:bayId': 'yard',
  'PUT /api/orders/updateChosenJob': 'yard',
  'PUT /api/orders/chooseGarageBayOrder': 'yard',
  'POST /api/orders/modifyLoaderOrders': 'yard',
  'POST /api/orders/completeBayOrders': 'yard',
  'GET /api/getGarageBayData/:bayId': 'yard',
};

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const key = (r: Pick<ApiRoute, 'method' | 'url'>) => `${r.method} ${r.url}`;

/** The access a route should have: its own line, or for HEAD the line of its GET. */
function expectedAccess(r: ApiRoute): Access | undefined {
  return EXPECTED[r.method === 'HEAD' ? `GET ${r.url}` : key(r)];
}

/** Real ids of the demo data (1 exists in every table), a closed flag, a bay and a docs file. */
const fillParams = (url: string) =>
  url
    .replace(':closed', '0')
    .replace(/:[A-Za-z_]+/g, '1')
    .replace(/\*$/, 'index.html');

describe.each(engines())('access table (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let yard: string;
  let routes: ApiRoute[];

  const call = (r: ApiRoute, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: r.method as 'GET',
      url: fillParams(r.url),
      headers,
      ...(SAFE.has(r.method) ? {} : { payload: {} }),
    });

  beforeAll(async () => {
    t = await createTestApp(engine);
    await loadDemoData(t.db.database.db, { now: new Date(t.clock()) });
    admin = await t.login();
    staff = await t.staff('walker');
    yard = await t.staff('yardwalker');
    await t.admin('PUT', '/api/users/roles', { username: 'yardwalker', roles: ['ROLE_YARD'] });
    // The dashboard is a 'user' route that the service opens to staff by a company setting, which
    // it checks before the query (dashboard.test.ts): open it, so staff are served as the table says.
    await t.admin('PUT', '/api/dashboard/access', { forStaff: true });
    routes = t.app.apiRoutes.filter((r) => r.method !== 'OPTIONS');
  });
  afterAll(async () => t?.close());

  it('has one line for every registered route, and no line for a route that does not exist', () => {
    const registered = new Set(routes.map(key));
    const unlisted = routes.filter((r) => expectedAccess(r) === undefined).map(key);
    const stale = Object.keys(EXPECTED).filter((k) => !registered.has(k));
    const headless = routes.filter((r) => r.method === 'HEAD' && !registered.has(`GET ${r.url}`)).map(key);
    expect(unlisted, 'registered routes missing from EXPECTED').toEqual([]);
    expect(stale, 'EXPECTED lines naming no registered route').toEqual([]);
    expect(headless, 'HEAD routes without a GET').toEqual([]);
    expect(Object.keys(EXPECTED).some((k) => k.startsWith('HEAD '))).toBe(false);
    // The access each route declares is the one written down here.
    const declared = routes.filter((r) => r.access !== expectedAccess(r)).map((r) => `${key(r)} declares ${r.access}`);
    expect(declared).toEqual([]);
  });

  it('walks every route as anonymous, yard, staff and administrator with 0 mismatches', async () => {
    const mismatches: string[] = [];
    const tally = { anonymous: 0, yard: 0, staff: 0, admin: 0 };
    const refused = { anonymous: 0, yard: 0, staff: 0 };
    // Sign-out ends the caller's session, so it goes last.
    const ordered = [
      ...routes.filter((r) => r.url !== '/api/logout'),
      ...routes.filter((r) => r.url === '/api/logout'),
    ];
    for (const [caller, cookie] of [
      ['anonymous', ''],
      ['yard', yard],
      ['staff', staff],
      ['admin', admin],
    ] as const) {
      for (const r of ordered) {
        const access = expectedAccess(r)!;
        const res = await call(r, cookie ? { cookie } : {});
        tally[caller]++;
        const k = `${caller}: ${key(r)} (${access})`;
        const body = r.method === 'HEAD' ? null : res.body;
        if (res.statusCode >= 500) mismatches.push(`${k} -> ${res.statusCode} ${body?.slice(0, 120)}`);
        const expectRefusal =
          (caller === 'anonymous' && access !== 'public') ||
          (caller === 'yard' && (access === 'user' || access === 'admin')) ||
          (caller === 'staff' && access === 'admin');
        if (expectRefusal) {
          const code = caller === 'anonymous' ? 401 : 403;
          const message =
            caller === 'anonymous'
              ? 'Sign in to continue.'
              : caller === 'yard'
                ? 'A yard sign-in opens the Loaders only; ask an administrator for staff access.'
                : 'This needs an administrator.';
          refused[caller]++;
          if (res.statusCode !== code) mismatches.push(`${k} -> ${res.statusCode}, expected ${code}`);
          else if (
            body !== null &&
            JSON.stringify(json(res)) !== JSON.stringify({ status: 'FAILED', data: null, message })
          )
            mismatches.push(`${k} -> ${code} without the FAILED envelope: ${body.slice(0, 120)}`);
        } else if (res.statusCode === 401 || res.statusCode === 403) {
          mismatches.push(`${k} -> ${res.statusCode}, expected the route to serve this caller: ${body?.slice(0, 120)}`);
        }
      }
    }
    console.log(
      `[access table, ${engine}] ${routes.length} routes walked per caller ` +
        `(${routes.filter((r) => r.method !== 'HEAD').length} in the table + ${routes.filter((r) => r.method === 'HEAD').length} HEAD); ` +
        `anonymous ${tally.anonymous} (${refused.anonymous} refused 401), yard ${tally.yard} (${refused.yard} refused 403), staff ${tally.staff} (${refused.staff} refused 403), ` +
        `administrator ${tally.admin} (0 refusals expected); ${mismatches.length} mismatches`,
    );
    expect(mismatches).toEqual([]);
    expect(tally.admin).toBe(routes.length);
    expect(refused.staff).toBe(routes.filter((r) => expectedAccess(r) === 'admin').length);
    // The yard is refused everything but the yard routes (and the public ones).
    expect(refused.yard).toBe(routes.filter((r) => !['public', 'yard'].includes(expectedAccess(r)!)).length);
    expect(routes.filter((r) => expectedAccess(r) === 'yard').length).toBeGreaterThanOrEqual(18);
  });

  it('refuses cross-origin writes on every state-changing route, even for an administrator, and changes nothing', async () => {
    const cookie = await t.login();
    const writes = routes.filter((r) => !SAFE.has(r.method));
    expect(writes.length).toBeGreaterThan(40);
    const before = await snapshotDb(t.db.database);
    const mismatches: string[] = [];
    const crossOrigin: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossOrigin) {
      for (const r of writes) {
        const res = await call(r, { cookie, ...headers });
        if (res.statusCode !== 403 || json(res).message !== 'Cross-origin request refused.') {
          mismatches.push(`${JSON.stringify(headers)} ${key(r)} -> ${res.statusCode} ${res.body.slice(0, 100)}`);
        }
      }
    }
    const after = await snapshotDb(t.db.database);
    console.log(
      `[cross-origin, ${engine}] ${writes.length} state-changing routes x 2 (Origin: https://evil.example, ` +
        `Sec-Fetch-Site: cross-site) as an administrator: ${mismatches.length} mismatches, database ${after.hash === before.hash ? 'unchanged' : 'CHANGED'}`,
    );
    expect(mismatches).toEqual([]);
    expect(snapshotDiff(before, after)).toBe('');
    // Sign-out was refused too: the session still works.
    expect((await t.app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(200);
    // The same request from the app's own origin goes through (the refusal is the origin's doing).
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, origin: 'http://localhost:80', host: 'localhost:80' },
    });
    expect(own.statusCode).toBe(200);
  });

  it('serves no method the table does not name: TRACE, PATCH and CONNECT find no route anywhere', async () => {
    const urls = [...new Set(routes.map((r) => r.url))];
    const mismatches: string[] = [];
    for (const url of urls) {
      for (const method of ['TRACE', 'PATCH', 'CONNECT'] as const) {
        const res = await t.app.inject({ method: method as 'GET', url: fillParams(url), headers: { cookie: admin } });
        if (res.statusCode !== 404 || json(res).status !== 'FAILED')
          mismatches.push(`${method} ${url} -> ${res.statusCode}`);
      }
    }
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
