/** The SQL of two-factor sign-in: the user's TOTP secret, its last used step, recovery codes. */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Executor = Kysely<DB> | Transaction<DB>;

export function findMfa(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'mfa_secret', 'mfa_pending_secret', 'mfa_enabled_at', 'mfa_last_step'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function setPendingSecret(db: Executor, userId: number, secret: string): Promise<void> {
  await db.updateTable('users').set({ mfa_pending_secret: secret }).where('id', '=', userId).execute();
}

/** Turns the pending secret on, if it is still the one the code was checked against. */
export async function enable(db: Executor, userId: number, secret: string, at: string, step: number): Promise<boolean> {
  const res = await db
    .updateTable('users')
    .set({ mfa_secret: secret, mfa_pending_secret: null, mfa_enabled_at: at, mfa_last_step: step })
    .where('id', '=', userId)
    .where('mfa_pending_secret', '=', secret)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function disable(db: Executor, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ mfa_secret: null, mfa_pending_secret: null, mfa_enabled_at: null, mfa_last_step: null })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
}

/**
 * Accepts a TOTP time step once: only a step later than the last accepted one moves it, in one
 * statement, so the same code sent twice (or by two requests at once) succeeds once.
 */
export async function takeStep(db: Executor, userId: number, step: number): Promise<boolean> {
  const res = await db
    .updateTable('users')
    .set({ mfa_last_step: step })
    .where('id', '=', userId)
    .where('mfa_secret', 'is not', null)
    .where((eb) => eb.or([eb('mfa_last_step', 'is', null), eb('mfa_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function replaceRecoveryCodes(db: Executor, userId: number, hashes: string[]): Promise<void> {
  await db.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('mfa_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
    .execute();
}

/** Uses a recovery code once: answers false when it is unknown or already used. */
export async function useRecoveryCode(db: Executor, userId: number, hash: string, at: string): Promise<boolean> {
  const res = await db
    .updateTable('mfa_recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('mfa_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
