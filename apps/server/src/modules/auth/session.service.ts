/**
 * Sessions live in the database (so app instances keep no state of their own). The cookie holds
 * a random token; the table holds its SHA-256, so a copy of the database grants no session.
 * Limits: idle sign-out after SESSION_IDLE_MINUTES, absolute 12 hours (docs/architecture.md section 8).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SESSION_ABSOLUTE_HOURS } from '@desk/domain';
import type { DB } from '../../db/schema.js';
import { isoAt, type Clock } from '../../lib/clock.js';

export interface SessionUser {
  sessionId: string;
  userId: number;
  username: string;
  roles: string[];
  /**
   * When the session ends if nothing more is done with it (ms): its idle limit from the last
   * activity written, or its absolute limit, whichever is first. The yard tablet's offline copies
   * are served no longer than this (public/sw.js).
   */
  expiresAt?: number;
}

/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export class SessionService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly idleMinutes: number,
  ) {}

  get absoluteMs() {
    return SESSION_ABSOLUTE_HOURS * 3600_000;
  }

  async create(userId: number, meta: { ip?: string | undefined; userAgent?: string | undefined }) {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock();
    await this.db
      .insertInto('sessions')
      .values({
        id: hashToken(token),
        user_id: userId,
        created_at: isoAt(now),
        last_seen_at: isoAt(now),
        expires_at: isoAt(now + this.absoluteMs),
        ip: meta.ip?.slice(0, 64) ?? null,
        user_agent: meta.userAgent?.slice(0, 256) ?? null,
      })
      .execute();
    return token;
  }

  /** The signed-in user for a cookie token, or null when the session is unknown or expired. */
  async resolve(token: string): Promise<SessionUser | null> {
    const id = hashToken(token);
    // One query on every request: the session, its user and their roles (a row per role).
    const rows = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .leftJoin('user_roles', 'user_roles.user_id', 'sessions.user_id')
      .select([
        'sessions.id',
        'sessions.user_id',
        'sessions.last_seen_at',
        'sessions.expires_at',
        'users.username',
        'user_roles.role',
      ])
      .where('sessions.id', '=', id)
      .execute();
    const row = rows[0];
    if (!row) return null;
    const now = this.clock();
    const lastSeen = Date.parse(row.last_seen_at);
    if (now >= Date.parse(row.expires_at) || now - lastSeen > this.idleMinutes * 60_000) {
      await this.db.deleteFrom('sessions').where('id', '=', id).execute();
      return null;
    }
    let seen = lastSeen;
    if (now - lastSeen >= TOUCH_INTERVAL_MS) {
      await this.db
        .updateTable('sessions')
        .set({ last_seen_at: isoAt(now) })
        .where('id', '=', id)
        .execute();
      seen = now;
    }
    const roles = rows.map((r) => r.role).filter((r): r is string => r !== null);
    const expiresAt = Math.min(Date.parse(row.expires_at), seen + this.idleMinutes * 60_000);
    return { sessionId: id, userId: row.user_id, username: row.username, roles: roles.sort(), expiresAt };
  }

  /**
   * Whether the session is still signed in, without counting as activity (an open event stream
   * checks it on every heartbeat and must not keep an idle session alive).
   */
  async isLive(sessionId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('sessions')
      .select(['last_seen_at', 'expires_at'])
      .where('id', '=', sessionId)
      .executeTakeFirst();
    if (!row) return false;
    const now = this.clock();
    return now < Date.parse(row.expires_at) && now - Date.parse(row.last_seen_at) <= this.idleMinutes * 60_000;
  }

  /**
   * The id a session is shown by: derived from the stored hash, so the list never shows what is
   * stored (and nothing shown can be turned into a cookie).
   */
  static publicId(sessionId: string): string {
    return createHash('sha256').update(`public:${sessionId}`).digest('base64url').slice(0, 22);
  }

  /** A user's live sessions, newest first. */
  async listFor(userId: number) {
    const now = this.clock();
    const rows = await this.db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'ip', 'user_agent'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', isoAt(now))
      .where('last_seen_at', '>', isoAt(now - this.idleMinutes * 60_000))
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map((r) => ({ ...r, publicId: SessionService.publicId(r.id) }));
  }

  /** Ends one of a user's sessions by its public id; answers whether there was one. */
  async destroyByPublicId(userId: number, publicId: string): Promise<boolean> {
    const rows = await this.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
    const match = rows.find((r) => SessionService.publicId(r.id) === publicId);
    if (!match) return false;
    await this.destroy(match.id);
    return true;
  }

  async destroy(sessionId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
  }

  /** Ends every session of a user, except optionally the one making the request. */
  async destroyAllFor(userId: number, exceptSessionId?: string, db: Kysely<DB> = this.db): Promise<void> {
    let q = db.deleteFrom('sessions').where('user_id', '=', userId);
    if (exceptSessionId) q = q.where('id', '<>', exceptSessionId);
    await q.execute();
  }

  /** Removes expired rows; run now and then, not per request. */
  async purgeExpired(): Promise<number> {
    const now = this.clock();
    const res = await this.db
      .deleteFrom('sessions')
      .where((eb) =>
        eb.or([eb('expires_at', '<=', isoAt(now)), eb('last_seen_at', '<', isoAt(now - this.idleMinutes * 60_000))]),
      )
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
