/**
 * Issue 36: a yard user's events stream (GET /api/events, decision 029) carries what the Loaders
 * screen listens to (bay, pickup) and nothing of the documents, customers or catalogue.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from './support.js';

/** The event names a stream receives until `until` has been seen (or 3 s have gone). */
function collect(base: string, cookie: string) {
  const names: string[] = [];
  let status = 0;
  const req = http.get(new URL('/api/events', base), { headers: { cookie, accept: 'text/event-stream' } });
  const ready = new Promise<void>((resolve, reject) => {
    req.on('response', (res) => {
      status = res.statusCode ?? 0;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        for (const m of chunk.matchAll(/^event: (\S+)$/gm)) names.push(m[1]!);
      });
      resolve();
    });
    req.on('error', reject);
  });
  const seen = async (name: string) => {
    for (let i = 0; i < 60 && !names.includes(name); i++) await new Promise((r) => setTimeout(r, 50));
    return names.includes(name);
  };
  return { names, ready, seen, status: () => status, close: () => req.destroy() };
}

describe.each(engines())('the yard events stream (%s)', (engine) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  it('tells a yard user of the bays and pickups only; staff of everything', async () => {
    const clerk = await t.staff('counterclerk');
    const yard = await t.staff('yardtablet');
    await t.admin('PUT', '/api/users/roles', { username: 'yardtablet', roles: ['ROLE_YARD'] });
    const yardStream = collect(base, yard);
    const staffStream = collect(base, clerk);
    await Promise.all([yardStream.ready, staffStream.ready]);
    expect([yardStream.status(), staffStream.status()]).toEqual([200, 200]);

    const customer = (await t.as(clerk).data('POST', '/api/customers/create', { name: 'Yard Doors' })).id;
    const order = (
      await t.as(clerk).data('POST', '/api/orders/create', { customer, jobName: 'Yard', orderPickup: true })
    ).id as number;
    await t
      .as(clerk)
      .data('PUT', `/api/orders/update/${order}`, { customer, jobName: 'Yard, renamed', orderPickup: true });
    await t.as(clerk).data('PUT', '/api/orders/updateChosenJob', [{ id: order, current_load: true, loading_bay: 5 }]);

    expect(await staffStream.seen('bay')).toBe(true);
    expect(await yardStream.seen('bay')).toBe(true);
    expect(await staffStream.seen('customer')).toBe(true);
    expect(await staffStream.seen('document')).toBe(true);
    expect(new Set(yardStream.names)).toEqual(new Set(['bay', 'pickup']));
    yardStream.close();
    staffStream.close();
  });
});
