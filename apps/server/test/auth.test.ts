import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, cookieHeader, createTestApp, engines, json, type TestApp } from './support.js';

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

  it('signs in with a form-encoded body and answers the roles', async () => {
    const res = await t.app.inject(form(ADMIN.username, ADMIN.password));
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ status: 'OK', data: { username: 'admin', roles: ['ROLE_ADMIN', 'ROLE_USER'] } });
    const cookie = res.cookies.find((c) => c.name === 'desk_sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();
    const roles = await t.app.inject({ url: '/api/users/roles', headers: { cookie: cookieHeader(res) } });
    expect(json(roles)).toEqual({ status: 'OK', data: ['ROLE_ADMIN', 'ROLE_USER'], message: '' });
  });

  it('marks the cookie Secure behind HTTPS', async () => {
    const proxied = await createTestApp(engine, { TRUST_PROXY: 'true' });
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
    expect((await t.app.inject({ url: '/api/users/roles', headers: { cookie } })).statusCode).toBe(401);
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

  it('throttles: the 11th failure within a minute for a username is 429, even with the right password', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/users/addNewUser',
      headers: { cookie: await t.login() },
      payload: { username: 'victim', password: 'victim-password-1' },
    });
    for (let i = 0; i < 10; i++) {
      const r = await t.app.inject({ ...form('victim', `bad-${i}`), remoteAddress: `10.0.0.${i + 1}` });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({ ...form('victim', 'victim-password-1'), remoteAddress: '10.0.1.1' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(json(blocked).message).toMatch(/Too many failed sign-in attempts/);
    t.clock.advance(61_000);
    const after = await t.app.inject({ ...form('victim', 'victim-password-1'), remoteAddress: '10.0.1.1' });
    expect(after.statusCode).toBe(200);
  });

  it('throttles per address across usernames', async () => {
    for (let i = 0; i < 10; i++) {
      const r = await t.app.inject({ ...form(`user${i}`, 'nope-nope'), remoteAddress: '192.0.2.9' });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({ ...form(ADMIN.username, ADMIN.password), remoteAddress: '192.0.2.9' });
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await t.app.inject({ ...form(ADMIN.username, ADMIN.password), remoteAddress: '192.0.2.10' });
    expect(elsewhere.statusCode).toBe(200);
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
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/users/addNewUser',
      headers: { cookie, origin: 'null' },
      payload: { username: 'sneaky', password: 'sneaky-password' },
    });
    expect(add.statusCode).toBe(403);
    const list = await t.app.inject({ url: '/api/users/getUsersList', headers: { cookie } });
    expect(json<{ username: string }[]>(list).data.map((u) => u.username)).not.toContain('sneaky');
  });

  it('refuses a malformed login body with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toMatch(/password/);
  });
});
