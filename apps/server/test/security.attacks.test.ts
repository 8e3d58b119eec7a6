/**
 * Attacks from issue 12's audit, run against the REAL built server (a child process, as
 * `npm start` runs it) and, for the exact answers, through inject:
 * - deep and large bodies on every public route, with the health route's latency measured
 *   during the attack (finding 3);
 * - forged X-Forwarded-For (finding 4);
 * - weak passwords (finding 6);
 * - forged Host, DNS rebinding (finding 7);
 * - form bodies, charsets, unknown paths, precompressed files, compression (finding 8).
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../src/cli/demo-data.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { MAX_JSON_DEPTH } from '../src/plugins/security.js';
import { ensureBuilt, ServerProcess } from './reliability/harness.js';
import { ADMIN, createTestApp, createTestDb, engines, json, type TestApp, type TestDb } from './support.js';
import { APP_ROUTES, getEach, INDEX_HTML, webApp } from './web-folder.js';

interface Raw {
  status: number;
  ms: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * One request on its own connection, with any Host; a refusal mid-upload still gives the answer.
 * A connection the server closed before its answer could be read (a refusal of an upload the
 * server does not read can end in a reset that takes the answer with it) resolves with status 0,
 * so a caller never waits forever for an answer that is gone.
 */
function raw(
  port: number,
  method: string,
  url: string,
  opts: { body?: string; headers?: Record<string, string>; announce?: number } = {},
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const headers: Record<string, string | number> = { host: `127.0.0.1:${port}`, ...opts.headers };
    if (opts.body !== undefined) headers['content-length'] = Buffer.byteLength(opts.body);
    // `announce`: a Content-Length of that many bytes, and no body sent at all; only a server that
    // answers before reading the body can answer it.
    if (opts.announce !== undefined) headers['content-length'] = opts.announce;
    let answered = false;
    const req = http.request({ host: '127.0.0.1', port, method, path: url, agent: false, headers }, (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      const done = () => resolve({ status: res.statusCode!, ms: performance.now() - t0, body, headers: res.headers });
      res.on('end', done);
      res.on('close', done);
    });
    // The server may answer 413 and close while the body is still going out: the answer counts.
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE' && e.code !== 'ECONNRESET') reject(e);
    });
    req.on('close', () => {
      if (!answered) resolve({ status: 0, ms: performance.now() - t0, body: '', headers: {} });
    });
    // A server that neither answers nor closes fails the test in words instead of its time-out.
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${url}: no answer within 30 s`)));
    if (opts.announce !== undefined) req.flushHeaders();
    else req.end(opts.body);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const nested = (levels: number) => `{"username":${'['.repeat(levels)}${']'.repeat(levels)},"password":"x"}`;
const JSON_TYPE = { 'content-type': 'application/json' };
/**
 * The cases below that drive the built server over real sockets send hundreds of 800 KB bodies
 * through a second process; on a loaded 2-core machine (a build and Chromium beside the suite) a
 * round trip can take a second, so they get a minute and a half instead of the default 30 s.
 * How fast the answers are is asserted inside each case, not by this limit.
 */
const REAL_SERVER_TIMEOUT = 90_000;
/** Starting the built server (migrations, the first administrator) on a busy machine. */
const START_TIMEOUT = 120_000;
const FORM_TYPE = { 'content-type': 'application/x-www-form-urlencoded' };

/** The addresses the sessions were opened from. */
async function sessionIps(db: TestDb): Promise<Array<string | null>> {
  const rows = await db.database.db.selectFrom('sessions').select('ip').execute();
  return rows.map((r) => r.ip);
}

describe.each(engines())('attacks on the running server (%s)', (engine) => {
  let db: TestDb;
  let server: ServerProcess;
  /** A second server whose TRUST_PROXY list does not hold this connection's address. */
  let otherDb: TestDb;
  let other: ServerProcess;
  let publicRoutes: Array<{ method: string; url: string }>;

  beforeAll(async () => {
    ensureBuilt();
    // Every public route the app registers (a new one is attacked too), read from the app itself.
    const probe = await createTestApp('sqlite');
    publicRoutes = probe.app.apiRoutes
      .filter((r) => r.access === 'public' && !r.url.includes(':'))
      .map(({ method, url }) => ({ method, url }));
    await probe.close();
    // Both servers start here, side by side, so no case pays for a process start.
    [db, otherDb] = await Promise.all([createTestDb(engine), createTestDb(engine)]);
    [server, other] = await Promise.all([
      ServerProcess.start({ dataDir: db.dataDir, databaseUrl: db.url, env: { TRUST_PROXY: '1' } }, START_TIMEOUT),
      ServerProcess.start(
        { dataDir: otherDb.dataDir, databaseUrl: otherDb.url, env: { TRUST_PROXY: '10.0.0.1,192.168.0.0/16' } },
        START_TIMEOUT,
      ),
    ]);
  }, 240_000);
  afterAll(async () => {
    for (const s of [
      { db, server },
      { db: otherDb, server: other },
    ]) {
      await s.server?.stop();
      await s.db?.drop();
    }
  });

  it(
    'refuses deep and large bodies on every public route before reading them',
    async () => {
      expect(publicRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
        expect.arrayContaining(['POST /api/login', 'GET /api/health', 'GET /api/config']),
      );
      const deep = nested(400_000); // 800 KB, 400,000 levels: 3.1 s of CPU each before the fix
      const attacks: Array<[string, string, Record<string, string>]> = [
        ['800 KB nested 400,000 deep', deep, JSON_TYPE],
        ['800 KB flat', JSON.stringify({ username: 'x'.repeat(800_000), password: 'x' }), JSON_TYPE],
        ['3 KB nested 1,500 deep', nested(1_500), JSON_TYPE],
        ['800 KB form', `username=${'x'.repeat(800_000)}&password=x`, FORM_TYPE],
      ];
      const lines: string[] = [];
      for (const route of publicRoutes) {
        for (const [what, body, headers] of attacks) {
          const res = await raw(server.port, route.method, route.url, { body, headers });
          const small = body.length < 4096;
          lines.push(`${route.method} ${route.url}, ${what}: ${res.status} in ${res.ms.toFixed(1)} ms`);
          // A body over the limit is answered 413 and the connection closed unread; the reset that
          // closing sends can take the answer with it before the client reads it (status 0). That
          // is the refusal too: the unread case below proves it comes before the body is read.
          if (!small && res.status === 0) continue;
          if (route.method === 'GET' || route.method === 'HEAD') {
            // Never parsed: over the limit refused, under it ignored.
            expect(res.status, `${route.url} ${what}`).toBe(small ? 200 : 413);
          } else if (small) {
            expect(res.status, `${route.url} ${what}`).toBe(400);
            expect(JSON.parse(res.body)).toEqual({
              status: 'FAILED',
              data: null,
              message: 'The request is nested too deeply.',
            });
          } else {
            expect(res.status, `${route.url} ${what}`).toBe(413);
            expect(JSON.parse(res.body).message).toBe('The request body is too large.');
          }
        }
        // Refused before the body is read (it was parsed for 3,100 ms of CPU before the fix): 800 KB
        // announced and never sent is answered all the same. How fast is the bench's to measure.
        const unread = await raw(server.port, route.method, route.url, { announce: 800_000, headers: JSON_TYPE });
        expect(unread.status, `${route.method} ${route.url}, 800 KB announced, none sent`).toBe(413);
      }
      console.log(`[deep bodies, ${engine}]\n  ${lines.join('\n  ')}`);
    },
    REAL_SERVER_TIMEOUT,
  );

  it(
    'keeps the health route answering while deep bodies are sent to the login',
    async () => {
      const healthStatuses = new Set<number>();
      const health = async () => {
        const res = await raw(server.port, 'GET', '/api/health');
        healthStatuses.add(res.status);
        return res.ms;
      };
      const idle: number[] = [];
      for (let i = 0; i < 20; i++) idle.push(await health());
      const deep = nested(400_000);
      let stop = false;
      let sent = 0;
      let resets = 0;
      const statuses = new Set<number>();
      // Up to ten deep bodies a second (the audit sent 2.8), each on its own connection, at most
      // four in flight: on a slow machine they would otherwise pile up without bound.
      const inFlight = new Set<Promise<void>>();
      const attacker = (async () => {
        while (!stop) {
          if (inFlight.size < 4) {
            const p: Promise<void> = raw(server.port, 'POST', '/api/login', { body: deep, headers: JSON_TYPE }).then(
              (r) => {
                // Status 0: the reset that follows a refused upload took the 413 with it.
                if (r.status === 0) resets++;
                else {
                  statuses.add(r.status);
                  sent++;
                }
                inFlight.delete(p);
              },
            );
            inFlight.add(p);
          }
          await sleep(100);
        }
      })();
      const during: number[] = [];
      const started = Date.now();
      // Three seconds of attack, and at least eleven deep bodies answered within it (a minute at most).
      while ((Date.now() - started < 3_000 || sent <= 10) && Date.now() - started < 60_000) {
        during.push(await health());
        await sleep(10);
      }
      stop = true;
      await attacker;
      await Promise.all(inFlight);
      const seconds = (Date.now() - started) / 1000;
      console.log(
        `[health under attack, ${engine}] idle median ${median(idle).toFixed(2)} ms; ` +
          `${sent} deep logins answered in ${seconds.toFixed(1)} s (${(sent / seconds).toFixed(1)}/s, answered ${[...statuses].join(', ')}; ${resets} reset before the answer); ` +
          `health median ${median(during).toFixed(2)} ms, max ${Math.max(...during).toFixed(1)} ms over ${during.length} requests`,
      );
      expect([...statuses]).toEqual([413]);
      expect(sent).toBeGreaterThan(10);
      expect([...healthStatuses]).toEqual([200]);
      // Before the fix the median was 21,800 ms; the latencies are logged above, and bounded by the
      // bench rather than here, where a loaded machine (not the server) decides them.
    },
    REAL_SERVER_TIMEOUT,
  );

  it('takes request.ip from the address the proxy appended, never the forged left-most one', async () => {
    const login = (xff: string) =>
      raw(server.port, 'POST', '/api/login', {
        body: new URLSearchParams({ username: ADMIN.username, password: ADMIN.password }).toString(),
        headers: { ...FORM_TYPE, 'x-forwarded-for': xff },
      });
    // TRUST_PROXY=1: this connection (127.0.0.1) is the proxy; the entry it appended is the client.
    expect((await login('6.6.6.6, 10.9.8.7')).status).toBe(200);
    expect((await login('1.1.1.1, 2.2.2.2, 10.9.8.8')).status).toBe(200);
    expect((await sessionIps(db)).sort()).toEqual(['10.9.8.7', '10.9.8.8']);

    // TRUST_PROXY as a list that does not hold this connection's address: X-Forwarded-For is ignored.
    const res = await raw(other.port, 'POST', '/api/login', {
      body: new URLSearchParams({ username: ADMIN.username, password: ADMIN.password }).toString(),
      headers: { ...FORM_TYPE, 'x-forwarded-for': '6.6.6.6' },
    });
    expect(res.status).toBe(200);
    expect(await sessionIps(otherDb)).toEqual(['127.0.0.1']);
  });

  it('answers 421 to a forged Host (DNS rebinding), and checks Origin against the allowed hosts', async () => {
    const port = server.port;
    for (const host of [`evil.example:${port}`, 'evil.example', `127.0.0.1:1`, `localhost.evil.example:${port}`]) {
      for (const [method, url] of [
        ['GET', '/api/health'],
        ['GET', '/api/config'],
        ['GET', '/'],
      ]) {
        const res = await raw(port, method!, url!, { headers: { host } });
        expect(res.status, `${host} ${url}`).toBe(421);
        expect(JSON.parse(res.body)).toEqual({
          status: 'FAILED',
          data: null,
          message: 'This server does not answer for that host name. An administrator can add it to ALLOWED_HOSTS.',
        });
      }
      // A rebinding page posting a sign-in: refused for the Host before anything else.
      const login = await raw(port, 'POST', '/api/login', {
        body: 'username=admin&password=x',
        headers: { ...FORM_TYPE, host, origin: `http://${host}` },
      });
      expect(login.status, host).toBe(421);
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`]) {
      expect((await raw(port, 'GET', '/api/health', { headers: { host } })).status, host).toBe(200);
    }
    // The Origin is compared with the hosts this server answers for, not with the Host sent.
    const form = new URLSearchParams({ username: ADMIN.username, password: ADMIN.password }).toString();
    const crossSite = await raw(port, 'POST', '/api/login', {
      body: form,
      headers: { ...FORM_TYPE, origin: `http://evil.example:${port}` },
    });
    expect(crossSite.status).toBe(403);
    const otherPort = await raw(port, 'POST', '/api/login', {
      body: form,
      headers: { ...FORM_TYPE, origin: `http://127.0.0.1:${port + 1}` },
    });
    expect(otherPort.status).toBe(403);
    const sameServer = await raw(port, 'POST', '/api/login', {
      body: form,
      headers: { ...FORM_TYPE, origin: `http://localhost:${port}` },
    });
    expect(sameServer.status).toBe(200);
  });
});

describe.each(engines())('request rules (%s)', (engine) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(engine, { COMPANY_NAME: 'Northside Garage Door Supply' });
    await loadDemoData(t.db.database.db, { now: new Date(t.clock()) });
    cookie = await t.login();
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: string, headers: Record<string, string> = JSON_TYPE) =>
    t.app.inject({ method: 'POST', url, headers: { cookie, ...headers }, payload });

  it(`refuses JSON nested deeper than ${MAX_JSON_DEPTH} levels with 400 on every route, before parsing it`, async () => {
    const depth = (n: number) => `{"name":"x","notes":${'['.repeat(n - 1)}${']'.repeat(n - 1)}}`;
    for (const url of ['/api/login', '/api/customers/create']) {
      const deep = await post(url, depth(MAX_JSON_DEPTH + 1));
      expect(deep.statusCode, url).toBe(400);
      expect(json(deep).message).toBe('The request is nested too deeply.');
      // Brackets inside strings are text, not nesting.
      const inString = await post(url, JSON.stringify({ name: '['.repeat(1000), username: '{'.repeat(1000) }));
      expect(json(inString).message, url).not.toBe('The request is nested too deeply.');
      const limit = await post(url, depth(MAX_JSON_DEPTH));
      expect(json(limit).message, url).not.toBe('The request is nested too deeply.');
    }
  });

  it('sets a body limit that fits each route: 4 KiB for public routes and routes without a body', async () => {
    const fiveKb = JSON.stringify({ username: 'x'.repeat(5_000), password: 'y' });
    for (const url of ['/api/login', '/api/logout']) {
      const res = await post(url, fiveKb);
      expect(res.statusCode, url).toBe(413);
    }
    // A customer with long notes (about 5 KB) is fine: routes with a body keep 1 MiB.
    const customer = await post(
      '/api/customers/create',
      JSON.stringify({
        name: 'Big notes',
        specialNeeds: 'n'.repeat(1_990),
        specialInstructions: 's'.repeat(1_990),
        contactName: 'c'.repeat(190),
      }),
    );
    expect(customer.statusCode).toBe(201);
  });

  it('takes a form-encoded body only where a form is documented (the sign-in); elsewhere 415', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: FORM_TYPE,
      payload: new URLSearchParams({ username: ADMIN.username, password: ADMIN.password }).toString(),
    });
    expect(form.statusCode).toBe(200);
    const before = await t.db.database.db.selectFrom('customers').select('id').execute();
    for (const [method, url, payload] of [
      ['POST', '/api/customers/create', 'name=Form+Customer'],
      ['POST', '/api/users/addNewUser', 'username=formuser&password=Formed-by-a-form-77'],
      ['DELETE', '/api/users/removeUser', 'username=admin'],
      ['POST', '/api/logout', ''],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { cookie, ...FORM_TYPE }, payload });
      expect(res.statusCode, url).toBe(415);
      expect(json(res)).toEqual({
        status: 'FAILED',
        data: null,
        message: 'Unsupported content type: send application/json.',
      });
    }
    expect(await t.db.database.db.selectFrom('customers').select('id').execute()).toEqual(before);
    expect((await t.app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(200);
  });

  it('refuses request bodies in any character set but UTF-8 with 415', async () => {
    // The administrator's sign-in sent with this content type (a form for the form type).
    const signInAs = (contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': contentType },
        payload: contentType.includes('json')
          ? JSON.stringify({ username: ADMIN.username, password: ADMIN.password })
          : `username=${ADMIN.username}&password=${ADMIN.password}`,
      });
    for (const contentType of [
      'application/json; charset=iso-8859-1',
      'application/json; charset="utf-16"',
      'application/json;charset=windows-1252',
      'application/x-www-form-urlencoded; charset=latin1',
    ]) {
      const res = await signInAs(contentType);
      expect(res.statusCode, contentType).toBe(415);
      expect(json(res).message).toBe('Unsupported character set: send the request body as UTF-8.');
    }
    for (const contentType of [
      'application/json; charset=utf-8',
      'application/json; charset="UTF-8"',
      'application/json',
    ]) {
      const res = await signInAs(contentType);
      expect(res.statusCode, contentType).toBe(200);
    }
  });

  it('compresses JSON answers over 1 KiB for clients that accept it, and leaves small ones alone', async () => {
    const url = '/api/customers?page=1&size=30';
    const plain = await t.app.inject({ url, headers: { cookie } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await t.app.inject({ url, headers: { cookie, 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({ url, headers: { cookie, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    console.log(
      `[compression, ${engine}] ${url}: ${plain.body.length} bytes, brotli ${br.rawPayload.length}, gzip ${gz.rawPayload.length}`,
    );
    const small = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    const refused = await t.app.inject({ url, headers: { cookie, 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('refuses weak passwords on add user and change password, naming the rule', async () => {
    const add = (username: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/addNewUser',
        headers: { cookie },
        payload: { username, password },
      });
    const cases: Array<[string, string, string]> = [
      ['weak1', 'password', 'Password must be at least 12 characters.'],
      ['weak2', '12345678', 'Password must be at least 12 characters.'],
      ['weak3', '        ', 'Password must be at least 12 characters.'],
      ['weak4', 'qwerty123456', 'password: is one of the most common passwords; choose one that is harder to guess.'],
      ['weak5', 'QWERTY123456', 'password: is one of the most common passwords; choose one that is harder to guess.'],
      ['weak6', '1qaz2wsx3edc', 'password: is one of the most common passwords; choose one that is harder to guess.'],
      ['j.smith', 'J.Smith-spring-2026', 'password: must not contain the username.'],
      ['rsmith', 'my-R-Smith-key-2026', 'password: must not contain the username.'],
      ['weak7', 'Northside Garage Door Supply 1', 'password: must not contain the business name.'],
      ['weak8', 'northsidegaragedoorsupply', 'password: must not contain the business name.'],
    ];
    for (const [username, password, message] of cases) {
      const res = await add(username, password);
      expect(res.statusCode, password).toBe(400);
      expect(json(res).message, password).toBe(message);
    }
    const names = (await t.db.database.db.selectFrom('users').select('username').execute()).map((u) => u.username);
    expect(names.filter((n) => n.startsWith('weak') || n.includes('smith'))).toEqual([]);
    expect((await add('strong1', 'Autumn-gate-spring-48')).statusCode).toBe(201);

    const change = (password: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/users/modifyCredentials',
        headers: { cookie },
        payload: { username: 'strong1', oldPassword: 'Autumn-gate-spring-48', password },
      });
    expect(json(await change('letmein')).message).toBe('Password must be at least 12 characters.');
    expect(json(await change('qazwsxedcrfv')).message).toMatch(/^password: is one of the most common passwords/);
    expect(json(await change('strong1-again-and-again')).message).toBe('password: must not contain the username.');
    expect((await change('Winter-gate-spring-49')).statusCode).toBe(200);
  });

  it('refuses to start with a weak ADMIN_PASSWORD, saying why in one line', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'desk-weak-admin-'));
    try {
      for (const [password, why] of [
        ['admin123', 'must be at least 12 characters'],
        ['123456789012', 'is one of the most common passwords'],
        ['the-admin-of-this-place', 'must not contain the username'],
        ['garage door supply!!', 'must not contain the business name'],
      ] as const) {
        let problems: string[] = [];
        try {
          loadConfig({ DATA_DIR: dir, ADMIN_PASSWORD: password }, { dotenv: false });
        } catch (e) {
          expect(e).toBeInstanceOf(ConfigError);
          problems = (e as ConfigError).problems;
        }
        expect(problems, password).toHaveLength(1);
        expect(problems[0]).toContain(`ADMIN_PASSWORD: the first administrator's password ${why}`);
      }
      expect(loadConfig({ DATA_DIR: dir, ADMIN_PASSWORD: 'Harbour-lights-at-9pm' }, { dotenv: false })).toMatchObject({
        ADMIN_PASSWORD: 'Harbour-lights-at-9pm',
        DATA_DIR: dir,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(engines())('host names, proxies and paths (%s)', (engine) => {
  it('refuses TRUST_PROXY=true at start and says what to set instead', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'desk-trust-'));
    try {
      expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'true' }, { dotenv: false })).toThrow(
        /TRUST_PROXY: 'true' would trust any client's X-Forwarded-For\. Set the number of proxies .*TRUST_PROXY=1/,
      );
      expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'proxy.example' }, { dotenv: false })).toThrow(
        /TRUST_PROXY: must be false, a number of proxies/,
      );
      expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '2' }, { dotenv: false }).TRUST_PROXY).toBe(2);
      expect(
        loadConfig({ DATA_DIR: dir, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }, { dotenv: false }).TRUST_PROXY,
      ).toEqual(['127.0.0.1', '10.0.0.0/8']);
      expect(loadConfig({ DATA_DIR: dir }, { dotenv: false }).TRUST_PROXY).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers for ALLOWED_HOSTS and the PUBLIC_ORIGIN host only, once they are set', async () => {
    const t = await createTestApp(engine, {
      ALLOWED_HOSTS: 'desk.internal, 192.168.1.20:3000',
      PUBLIC_ORIGIN: 'https://desk.example.com',
    });
    try {
      const status = async (host: string) => (await t.app.inject({ url: '/api/health', headers: { host } })).statusCode;
      expect(await status('desk.internal')).toBe(200);
      expect(await status('desk.internal:8080')).toBe(200);
      expect(await status('192.168.1.20:3000')).toBe(200);
      expect(await status('192.168.1.20:3001')).toBe(421);
      expect(await status('desk.example.com')).toBe(200);
      expect(await status('desk.example.com:443')).toBe(200);
      expect(await status('desk.example.com:8443')).toBe(421);
      expect(await status('localhost')).toBe(421); // the list replaces the defaults
      expect(await status('evil.example')).toBe(421);
      // A sign-in from the public origin passes the Origin check; one from elsewhere does not.
      const login = (origin: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/login',
          headers: { host: 'desk.internal', origin },
          payload: { username: ADMIN.username, password: ADMIN.password },
        });
      expect((await login('https://desk.example.com')).statusCode).toBe(200);
      expect((await login('http://desk.internal')).statusCode).toBe(200);
      expect((await login('http://evil.example')).statusCode).toBe(403);
      expect(() =>
        loadConfig({ DATA_DIR: t.db.dataDir, ALLOWED_HOSTS: 'ok.example, not a host' }, { dotenv: false }),
      ).toThrow(/ALLOWED_HOSTS: .*not a host: not a host/);
    } finally {
      await t.close();
    }
  });

  it('answers 404 for paths that are not app routes and never serves .br/.gz files raw', async () => {
    const t = await webApp(engine, {
      'index.html': INDEX_HTML,
      'index.html.br': zlib.brotliCompressSync(INDEX_HTML),
      'assets/app-1.js': 'console.log(1)',
      'assets/app-1.js.gz': zlib.gzipSync('console.log(1)'),
    });
    try {
      for (const [url, res] of await getEach(t, APP_ROUTES)) {
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe(INDEX_HTML);
      }
      const notFiles = [
        '/nonexistent.png',
        '/wp-login.php',
        '/sales/x.js',
        '/index.html.br',
        '/assets/app-1.js.gz',
        '/whatever',
        '/.env',
      ];
      for (const [url, res] of await getEach(t, notFiles)) {
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/^text\/plain/);
        expect(res.body, url).toBe('Not found');
      }
      for (const [url, res] of await getEach(t, ['/api/whatever', '/api/whatever.png', '/api'])) {
        expect(res.statusCode, url).toBe(404);
        expect(json(res).status, url).toBe('FAILED');
      }
      // The precompressed copies still serve the files they belong to, to clients that accept them.
      const js = await t.app.inject({ url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip' } });
      expect(js.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(js.rawPayload).toString()).toBe('console.log(1)');
    } finally {
      await t.close();
    }
  });
});
