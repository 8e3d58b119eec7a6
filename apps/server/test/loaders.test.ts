import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, json, type TestApp } from './support.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(engines())('loaders API (%s)', (engine) => {
  let t: TestApp;
  let staff: string;
  const S = (method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: staff },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const data = async (method: Method, url: string, payload?: unknown) => {
    const r = await S(method, url, payload);
    if (r.statusCode >= 300) throw new Error(`${method} ${url}: ${r.statusCode} ${r.body}`);
    return json(r).data;
  };
  const customers: number[] = [];
  const orders: number[] = [];
  let pkgId: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const admin = await t.login();
    staff = await t.staff('loader');
    const A = async (method: Method, url: string, payload?: unknown) =>
      json(await t.app.inject({ method, url, headers: { cookie: admin }, payload: payload as object })).data;
    const types = Object.fromEntries((await A('GET', '/api/dropdown/product-type')).map((x: any) => [x.type, x.id]));
    const pkg = await A('POST', '/api/products/create', {
      itemNo: 'PKG-0907',
      itemDescription: '9x7 steel door package',
      wholesalePrice: 600,
      productType: types.Package,
    });
    pkgId = pkg.id;
    const hinge = await A('POST', '/api/products/create', {
      itemNo: 'HNG-01',
      itemDescription: '#1 hinge',
      productType: types.Hardware,
    });
    await A('POST', `/api/package/associated-parts/create/${pkg.id}`, { child: hinge.id, quantity: 4 });
    for (let i = 0; i < 12; i++) {
      const c = await data('POST', '/api/customers/create', { name: `Yard Customer ${i}`, customerNo: `Y-${i}` });
      customers.push(c.id);
      const o = await data('POST', '/api/orders/create', {
        customer: c.id,
        jobName: `Pickup job ${i}`,
        orderPickup: true,
      });
      await data('POST', `/api/order-parts/create/${o.id}`, { product: pkg.id, quantity: 2 });
      orders.push(o.id);
    }
  });
  afterAll(async () => t?.close());

  it('lists open orders ready for pickup, all and per bay; bay ids outside 0 to 8 are 400', async () => {
    const all = await data('GET', '/api/orders/list/pickup_ready');
    expect(all.map((o: any) => o.id)).toEqual(orders);
    expect(all[0]).toMatchObject({
      customerName: 'Yard Customer 0',
      jobName: 'Pickup job 0',
      current_load: false,
      loading_bay: null,
    });
    expect(await data('GET', '/api/orders/list/pickup_ready/3')).toEqual([]);
    expect((await data('GET', '/api/orders/list/pickup_ready/0')).length).toBe(12);
    for (const bad of ['9', '-1', 'x', '1.5']) {
      expect((await S('GET', `/api/orders/list/pickup_ready/${bad}`)).statusCode).toBe(400);
      expect((await S('GET', `/api/getGarageBayData/${bad}`)).statusCode).toBe(400);
    }
  });

  it('an empty bay answers OK with no rows', async () => {
    const res = await S('GET', '/api/getGarageBayData/4');
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({
      bayId: 4,
      orderId: null,
      printExcelModels: [],
      customerId: null,
      customerName: null,
      customerJobName: null,
    });
  });

  it('places orders in bays and builds the pick list with quantities multiplied out', async () => {
    const saved = await S('PUT', '/api/orders/updateChosenJob', [
      { id: orders[0], current_load: true, loading_bay: 1 },
      { id: orders[1], current_load: true, loading_bay: 2 },
      { id: orders[2], current_load: false, loading_bay: 2 },
    ]);
    expect(saved.statusCode).toBe(200);
    expect(json(saved).message).toBe('Update completed successfully!');
    const bay1 = await data('GET', '/api/getGarageBayData/1');
    expect(bay1).toMatchObject({
      orderId: orders[0],
      customerId: customers[0],
      customerName: 'Yard Customer 0',
      customerJobName: 'Pickup job 0',
    });
    expect(bay1.printExcelModels).toEqual([
      { quantity: 2, itemNo: 'PKG-0907', itemDescription: '9x7 steel door package', price: 1200, kind: 'LINE' },
      { quantity: 8, itemNo: 'HNG-01', itemDescription: '#1 hinge', price: 0, kind: 'SUB' },
    ]);
    expect((await data('GET', '/api/orders/list/pickup_ready/2')).map((o: any) => [o.id, o.current_load])).toEqual([
      [orders[1], true],
      [orders[2], false],
    ]);
  });

  it('refuses two current loads in one bay, In Bay without a bay, and orders not ready for pickup', async () => {
    const clash = await S('PUT', '/api/orders/updateChosenJob', [
      { id: orders[3], current_load: true, loading_bay: 1 },
    ]);
    expect(clash.statusCode).toBe(409);
    expect(json(clash).message).toMatch(/Bay 1 already has a current load/);
    const pair = await S('PUT', '/api/orders/updateChosenJob', [
      { id: orders[3], current_load: true, loading_bay: 5 },
      { id: orders[4], current_load: true, loading_bay: 5 },
    ]);
    expect(pair.statusCode).toBe(409);
    expect(
      (await S('PUT', '/api/orders/updateChosenJob', [{ id: orders[3], current_load: true, loading_bay: null }]))
        .statusCode,
    ).toBe(400);
    expect(
      (await S('PUT', '/api/orders/updateChosenJob', [{ id: 999999, current_load: false, loading_bay: 1 }])).statusCode,
    ).toBe(400);
    expect((await S('PUT', '/api/orders/updateChosenJob', [{ id: orders[3], loading_bay: 12 }])).statusCode).toBe(400);
    expect((await S('PUT', '/api/orders/updateChosenJob', [{ id: orders[3] }, { id: orders[3] }])).statusCode).toBe(
      400,
    );
    expect((await S('PUT', '/api/orders/updateChosenJob', { id: orders[3] })).statusCode).toBe(400);
    expect((await data('GET', '/api/orders/list/pickup_ready/5')).length).toBe(0);
  });

  it('swaps two loads between bays in one request', async () => {
    await data('PUT', '/api/orders/updateChosenJob', [
      { id: orders[0], current_load: true, loading_bay: 2 },
      { id: orders[1], current_load: true, loading_bay: 1 },
    ]);
    expect((await data('GET', '/api/getGarageBayData/1')).orderId).toBe(orders[1]);
    expect((await data('GET', '/api/getGarageBayData/2')).orderId).toBe(orders[0]);
  });

  it('Choose Garage Bay moves orders; a moved order stops being a current load', async () => {
    await data('PUT', '/api/orders/chooseGarageBayOrder', [{ id: orders[0], current_load: true, loading_bay: 6 }]);
    const list = await data('GET', '/api/orders/list/pickup_ready/6');
    expect(list.map((o: any) => [o.id, o.current_load])).toEqual([[orders[0], false]]);
    expect((await data('GET', '/api/getGarageBayData/2')).orderId).toBeNull();
  });

  it('keeps one current load per bay under 50 concurrent conflicting assignments', async () => {
    const contenders = orders.slice(5, 12);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        S('PUT', '/api/orders/updateChosenJob', [
          { id: contenders[i % contenders.length], current_load: true, loading_bay: 7 },
        ]),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    const loads = await t.db.database.db
      .selectFrom('orders')
      .select('id')
      .where('loading_bay', '=', 7)
      .where('current_load', '=', 1)
      .execute();
    expect(loads).toHaveLength(1);
    const winners = new Set(results.filter((r) => r.statusCode === 200).map((_, i) => i));
    expect(winners.size).toBeGreaterThanOrEqual(1);
  });

  it('completes the current loads of the selected customers, all or nothing', async () => {
    await data('PUT', '/api/orders/updateChosenJob', [
      { id: orders[0], current_load: true, loading_bay: 3 },
      { id: orders[2], current_load: true, loading_bay: 4 },
    ]);
    const noLoad = await S('POST', '/api/orders/modifyLoaderOrders', [customers[0], customers[3]]);
    expect(noLoad.statusCode).toBe(409);
    expect((await data('GET', '/api/getGarageBayData/3')).orderId).toBe(orders[0]);
    expect((await S('POST', '/api/orders/modifyLoaderOrders', [])).statusCode).toBe(400);
    expect((await S('POST', '/api/orders/modifyLoaderOrders', ['abc'])).statusCode).toBe(400);
    const done = await S('POST', '/api/orders/modifyLoaderOrders', [customers[0], customers[2]]);
    expect(done.statusCode).toBe(200);
    expect(json(done)).toMatchObject({
      status: 'OK',
      message: 'Orders successfully completed.',
      data: { completed: [orders[0], orders[2]] },
    });
    for (const bay of [3, 4]) expect((await data('GET', `/api/getGarageBayData/${bay}`)).printExcelModels).toEqual([]);
    const closed = await data('GET', '/api/orders/list/1');
    expect(closed.map((o: any) => o.id)).toEqual(expect.arrayContaining([orders[0], orders[2]]));
    const o0 = await data('GET', `/api/orders/${orders[0]}`);
    expect(o0).toMatchObject({
      orderStatus: { type: 'Completed', closed: true },
      orderPickup: false,
      current_load: false,
      loading_bay: null,
    });
    expect((await data('GET', '/api/orders/list/pickup_ready')).map((o: any) => o.id)).not.toContain(orders[0]);
    void pkgId;
  });
});
