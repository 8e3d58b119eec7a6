import { describe, expect, it } from 'vitest';
import { ADMIN, STAFF_PASSWORD, engines, json, suiteApp } from './support.js';

describe.each(engines())('users (%s)', (engine) => {
  const suite = suiteApp(engine);

  const users = async () =>
    json<{ username: string; authorities: string[] }[]>(
      await suite.t.app.inject({ url: '/api/users/getUsersList', headers: { cookie: suite.admin } }),
    ).data;
  const count = () => suite.t.rowCount('users');

  it('creates the first administrator on an empty database, once', async () => {
    expect(await users()).toEqual([{ id: 1, username: 'admin', authorities: ['ROLE_ADMIN', 'ROLE_USER'] }]);
    expect(await suite.t.app.ctx.users.ensureFirstAdmin('other', 'other-password')).toBeNull();
  });

  it('adds staff and administrators; usernames are unique whatever the case', async () => {
    const add = await suite.t.send(suite.admin, 'POST', '/api/users/addNewUser', {
      username: 'counter1',
      password: 'Granite-meadow-51',
    });
    expect(add.statusCode).toBe(201);
    expect(json(add)).toMatchObject({ status: 'OK', data: { username: 'counter1', authorities: ['ROLE_USER'] } });
    const boss = await suite.t.send(suite.admin, 'POST', '/api/users/addNewUser', {
      username: 'boss',
      password: 'Velvet-compass-63',
      admin: true,
    });
    expect(json(boss).data.authorities).toEqual(['ROLE_ADMIN', 'ROLE_USER']);
    const dup = await suite.t.send(suite.admin, 'POST', '/api/users/addNewUser', {
      username: 'COUNTER1',
      password: 'Granite-meadow-51',
    });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).message).toBe("The username 'COUNTER1' is already taken.");
  });

  it('refuses bad bodies with a message naming the field, and writes nothing', async () => {
    const before = await count();
    for (const payload of [
      { username: 'ab', password: 'Silver-orchard-28' },
      { username: 'valid-name', password: 'short' },
      { username: 'bad name!', password: 'Silver-orchard-28' },
      { username: 42, password: 'Silver-orchard-28' },
      { password: 'Silver-orchard-28' },
      { username: 'valid-name', password: 'Silver-orchard-28', admin: 'yes' },
    ]) {
      const res = await suite.t.send(suite.admin, 'POST', '/api/users/addNewUser', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(res).status).toBe('FAILED');
      expect(json(res).message).toMatch(/^(Username|Password|Admin) /);
    }
    expect(await count()).toBe(before);
  });

  it('is for administrators only', async () => {
    const staff = await suite.t.staff('plainclerk');
    for (const req of [
      { method: 'GET' as const, url: '/api/users/getUsersList' },
      {
        method: 'POST' as const,
        url: '/api/users/addNewUser',
        payload: { username: 'hacker', password: 'Amber-kettle-95-x', admin: true },
      },
      { method: 'DELETE' as const, url: '/api/users/removeUser', payload: { username: 'admin' } },
    ]) {
      const res = await suite.t.app.inject({ ...req, headers: { cookie: staff } });
      expect(res.statusCode).toBe(403);
      expect(json(res)).toEqual({ status: 'FAILED', data: null, message: 'This needs an administrator.' });
    }
    expect((await users()).map((u) => u.username)).not.toContain('hacker');
  });

  it('changes a password with the old one and ends the other sessions', async () => {
    const s1 = await suite.t.staff('changer');
    const s2 = await suite.t.login('changer', STAFF_PASSWORD);
    const wrong = await suite.t.send(s1, 'PUT', '/api/users/modifyCredentials', {
      username: 'changer',
      oldPassword: 'not-it',
      password: 'Fresh-willow-36-path',
    });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).message).toMatch(/oldPassword/);
    const ok = await suite.t.send(s1, 'PUT', '/api/users/modifyCredentials', {
      username: 'changer',
      oldPassword: STAFF_PASSWORD,
      password: 'Fresh-willow-36-path',
    });
    expect(ok.statusCode).toBe(200);
    expect((await suite.t.app.inject({ url: '/api/session', headers: { cookie: s1 } })).statusCode).toBe(200);
    expect((await suite.t.app.inject({ url: '/api/session', headers: { cookie: s2 } })).statusCode).toBe(401);
    await expect(suite.t.login('changer', STAFF_PASSWORD)).rejects.toThrow();
    await suite.t.login('changer', 'Fresh-willow-36-path');
  });

  it("does not let staff change someone else's password", async () => {
    const staff = await suite.t.staff('nosy');
    const res = await suite.t.send(staff, 'PUT', '/api/users/modifyCredentials', {
      username: 'admin',
      oldPassword: ADMIN.password,
      password: 'Hostile-takeover-17',
    });
    expect(res.statusCode).toBe(403);
    await suite.t.login();
  });

  it('removes a user (body: the username) and ends their sessions', async () => {
    const victim = await suite.t.staff('leaver');
    const res = await suite.t.send(suite.admin, 'DELETE', '/api/users/removeUser', JSON.stringify('leaver'), {
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(200);
    expect((await users()).map((u) => u.username)).not.toContain('leaver');
    expect((await suite.t.app.inject({ url: '/api/session', headers: { cookie: victim } })).statusCode).toBe(401);
    const again = await suite.t.send(suite.admin, 'DELETE', '/api/users/removeUser', { username: 'leaver' });
    expect(again.statusCode).toBe(404);
  });

  it('never removes your own account nor the last administrator', async () => {
    const self = await suite.t.send(suite.admin, 'DELETE', '/api/users/removeUser', { username: 'admin' });
    expect(self.statusCode).toBe(409);
    expect(json(self).message).toBe('You cannot remove your own account.');
    // boss (an administrator) removes admin: allowed while boss remains...
    const boss = await suite.t.login('boss', 'Velvet-compass-63');
    const other = await suite.t.send(boss, 'DELETE', '/api/users/removeUser', { username: 'admin' });
    expect(other.statusCode).toBe(200);
    // ...and now boss is the last administrator: a second admin cannot remove boss, as there is none.
    const list = await suite.t.app.inject({ url: '/api/users/getUsersList', headers: { cookie: boss } });
    const admins = json<{ username: string; authorities: string[] }[]>(list).data.filter((u) =>
      u.authorities.includes('ROLE_ADMIN'),
    );
    expect(admins.map((u) => u.username)).toEqual(['boss']);
    const last = await suite.t.app.ctx.users
      .remove({ sessionId: 'x', userId: -1, username: 'system', roles: ['ROLE_ADMIN'] }, 'boss')
      .catch((e: Error) => e.message);
    expect(last).toBe('The last administrator cannot be removed.');
  });
});
