/**
 * GET /api/events: the live event stream (Server-Sent Events) for signed-in users
 * (docs/architecture.md section 11). The session is checked when the stream opens and at every
 * heartbeat (15 s), once for all of its streams; the stream ends when the session does, and when
 * the instance stops. A session holds at most 8 streams and the instance 1,000 (stream-places.ts).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isDeskUser, requireUser } from '../../plugins/auth.js';
import { HttpError } from '../../lib/errors.js';
import type { SessionService } from '../auth/session.service.js';
import type { EventBus, StoredEvent } from './event-bus.js';
import { StreamPlaces, type StreamLimits } from './stream-places.js';

export const HEARTBEAT_MS = 15_000;
/** What the Loaders area listens to: all a yard user's stream carries. */
const YARD_EVENTS = new Set<string>(['bay', 'pickup', 'reset']);

/** The stream as OpenAPI shows it: text, one event after another, until the client goes. */
const eventStreamSchema = z.any().meta({
  type: 'string',
  description:
    'text/event-stream: "id:", "event:" (bay, pickup, document, catalogue, customer, reset) and "data:" (JSON: {"bay": 3}, {}, {"kind": "order", "id": 12, "version": 4, "user": "clerk2"}, {"user": "admin"}, {"id": 7, "user": "clerk2"}) per event; ": heartbeat" lines every 15 s',
});

export const eventsRoutes: FastifyPluginAsyncZod<{
  bus: EventBus;
  sessions: SessionService;
  heartbeatMs?: number;
  streamLimits?: StreamLimits;
}> = async (app, { bus, sessions, heartbeatMs = HEARTBEAT_MS, streamLimits }) => {
  const places = new StreamPlaces((id) => sessions.isLive(id), heartbeatMs, streamLimits);
  app.get(
    '/api/events',
    {
      // The Loaders area's too: a yard user is told of the bays only (docs/decisions/029-yard-role.md).
      config: { access: 'yard' },
      schema: {
        tags: ['events'],
        summary:
          'Server-Sent Events: what changed (bay, pickup, document), never its contents; heartbeat every 15 s; resumes after Last-Event-ID',
        response: { 200: eventStreamSchema },
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // HEAD: the headers a stream would have, and no stream.
      if (request.method === 'HEAD')
        return reply.type('text/event-stream; charset=utf-8').header('cache-control', 'no-store').send();
      // A stream is opened only for a client that asks for one (EventSource always does): any
      // other caller is told so, rather than held on a response that never ends.
      if (!/text\/event-stream/.test(request.headers.accept ?? ''))
        throw new HttpError(406, 'This address is an event stream: ask for text/event-stream.', 'NOT_ACCEPTABLE');
      // Past the session's or the instance's streams: 429 in words, before anything is opened.
      places.check(user.sessionId);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // A reverse proxy must pass each event on at once (nginx buffers otherwise).
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        connection: 'keep-alive',
      });
      res.write('retry: 2000\n\n');
      const yardOnly = !isDeskUser(user);
      const send = (e: StoredEvent) => {
        if (yardOnly && !YARD_EVENTS.has(e.type)) return;
        res.write(`id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`);
      };
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        leave();
        unsubscribe();
        untrack();
        res.end();
      };
      const lastId = request.headers['last-event-id'];
      if (typeof lastId === 'string' && lastId) {
        const missed = bus.since(lastId);
        // Too old to replay: the screen reads everything again.
        if (missed === null) res.write('event: reset\ndata: {}\n\n');
        else missed.forEach(send);
      }
      const unsubscribe = bus.subscribe(send);
      const leave = places.join(user.sessionId, { beat: () => res.write(': heartbeat\n\n'), end });
      const untrack = bus.trackStream(end);
      request.raw.on('close', end);
    },
  );
};
