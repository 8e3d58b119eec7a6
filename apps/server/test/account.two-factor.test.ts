/**
 * Two-factor sign-in (TOTP), the caller's sessions, and the security log, through the API on
 * both engines. docs/decisions/013-two-factor-sessions-events.md.
 */
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { ADMIN, addUser as addUserAs, cookieHeader, engines, json, suiteApp } from './support.js';

describe.each(engines())('account security (%s)', (engine) => {
  const suite = suiteApp(engine);

  const loginRaw = (username: string, password: string, totp?: string, remoteAddress = '127.0.0.1') =>
    suite.t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress,
      payload: { username, password, ...(totp === undefined ? {} : { totp }) },
    });
  const codeAt = (secret: string, ms: number) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
      timestamp: ms,
    });
  const addUser = (username: string) => addUserAs(suite.t.app, suite.admin, username, 'Copper-lantern-83-bridge');
  const post = (cookie: string, url: string, payload?: object) =>
    suite.t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });

  async function enrol(username: string) {
    const password = await addUser(username);
    const cookie = await suite.t.login(username, password);
    const setup = await post(cookie, '/api/account/mfa/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri, qrDataUrl } = json(setup).data;
    const enable = await post(cookie, '/api/account/mfa/enable', { code: codeAt(secret, suite.t.clock()) });
    expect(enable.statusCode).toBe(200);
    return {
      password,
      cookie,
      secret,
      otpauthUri,
      qrDataUrl,
      recoveryCodes: json(enable).data.recoveryCodes as string[],
    };
  }

  it('enrols with a QR code and a key, confirms with a code, and shows ten recovery codes once', async () => {
    const password = await addUser('dana');
    const cookie = await suite.t.login('dana', password);
    const other = await suite.t.login('dana', password);
    expect(json(await suite.t.app.inject({ url: '/api/account/mfa', headers: { cookie } })).data).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    const setup = await post(cookie, '/api/account/mfa/setup');
    const { secret, otpauthUri, qrDataUrl } = json(setup).data;
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/.*dana\?.*secret=/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrDataUrl.split(',')[1], 'base64').toString()).toContain('<svg');

    const wrong = await post(cookie, '/api/account/mfa/enable', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).message).toMatch(/code is not right/);

    const enable = await post(cookie, '/api/account/mfa/enable', { code: codeAt(secret, suite.t.clock()) });
    expect(enable.statusCode).toBe(200);
    const codes = json(enable).data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Turning it on ends the user's other sessions, not this one.
    expect((await suite.t.app.inject({ url: '/api/session', headers: { cookie: other } })).statusCode).toBe(401);
    expect((await suite.t.app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(200);
    expect(json(await suite.t.app.inject({ url: '/api/account/mfa', headers: { cookie } })).data).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    // A second enrolment needs turning it off first.
    expect((await post(cookie, '/api/account/mfa/setup')).statusCode).toBe(409);
  });

  it('asks for the code after the password; a code is good once; recovery codes once each', async () => {
    const { password, secret, recoveryCodes } = await enrol('erin');
    const missing = await loginRaw('erin', password);
    expect(missing.statusCode).toBe(401);
    expect(json(missing).data).toEqual({ mfaRequired: true });
    expect(missing.cookies).toHaveLength(0);

    // The step the enrolment used is spent: the next step's code signs in.
    suite.t.clock.advance(30_000);
    const code = codeAt(secret, suite.t.clock());
    const wrongCode = await loginRaw('erin', password, code === '123456' ? '654321' : '123456');
    expect(wrongCode.statusCode).toBe(401);
    expect(json(wrongCode).data).toEqual({ mfaRequired: true });
    const ok = await loginRaw('erin', password, code);
    expect(ok.statusCode).toBe(200);
    const replay = await loginRaw('erin', password, code);
    expect(replay.statusCode).toBe(401);

    // A wrong password with a right code tells nothing about the code.
    suite.t.clock.advance(30_000);
    const badPassword = await loginRaw('erin', 'not-the-password', codeAt(secret, suite.t.clock()));
    expect(badPassword.statusCode).toBe(401);
    expect(json(badPassword).data).toBeNull();

    const recovery = recoveryCodes[0]!;
    expect((await loginRaw('erin', password, recovery.toUpperCase().replace('-', ' '))).statusCode).toBe(200);
    expect((await loginRaw('erin', password, recovery)).statusCode).toBe(401);
    const cookie = cookieHeader(await loginRaw('erin', password, recoveryCodes[1]!));
    expect(
      json(await suite.t.app.inject({ url: '/api/account/mfa', headers: { cookie } })).data.recoveryCodesLeft,
    ).toBe(8);
  });

  it('the same valid code sent 20 times at once signs in once', async () => {
    const { password, secret } = await enrol('frank');
    suite.t.clock.advance(30_000);
    const code = codeAt(secret, suite.t.clock());
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => loginRaw('frank', password, code, `10.9.${i}.1`)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(19);
  });

  it('guessing codes is throttled like passwords: 50 at once from one address check at most 10', async () => {
    const { password } = await enrol('gail');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => loginRaw('gail', password, String(100000 + i), '10.8.0.1')),
    );
    const checked = answers.filter((a) => a.statusCode === 401).length;
    expect(checked).toBe(10);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(40);
  });

  it('turns off with the password and a code, ends the other sessions, and sign-in then needs the password only', async () => {
    const { password, cookie, secret } = await enrol('hana');
    suite.t.clock.advance(30_000);
    const other = cookieHeader(await loginRaw('hana', password, codeAt(secret, suite.t.clock())));
    expect((await suite.t.app.inject({ url: '/api/session', headers: { cookie: other } })).statusCode).toBe(200);
    suite.t.clock.advance(30_000);
    const wrongPassword = await post(cookie, '/api/account/mfa/disable', {
      password: 'nope',
      code: codeAt(secret, suite.t.clock()),
    });
    expect(wrongPassword.statusCode).toBe(400);
    const wrongCode = await post(cookie, '/api/account/mfa/disable', { password, code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    const off = await post(cookie, '/api/account/mfa/disable', { password, code: codeAt(secret, suite.t.clock()) });
    expect(off.statusCode).toBe(200);
    // Turning a factor off ends the user's other sessions, not this one.
    expect((await suite.t.app.inject({ url: '/api/session', headers: { cookie: other } })).statusCode).toBe(401);
    expect((await suite.t.app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(200);
    expect((await loginRaw('hana', password)).statusCode).toBe(200);
  });

  it('lists the caller’s sessions and ends one; an administrator ends all of a user’s', async () => {
    const password = await addUser('ivan');
    const first = await suite.t.login('ivan', password);
    const second = cookieHeader(
      await suite.t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.7.0.2',
        headers: { 'user-agent': 'Yard tablet' },
        payload: { username: 'ivan', password },
      }),
    );
    const list = json(await suite.t.app.inject({ url: '/api/account/sessions', headers: { cookie: first } }))
      .data as Array<{
      id: string;
      current: boolean;
      address: string;
      userAgent: string | null;
    }>;
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const tablet = list.find((s) => !s.current)!;
    expect(tablet).toMatchObject({ address: '10.7.0.2', userAgent: 'Yard tablet' });
    // The id shown is not what the database stores.
    const stored = await suite.t.db.database.db.selectFrom('sessions').select('id').execute();
    expect(stored.map((s) => s.id)).not.toContain(tablet.id);

    const end = await suite.t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${tablet.id}`,
      headers: { cookie: first },
    });
    expect(end.statusCode).toBe(200);
    expect((await suite.t.app.inject({ url: '/api/session', headers: { cookie: second } })).statusCode).toBe(401);
    const again = await suite.t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${tablet.id}`,
      headers: { cookie: first },
    });
    expect(again.statusCode).toBe(404);
    // Another user's session id is not yours to end.
    const adminSessions = json(
      await suite.t.app.inject({ url: '/api/account/sessions', headers: { cookie: suite.admin } }),
    ).data;
    const foreign = await suite.t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${adminSessions[0].id}`,
      headers: { cookie: first },
    });
    expect(foreign.statusCode).toBe(404);

    const byAdmin = await suite.t.app.inject({
      method: 'DELETE',
      url: '/api/admin/users/ivan/sessions',
      headers: { cookie: suite.admin },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(json(byAdmin).data).toEqual({ ended: 1 });
    expect((await suite.t.app.inject({ url: '/api/session', headers: { cookie: first } })).statusCode).toBe(401);
    const staff = await suite.t.staff('jody');
    const refused = await suite.t.app.inject({
      method: 'DELETE',
      url: '/api/admin/users/ivan/sessions',
      headers: { cookie: staff },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('records security events and pages them for administrators', async () => {
    await loginRaw('kim-unknown', 'whatever', undefined, '10.6.0.1');
    const page = await suite.t.app.inject({
      url: '/api/admin/security-events?type=sign-in-failed&username=kim&size=10',
      headers: { cookie: suite.admin },
    });
    expect(page.statusCode).toBe(200);
    const data = json(page).data;
    expect(data).toMatchObject({ page: 1, size: 10, filtered: 1 });
    expect(data.items[0]).toMatchObject({ type: 'sign-in-failed', username: 'kim-unknown', address: '10.6.0.1' });
    expect(data.total).toBeGreaterThan(10);

    const types = new Set<string>();
    for (let p = 1; p <= 20; p++) {
      const r = json(
        await suite.t.app.inject({
          url: `/api/admin/security-events?size=30&page=${p}`,
          headers: { cookie: suite.admin },
        }),
      ).data;
      for (const e of r.items) types.add(e.type);
      if (p * 30 >= r.filtered) break;
    }
    for (const type of [
      'sign-in',
      'sign-in-failed',
      'user-added',
      'mfa-enabled',
      'mfa-disabled',
      'mfa-failed',
      'recovery-code-used',
      'session-ended',
      'sessions-ended-by-admin',
      'password-check-failed',
    ])
      expect(types, type).toContain(type);

    const added = json(
      await suite.t.app.inject({
        url: '/api/admin/security-events?type=user-added&username=ivan',
        headers: { cookie: suite.admin },
      }),
    ).data.items[0];
    expect(added).toMatchObject({ actor: ADMIN.username, detail: 'roles: ROLE_USER' });

    const staff = await suite.t.staff('lee');
    expect(
      (await suite.t.app.inject({ url: '/api/admin/security-events', headers: { cookie: staff } })).statusCode,
    ).toBe(403);
    const bad = await suite.t.app.inject({
      url: '/api/admin/security-events?colour=red',
      headers: { cookie: suite.admin },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps events at least 90 days and sweeps them later', async () => {
    const before = json(
      await suite.t.app.inject({ url: '/api/admin/security-events?size=10', headers: { cookie: suite.admin } }),
    ).data.total;
    suite.t.clock.advance(100 * 86_400_000);
    expect(await suite.t.app.ctx.events.purge()).toBe(0);
    suite.t.clock.advance(90 * 86_400_000);
    expect(await suite.t.app.ctx.events.purge()).toBe(before);
  });
});
