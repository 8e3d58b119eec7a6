import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyBayData } from '@desk/domain';
import { createTestApp, currentLoadsIn, engines, json, userApi, type TestApp } from './support.js';

describe.each(engines())('loaders API (%s)', (engine) => {
  let t: TestApp;
  let staff: string;
  const { send: S, data } = userApi(() => ({ t, cookie: staff }));
  const customers: number[] = [];
  const orders: number[] = [];
  let pkgId: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await t.staff('loader');
    const A = t.admin;
    const types = await t.productTypes();
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
    // emptyBayData is the domain's one definition of an empty bay (the Loading Grid shows it too).
    expect(json(res).data).toEqual(emptyBayData(4));
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
      {
        quantity: 2,
        itemNo: 'PKG-0907',
        itemDescription: '9x7 steel door package',
        price: 1200,
        kind: 'LINE',
        notes: [],
      },
      { quantity: 8, itemNo: 'HNG-01', itemDescription: '#1 hinge', price: 0, kind: 'SUB', notes: [] },
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
    expect(await currentLoadsIn(t, 7)).toHaveLength(1);
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

/**
 * Issue 11, "the yard sees what to load": the bay answer carries the order, its Special
 * Instructions, each row's notes and the orders waiting for the bay ("Next"); Complete Orders
 * works per bay (order ids), all or nothing, and two clerks cannot complete one load twice.
 */
describe.each(engines())('loading bays per order (%s)', (engine) => {
  let t: TestApp;
  let staff: string;
  const { send: S, data } = userApi(() => ({ t, cookie: staff }));
  const bay = (id: number) => data('GET', `/api/getGarageBayData/${id}`);
  const place = (rows: { id: number; current_load: boolean; loading_bay: number | null }[]) =>
    data('PUT', '/api/orders/updateChosenJob', rows);
  const complete = (orderIds: unknown) => S('POST', '/api/orders/completeBayOrders', { orderIds });
  let pkg: any;
  let contractor: number;
  /** A new pickup-ready order of the contractor, with one package line of `quantity` doors. */
  const newOrder = async (jobName: string, extra: Record<string, unknown> = {}, quantity = 1) => {
    const o = await data('POST', '/api/orders/create', { customer: contractor, jobName, orderPickup: true, ...extra });
    const line = await data('POST', `/api/order-parts/create/${o.id}`, { product: pkg.id, quantity });
    return { id: o.id as number, lineId: line.id as number };
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await t.staff('yard');
    const A = t.admin;
    const types = await t.productTypes();
    pkg = await A('POST', '/api/products/create', {
      itemNo: 'PKG-1608',
      itemDescription: '16x8 insulated door package',
      wholesalePrice: 900,
      productType: types.Package,
    });
    const hinge = await A('POST', '/api/products/create', { itemNo: 'HNG-02', itemDescription: '#2 hinge' });
    const liftKit = await A('POST', '/api/products/create', { itemNo: 'HLK-24', itemDescription: 'High lift kit' });
    const bracket = await A('POST', '/api/products/create', { itemNo: 'MNT-R', itemDescription: 'Rear mount kit' });
    await A('POST', `/api/package/associated-parts/create/${pkg.id}`, { child: hinge.id, quantity: 4 });
    pkg.lift = await A('POST', `/api/package/modifiers/create/${pkg.id}`, {
      category: 'Lift',
      name: 'High lift',
      quantity: 1,
      product: { id: liftKit.id },
      notes: 'Up to 24 in of high lift',
    });
    pkg.mount = await A('POST', `/api/package/modifiers/create/${pkg.id}`, {
      category: 'Mount',
      name: 'Rear mount',
      quantity: 1,
      product: { id: bracket.id },
    });
    await A('POST', `/api/package/modifiers/create/${pkg.id}`, {
      category: 'LiftNotes',
      notes: 'HL 18 in, jackshaft opener',
    });
    contractor = (await data('POST', '/api/customers/create', { name: 'Delta Contractors', customerNo: 'DC-1' })).id;
  });
  afterAll(async () => t?.close());

  it('a bay shows its order, Special Instructions, every row with its notes and inches, and the orders next in line', async () => {
    const a = await newOrder('Riverside Hall', { specialInstructions: '  Call Dana before loading  ' }, 2);
    const [hingeRow] = await data('GET', `/api/order-parts/sub-parts/${a.lineId}`);
    await data('PUT', `/api/order-parts/update-subpart-assoc-notes/${a.lineId}`, {
      rowId: hingeRow.rowId,
      notes: 'Color: almond',
    });
    await data('POST', `/api/orders/package-modifiers/upsert/${a.lineId}`, {
      modifierId: pkg.lift.id,
      inches: '18',
      notes: 'Jackshaft side left',
    });
    await data('POST', `/api/orders/package-modifiers/upsert/${a.lineId}`, { modifierId: pkg.mount.id });
    const b = await newOrder('Riverside Annex'); // no Lift: no Lift notes
    const waiting = await newOrder('Riverside phase 2');
    const elsewhere = await newOrder('Warehouse 9');
    await place([
      { id: a.id, current_load: true, loading_bay: 3 },
      { id: b.id, current_load: true, loading_bay: 4 },
    ]);
    // Choose Garage Bay: assigned to a bay, not its current load.
    await data('PUT', '/api/orders/chooseGarageBayOrder', [
      { id: waiting.id, loading_bay: 3 },
      { id: elsewhere.id, loading_bay: 5 },
    ]);

    expect(await bay(3)).toEqual({
      bayId: 3,
      orderId: a.id,
      customerId: contractor,
      customerName: 'Delta Contractors',
      customerJobName: 'Riverside Hall',
      specialInstructions: 'Call Dana before loading',
      printExcelModels: [
        {
          quantity: 2,
          itemNo: 'PKG-1608',
          itemDescription: '16x8 insulated door package',
          price: 1800,
          kind: 'LINE',
          notes: ['Lift notes: HL 18 in, jackshaft opener'],
        },
        { quantity: 8, itemNo: 'HNG-02', itemDescription: '#2 hinge', price: 0, kind: 'SUB', notes: ['Color: almond'] },
        {
          quantity: 2,
          itemNo: 'HLK-24',
          itemDescription: 'High lift kit',
          price: 0,
          kind: 'SUB',
          notes: ['Lift 18 in', 'Jackshaft side left'],
        },
        { quantity: 2, itemNo: 'MNT-R', itemDescription: 'Rear mount kit', price: 0, kind: 'SUB', notes: [] },
      ],
      next: [{ orderId: waiting.id, customerName: 'Delta Contractors', jobName: 'Riverside phase 2' }],
      waitingOn: [],
    });
    const four = await bay(4);
    expect(four).toMatchObject({ orderId: b.id, specialInstructions: null, next: [] });
    expect(four.printExcelModels.map((r: any) => r.notes)).toEqual([[], []]);
    // Bay 5 has no current load, but an order waits for it: not an empty bay.
    expect(await bay(5)).toMatchObject({
      orderId: null,
      printExcelModels: [],
      next: [{ orderId: elsewhere.id, customerName: 'Delta Contractors', jobName: 'Warehouse 9' }],
    });
    // An order that is no longer ready for pickup does not wait for the bay.
    await data('PUT', `/api/orders/update/${elsewhere.id}`, {
      ...(await data('GET', `/api/orders/${elsewhere.id}`)),
      orderPickup: false,
    });
    expect((await bay(5)).next).toEqual([]);
    expect((await bay(6)).next).toEqual([]);
  });

  it('Complete Orders per bay closes only the chosen order: the same customer in the next bay stays loaded', async () => {
    const three = await bay(3);
    const four = await bay(4);
    expect(three.customerId).toBe(four.customerId);
    const empty = await complete([]);
    expect(empty.statusCode).toBe(400);
    expect(json(empty).message).toBe('No orders selected for completion.');
    for (const bad of [['x'], [0], [-1], 'not a list', [1.5]]) {
      expect((await complete(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await S('POST', '/api/orders/completeBayOrders', [three.orderId])).statusCode).toBe(400);

    // The order waiting for bay 3 is no current load: 409 naming it, and nothing is completed.
    const waiting = three.next[0].orderId;
    const refused = await complete([three.orderId, waiting]);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toBe(
      `Order ${waiting} is not loaded in a bay (already completed or moved); nothing was completed.`,
    );
    expect((await bay(3)).orderId).toBe(three.orderId);
    const unknown = await complete([999999, 999998]);
    expect(unknown.statusCode).toBe(409);
    expect(json(unknown).message).toMatch(/^Orders 999998, 999999 are not loaded in a bay/);

    const done = await complete([three.orderId, three.orderId]);
    expect(done.statusCode).toBe(200);
    expect(json(done)).toMatchObject({
      status: 'OK',
      message: 'Orders successfully completed.',
      data: { completed: [three.orderId] },
    });
    expect(await bay(3)).toMatchObject({ orderId: null, printExcelModels: [], next: three.next });
    expect(await bay(4)).toMatchObject({ orderId: four.orderId, customerId: four.customerId });
    expect(await data('GET', `/api/orders/${three.orderId}`)).toMatchObject({
      orderStatus: { type: 'Completed', closed: true },
      orderPickup: false,
      current_load: false,
      loading_bay: null,
    });
    expect(await data('GET', `/api/orders/${four.orderId}`)).toMatchObject({
      orderStatus: { closed: false },
      orderPickup: true,
      current_load: true,
      loading_bay: 4,
    });
    // A second click on the same bay: the order is no longer a load.
    const again = await complete([three.orderId]);
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toMatch(new RegExp(`^Order ${three.orderId} is not loaded in a bay`));

    // The specification's call by customer still completes that customer's loads (bay 4 now).
    const byCustomer = await S('POST', '/api/orders/modifyLoaderOrders', [four.customerId]);
    expect(byCustomer.statusCode).toBe(200);
    expect(json(byCustomer).data).toEqual({ completed: [four.orderId] });
    expect((await bay(4)).orderId).toBeNull();
  });

  it('50 clerks completing the same bay at once: exactly one succeeds, the others get 409, nothing half done', async () => {
    const e = await newOrder('Race one');
    await place([{ id: e.id, current_load: true, loading_bay: 6 }]);
    const before = await data('GET', `/api/orders/${e.id}`);
    const results = await Promise.all(Array.from({ length: 50 }, () => complete([e.id])));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(json(r).message).toMatch(new RegExp(`^Order ${e.id} is not loaded in a bay`));
    }
    const after = await data('GET', `/api/orders/${e.id}`);
    expect(after).toMatchObject({ orderStatus: { type: 'Completed' }, current_load: false, loading_bay: null });
    expect(after.version).toBe(before.version + 1); // changed once, not 50 times
  });

  it('all or nothing under contention: [F, G] and [G] at once never complete F without G', async () => {
    for (let round = 0; round < 3; round++) {
      const f = await newOrder(`Race F${round}`);
      const g = await newOrder(`Race G${round}`);
      await place([
        { id: f.id, current_load: true, loading_bay: 7 },
        { id: g.id, current_load: true, loading_bay: 8 },
      ]);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => complete(i % 2 === round % 2 ? [f.id, g.id] : [g.id])),
      );
      const winners = results
        .map((r, i) => ({ r, ids: i % 2 === round % 2 ? [f.id, g.id] : [g.id] }))
        .filter((x) => x.r.statusCode === 200);
      expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
      expect(winners).toHaveLength(1);
      const fNow = await data('GET', `/api/orders/${f.id}`);
      // F is completed exactly when the winner asked for it; otherwise it is still bay 7's load.
      if (winners[0]!.ids.includes(f.id)) expect(fNow).toMatchObject({ current_load: false, loading_bay: null });
      else {
        expect(fNow).toMatchObject({ current_load: true, loading_bay: 7 });
        await complete([f.id]);
      }
      expect(await data('GET', `/api/orders/${g.id}`)).toMatchObject({ current_load: false, loading_bay: null });
    }
  });

  it('50 clerks completing one customer by the specification call: one succeeds, the others get 409', async () => {
    const h = await newOrder('Race by customer');
    await place([{ id: h.id, current_load: true, loading_bay: 2 }]);
    const before = await data('GET', `/api/orders/${h.id}`);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => S('POST', '/api/orders/modifyLoaderOrders', [contractor])),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(49);
    expect((await data('GET', `/api/orders/${h.id}`)).version).toBe(before.version + 1);
  });
});
