/**
 * Live event streams are bounded (issue 37, finding 4; docs/architecture.md section 11): a session
 * holds at most STREAMS_PER_SESSION (tabs and the yard tablet), the instance at most its limit;
 * the stream past either is refused with 429 in words before it opens, another session still
 * connects, and a closed stream frees its place. A session's streams share one session check per
 * heartbeat. Over a real port, on both databases.
 */
import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { STREAMS_PER_SESSION, StreamPlaces } from '../src/modules/events/stream-places.js';
import { anotherInstance, engines, STAFF_PASSWORD, suiteApp } from './support.js';

interface Stream {
  /** The status, and the body of a refusal. */
  ready: Promise<{ status: number; body: string }>;
  ended: () => boolean;
  close(): void;
}

function openStream(base: string, cookie: string): Stream {
  let ended = false;
  const req = http.get(new URL('/api/events', base), { headers: { cookie, accept: 'text/event-stream' } });
  const ready = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      let body = '';
      res.setEncoding('utf8');
      if (status === 200) resolve({ status, body });
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        ended = true;
        if (status !== 200) resolve({ status, body });
      });
    });
    req.on('error', (e) => (ended ? undefined : reject(e)));
  });
  return { ready, ended: () => ended, close: () => req.destroy() };
}

const settle = () => new Promise((r) => setTimeout(r, 100));

describe('StreamPlaces', () => {
  it('checks a session once per heartbeat for all of its streams, and ends them all when it has ended', async () => {
    let checks = 0;
    let live = true;
    const places = new StreamPlaces(async () => (checks++, live), 20);
    const beats: number[] = [0, 0, 0, 0, 0, 0];
    const ended = new Set<number>();
    const leaves = beats.map((_, i) => places.join('s1', { beat: () => beats[i]!++, end: () => ended.add(i) }));
    await new Promise((r) => setTimeout(r, 110));
    expect(beats.every((b) => b >= 3)).toBe(true);
    // One check per beat for the six streams, not six.
    expect(checks).toBeLessThanOrEqual(Math.max(...beats) + 1);
    live = false;
    await new Promise((r) => setTimeout(r, 60));
    expect(ended.size).toBe(6);
    for (const leave of leaves) leave();
    expect(places.count).toBe(0);
  });
});

describe.each(engines())('live event stream limits (%s)', (engine) => {
  const suite = suiteApp(engine);
  let base: string;
  let clerk: string;

  beforeAll(async () => {
    base = await suite.t.app.listen({ port: 0, host: '127.0.0.1' });
    clerk = await suite.t.staff('streams1');
  });

  it(`50 streams at once from one session: ${STREAMS_PER_SESSION} open, the rest refused in words; another session connects; a closed one frees its place`, async () => {
    expect(STREAMS_PER_SESSION).toBeGreaterThanOrEqual(6);
    const streams = Array.from({ length: 50 }, () => openStream(base, clerk));
    const answers = await Promise.all(streams.map((s) => s.ready));
    const open = streams.filter((_, i) => answers[i]!.status === 200);
    expect(open).toHaveLength(STREAMS_PER_SESSION);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(50 - STREAMS_PER_SESSION);
    for (const r of refused) {
      expect(r.status).toBe(429);
      expect(JSON.parse(r.body).message).toBe(
        `This browser already has ${STREAMS_PER_SESSION} live connections open, the most one sign-in may have: close a tab or two, and the others stay up to date.`,
      );
    }
    // Another session of the same user still connects.
    const other = openStream(base, await suite.t.login('streams1', STAFF_PASSWORD));
    expect((await other.ready).status).toBe(200);
    // Closing two frees two places, and no more.
    open[0]!.close();
    open[1]!.close();
    await settle();
    const again = Array.from({ length: 3 }, () => openStream(base, clerk));
    const statuses = (await Promise.all(again.map((s) => s.ready))).map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 429]);
    for (const s of [...streams, ...again, other]) s.close();
  });

  it('refuses the stream past the instance limit with 429 in words, and takes new ones once others close', async () => {
    const app = await anotherInstance(suite.t, { eventStreamLimits: { perSession: 8, perInstance: 10 } });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const cookies = [
        clerk,
        await suite.t.login('streams1', STAFF_PASSWORD),
        await suite.t.login('streams1', STAFF_PASSWORD),
      ];
      const streams = Array.from({ length: 12 }, (_, i) => openStream(url, cookies[i % 3]!));
      const answers = await Promise.all(streams.map((s) => s.ready));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
      for (const r of answers.filter((a) => a.status !== 200)) {
        expect(r.status).toBe(429);
        expect(JSON.parse(r.body).message).toMatch(/all the live connections it can hold/);
      }
      streams.filter((_, i) => answers[i]!.status === 200)[0]!.close();
      await settle();
      const next = openStream(url, cookies[0]!);
      expect((await next.ready).status).toBe(200);
      for (const s of [...streams, next]) s.close();
    } finally {
      await app.close();
    }
  });
});
