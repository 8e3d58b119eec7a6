/**
 * Sign-in throttling that can neither be outrun nor aimed at someone else
 * (docs/decisions/012-login-throttle.md). Kept in the database, so every app instance sees the
 * same counts.
 *
 * - An attempt is counted (reserved) before the password is verified, in one statement per
 *   counter, so a burst of N concurrent guesses verifies no more than the limit.
 * - Limits per address and per (address, username): a stranger's guesses fill their own
 *   counters, never the real user's.
 * - Across addresses, a username that keeps failing gets a slow, bounded back-off (one attempt
 *   per slot, at most one a minute) — but only for addresses that have themselves failed for that
 *   username recently. The right password from an address with no failures is never refused by it.
 * - Password checks of a signed-in user (changing the password) are counted the same way, and
 *   repeated failures end the session.
 */
import type { Kysely } from 'kysely';
import { LOGIN_MAX_FAILURES_PER_MINUTE } from '@desk/domain';
import type { DB } from '../../db/schema.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { tooManyRequests } from '../../lib/errors.js';
import * as repo from './throttle.repository.js';

export interface ThrottleLimits {
  /** The window of the per-address and per-pair attempt counters. */
  windowMs: number;
  /** Attempts a window for one username from one address. */
  perPair: number;
  /** Attempts a window from one address, whatever the usernames (an office shares one). */
  perAddress: number;
  /** Failures across addresses, in userWindowMs, before the username's back-off starts. */
  userSoftLimit: number;
  userWindowMs: number;
  /** The back-off doubles from this with each further failure, up to backoffMaxMs. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** How long an address that failed for a username stays subject to that username's back-off. */
  dirtyMs: number;
  /** Password checks a window for one signed-in account. */
  passwordChecks: number;
  /** Wrong old passwords, in passwordWindowMs, that end the session. */
  passwordFailuresBeforeSignOut: number;
  passwordWindowMs: number;
}

export const DEFAULT_LIMITS: ThrottleLimits = {
  windowMs: 60_000,
  perPair: LOGIN_MAX_FAILURES_PER_MINUTE,
  perAddress: 30,
  userSoftLimit: 10,
  userWindowMs: 15 * 60_000,
  backoffBaseMs: 2_000,
  backoffMaxMs: 60_000,
  dirtyMs: 24 * 60 * 60_000,
  passwordChecks: LOGIN_MAX_FAILURES_PER_MINUTE,
  passwordFailuresBeforeSignOut: 5,
  passwordWindowMs: 15 * 60_000,
};

export const LOGIN_THROTTLED_MESSAGE = 'Too many sign-in attempts. Wait a moment and try again.';

/** The counters one sign-in attempt reserved, for the outcome to settle. */
export interface LoginAttempt {
  address: string;
  username: string;
  keys: { addr: string; pair: string; user: string };
}

export interface Refusal {
  retryAfter: number;
  limit: 'address' | 'address-username' | 'username';
  first: boolean;
}

export type ThrottleKind = 'address' | 'address-username' | 'username' | 'password-check';

export interface ThrottleEntry {
  key: string;
  kind: ThrottleKind;
  address: string | null;
  username: string | null;
  userId: number | null;
  attempts: number;
  failures: number;
  windowStart: string;
  lastFailureAt: string | null;
  /** Seconds until this counter stops refusing, or 0 when it refuses nothing now. */
  blockedForSeconds: number;
}

const normalise = (username: string) => username.trim().toLowerCase();

export class LoginThrottle {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    readonly limits: ThrottleLimits = DEFAULT_LIMITS,
  ) {}

  static keys(username: string, address: string): LoginAttempt['keys'] {
    const user = normalise(username);
    return { addr: `addr:${address}`, pair: `pair:${address}|${user}`, user: `user:${user}` };
  }

  /**
   * Counts this attempt, then refuses it (429) if a limit is passed. Call before verifying the
   * password; the counts stay even when the attempt is refused. `firstRefusal` is true for the
   * attempt that crossed a limit (one security event per lockout, not one per refused request).
   */
  async beginLogin(
    username: string,
    address: string,
  ): Promise<{ attempt: LoginAttempt; refused: null } | { attempt: LoginAttempt; refused: Refusal }> {
    const keys = LoginThrottle.keys(username, address);
    const attempt = { address, username: normalise(username), keys };
    const now = this.clock();
    const nowIso = isoAt(now);
    const floor = isoAt(now - this.limits.windowMs);
    const refused = await this.db.transaction().execute(async (trx): Promise<Refusal | null> => {
      const addr = await repo.bumpAttempts(trx, keys.addr, nowIso, floor);
      const pair = await repo.bumpAttempts(trx, keys.pair, nowIso, floor);
      const addrOver = Number(addr.attempts) - this.limits.perAddress;
      const pairOver = Number(pair.attempts) - this.limits.perPair;
      if (addrOver > 0 || pairOver > 0) {
        const seconds = Math.max(
          addrOver > 0 ? this.windowLeft(addr, now) : 0,
          pairOver > 0 ? this.windowLeft(pair, now) : 0,
        );
        return {
          retryAfter: seconds,
          limit: pairOver > 0 ? 'address-username' : 'address',
          first: addrOver === 1 || pairOver === 1,
        };
      }

      // The username's back-off applies only to addresses that failed for it recently.
      const dirty = pair.last_failure_at !== null && pair.last_failure_at >= isoAt(now - this.limits.dirtyMs);
      if (!dirty) return null;
      const user = await repo.findCounter(trx, keys.user);
      if (!user || user.window_start < isoAt(now - this.limits.userWindowMs)) return null;
      const over = Number(user.failures) - this.limits.userSoftLimit;
      if (over < 0) return null;
      const backoff = Math.min(this.limits.backoffMaxMs, this.limits.backoffBaseMs * 2 ** Math.min(over, 20));
      if (await repo.takeSlot(trx, keys.user, nowIso, isoAt(now + backoff))) return null;
      const fresh = await repo.findCounter(trx, keys.user);
      const retryAfter = Math.max(1, Math.ceil((Date.parse(fresh?.next_allowed_at ?? nowIso) - now) / 1000));
      return { retryAfter, limit: 'username', first: over === 0 };
    });
    return { attempt, refused } as
      { attempt: LoginAttempt; refused: null } | { attempt: LoginAttempt; refused: Refusal };
  }

  async loginFailed(attempt: LoginAttempt): Promise<void> {
    const now = this.clock();
    const nowIso = isoAt(now);
    await this.db.transaction().execute(async (trx) => {
      await repo.markFailure(trx, attempt.keys.pair, nowIso);
      await repo.bumpFailures(trx, attempt.keys.user, nowIso, isoAt(now - this.limits.userWindowMs));
    });
  }

  /** The right password: this address's record for the username is forgotten. */
  async loginSucceeded(attempt: LoginAttempt): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await repo.deleteCounters(trx, [attempt.keys.pair]);
      await repo.releaseAttempt(trx, attempt.keys.addr);
    });
  }

  /** Counts a check of a signed-in user's password; 429 past the limit. */
  async beginPasswordCheck(userId: number): Promise<void> {
    const now = this.clock();
    const row = await repo.bumpAttempts(this.db, `pw:${userId}`, isoAt(now), isoAt(now - this.limits.windowMs));
    if (Number(row.attempts) > this.limits.passwordChecks)
      throw tooManyRequests('Too many password checks. Wait a moment and try again.', this.windowLeft(row, now));
  }

  /** A wrong password: answers whether the session should now end. */
  async passwordCheckFailed(userId: number): Promise<{ signOut: boolean }> {
    const now = this.clock();
    const failures = await repo.bumpFailures(
      this.db,
      `pwfail:${userId}`,
      isoAt(now),
      isoAt(now - this.limits.passwordWindowMs),
    );
    return { signOut: failures >= this.limits.passwordFailuresBeforeSignOut };
  }

  async passwordCheckSucceeded(userId: number): Promise<void> {
    await repo.deleteCounters(this.db, [`pwfail:${userId}`]);
  }

  /** Counters of the last day, newest first, for the administrators' Security tab. */
  async list(limit = 200): Promise<ThrottleEntry[]> {
    const now = this.clock();
    const rows = await repo.listRecent(this.db, isoAt(now - this.limits.dirtyMs), limit);
    return rows.map((r) => this.describe(r, now));
  }

  /** Clears counters by key; answers how many there were. */
  clear(keys: string[]): Promise<number> {
    return repo.deleteCounters(this.db, keys);
  }

  /** Forgets counters that can no longer refuse or mark anyone. */
  purge(): Promise<number> {
    return repo.purgeBefore(this.db, isoAt(this.clock() - this.limits.dirtyMs));
  }

  private windowLeft(row: repo.CounterRow, now: number): number {
    return Math.max(1, Math.ceil((Date.parse(row.window_start) + this.limits.windowMs - now) / 1000));
  }

  private describe(r: repo.CounterRow, now: number): ThrottleEntry {
    const [prefix, rest = ''] = splitOnce(r.key, ':');
    const inWindow = Date.parse(r.window_start) + this.limits.windowMs > now;
    const attempts = Number(r.attempts);
    const failures = Number(r.failures);
    let kind: ThrottleKind = 'address';
    let address: string | null = null;
    let username: string | null = null;
    let userId: number | null = null;
    let blocked = 0;
    const windowLeft = () => this.windowLeft(r, now);
    switch (prefix) {
      case 'addr':
        address = rest;
        if (inWindow && attempts >= this.limits.perAddress) blocked = windowLeft();
        break;
      case 'pair': {
        kind = 'address-username';
        const [a, u = ''] = splitOnce(rest, '|');
        address = a;
        username = u;
        if (inWindow && attempts >= this.limits.perPair) blocked = windowLeft();
        break;
      }
      case 'user':
        kind = 'username';
        username = rest;
        if (r.next_allowed_at && Date.parse(r.next_allowed_at) > now)
          blocked = Math.ceil((Date.parse(r.next_allowed_at) - now) / 1000);
        break;
      default:
        kind = 'password-check';
        userId = Number(rest) || null;
        if (prefix === 'pw' && inWindow && attempts >= this.limits.passwordChecks) blocked = windowLeft();
    }
    return {
      key: r.key,
      kind,
      address,
      username,
      userId,
      attempts,
      failures,
      windowStart: r.window_start,
      lastFailureAt: r.last_failure_at,
      blockedForSeconds: blocked,
    };
  }
}

function splitOnce(s: string, sep: string): [string, string] {
  const i = s.indexOf(sep);
  return i < 0 ? [s, ''] : [s.slice(0, i), s.slice(i + sep.length)];
}
