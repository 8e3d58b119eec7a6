/**
 * Which database engine a handle talks to, and the one way a query locks its rows on PostgreSQL.
 * SQLite runs one write transaction at a time, so a lock there is never needed (and its dialect
 * has no FOR UPDATE); PostgreSQL needs the row lock to serialise check-then-write sequences
 * (docs/architecture.md, "Transactions and races").
 */
import { PostgresAdapter } from 'kysely';
import type { Db } from './sql.js';

export const isPostgres = (db: Db): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The strength of a row lock: `update` for a row about to be changed or deleted, `no key update`
 * for one whose key stays (other carts may still reference it), `key share` to keep a row from
 * being deleted while a reference to it is written.
 */
export type RowLock = 'update' | 'no key update' | 'share' | 'key share';

interface Lockable<Q> {
  forUpdate(): Q;
  forNoKeyUpdate(): Q;
  forShare(): Q;
  forKeyShare(): Q;
}

/** `query` with `FOR <lock>` on PostgreSQL, unchanged on SQLite. */
export function lockedOnPostgres<Q extends Lockable<Q>>(db: Db, query: Q, lock: RowLock = 'update'): Q {
  if (!isPostgres(db)) return query;
  switch (lock) {
    case 'update':
      return query.forUpdate();
    case 'no key update':
      return query.forNoKeyUpdate();
    case 'share':
      return query.forShare();
    case 'key share':
      return query.forKeyShare();
  }
}
