/**
 * "Order from vendor" on an order (docs/product.md section 7): POST
 * /api/linked-orders/create-vendor-order/{orderId} creates the vendor order and its link to the
 * order in one transaction, so there is never a vendor order made for an order without its link,
 * nor a link half made. Bad input and an order that is gone answer in plain words and change
 * nothing; many at once, with the order deleted meanwhile, never answer 500 nor leave a vendor
 * order behind for a refused request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, json, userApi, type TestApp } from './support.js';

describe.each(engines())('vendor order from the order (%s)', (engine) => {
  let t: TestApp;
  let staff: string;
  let admin: string;
  const call = userApi(() => ({ t, cookie: staff }));
  const f: Record<string, any> = {};
  const url = (orderId: number) => `/api/linked-orders/create-vendor-order/${orderId}`;
  const count = (table: 'vendor_orders' | 'linked_orders') => t.rowCount(table);

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.login();
    staff = await t.staff('clerk');
    f.customer = await call.data('POST', '/api/customers/create', { name: 'Valley Door Co', customerNo: 'C-8801' });
    f.order = await call.data('POST', '/api/orders/create', { customer: f.customer.id, jobName: 'Barn doors' });
  });
  afterAll(async () => t?.close());

  it('creates the vendor order already linked to the order, and both sides list it', async () => {
    const res = await call.send('POST', url(f.order.id), {
      name: 'Clopay PO 44120',
      description: '2 x 16x7 sections, white',
      estimatedArrival: '2026-12-04',
      status: 'Ordered',
    });
    expect(res.statusCode).toBe(201);
    const body = json(res);
    expect(body.message).toBe('Vendor order created and linked to order ' + f.order.id);
    expect(body.data).toMatchObject({
      order: { id: f.order.id, jobName: 'Barn doors', customerNo: 'C-8801' },
      vendorOrder: { name: 'Clopay PO 44120', estimatedArrival: '2026-12-04', status: 'Ordered', version: 1 },
    });
    const vo = body.data.vendorOrder;
    expect(await call.data('GET', `/api/vendor-orders/${vo.id}`)).toMatchObject({ name: 'Clopay PO 44120' });
    const ofOrder = await call.data('GET', `/api/linked-orders/vendor-orders/${f.order.id}`);
    expect(ofOrder.map((l: any) => l.vendorOrder.id)).toEqual([vo.id]);
    const ofVendor = await call.data('GET', `/api/linked-orders/orders/${vo.id}`);
    expect(ofVendor.map((l: any) => l.order.id)).toEqual([f.order.id]);
    // The order now waits on it.
    const order = await call.data('GET', `/api/orders/${f.order.id}`);
    expect(order.waitingOn).toEqual([
      { vendorOrderId: vo.id, name: 'Clopay PO 44120', expected: '2026-12-04', overdue: false },
    ]);
  });

  it('a vendor order created Received without a date was received today', async () => {
    const r = await call.data('POST', url(f.order.id), { name: 'Counter stock', status: 'Received' });
    expect(r.vendorOrder).toMatchObject({ status: 'Received', receivedDate: '2026-11-02' });
  });

  it('refuses bad input and an order that does not exist in plain words, creating nothing', async () => {
    const before = [await count('vendor_orders'), await count('linked_orders')];
    const noName = await call.send('POST', url(f.order.id), { name: '  ', status: 'Ordered' });
    expect(noName.statusCode).toBe(400);
    expect(json(noName).message).not.toMatch(/body|\/|\[/);
    expect(json(noName).message).toMatch(/name/i);
    const gone = await call.send('POST', url(999999), { name: 'Clopay PO 1', status: 'Ordered' });
    expect(gone.statusCode).toBe(404);
    expect(json(gone).message).toBe('Order 999999 does not exist.');
    expect([await count('vendor_orders'), await count('linked_orders')]).toEqual(before);
  });

  it('30 at once while the order is deleted: each 201 or 404, never 500, no vendor order for a 404', async () => {
    const order = await call.data('POST', '/api/orders/create', { customer: f.customer.id, jobName: 'Race' });
    const before = await count('vendor_orders');
    const requests = Array.from({ length: 30 }, (_, i) =>
      call.send('POST', url(order.id), { name: `Race PO ${i}`, status: 'Ordered' }),
    );
    const deletion = t.app.inject({
      method: 'DELETE',
      url: `/api/orders/delete/${order.id}`,
      headers: { cookie: admin },
    });
    const answers = await Promise.all(requests);
    expect((await deletion).statusCode).toBe(200);
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c !== 201 && c !== 404)).toEqual([]);
    const created = codes.filter((c) => c === 201).length;
    expect(await count('vendor_orders')).toBe(before + created);
    for (const r of answers.filter((a) => a.statusCode === 404))
      expect(json(r).message).toBe(`Order ${order.id} does not exist.`);
  });
});
