/**
 * Vendor orders tell the counter when parts arrive (docs/architecture.md section 3): an order
 * linked to an open vendor order (Ordered or Shipped) says what it waits on and when it is
 * expected, in the order, the orders list and the Grid Manager, overdue when the date has passed;
 * a Received vendor order has a received date and is waited on no more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, userApi, type TestApp } from './support.js';

describe.each(engines())('waiting on vendor orders (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.login();
  });
  afterAll(async () => t?.close());
  const { data: D } = userApi(() => ({ t, cookie: admin }));
  const vendorOrder = (name: string, estimatedArrival: string | null, status = 'Ordered') =>
    D('POST', '/api/vendor-orders/create', { name, estimatedArrival, status });

  it('names the open vendor orders an order waits on, soonest first, overdue ones marked', async () => {
    const customer = await D('POST', '/api/customers/create', { name: 'Waiting Co' });
    const order = await D('POST', '/api/orders/create', { customer: customer.id, jobName: 'Waits', orderPickup: true });
    const late = await vendorOrder('Springs #1', '2000-01-10');
    const later = await vendorOrder('Tracks #2', '2999-03-01', 'Shipped');
    const done = await vendorOrder('Panels #3', '2000-01-05', 'Received');
    for (const v of [later, late, done])
      await D('POST', '/api/linked-orders/create', { order: order.id, vendorOrder: v.id });

    const expected = [
      { vendorOrderId: late.id, name: 'Springs #1', expected: '2000-01-10', overdue: true },
      { vendorOrderId: later.id, name: 'Tracks #2', expected: '2999-03-01', overdue: false },
    ];
    expect((await D('GET', `/api/orders/${order.id}`)).waitingOn).toEqual(expected);
    const listed = (await D('GET', '/api/orders/list/0?size=30&sort=-id')).items.find((o: any) => o.id === order.id);
    expect(listed.waitingOn).toEqual(expected);
    const pickup = (await D('GET', '/api/orders/list/pickup_ready')).find((o: any) => o.id === order.id);
    expect(pickup.waitingOn).toEqual(expected);

    // Received: no longer waited on, with the day it was received.
    await D('PUT', `/api/vendor-orders/update/${late.id}`, { ...late, status: 'Received' });
    expect((await D('GET', `/api/orders/${order.id}`)).waitingOn).toEqual([expected[1]]);
    expect(done.receivedDate).toMatch(/^\d{4}-\d\d-\d\d$/);
  });

  it('keeps a received date when saved again, and clears it when no longer Received', async () => {
    const v = await vendorOrder('Openers #4', null, 'Received');
    // The day it was marked Received (the test app's clock).
    expect(v.receivedDate).toMatch(/^\d{4}-\d\d-\d\d$/);
    const dated = await D('PUT', `/api/vendor-orders/update/${v.id}`, { ...v, receivedDate: '2026-11-01' });
    expect(dated.receivedDate).toBe('2026-11-01');
    const again = await D('PUT', `/api/vendor-orders/update/${v.id}`, {
      ...dated,
      description: 'boxed',
      receivedDate: null,
    });
    expect(again.receivedDate).toBe('2026-11-01');
    const reopened = await D('PUT', `/api/vendor-orders/update/${v.id}`, { ...again, status: 'Shipped' });
    expect(reopened.receivedDate).toBeNull();
  });
});
