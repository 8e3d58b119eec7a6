/**
 * The live event stream (issue 16; docs/architecture.md section 11): GET /api/events over a real
 * port, read as a browser's EventSource reads it. A bay assignment and a document save reach an
 * open stream within a second; a reconnect with Last-Event-ID gets what it missed; the stream
 * ends with the session; on PostgreSQL a change made through one instance reaches a stream of
 * another, a sign-in throttle holds across instances, and 50 bay placements split across two
 * instances leave one current load.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES_PER_MINUTE } from '@desk/domain';
import { anotherInstance, createTestApp, currentLoadsIn, engines, STAFF_PASSWORD, type TestApp } from './support.js';

interface SseEvent {
  id?: string;
  event: string;
  data: any;
}

/** An EventSource-like reader: the events as they come, and a wait for one that matches. */
function openStream(base: string, cookie: string, lastEventId?: string) {
  const events: SseEvent[] = [];
  const waiters: Array<{ match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }> = [];
  let ended = false;
  let status = 0;
  const url = new URL('/api/events', base);
  const req = http.get(url, {
    headers: { cookie, accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
  });
  const ready = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      status = res.statusCode ?? 0;
      resolve(status);
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const e: SseEvent = { event: 'message', data: null };
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) e.id = line.slice(4);
            else if (line.startsWith('event: ')) e.event = line.slice(7);
            else if (line.startsWith('data: ')) {
              e.data = JSON.parse(line.slice(6));
              hasData = true;
            }
          }
          if (!hasData) continue;
          events.push(e);
          for (const w of [...waiters]) {
            if (w.match(e)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(e);
            }
          }
        }
      });
      res.on('end', () => {
        ended = true;
      });
    });
    req.on('error', reject);
  });
  return {
    events,
    ready,
    get ended() {
      return ended;
    },
    get status() {
      return status;
    },
    /** The next event (already received or to come) that matches, within `ms`. */
    next(match: (e: SseEvent) => boolean, ms = 1000): Promise<SseEvent> {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching event within ${ms} ms`)), ms);
        waiters.push({
          match,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
      });
    },
    close() {
      req.destroy();
    },
  };
}

async function listen(app: TestApp['app']): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

describe.each(engines())('live events (%s)', (engine) => {
  let t: TestApp;
  let base: string;
  let clerk: string;
  let customer: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    base = await listen(t.app);
    clerk = await t.staff('yard1');
    customer = (await t.as(clerk).data('POST', '/api/customers/create', { name: 'Live Doors' })).id;
  });
  afterAll(async () => t?.close());

  const pickupOrder = async (jobName: string) =>
    (await t.as(clerk).data('POST', '/api/orders/create', { customer, jobName, orderPickup: true })).id as number;

  it('refuses a caller who is not signed in', async () => {
    const s = openStream(base, '');
    expect(await s.ready).toBe(401);
    s.close();
  });

  it('opens a stream only for a client that asks for one (406 in plain words otherwise)', async () => {
    const res = await t.send(clerk, 'GET', '/api/events');
    expect(res.statusCode).toBe(406);
    expect(JSON.parse(res.body)).toEqual({
      status: 'FAILED',
      data: null,
      message: 'This address is an event stream: ask for text/event-stream.',
    });
  });

  it('a bay assignment reaches an open stream within a second: bay and pickup, never the data', async () => {
    const s = openStream(base, clerk);
    expect(await s.ready).toBe(200);
    const order = await pickupOrder('Live bay');
    const started = Date.now();
    await t.as(clerk).data('PUT', '/api/orders/updateChosenJob', [{ id: order, current_load: true, loading_bay: 3 }]);
    const bay = await s.next((e) => e.event === 'bay' && e.data.bay === 3);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(bay.data).toEqual({ bay: 3 });
    expect(bay.id).toMatch(/^[0-9a-z]+-[0-9a-f]{8}-\d+$/);
    await s.next((e) => e.event === 'pickup');
    // Completed: the bay changes again.
    const before = s.events.length;
    await t.as(clerk).data('POST', '/api/orders/completeBayOrders', { orderIds: [order] });
    await s.next((e) => e.event === 'bay' && e.data.bay === 3 && s.events.indexOf(e) >= before);
    s.close();
  });

  it('a document save reaches it with the kind, id, version and user', async () => {
    const s = openStream(base, clerk);
    await s.ready;
    const order = await pickupOrder('Live document');
    const saved = await t.as(clerk).data('PUT', `/api/orders/update/${order}`, {
      customer,
      jobName: 'Live document, renamed',
      orderPickup: true,
    });
    const e = await s.next((x) => x.event === 'document' && x.data.id === order);
    expect(e.data).toEqual({ kind: 'order', id: order, version: saved.version, user: 'yard1' });
    s.close();
  });

  it('a customer write and a catalogue write are told with who made them; a refused one tells nobody', async () => {
    const s = openStream(base, clerk);
    await s.ready;
    const made = await t.as(clerk).data('POST', '/api/customers/create', { name: 'Told Doors' });
    expect((await s.next((e) => e.event === 'customer' && e.data.user === 'yard1')).data).toEqual({
      user: 'yard1',
    });
    await t
      .as(clerk)
      .data('PUT', `/api/customers/update/${made.id}`, { name: 'Told Doors Ltd', version: made.version });
    expect((await s.next((e) => e.event === 'customer' && e.data.id === made.id)).data).toEqual({
      id: made.id,
      user: 'yard1',
    });
    const refused = await t.send(clerk, 'PUT', `/api/customers/update/${made.id}`, {
      name: 'Stale',
      version: made.version,
    });
    expect(refused.statusCode).toBe(409);
    const types = await t.productTypes();
    await t.admin('POST', '/api/products/create', {
      itemNo: 'LIVE-1',
      itemDescription: 'Live part',
      wholesalePrice: 3,
      productType: { id: types.Hardware },
    });
    expect((await s.next((e) => e.event === 'catalogue')).data).toEqual({ user: 'admin' });
    // The refused update was told to nobody: one customer event per committed write.
    expect(s.events.filter((e) => e.event === 'customer')).toHaveLength(2);
    s.close();
  });

  it('a reconnect with Last-Event-ID gets what it missed; one too old is told to read everything again', async () => {
    const first = openStream(base, clerk);
    await first.ready;
    const order = await pickupOrder('Missed');
    await t.as(clerk).data('PUT', '/api/orders/updateChosenJob', [{ id: order, current_load: true, loading_bay: 5 }]);
    const seen = await first.next((e) => e.event === 'bay' && e.data.bay === 5);
    first.close();
    // While disconnected: moved to bay 6.
    await t.as(clerk).data('PUT', '/api/orders/updateChosenJob', [{ id: order, current_load: true, loading_bay: 6 }]);
    const again = openStream(base, clerk, seen.id);
    await again.ready;
    await again.next((e) => e.event === 'bay' && e.data.bay === 6);
    again.close();
    const stale = openStream(base, clerk, 'no-such-event');
    await stale.ready;
    await stale.next((e) => e.event === 'reset');
    stale.close();
  });

  it('ends when the session ends', async () => {
    const app = await anotherInstance(t, { eventHeartbeatMs: 100 });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const cookie = await t.login('yard1', STAFF_PASSWORD);
      const s = openStream(url, cookie);
      expect(await s.ready).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      expect(s.ended).toBe(false);
      await t.send(cookie, 'POST', '/api/logout');
      const deadline = Date.now() + 2000;
      while (!s.ended && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(s.ended).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe.runIf(engines().includes('postgres'))('live events across two instances (postgres)', () => {
  let t: TestApp;
  afterAll(async () => t?.close());

  it('a bay event from A reaches B within a second; a sign-in throttle reached through A holds on B; 50 placements split across both leave one current load', async () => {
    t = await createTestApp('postgres');
    const a = await listen(t.app);
    const other = await anotherInstance(t);
    try {
      const b = await other.listen({ port: 0, host: '127.0.0.1' });
      expect(b).not.toBe(a);
      const clerk = await t.staff('yard2');
      const s = openStream(b, clerk);
      expect(await s.ready).toBe(200);
      const customer = (await t.as(clerk).data('POST', '/api/customers/create', { name: 'Two Instances' })).id;
      const order = (
        await t.as(clerk).data('POST', '/api/orders/create', { customer, jobName: 'A to B', orderPickup: true })
      ).id;
      const started = Date.now();
      // Through instance A (the test app's inject goes to A).
      await t.as(clerk).data('PUT', '/api/orders/updateChosenJob', [{ id: order, current_load: true, loading_bay: 7 }]);
      await s.next((e) => e.event === 'bay' && e.data.bay === 7);
      const ms = Date.now() - started;
      expect(ms).toBeLessThan(1000);
      console.log(`[events] A -> B in ${ms} ms`);
      s.close();

      // Over HTTP to B, as a browser would send it.
      const viaB = (method: string, url: string, body: unknown, cookie = '') =>
        fetch(`${b}${url}`, {
          method,
          headers: { 'content-type': 'application/json', origin: b, ...(cookie ? { cookie } : {}) },
          body: JSON.stringify(body),
        });

      // A sign-in throttle reached through A holds on B (it is kept in the database).
      const user = 'yard2';
      for (let i = 0; i < LOGIN_MAX_FAILURES_PER_MINUTE; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: user, password: 'wrong' },
        });
        expect(res.statusCode).toBe(401);
      }
      const onB = await viaB('POST', '/api/login', { username: user, password: STAFF_PASSWORD });
      expect(onB.status).toBe(429);

      // 50 clerks at once, half through each instance, each placing another order in bay 2:
      // exactly one becomes its current load; the rest are told (409), none fails (5xx).
      const contenders: number[] = [];
      for (let i = 0; i < 50; i++)
        contenders.push(
          (
            await t
              .as(clerk)
              .data('POST', '/api/orders/create', { customer, jobName: `Bay 2 #${i}`, orderPickup: true })
          ).id,
        );
      const codes = await Promise.all(
        contenders.map((id, i) => {
          const row = [{ id, current_load: true, loading_bay: 2 }];
          return i % 2
            ? viaB('PUT', '/api/orders/updateChosenJob', row, clerk).then((r) => r.status)
            : t
                .as(clerk)
                .send('PUT', '/api/orders/updateChosenJob', row)
                .then((r) => r.statusCode);
        }),
      );
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(49);
      expect(await currentLoadsIn(t, 2)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
