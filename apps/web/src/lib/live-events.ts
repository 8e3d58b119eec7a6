/**
 * The live event stream (GET /api/events; docs/architecture.md section 11): what changed on the
 * server, told as it happens, so a screen reads it again without a Refresh. One EventSource for
 * the whole tab, shared by every screen that listens (a browser allows six connections to the
 * server; each screen opening its own would take them from the page's requests). It is open
 * while anything listens. The browser reconnects it by itself after a dropped connection
 * (resuming after its last event); when the server refuses or is gone the browser gives up, and
 * a new one is opened after a growing pause (1, 2, 4 ... seconds, at most 30).
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';

export type LiveEventType = 'bay' | 'pickup' | 'document' | 'catalogue' | 'customer' | 'stock' | 'reset';
export type LiveHandlers = Partial<Record<LiveEventType, (data: Record<string, unknown>) => void>>;
export type LiveStatus = 'connecting' | 'live' | 'offline';

const MAX_PAUSE_MS = 30_000;
const TYPES = ['bay', 'pickup', 'document', 'catalogue', 'customer', 'stock', 'reset'] as const;

/** The tab's one stream and who listens to it. */
class LiveStream {
  private source: EventSource | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pause = 1000;
  private readonly listeners = new Set<{ current: LiveHandlers }>();
  private readonly watchers = new Set<() => void>();
  status: LiveStatus = 'connecting';

  constructor(private readonly url: string) {}

  private setStatus(status: LiveStatus) {
    if (this.status === status) return;
    this.status = status;
    for (const w of this.watchers) w();
  }

  private open() {
    const es = new EventSource(this.url);
    this.source = es;
    es.onopen = () => {
      this.pause = 1000;
      this.setStatus('live');
    };
    es.onerror = () => {
      this.setStatus('offline');
      // CLOSED: the browser will not retry (a refusal, or no answer): open a new one later.
      if (es.readyState === EventSource.CLOSED && this.listeners.size > 0) {
        this.timer = setTimeout(() => this.open(), this.pause);
        this.pause = Math.min(this.pause * 2, MAX_PAUSE_MS);
      }
    };
    for (const type of TYPES) {
      es.addEventListener(type, (e) => {
        let data: Record<string, unknown> = {};
        try {
          data = JSON.parse((e as MessageEvent<string>).data) as Record<string, unknown>;
        } catch {
          // An event without readable data still says something changed.
        }
        for (const l of [...this.listeners]) l.current[type]?.(data);
      });
    }
  }

  listen(handlers: { current: LiveHandlers }): () => void {
    this.listeners.add(handlers);
    if (this.listeners.size === 1 && !this.source) {
      this.setStatus('connecting');
      this.open();
    }
    return () => {
      this.listeners.delete(handlers);
      if (this.listeners.size > 0) return;
      clearTimeout(this.timer);
      this.source?.close();
      this.source = null;
      this.pause = 1000;
    };
  }

  watch = (onChange: () => void) => {
    this.watchers.add(onChange);
    return () => this.watchers.delete(onChange);
  };
}

const streams = new Map<string, LiveStream>();
const streamFor = (url: string) => {
  let s = streams.get(url);
  if (!s) streams.set(url, (s = new LiveStream(url)));
  return s;
};

/**
 * Listens while mounted and `enabled`; answers whether the stream is up. `handlers` may change
 * between renders (the latest are called).
 */
export function useLiveEvents(handlers: LiveHandlers, enabled = true, url = '/api/events'): LiveStatus {
  const latest = useRef(handlers);
  latest.current = handlers;
  const supported = typeof EventSource !== 'undefined';
  const stream = streamFor(url);
  useEffect(() => {
    if (!enabled || !supported) return;
    return stream.listen(latest);
  }, [stream, enabled, supported]);
  return useSyncExternalStore(stream.watch, () => stream.status);
}
