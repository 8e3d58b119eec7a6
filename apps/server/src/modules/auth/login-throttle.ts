/**
 * Login throttling per username and per address, kept in the database so that every app
 * instance sees the same counts. At most LOGIN_MAX_FAILURES_PER_MINUTE failures a minute.
 */
import type { Kysely } from 'kysely';
import { LOGIN_MAX_FAILURES_PER_MINUTE } from '@desk/domain';
import type { DB } from '../../db/schema.js';
import { isoAt, type Clock } from '../../lib/clock.js';

const WINDOW_MS = 60_000;

export class LoginThrottle {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly maxFailures = LOGIN_MAX_FAILURES_PER_MINUTE,
  ) {}

  static keys(username: string, ip: string): string[] {
    return [`user:${username.trim().toLowerCase()}`, `addr:${ip}`];
  }

  /** Seconds until the caller may try again, or 0 when not throttled. */
  async retryAfter(keys: string[]): Promise<number> {
    const rows = await this.db.selectFrom('login_throttle').selectAll().where('key', 'in', keys).execute();
    const now = this.clock();
    let wait = 0;
    for (const r of rows) {
      const start = Date.parse(r.window_start);
      if (now - start < WINDOW_MS && r.failures >= this.maxFailures) {
        wait = Math.max(wait, Math.ceil((start + WINDOW_MS - now) / 1000));
      }
    }
    return wait;
  }

  async recordFailure(keys: string[]): Promise<void> {
    const now = this.clock();
    const windowFloor = isoAt(now - WINDOW_MS);
    await this.db.transaction().execute(async (trx) => {
      for (const key of keys) {
        const row = await trx.selectFrom('login_throttle').selectAll().where('key', '=', key).executeTakeFirst();
        if (!row) {
          await trx
            .insertInto('login_throttle')
            .values({ key, window_start: isoAt(now), failures: 1 })
            .onConflict((oc) =>
              oc.column('key').doUpdateSet((eb) => ({ failures: eb('login_throttle.failures', '+', 1) })),
            )
            .execute();
        } else if (row.window_start < windowFloor) {
          await trx
            .updateTable('login_throttle')
            .set({ window_start: isoAt(now), failures: 1 })
            .where('key', '=', key)
            .execute();
        } else {
          await trx
            .updateTable('login_throttle')
            .set((eb) => ({ failures: eb('failures', '+', 1) }))
            .where('key', '=', key)
            .execute();
        }
      }
    });
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('login_throttle').where('key', '=', key).execute();
  }
}
