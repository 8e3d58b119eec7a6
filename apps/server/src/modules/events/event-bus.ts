/**
 * What changed, told to every open screen (docs/architecture.md section 11). Events name what
 * changed, never its contents: `bay` ({ bay }), `pickup` (the pickup-ready list), `document`
 * ({ kind, id, version, user }), `catalogue` ({ user }) and `customer` ({ id, user }). A screen that hears one reads the data again through the API,
 * with its own permissions.
 *
 * One instance (SQLite): the events stay in the process. Several instances on one PostgreSQL:
 * each event goes through NOTIFY on one channel and every instance, the sender included, hears it
 * through its own LISTEN connection, so a change made through instance A reaches the screens
 * connected to instance B. Each event carries an id made by its sender, the same on every
 * instance; each instance keeps the last events (RETAIN_COUNT, RETAIN_MS) so a screen that
 * reconnects with Last-Event-ID gets what it missed, or is told to read everything again
 * (`reset`) when its last event is no longer kept.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import type { ListenConnection } from '../../db/database.js';

export type DeskEventType = 'bay' | 'pickup' | 'document' | 'catalogue' | 'customer' | 'stock';
export interface DeskEvent {
  type: DeskEventType;
  data: Record<string, unknown>;
}
export interface StoredEvent extends DeskEvent {
  id: string;
  at: number;
}

export const RETAIN_COUNT = 1000;
export const RETAIN_MS = 10 * 60_000;
const CHANNEL = 'desk_events';

type Listener = (event: StoredEvent) => void;

export class EventBus {
  private readonly listeners = new Set<Listener>();
  private recent: StoredEvent[] = [];
  private seq = 0;
  private readonly origin = randomBytes(4).toString('hex');
  private listener: ListenConnection | null = null;
  private closed = false;
  private retryMs = 500;

  constructor(
    private readonly clock: Clock,
    /** PostgreSQL: opens the connection events go through (NOTIFY/LISTEN; db/database.ts). */
    private readonly listenConnection?: () => ListenConnection,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Starts listening (PostgreSQL); resolves once LISTEN is in place. */
  async start(): Promise<void> {
    if (this.listenConnection) await this.connect();
  }

  private async connect(): Promise<void> {
    const client = this.listenConnection!();
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        this.deliver(JSON.parse(msg.payload) as StoredEvent);
      } catch (err) {
        this.log?.warn({ err }, 'an event could not be read');
      }
    });
    client.on('error', (err) => {
      this.log?.warn({ err }, 'the event listener lost its connection; reconnecting');
      void client.end().catch(() => {});
      this.reconnectLater();
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    this.listener = client;
    this.retryMs = 500;
  }

  private reconnectLater() {
    this.listener = null;
    if (this.closed) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, 15_000);
    setTimeout(() => {
      if (!this.closed) this.connect().catch(() => this.reconnectLater());
    }, wait).unref();
  }

  /**
   * Tells every instance's screens; called after the change is committed. Never throws: a lost
   * event costs a screen its liveness until its next read, never the change itself.
   */
  publish(...events: DeskEvent[]): void {
    for (const e of events) {
      const stored: StoredEvent = {
        ...e,
        id: `${this.clock().toString(36)}-${this.origin}-${++this.seq}`,
        at: this.clock(),
      };
      if (!this.listenConnection) {
        this.deliver(stored);
        continue;
      }
      const payload = JSON.stringify(stored);
      const send = this.listener
        ? this.listener.query('select pg_notify($1, $2)', [CHANNEL, payload])
        : Promise.reject(new Error('not listening'));
      send.catch((err) => {
        this.log?.warn({ err }, 'an event was not sent');
        // Still told to this instance's screens.
        this.deliver(stored);
      });
    }
  }

  private deliver(event: StoredEvent) {
    this.recent.push(event);
    // The oldest go from the front (events arrive in order): once the list was full, filtering
    // and copying all 1,000 on every event was 2% of the server's time under a write load.
    const cutoff = this.clock() - RETAIN_MS;
    let drop = 0;
    while (drop < this.recent.length && (this.recent.length - drop > RETAIN_COUNT || this.recent[drop]!.at < cutoff))
      drop++;
    if (drop > 0) this.recent.splice(0, drop);
    for (const l of this.listeners) l(event);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The events after `lastId`, oldest first; null when `lastId` is no longer kept. */
  since(lastId: string): StoredEvent[] | null {
    const at = this.recent.findIndex((e) => e.id === lastId);
    return at < 0 ? null : this.recent.slice(at + 1);
  }

  private readonly streams = new Set<() => void>();

  /** An open event stream and how to end it; answers how to forget it. */
  trackStream(end: () => void): () => void {
    this.streams.add(end);
    return () => this.streams.delete(end);
  }

  /**
   * Ends every open stream: the instance is stopping (SIGTERM, before its connections drain, and
   * at close), so the browsers reconnect, to the next instance.
   */
  endStreams(): void {
    for (const end of [...this.streams]) end();
  }

  /** Open event streams (for the bench and the health of the instance). */
  get subscribers(): number {
    return this.listeners.size;
  }

  async close(): Promise<void> {
    this.endStreams();
    this.closed = true;
    this.listeners.clear();
    const client = this.listener;
    this.listener = null;
    await client?.end().catch(() => {});
  }
}
