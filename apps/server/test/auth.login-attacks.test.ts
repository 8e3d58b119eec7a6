/**
 * The sign-in throttle attacked the way it will be: bursts of concurrent guesses and lockout
 * attempts from other addresses, over real TCP connections to a listening server (clients bound
 * to 127.0.0.2, 127.0.0.3 ... play the strangers; 127.0.0.1 is the real user).
 * docs/decisions/012-login-throttle.md.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES_PER_MINUTE } from '@desk/domain';
import { ADMIN, addUser as addUserAs, createTestApp, engines, type TestApp } from './support.js';

interface Answer {
  status: number;
  body: string;
  cookie: string;
}

function request(
  port: number,
  opts: { method: string; path: string; body?: string; type?: string; from?: string; cookie?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: opts.method,
        path: opts.path,
        localAddress: opts.from ?? '127.0.0.1',
        agent: false,
        headers: {
          ...(opts.body !== undefined
            ? { 'content-type': opts.type ?? 'application/json', 'content-length': Buffer.byteLength(opts.body) }
            : {}),
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => {
          const set = res.headers['set-cookie'] ?? [];
          resolve({ status: res.statusCode ?? 0, body, cookie: set.map((c) => c.split(';')[0]).join('; ') });
        });
      },
    );
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

const tally = (answers: Answer[]) =>
  answers.reduce<Record<number, number>>((m, a) => ({ ...m, [a.status]: (m[a.status] ?? 0) + 1 }), {});

describe.each(engines())('sign-in under attack (%s)', (engine) => {
  let t: TestApp;
  let port: number;
  let adminCookie: string;

  const login = (username: string, password: string, from: string) =>
    request(port, {
      method: 'POST',
      path: '/api/login',
      body: new URLSearchParams({ username, password }).toString(),
      type: 'application/x-www-form-urlencoded',
      from,
    });

  const addUser = (username: string) => addUserAs(t.app, adminCookie, username, 'Copper-lantern-83-bridge');

  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    adminCookie = await t.login();
  });
  afterAll(async () => t?.close());

  it.each([50, 200])(
    'a burst of %i concurrent guesses, the right password last, verifies no more than the limit',
    async (n) => {
      const username = `burst${n}`;
      const password = await addUser(username);
      const from = n === 50 ? '127.0.0.50' : '127.0.0.200';
      const answers = await Promise.all(
        Array.from({ length: n }, (_, i) => login(username, i === n - 1 ? password : `wrong-${i}`, from)),
      );
      const counts = tally(answers);
      // 401 = a password that was verified and wrong; 200 = verified and right; 429 = refused unverified.
      const verified = (counts[401] ?? 0) + (counts[200] ?? 0);
      expect(verified).toBe(LOGIN_MAX_FAILURES_PER_MINUTE);
      expect(counts[429]).toBe(n - verified);
      expect(Object.keys(counts).every((s) => ['200', '401', '429'].includes(s))).toBe(true);
    },
    60_000,
  );

  it('strangers on other addresses cannot lock the administrator out', async () => {
    const strangers = Array.from({ length: 8 }, (_, i) => `127.0.0.${i + 2}`);
    const refusedAdmin: number[] = [];
    for (let round = 0; round < 4; round++) {
      // Each round every stranger fires 15 wrong guesses at once, while the real administrator
      // signs in from 127.0.0.1 in the middle of it.
      const attack = strangers.flatMap((from) =>
        Array.from({ length: 15 }, (_, i) => login(ADMIN.username, `guess-${round}-${i}`, from)),
      );
      const real = login(ADMIN.username, ADMIN.password, '127.0.0.1');
      const [mine, ...theirs] = await Promise.all([real, ...attack]);
      if (mine!.status !== 200) refusedAdmin.push(mine!.status);
      expect(tally(theirs)[200]).toBeUndefined();
    }
    expect(refusedAdmin).toEqual([]);
  }, 120_000);

  it('the administrator sees the throttles and can clear one', async () => {
    const list = await t.app.inject({ url: '/api/admin/throttles', headers: { cookie: adminCookie } });
    expect(list.statusCode).toBe(200);
    const entries = list.json().data as Array<{ key: string; kind: string; blockedForSeconds: number }>;
    const pair = entries.find((e) => e.key === 'pair:127.0.0.2|admin');
    expect(pair).toMatchObject({ kind: 'address-username' });
    expect(pair!.blockedForSeconds).toBeGreaterThan(0);
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/throttles/${encodeURIComponent(pair!.key)}`,
      headers: { cookie: adminCookie },
    });
    expect(cleared.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/throttles/${encodeURIComponent(pair!.key)}`,
      headers: { cookie: adminCookie },
    });
    expect(again.statusCode).toBe(404);
    const staff = await t.staff('throttle-clerk');
    const forbidden = await t.app.inject({ url: '/api/admin/throttles', headers: { cookie: staff } });
    expect(forbidden.statusCode).toBe(403);
  });

  it('guessing the old password with a stolen session: 50 at once verify at most the limit, then the session ends', async () => {
    const password = await addUser('stolen');
    const cookie = (await login('stolen', password, '127.0.0.1')).cookie;
    const body = JSON.stringify({ username: 'stolen', oldPassword: 'not-it', password: 'a-new-password-9' });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        request(port, { method: 'PUT', path: '/api/users/modifyCredentials', body, cookie, from: '127.0.0.1' }),
      ),
    );
    const counts = tally(answers);
    // 400 = verified and wrong; 401 = verified, wrong, and the session ended (or already ended).
    expect((counts[400] ?? 0) + (counts[401] ?? 0) + (counts[429] ?? 0)).toBe(50);
    expect(counts[400] ?? 0).toBeLessThan(t.app.ctx.throttle.limits.passwordFailuresBeforeSignOut);
    const session = await request(port, { method: 'GET', path: '/api/session', cookie });
    expect(session.status).toBe(401);
    // The owner signs in again and, once the minute's checks have run out, changes it with the
    // right old password.
    const fresh = (await login('stolen', password, '127.0.0.1')).cookie;
    const change = () =>
      request(port, {
        method: 'PUT',
        path: '/api/users/modifyCredentials',
        body: JSON.stringify({ username: 'stolen', oldPassword: password, password: 'a-new-password-9' }),
        cookie: fresh,
      });
    t.clock.advance(61_000);
    expect((await change()).status).toBe(200);
  });
});
