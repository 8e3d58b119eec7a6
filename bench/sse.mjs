/**
 * An event-stream client for the bench (`npm run bench`, the live-events case): GET /api/events
 * read as a browser's EventSource reads it (apps/server/test/events.test.ts has the same reader),
 * each stream on its own TCP connection. It keeps no event, only counts: the bench waits for the
 * one event a change should bring, and takes the time it arrived.
 */
import http from 'node:http';

/**
 * Opens one stream. `ready` resolves with the answer's status (200 when the stream is open);
 * `next(match, ms)` resolves with performance.now() at the moment the chunk holding the first
 * matching event (from now on) arrived, or null when none came within `ms`.
 */
export function openStream(base, cookie) {
  const waiters = new Set();
  const counts = { events: 0, heartbeats: 0 };
  let open = false;
  let socketClosed;
  const closed = new Promise((resolve) => (socketClosed = resolve));
  const req = http.get(new URL('/api/events', base), {
    headers: { cookie, accept: 'text/event-stream' },
    // A connection of its own, as each browser tab has, never one taken from a shared pool.
    agent: false,
  });
  req.on('socket', (socket) => socket.once('close', () => socketClosed()));
  const ready = new Promise((resolve, reject) => {
    req.on('response', (res) => {
      resolve(res.statusCode ?? 0);
      if (res.statusCode !== 200) return void res.resume();
      open = true;
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        const at = performance.now();
        buffer += chunk;
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = 'message';
          let data;
          for (const line of block.split('\n')) {
            if (line.startsWith(': heartbeat')) counts.heartbeats++;
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data = JSON.parse(line.slice(6));
          }
          if (data === undefined) continue;
          counts.events++;
          for (const w of waiters) {
            if (w.match(event, data)) {
              waiters.delete(w);
              w.resolve(at);
            }
          }
        }
      });
      // A stream that ends while the bench still waits on it answers no more events.
      res.on('close', () => {
        open = false;
        for (const w of waiters) w.resolve(null);
        waiters.clear();
      });
    });
    req.on('error', reject);
  });
  // An error after the answer (the connection reset as it closes) is the stream ending: `closed`.
  req.on('error', () => {});
  return {
    ready,
    counts,
    /** Whether the stream is open (answered 200 and not ended since). */
    get open() {
      return open;
    },
    next(match, ms) {
      return new Promise((resolve) => {
        const w = {
          match,
          resolve: (at) => {
            clearTimeout(timer);
            resolve(at);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(w);
          resolve(null);
        }, ms);
        waiters.add(w);
      });
    },
    /** Ends the stream; resolves when its connection is closed. */
    close() {
      req.destroy();
      return closed;
    },
  };
}
