/** User accounts: listing, adding, removing and changing passwords (docs/product.md section 7). */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ROLE_ADMIN, ROLE_USER, ROLE_YARD, passwordProblem, type Role, type User } from '@desk/domain';
import type { DB } from '../../db/schema.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { Db } from '../../lib/sql.js';
import { conflict, forbidden, found, invalidField, notFound, unauthorized } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import type { SessionService, SessionUser } from '../auth/session.service.js';
import type { LoginThrottle } from '../auth/login-throttle.js';
import type { SecurityEvents } from '../security/security-events.service.js';
import { isCommonPassword } from './common-passwords.js';
import * as repo from './users.repository.js';

/** Refuses a weak new password with a 400 that names the rule it fails (password-policy.ts). */
export function checkNewPassword(password: string, username: string, businessName: string): void {
  const problem = passwordProblem(password, { username, businessName, isCommon: isCommonPassword });
  if (problem) throw invalidField('password', `${problem}.`);
}

export class UsersService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly sessions: SessionService,
    private readonly throttle: LoginThrottle,
    private readonly events: SecurityEvents,
    /** The business's name (the stored company settings): no password may contain it. */
    private readonly businessName: () => Promise<string> = async () => '',
  ) {}

  findByUsername(username: string, db: Db = this.db) {
    return repo.findByUsername(db, username);
  }

  async rolesOf(userId: number): Promise<string[]> {
    return (await repo.rolesOf(this.db, userId)).sort();
  }

  async list(): Promise<User[]> {
    const users = await repo.listUsers(this.db);
    const roles = await repo.listRoles(this.db);
    const byUser = new Map<number, string[]>();
    for (const r of roles) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r.role]);
    return users.map((u) => ({ id: u.id, username: u.username, authorities: byUser.get(u.id) ?? [] }));
  }

  async add(
    input: { username: string; password: string; admin: boolean; yard?: boolean },
    audit?: { actor: string; address?: string },
  ): Promise<User> {
    checkNewPassword(input.password, input.username, await this.businessName());
    const passwordHash = await hashPassword(input.password);
    const now = isoAt(this.clock());
    return this.db.transaction().execute(async (trx) => {
      if (await this.findByUsername(input.username, trx)) {
        throw conflict(`The username '${input.username}' is already taken.`);
      }
      const roles = input.admin ? [ROLE_ADMIN, ROLE_USER] : input.yard ? [ROLE_YARD] : [ROLE_USER];
      const id = await repo.insertUser(trx, { username: input.username, passwordHash, roles }, now);
      await this.events.record(
        {
          type: 'user-added',
          userId: id,
          username: input.username,
          actor: audit?.actor ?? 'first start',
          address: audit?.address,
          detail: `roles: ${roles.join(', ')}`,
        },
        trx,
      );
      return { id, username: input.username, authorities: roles.sort() };
    });
  }

  /**
   * An administrator sets a user's roles (docs/decisions/029-yard-role.md). ROLE_ADMIN brings
   * ROLE_USER with it. The administrators are locked first, so two administrators demoting each
   * other at once cannot both pass the "last administrator" check: the second finds itself no
   * longer an administrator (403) or the last one (409). A change is logged with who made it.
   */
  async setRoles(
    actor: SessionUser,
    input: { username: string; roles: readonly Role[] },
    address?: string,
  ): Promise<{ username: string; roles: string[] }> {
    const wanted = new Set<string>(input.roles);
    if (wanted.has(ROLE_ADMIN)) wanted.add(ROLE_USER);
    const roles = [...wanted].sort();
    return this.db.transaction().execute(async (trx) => {
      const admins = await repo.lockAdministrators(trx, ROLE_ADMIN);
      // Demoted by another administrator while this request was on its way.
      if (!admins.includes(actor.userId)) throw forbidden();
      const target = found(await this.findByUsername(input.username, trx), `No user named '${input.username}'.`);
      const held = (await repo.rolesOf(trx, target.id)).sort();
      if (held.join() === roles.join()) return { username: target.username, roles: held };
      if (held.includes(ROLE_ADMIN) && !wanted.has(ROLE_ADMIN) && admins.length <= 1)
        throw conflict(
          `${target.username} is the last administrator and keeps ROLE_ADMIN: make another user an administrator first.`,
        );
      await repo.replaceRoles(trx, target.id, roles);
      await this.events.record(
        {
          type: 'roles-changed',
          userId: target.id,
          username: target.username,
          actor: actor.username,
          address,
          detail: `${held.join(', ') || 'none'} -> ${roles.join(', ')}`,
        },
        trx,
      );
      return { username: target.username, roles };
    });
  }

  /** Removes a user and, with the account, all of their sessions. */
  async remove(actor: SessionUser, username: string, address?: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const target = found(await this.findByUsername(username, trx), `No user named '${username}'.`);
      if (target.id === actor.userId) throw conflict('You cannot remove your own account.');
      if ((await repo.rolesOf(trx, target.id)).includes(ROLE_ADMIN)) {
        // Lock the administrators so two concurrent removals cannot both pass the check.
        const admins = await repo.lockAdministrators(trx, ROLE_ADMIN);
        if (admins.length <= 1) throw conflict('The last administrator cannot be removed.');
      }
      await repo.deleteUser(trx, target.id);
      await this.events.record(
        { type: 'user-removed', userId: target.id, username: target.username, actor: actor.username, address },
        trx,
      );
    });
  }

  /**
   * Changes a password. The old password is always needed; staff may change only their own.
   * Every other session of that user ends.
   */
  async modifyCredentials(
    actor: SessionUser,
    input: { username: string; oldPassword: string; password: string },
    address?: string,
  ): Promise<void> {
    const target = await this.findByUsername(input.username);
    const actorIsAdmin = actor.roles.includes(ROLE_ADMIN);
    if (!target) {
      if (!actorIsAdmin) throw forbidden('You can only change your own password.');
      throw notFound(`No user named '${input.username}'.`);
    }
    if (target.id !== actor.userId && !actorIsAdmin) throw forbidden('You can only change your own password.');
    await this.checkPassword(actor, target.password_hash, input.oldPassword, address);
    if (input.oldPassword === input.password)
      throw invalidField('password', 'the new password must differ from the old one.');
    checkNewPassword(input.password, target.username, await this.businessName());
    const passwordHash = await hashPassword(input.password);
    await this.db.transaction().execute(async (trx) => {
      if (!(await repo.setPasswordHash(trx, target.id, target.version, passwordHash, isoAt(this.clock()))))
        throw conflict('The account changed meanwhile; please try again.');
      await this.sessions.destroyAllFor(target.id, target.id === actor.userId ? actor.sessionId : undefined, trx);
      await this.events.record(
        {
          type: 'password-changed',
          userId: target.id,
          username: target.username,
          actor: target.id === actor.userId ? null : actor.username,
          address,
        },
        trx,
      );
    });
  }

  /** An administrator ends every session of a user (a lost laptop, a leaver); answers how many. */
  async endSessionsOf(actor: SessionUser, username: string, address?: string): Promise<number> {
    const target = found(await this.findByUsername(username), `No user named '${username}'.`);
    return this.db.transaction().execute(async (trx) => {
      const ended = await repo.deleteSessionsOf(trx, target.id);
      await this.events.record(
        {
          type: 'sessions-ended-by-admin',
          userId: target.id,
          username: target.username,
          actor: actor.username,
          address,
          detail: `${ended} session${ended === 1 ? '' : 's'}`,
        },
        trx,
      );
      return ended;
    });
  }

  /** The signed-in user proves it is them again (to turn two-factor sign-in off). */
  async verifyOwnPassword(actor: SessionUser, password: string, address?: string): Promise<void> {
    const hash = await repo.passwordHashOf(this.db, actor.userId);
    if (hash === undefined) throw unauthorized('Your account no longer exists.');
    await this.checkPassword(actor, hash, password, address, 'password');
  }

  /**
   * Throttled like the sign-in, counted before verification: a stolen session must not become a
   * password-guessing oracle. Repeated failures end the session.
   */
  private async checkPassword(
    actor: SessionUser,
    hash: string,
    password: string,
    address: string | undefined,
    field = 'oldPassword',
  ): Promise<void> {
    await this.throttle.beginPasswordCheck(actor.userId);
    if (await verifyPassword(hash, password)) {
      await this.throttle.passwordCheckSucceeded(actor.userId);
      return;
    }
    const { signOut } = await this.throttle.passwordCheckFailed(actor.userId);
    const who = { userId: actor.userId, username: actor.username, address };
    await this.events.record({ type: 'password-check-failed', ...who });
    if (signOut) {
      await this.sessions.destroy(actor.sessionId);
      await this.events.record({ type: 'signed-out-after-failures', ...who });
      throw unauthorized('Too many wrong passwords: you have been signed out. Sign in again to continue.');
    }
    throw field === 'oldPassword'
      ? invalidField('oldPassword', 'the old password is not correct.')
      : invalidField('password', 'that is not your password.');
  }

  /**
   * First start with no users: creates the administrator from ADMIN_USERNAME/ADMIN_PASSWORD, or
   * with a generated password that the caller prints once.
   */
  async ensureFirstAdmin(username: string, password: string | undefined) {
    if (await repo.anyUser(this.db)) return null;
    const generated = password === undefined;
    // 128 random bits (OWASP ASVS 11.5.1), 22 characters; drawn again in the unlikely case that
    // it spells the username or is otherwise refused by the password rule.
    let pw = password ?? randomBytes(16).toString('base64url');
    const businessName = await this.businessName();
    while (generated && passwordProblem(pw, { username, businessName, isCommon: isCommonPassword }))
      pw = randomBytes(16).toString('base64url');
    try {
      await this.add({ username, password: pw, admin: true });
    } catch (e) {
      // Another instance created it first: our check passed before its insert committed, so the
      // unique index refused ours.
      if ((e as { statusCode?: number }).statusCode === 409 || isUniqueViolation(e)) return null;
      throw e;
    }
    return { username, password: pw, generated };
  }
}
