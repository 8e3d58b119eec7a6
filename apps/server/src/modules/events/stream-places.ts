/**
 * The places for live event streams on one instance (docs/architecture.md section 11; issue 37,
 * finding 4): each open stream holds a socket, a file descriptor and a place in the fan-out, so a
 * session may hold at most PER_SESSION of them (tabs and the yard tablet) and the instance at most
 * PER_INSTANCE; past either the stream is refused with 429 in words before it opens, and the
 * browser's reconnect backs off (lib/live-events.ts). A closed stream frees its place at once.
 *
 * The session behind the streams is checked once per heartbeat per session, not per stream: the
 * streams of one session share one timer and one look-up, and all end together when it has ended.
 */
import { tooManyRequests } from '../../lib/errors.js';

export const STREAMS_PER_SESSION = 8;
export const STREAMS_PER_INSTANCE = 1000;

export interface StreamLimits {
  perSession: number;
  perInstance: number;
}

/** What a session's heartbeat does to one of its streams. */
export interface HeartbeatTarget {
  beat(): void;
  end(): void;
}

interface SessionStreams {
  streams: Set<HeartbeatTarget>;
  timer: ReturnType<typeof setInterval>;
  checking: boolean;
}

export class StreamPlaces {
  private readonly bySession = new Map<string, SessionStreams>();
  private open = 0;

  constructor(
    /** Whether the session is still signed in (one query). */
    private readonly isLive: (sessionId: string) => Promise<boolean>,
    private readonly heartbeatMs: number,
    private readonly limits: StreamLimits = { perSession: STREAMS_PER_SESSION, perInstance: STREAMS_PER_INSTANCE },
  ) {}

  /** Open streams on this instance. */
  get count(): number {
    return this.open;
  }

  /**
   * Checks that a stream of `sessionId` may open; throws 429 in words when it may not. Called before
   * the stream is opened, then `join` takes the place (both in the same turn of the event loop).
   */
  check(sessionId: string): void {
    const mine = this.bySession.get(sessionId)?.streams.size ?? 0;
    if (mine >= this.limits.perSession)
      throw tooManyRequests(
        `This browser already has ${mine} live connections open, the most one sign-in may have: close a tab or two, and the others stay up to date.`,
        5,
      );
    if (this.open >= this.limits.perInstance)
      throw tooManyRequests('The server has all the live connections it can hold; this page tries again shortly.', 15);
  }

  /** Takes a place for one stream of `sessionId` (after `check`); answers the function that frees it. */
  join(sessionId: string, target: HeartbeatTarget): () => void {
    this.check(sessionId);
    let group = this.bySession.get(sessionId);
    if (!group) {
      const created: SessionStreams = {
        streams: new Set(),
        timer: setInterval(() => this.beat(created, sessionId), this.heartbeatMs),
        checking: false,
      };
      created.timer.unref();
      group = created;
      this.bySession.set(sessionId, group);
    }
    group.streams.add(target);
    this.open++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.open--;
      group.streams.delete(target);
      if (group.streams.size === 0) {
        clearInterval(group.timer);
        if (this.bySession.get(sessionId) === group) this.bySession.delete(sessionId);
      }
    };
  }

  /** One session check for all of a session's streams: a heartbeat on each, or the end of each. */
  private beat(group: SessionStreams, sessionId: string): void {
    if (group.checking) return;
    group.checking = true;
    this.isLive(sessionId).then(
      (live) => {
        group.checking = false;
        for (const s of [...group.streams]) (live ? s.beat : s.end)();
      },
      () => {
        // The database did not answer: the streams stay, and the next beat asks again.
        group.checking = false;
        for (const s of [...group.streams]) s.beat();
      },
    );
  }
}
