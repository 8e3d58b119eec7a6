/** User accounts and their roles: SQL only (docs/decisions/014-module-shape.md). */
import { sql } from 'kysely';
import { lockedOnPostgres } from '../../lib/engine.js';
import type { Db } from '../../lib/sql.js';

/** Usernames are unique without regard to case; a username is matched trimmed and lower-cased. */
export function findByUsername(db: Db, username: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', username.trim().toLowerCase())
    .executeTakeFirst();
}

export async function passwordHashOf(db: Db, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  return row?.password_hash;
}

export async function anyUser(db: Db): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').limit(1).executeTakeFirst());
}

export async function rolesOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).execute();
  return rows.map((r) => r.role);
}

export function listUsers(db: Db) {
  return db.selectFrom('users').select(['id', 'username']).orderBy('id').execute();
}

export function listRoles(db: Db) {
  return db.selectFrom('user_roles').select(['user_id', 'role']).orderBy('role').execute();
}

export async function insertUser(
  db: Db,
  user: { username: string; passwordHash: string; roles: string[] },
  now: string,
): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values({ username: user.username, password_hash: user.passwordHash, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_roles')
    .values(user.roles.map((role) => ({ user_id: id, role })))
    .execute();
  return id;
}

/**
 * The ids of the administrators; on PostgreSQL their role rows are locked, so two concurrent
 * removals cannot both see two administrators (SQLite runs write transactions one at a time).
 */
export async function lockAdministrators(db: Db, role: string): Promise<number[]> {
  // In one order, so two transactions taking the same locks cannot deadlock.
  const q = db.selectFrom('user_roles').select('user_id').where('role', '=', role).orderBy('user_id');
  return (await lockedOnPostgres(db, q).execute()).map((r) => r.user_id);
}

/** The user's roles become exactly `roles`. */
export async function replaceRoles(db: Db, userId: number, roles: readonly string[]): Promise<void> {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  await db
    .insertInto('user_roles')
    .values(roles.map((role) => ({ user_id: userId, role })))
    .execute();
}

/** Deletes the user, their roles and their sessions. */
export async function deleteUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  await db.deleteFrom('users').where('id', '=', userId).execute();
}

/** Sets the hash only while the row still has `version`; answers whether it did. */
export async function setPasswordHash(
  db: Db,
  userId: number,
  version: number,
  passwordHash: string,
  now: string,
): Promise<boolean> {
  const res = await db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', userId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Answers how many sessions ended. */
export async function deleteSessionsOf(db: Db, userId: number): Promise<number> {
  const res = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows);
}
