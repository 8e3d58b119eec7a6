/**
 * The SQL of sign-in throttling. Every counter moves in one statement (an upsert, or an update
 * guarded by its own condition), so two app instances or a burst of concurrent requests cannot
 * both read "under the limit" and then both go on.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Executor = Kysely<DB> | Transaction<DB>;

export interface CounterRow {
  key: string;
  window_start: string;
  attempts: number;
  failures: number;
  last_failure_at: string | null;
  next_allowed_at: string | null;
}

/**
 * Counts one attempt on `key`, starting a new window when the current one began before
 * `windowFloor`, and answers the row as it now is.
 */
export function bumpAttempts(db: Executor, key: string, now: string, windowFloor: string): Promise<CounterRow> {
  return db
    .insertInto('auth_throttle')
    .values({ key, window_start: now, attempts: 1, failures: 0 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        attempts: sql<number>`case when auth_throttle.window_start < ${windowFloor} then 1 else auth_throttle.attempts + 1 end`,
        window_start: sql<string>`case when auth_throttle.window_start < ${windowFloor} then ${now} else auth_throttle.window_start end`,
      }),
    )
    .returning(['key', 'window_start', 'attempts', 'failures', 'last_failure_at', 'next_allowed_at'])
    .executeTakeFirstOrThrow();
}

/** Counts one failure on `key` (its own window), and answers the failures now in the window. */
export async function bumpFailures(db: Executor, key: string, now: string, windowFloor: string): Promise<number> {
  const row = await db
    .insertInto('auth_throttle')
    .values({ key, window_start: now, attempts: 0, failures: 1, last_failure_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql<number>`case when auth_throttle.window_start < ${windowFloor} then 1 else auth_throttle.failures + 1 end`,
        window_start: sql<string>`case when auth_throttle.window_start < ${windowFloor} then ${now} else auth_throttle.window_start end`,
        last_failure_at: now,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return Number(row.failures);
}

export function findCounter(db: Executor, key: string): Promise<CounterRow | undefined> {
  return db.selectFrom('auth_throttle').selectAll().where('key', '=', key).executeTakeFirst();
}

/**
 * Takes the username's back-off slot: succeeds (true) only when the slot is free at `now`, and
 * then holds it until `until`. One statement, so concurrent callers get one slot between them.
 */
export async function takeSlot(db: Executor, key: string, now: string, until: string): Promise<boolean> {
  const res = await db
    .updateTable('auth_throttle')
    .set({ next_allowed_at: until })
    .where('key', '=', key)
    .where((eb) => eb.or([eb('next_allowed_at', 'is', null), eb('next_allowed_at', '<=', now)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function markFailure(db: Executor, key: string, now: string): Promise<void> {
  await db.updateTable('auth_throttle').set({ last_failure_at: now }).where('key', '=', key).execute();
}

/** A successful attempt does not count against the address. */
export async function releaseAttempt(db: Executor, key: string): Promise<void> {
  await db
    .updateTable('auth_throttle')
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('key', '=', key)
    .where('attempts', '>', 0)
    .execute();
}

export async function deleteCounters(db: Executor, keys: string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const res = await db.deleteFrom('auth_throttle').where('key', 'in', keys).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Rows touched since `since` (attempts, failures or a back-off that may still hold). */
export function listRecent(db: Executor, since: string, limit: number): Promise<CounterRow[]> {
  return db
    .selectFrom('auth_throttle')
    .selectAll()
    .where((eb) =>
      eb.or([eb('window_start', '>=', since), eb('last_failure_at', '>=', since), eb('next_allowed_at', '>=', since)]),
    )
    .orderBy('window_start', 'desc')
    .limit(limit)
    .execute();
}

/** Forgets rows that can no longer limit anyone (older than `before` in every column). */
export async function purgeBefore(db: Executor, before: string): Promise<number> {
  const res = await db
    .deleteFrom('auth_throttle')
    .where('window_start', '<', before)
    .where((eb) => eb.or([eb('last_failure_at', 'is', null), eb('last_failure_at', '<', before)]))
    .where((eb) => eb.or([eb('next_allowed_at', 'is', null), eb('next_allowed_at', '<', before)]))
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
