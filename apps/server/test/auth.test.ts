import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES_PER_MINUTE, SESSION_ABSOLUTE_HOURS } from '@desk/domain';
import { hashToken } from '../src/modules/auth/session.service.js';
import { addUser, ADMIN, cookieHeader, createTestApp, engines, json, type TestApp } from './support.js';

describe.each(engines())('sign-in and sessions (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { SESSION_IDLE_MINUTES: '30' });
  });
  afterAll(async () => t?.close());

  const form = (username: string, password: string) => ({
    method: 'POST' as const,
    url: '/api/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password }).toString(),
  });
  /** A form sign-in sent from this address. */
  const signInFrom = (address: string, username: string, password: string) =>
    t.app.inject({ ...form(username, password), remoteAddress: address });

  it('signs in with a form-encoded body and answers the roles', async () => {
    const res = await t.app.inject(form(ADMIN.username, ADMIN.password));
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ status: 'OK', data: { username: 'admin', roles: ['ROLE_ADMIN', 'ROLE_USER'] } });
    const cookie = res.cookies.find((c) => c.name === 'desk_sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeUndefined();
    // The page's "signed in" hint: readable, secret-free, ending with the session cookie.
    const hint = res.cookies.find((c) => c.name === 'desk_signed_in')!;
    expect(hint).toMatchObject({ value: '1', sameSite: 'Lax', maxAge: cookie.maxAge, path: '/' });
    expect(hint.httpOnly).toBeUndefined();
    // It grants nothing on its own.
    expect((await t.app.inject({ url: '/api/users/roles', headers: { cookie: 'desk_signed_in=1' } })).statusCode).toBe(
      401,
    );
    const roles = await t.app.inject({ url: '/api/users/roles', headers: { cookie: cookieHeader(res) } });
    expect(json(roles)).toEqual({ status: 'OK', data: ['ROLE_ADMIN', 'ROLE_USER'], message: '' });
  });

  it('marks the cookie Secure behind HTTPS', async () => {
    const proxied = await createTestApp(engine, { TRUST_PROXY: '1' });
    try {
      const res = await proxied.app.inject({
        ...form(ADMIN.username, ADMIN.password),
        headers: { ...form('', '').headers, 'x-forwarded-proto': 'https' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === 'desk_sid')!.secure).toBe(true);
    } finally {
      await proxied.close();
    }
  });

  it('answers the same for an unknown user and a wrong password', async () => {
    const unknown = await t.app.inject(form('nobody-here', 'whatever-password'));
    const wrong = await t.app.inject(form(ADMIN.username, 'wrong-password'));
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(json(wrong)).toEqual({ status: 'FAILED', data: null, message: 'Invalid username or password.' });
    expect(wrong.cookies).toHaveLength(0);
  });

  it('gives a new session id at every sign-in and ends the one the browser carried', async () => {
    const first = await t.login();
    const res = await t.app.inject({
      ...form(ADMIN.username, ADMIN.password),
      headers: { ...form('', '').headers, cookie: first },
    });
    const second = cookieHeader(res);
    expect(second).not.toBe(first);
    expect((await t.app.inject({ url: '/api/session', headers: { cookie: first } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/session', headers: { cookie: second } })).statusCode).toBe(200);
  });

  it('refuses a tampered cookie', async () => {
    const cookie = await t.login();
    const tampered = cookie.replace(/desk_sid=([^;.]+)/, (_m, v: string) => `desk_sid=${v.slice(0, -2)}xx`);
    expect((await t.app.inject({ url: '/api/session', headers: { cookie: tampered } })).statusCode).toBe(401);
  });

  it('signs out: the session ends on the server', async () => {
    const cookie = await t.login();
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'desk_sid')?.value).toBe('');
    expect(out.cookies.find((c) => c.name === 'desk_signed_in')?.value).toBe('');
    expect((await t.app.inject({ url: '/api/users/roles', headers: { cookie } })).statusCode).toBe(401);
  });

  it('answers the session probe with 200 whether signed in, signed out or holding a dead cookie', async () => {
    const status = (cookie?: string) => t.app.inject({ url: '/api/session/status', headers: cookie ? { cookie } : {} });
    const anonymous = await status();
    expect(anonymous.statusCode).toBe(200);
    expect(json(anonymous)).toEqual({ status: 'OK', data: { signedIn: false }, message: '' });

    const cookie = await t.login();
    const signedIn = await status(cookie);
    expect(signedIn.statusCode).toBe(200);
    expect(json(signedIn).data).toEqual({ signedIn: true, username: 'admin', roles: ['ROLE_ADMIN', 'ROLE_USER'] });

    await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    const ended = await status(cookie);
    expect(ended.statusCode).toBe(200);
    expect(json(ended).data).toEqual({ signedIn: false });
    const tampered = cookie.replace(/desk_sid=([^;.]+)/, (_m, v: string) => `desk_sid=${v.slice(0, -2)}xx`);
    expect(json(await status(tampered)).data).toEqual({ signedIn: false });
  });

  it('signs out after the idle limit, and keeps an active session alive', async () => {
    const idle = await t.login();
    const active = await t.login();
    for (let i = 0; i < 4; i++) {
      t.clock.advance(20 * 60_000);
      expect((await t.app.inject({ url: '/api/session', headers: { cookie: active } })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ url: '/api/session', headers: { cookie: idle } })).statusCode).toBe(401);
  });

  it('ends every session 12 hours after sign-in, however active', async () => {
    const cookie = await t.login();
    // Active every 25 minutes (under the 30-minute idle limit) for 700 minutes...
    for (let i = 0; i < 28; i++) {
      t.clock.advance(25 * 60_000);
      expect((await t.app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(200);
    }
    // ...and 725 minutes after sign-in the 12-hour limit ends it.
    t.clock.advance(25 * 60_000);
    const res = await t.app.inject({ url: '/api/session', headers: { cookie } });
    expect(res.statusCode).toBe(401);
    expect(json(res).status).toBe('FAILED');
  });

  it('throttles per address and username: the 11th attempt from one address is 429, even with the right password', async () => {
    await addUser(t.app, await t.login(), 'victim', 'Steady-beacon-72');
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_MINUTE; i++) {
      expect((await signInFrom('10.0.0.1', 'victim', `bad-${i}`)).statusCode).toBe(401);
    }
    const blocked = await signInFrom('10.0.0.1', 'victim', 'Steady-beacon-72');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(json(blocked).message).toMatch(/Too many sign-in attempts/);
    // The stranger's failures are theirs: the user at another address signs in.
    expect((await signInFrom('10.0.1.1', 'victim', 'Steady-beacon-72')).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await signInFrom('10.0.0.1', 'victim', 'Steady-beacon-72')).statusCode).toBe(200);
  });

  it('slows a username failing from many addresses, but never refuses it from an address with no failures', async () => {
    await addUser(t.app, await t.login(), 'spread', 'Amber-orchard-51-gate');
    // Twelve addresses fail once each: the username is now over its soft limit.
    for (let i = 0; i < 12; i++) {
      expect((await signInFrom(`10.3.0.${i + 1}`, 'spread', `bad-${i}`)).statusCode).toBe(401);
    }
    // A failing address gets one attempt per back-off slot...
    expect((await signInFrom('10.3.0.1', 'spread', 'bad-x')).statusCode).toBe(401);
    const second = await signInFrom('10.3.0.2', 'spread', 'bad-y');
    expect(second.statusCode).toBe(429);
    const wait = Number(second.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // ...while the right password from a clean address goes straight in.
    expect((await signInFrom('10.3.9.9', 'spread', 'Amber-orchard-51-gate')).statusCode).toBe(200);
    // The back-off is bounded: after at most a minute the slot is free again.
    t.clock.advance(61_000);
    expect((await signInFrom('10.3.0.2', 'spread', 'Amber-orchard-51-gate')).statusCode).toBe(200);
  });

  it('throttles per address across usernames', async () => {
    const limit = t.app.ctx.throttle.limits.perAddress;
    for (let i = 0; i < limit; i++) {
      expect((await signInFrom('192.0.2.9', `user${i}`, 'nope-nope')).statusCode).toBe(401);
    }
    expect((await signInFrom('192.0.2.9', ADMIN.username, ADMIN.password)).statusCode).toBe(429);
    expect((await signInFrom('192.0.2.10', ADMIN.username, ADMIN.password)).statusCode).toBe(200);
    t.clock.advance(61_000);
  });

  it('refuses state-changing requests from another origin, login included', async () => {
    const evil = await t.app.inject({
      ...form(ADMIN.username, ADMIN.password),
      headers: { ...form('', '').headers, origin: 'https://evil.example' },
    });
    expect(evil.statusCode).toBe(403);
    expect(json(evil)).toEqual({ status: 'FAILED', data: null, message: 'Cross-origin request refused.' });
    expect(evil.cookies).toHaveLength(0);
    const site = await t.app.inject({
      ...form(ADMIN.username, ADMIN.password),
      headers: { ...form('', '').headers, 'sec-fetch-site': 'cross-site' },
    });
    expect(site.statusCode).toBe(403);
    const same = await t.app.inject({
      ...form(ADMIN.username, ADMIN.password),
      headers: { ...form('', '').headers, origin: 'http://localhost:80', host: 'localhost:80' },
    });
    expect(same.statusCode).toBe(200);
    const cookie = await t.login();
    const add = await t.send(
      cookie,
      'POST',
      '/api/users/addNewUser',
      { username: 'sneaky', password: 'Quiet-shadow-19-fox' },
      { origin: 'null' },
    );
    expect(add.statusCode).toBe(403);
    const list = await t.app.inject({ url: '/api/users/getUsersList', headers: { cookie } });
    expect(json<{ username: string }[]>(list).data.map((u) => u.username)).not.toContain('sneaky');
  });

  it('refuses a malformed login body with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Password is required.');
  });

  it('keeps only a hash of the session token: the database holds no cookie value', async () => {
    const res = await t.app.inject(form(ADMIN.username, ADMIN.password));
    const cookie = res.cookies.find((c) => c.name === 'desk_sid')!;
    const token = t.app.unsignCookie(cookie.value).value!;
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 random bits, base64url
    const rows = await t.db.database.db.selectFrom('sessions').select('id').execute();
    expect(rows.map((r) => r.id)).toContain(hashToken(token));
    expect(rows.map((r) => r.id)).not.toContain(token);
    // The cookie lives no longer than the session's 12-hour limit, for the whole site.
    expect(cookie.maxAge).toBe(SESSION_ABSOLUTE_HOURS * 3600);
    expect(cookie.path).toBe('/');
    expect(res.body).not.toContain(token);
  });

  it('marks the cookie Secure only when the request came over HTTPS, and clears it with the same flags', async () => {
    const plain = await t.app.inject({
      ...form(ADMIN.username, ADMIN.password),
      headers: { ...form('', '').headers, 'x-forwarded-proto': 'https' },
    });
    // Without TRUST_PROXY a forwarded header proves nothing: this request came over plain HTTP.
    expect(plain.cookies.find((c) => c.name === 'desk_sid')!.secure).toBeUndefined();
    const proxied = await createTestApp(engine, { TRUST_PROXY: '1' });
    try {
      const headers = { ...form('', '').headers, 'x-forwarded-proto': 'https' };
      const login = await proxied.app.inject({ ...form(ADMIN.username, ADMIN.password), headers });
      const out = await proxied.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { cookie: cookieHeader(login), 'x-forwarded-proto': 'https' },
      });
      expect(out.statusCode).toBe(200);
      const cleared = out.cookies.find((c) => c.name === 'desk_sid')!;
      expect(cleared).toMatchObject({ value: '', httpOnly: true, sameSite: 'Lax', secure: true, path: '/' });
    } finally {
      await proxied.close();
    }
  });

  it("ends every session of a user whose password an administrator changes, and keeps the administrator's", async () => {
    const admin = await t.login();
    await t.send(admin, 'POST', '/api/users/addNewUser', { username: 'reset-me', password: 'First-river-stone-41' });
    const s1 = await t.login('reset-me', 'First-river-stone-41');
    const s2 = await t.login('reset-me', 'First-river-stone-41');
    const res = await t.send(admin, 'PUT', '/api/users/modifyCredentials', {
      username: 'reset-me',
      oldPassword: 'First-river-stone-41',
      password: 'Second-river-stone-42',
    });
    expect(res.statusCode).toBe(200);
    for (const cookie of [s1, s2]) {
      expect((await t.app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ url: '/api/session', headers: { cookie: admin } })).statusCode).toBe(200);
    const left = await t.db.database.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.id')
      .where('users.username', '=', 'reset-me')
      .execute();
    expect(left).toEqual([]);
  });

  it('removes an idle session from the database, not only from use', async () => {
    const cookie = await t.login();
    const id = hashToken(t.app.unsignCookie(/desk_sid=([^;]+)/.exec(cookie)![1]!).value!);
    t.clock.advance(31 * 60_000);
    expect((await t.app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(401);
    expect(await t.db.database.db.selectFrom('sessions').select('id').where('id', '=', id).execute()).toEqual([]);
  });

  it('throttles a username whatever its case and spacing, and an unknown username like a known one', async () => {
    await addUser(t.app, await t.login(), 'casey', 'Maple-ridge-64-trail');
    const variants = ['casey', 'CASEY', ' Casey ', 'cAsEy'];
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_MINUTE; i++) {
      expect((await signInFrom('10.1.0.1', variants[i % 4]!, `wrong-${i}`)).statusCode).toBe(401);
    }
    const blocked = await signInFrom('10.1.0.1', 'CaSeY', 'Maple-ridge-64-trail');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    // An unknown username is throttled the same way: the answers do not tell which names exist.
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_MINUTE; i++) {
      await signInFrom('10.2.0.1', 'no-such-user', `wrong-${i}`);
    }
    const unknown = await signInFrom('10.2.0.1', 'no-such-user', 'whatever');
    expect(unknown.statusCode).toBe(429);
    expect(unknown.body).toBe(blocked.body);
    t.clock.advance(61_000);
  });

  it('takes passwords of any composition and length up to 256, verified exactly as typed', async () => {
    // 100 characters, unicode, spaces at both ends, no character classes required.
    const password = ` ${'pässwörd ünïcode '.repeat(5)}${'x'.repeat(13)} `;
    expect(password.length).toBe(100);
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/users/addNewUser',
      headers: { cookie: await t.login() },
      payload: { username: 'exact', password },
    });
    expect(add.statusCode).toBe(201);
    const attempt = (pw: string) =>
      t.app.inject({ ...form('exact', pw), remoteAddress: '10.3.0.1' }).then((r) => r.statusCode);
    expect(await attempt(password)).toBe(200);
    expect(await attempt(password.trim())).toBe(401);
    expect(await attempt(password.toUpperCase())).toBe(401);
    expect(await attempt(password.slice(0, 72))).toBe(401);
    t.clock.advance(61_000);
  });
});
