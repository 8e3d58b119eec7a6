/**
 * The live event stream (GET /api/events; docs/architecture.md section 11): what changed on the
 * server, told as it happens, so a screen reads it again without a Refresh. The browser's
 * EventSource reconnects by itself after a dropped connection (resuming after its last event);
 * when the server refuses or is gone it gives up, and this hook opens a new one after a growing
 * pause (1, 2, 4 ... seconds, at most 30).
 */
import { useEffect, useRef, useState } from 'react';

export type LiveEventType = 'bay' | 'pickup' | 'document' | 'reset';
export type LiveHandlers = Partial<Record<LiveEventType, (data: Record<string, unknown>) => void>>;
export type LiveStatus = 'connecting' | 'live' | 'offline';

const MAX_PAUSE_MS = 30_000;

/**
 * Listens while mounted and `enabled`; answers whether the stream is up. `handlers` may change
 * between renders (the latest are called).
 */
export function useLiveEvents(handlers: LiveHandlers, enabled = true, url = '/api/events'): LiveStatus {
  const latest = useRef(handlers);
  latest.current = handlers;
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let pause = 1000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const open = () => {
      const es = new EventSource(url);
      source = es;
      es.onopen = () => {
        pause = 1000;
        setStatus('live');
      };
      es.onerror = () => {
        setStatus('offline');
        // CLOSED: the browser will not retry (a refusal, or no answer): open a new one later.
        if (es.readyState === EventSource.CLOSED && !stopped) {
          timer = setTimeout(open, pause);
          pause = Math.min(pause * 2, MAX_PAUSE_MS);
        }
      };
      for (const type of ['bay', 'pickup', 'document', 'reset'] as const) {
        es.addEventListener(type, (e) => {
          let data: Record<string, unknown> = {};
          try {
            data = JSON.parse((e as MessageEvent<string>).data) as Record<string, unknown>;
          } catch {
            // An event without readable data still says something changed.
          }
          latest.current[type]?.(data);
        });
      }
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [url, enabled]);

  return status;
}
