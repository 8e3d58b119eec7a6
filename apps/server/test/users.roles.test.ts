/**
 * Issue 36, "Roles that fit the yard": PUT /api/users/roles (administrators give users roles; the
 * last administrator keeps ROLE_ADMIN, also when two administrators demote each other at once),
 * the roles in the users list and the security log, and a yard user's session (the Loaders only).
 */
import { describe, expect, it } from 'vitest';
import { ADMIN, STAFF_PASSWORD, addUser, engines, json, suiteApp } from './support.js';

interface LoggedEvent {
  at: string;
  type: string;
  username: string | null;
  actor: string | null;
  detail: string | null;
}

describe.each(engines())('user roles (%s)', (engine) => {
  const suite = suiteApp(engine);

  const setRoles = (cookie: string, username: string, roles: unknown) =>
    suite.t.send(cookie, 'PUT', '/api/users/roles', { username, roles });
  const rolesOf = async (username: string) =>
    json<{ username: string; authorities: string[] }[]>(
      await suite.t.app.inject({ url: '/api/users/getUsersList', headers: { cookie: suite.admin } }),
    ).data.find((u) => u.username === username)?.authorities;
  const roleChanges = async (username: string) =>
    json<{ items: LoggedEvent[] }>(
      await suite.t.app.inject({
        url: `/api/admin/security-events?type=roles-changed&username=${username}&size=30`,
        headers: { cookie: suite.admin },
      }),
    ).data.items.filter((e) => e.username === username);

  it('an administrator sets roles: the answer lists the roles held, the users list and the security log show them', async () => {
    const yardCookie = await suite.t.staff('yardhand');
    const res = await setRoles(suite.admin, 'yardhand', ['ROLE_YARD']);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ status: 'OK', data: ['ROLE_YARD'], message: 'yardhand now holds ROLE_YARD.' });
    expect(await rolesOf('yardhand')).toEqual(['ROLE_YARD']);
    const [logged] = await roleChanges('yardhand');
    expect(logged).toMatchObject({ type: 'roles-changed', actor: ADMIN.username, detail: 'ROLE_USER -> ROLE_YARD' });
    expect(Date.parse(logged!.at)).toBe(suite.t.clock());

    // At once, on the session the user already has: the Loaders yes, the rest no, in words.
    const loaders = await suite.t.app.inject({ url: '/api/orders/list/pickup_ready', headers: { cookie: yardCookie } });
    expect(loaders.statusCode).toBe(200);
    const orders = await suite.t.app.inject({ url: '/api/orders/list/0', headers: { cookie: yardCookie } });
    expect(orders.statusCode).toBe(403);
    expect(json(orders).message).toBe('A yard sign-in opens the Loaders only; ask an administrator for staff access.');

    // The same roles again change nothing and log nothing; ROLE_ADMIN brings ROLE_USER with it.
    expect(json(await setRoles(suite.admin, 'YardHand', ['ROLE_YARD'])).data).toEqual(['ROLE_YARD']);
    expect(await roleChanges('yardhand')).toHaveLength(1);
    expect(json(await setRoles(suite.admin, 'yardhand', ['ROLE_ADMIN'])).data).toEqual(['ROLE_ADMIN', 'ROLE_USER']);
    expect(json(await setRoles(suite.admin, 'yardhand', ['ROLE_USER', 'ROLE_USER'])).data).toEqual(['ROLE_USER']);
    expect((await roleChanges('yardhand')).map((e) => e.detail)).toEqual([
      'ROLE_ADMIN, ROLE_USER -> ROLE_USER',
      'ROLE_YARD -> ROLE_ADMIN, ROLE_USER',
      'ROLE_USER -> ROLE_YARD',
    ]);
  });

  it('refuses bad input in words, a missing user with 404 and staff with 403, and changes nothing', async () => {
    const staff = await suite.t.staff('plainclerk');
    for (const [roles, message] of [
      [['ROLE_ROOT'], 'Roles must be among ROLE_USER, ROLE_ADMIN, ROLE_YARD'],
      [[], 'Give the user at least one role'],
      ['ROLE_YARD', 'roles must be a list of roles'],
    ] as const) {
      const res = await setRoles(suite.admin, 'plainclerk', roles);
      expect(res.statusCode, JSON.stringify(roles)).toBe(400);
      expect(json(res).message, JSON.stringify(roles)).toContain(message);
    }
    const missing = await setRoles(suite.admin, 'nobody', ['ROLE_USER']);
    expect(missing.statusCode).toBe(404);
    expect(json(missing).message).toBe("No user named 'nobody'.");
    const refused = await setRoles(staff, 'plainclerk', ['ROLE_ADMIN']);
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe('This needs an administrator.');
    expect(await rolesOf('plainclerk')).toEqual(['ROLE_USER']);
    expect(await roleChanges('plainclerk')).toEqual([]);
  });

  it('the last administrator keeps ROLE_ADMIN', async () => {
    const res = await setRoles(suite.admin, ADMIN.username, ['ROLE_USER']);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(
      'admin is the last administrator and keeps ROLE_ADMIN: make another user an administrator first.',
    );
    expect(await rolesOf(ADMIN.username)).toEqual(['ROLE_ADMIN', 'ROLE_USER']);
  });

  it('two administrators demoting each other at once: 50 requests a round, exactly one administrator left', async () => {
    const db = suite.t.db.database.db;
    const adminsNow = async () =>
      (
        await db
          .selectFrom('user_roles')
          .innerJoin('users', 'users.id', 'user_roles.user_id')
          .select('users.username')
          .where('user_roles.role', '=', 'ROLE_ADMIN')
          .execute()
      ).map((r) => r.username);
    // Each round the administrator left promotes a newcomer, and the two demote each other 25
    // times each, all at once. Read from the database: the demoted one can no longer read the lists.
    let survivor = { username: ADMIN.username, cookie: suite.admin };
    for (let round = 1; round <= 4; round++) {
      const name = `boss${round}`;
      // Added by the administrator left: the first may have been demoted in an earlier round.
      await addUser(suite.t.app, survivor.cookie, name);
      expect(json(await setRoles(survivor.cookie, name, ['ROLE_ADMIN'])).data).toEqual(['ROLE_ADMIN', 'ROLE_USER']);
      const other = { username: name, cookie: await suite.t.login(name, STAFF_PASSWORD) };
      const pair = [survivor, other];
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => {
          const [actor, target] = i % 2 === 0 ? pair : [other, survivor];
          return setRoles(actor!.cookie, target!.username, i % 4 < 2 ? ['ROLE_USER'] : ['ROLE_YARD']);
        }),
      );
      const codes = answers.map((r) => r.statusCode);
      expect(
        codes.filter((c) => c >= 500),
        `round ${round}`,
      ).toEqual([]);
      const admins = await adminsNow();
      expect(admins, `round ${round}`).toHaveLength(1);
      // Exactly one demotion happened and was logged; every other answer is a refusal in words
      // or the unchanged roles of a repeat.
      const demotions = await db
        .selectFrom('security_events')
        .select(['username', 'actor'])
        .where('type', '=', 'roles-changed')
        .where('detail', 'like', 'ROLE_ADMIN, ROLE_USER ->%')
        .where(
          'username',
          'in',
          pair.map((u) => u.username),
        )
        .execute();
      expect(demotions, `round ${round}`).toEqual([
        { username: pair.find((u) => u.username !== admins[0])!.username, actor: admins[0] },
      ]);
      for (const r of answers) {
        if (r.statusCode === 200) expect(json(r).data).not.toContain('ROLE_ADMIN');
        else {
          expect([403, 409]).toContain(r.statusCode);
          expect(json(r).message).toMatch(/This needs an administrator\.|last administrator|yard sign-in/);
        }
      }
      survivor = pair.find((u) => u.username === admins[0])!;
    }
  });
});
