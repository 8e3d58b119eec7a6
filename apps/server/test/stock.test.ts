/**
 * Stock (docs/stock.md): vendor order lines and receiving, what orders need (a package by its
 * parts) promised oldest first, pickups on completion and give-backs on reopening, adjustments,
 * counts and reorder; GET /api/stock/check stays empty after every step.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../src/modules/import/import.file.js';
import { hasPdftotext, pdfText } from './pdf-text.js';
import { engines, json, suiteApp, userApi } from './support.js';

describe.each(engines())('stock (%s)', (engine) => {
  const suite = suiteApp(engine);
  let staff: string;
  const A = userApi(() => ({ t: suite.t, cookie: suite.admin }));
  const S = userApi(() => ({ t: suite.t, cookie: staff }));
  const f: Record<string, any> = {};

  const check = async () => expect((await A.data('GET', '/api/stock/check')).mismatches).toEqual([]);
  const stockOf = (productId: number) => A.data('GET', `/api/stock/${productId}`);
  const adjust = (productId: number, quantity: number, key?: string) =>
    A.send(
      'POST',
      '/api/stock/adjustments',
      { productId, quantity, reason: 'initial' },
      key ? { 'idempotency-key': key } : {},
    );
  /** A plain part of the test's own (wholesale 1), for a test that needs a shelf no other test touches. */
  const newPart = async (itemNo: string) => {
    const types = await suite.t.productTypes();
    return A.data('POST', '/api/products/create', { itemNo, wholesalePrice: 1, productType: types.Part });
  };
  const status = (type: string) => f.statuses.find((s: any) => s.type === type);
  const setStatus = async (orderId: number, type: string) => {
    const order = await S.data('GET', `/api/orders/${orderId}`);
    return S.data('PUT', `/api/orders/update/${orderId}`, {
      ...order,
      customer: order.customer.id,
      orderStatus: status(type),
    });
  };
  const newOrder = async (lines: Array<[number, number]>) => {
    const o = await S.data('POST', '/api/orders/create', { customer: f.customer.id, jobName: 'Stock test' });
    const made = [];
    for (const [product, quantity] of lines)
      made.push(await S.data('POST', `/api/order-parts/create/${o.id}`, { product, quantity }));
    return { id: o.id as number, lines: made };
  };

  beforeAll(async () => {
    staff = await suite.t.staff('clerk');
    const types = await suite.t.productTypes();
    const product = (itemNo: string, type: string) =>
      A.data('POST', '/api/products/create', { itemNo, wholesalePrice: 10, productType: types[type] });
    f.customer = await A.data('POST', '/api/customers/create', { name: 'Shelf Co' });
    f.track = await product('TRK-16', 'Part');
    f.spring = await product('SPR-250', 'Spring');
    f.hinge = await product('HNG-02', 'Hardware');
    f.opener = await product('OPN-1', 'Opener');
    f.pkg = await product('PKG-16', 'Door Package');
    await A.data('POST', `/api/package/associated-parts/create/${f.pkg.id}`, { child: f.track.id, quantity: 2 });
    await A.data('POST', `/api/package/associated-parts/create/${f.pkg.id}`, { child: f.hinge.id, quantity: 4 });
    f.mod = await A.data('POST', `/api/package/modifiers/create/${f.pkg.id}`, {
      category: 'Springs',
      name: 'Spring pair',
      product: f.spring.id,
      quantity: 2,
    });
    f.statuses = await A.data('GET', '/api/dropdown/order-status');
  });

  describe('vendor order lines and receiving', () => {
    it('adds, edits and removes lines; refuses a package; receives line by line until Received', async () => {
      const vo = await S.data('POST', '/api/vendor-orders/create', {
        name: 'Springs #1',
        estimatedArrival: '2026-12-04',
      });
      const pkgLine = await S.send('POST', `/api/vendor-orders/${vo.id}/lines`, { productId: f.pkg.id, quantity: 1 });
      expect(pkgLine.statusCode).toBe(400);
      expect(json(pkgLine).message).toContain('PKG-16 is a package');
      const a = await S.data('POST', `/api/vendor-orders/${vo.id}/lines`, {
        productId: f.spring.id,
        quantity: 10,
        unitCostCents: 2150,
      });
      const b = await S.data('POST', `/api/vendor-orders/${vo.id}/lines`, { productId: f.track.id, quantity: 4 });
      expect(a).toMatchObject({
        itemNo: 'SPR-250',
        quantity: 10,
        receivedQuantity: 0,
        outstanding: 10,
        unitCostCents: 2150,
      });
      const extra = await S.data('POST', `/api/vendor-orders/${vo.id}/lines`, { productId: f.hinge.id, quantity: 1 });
      expect((await S.send('DELETE', `/api/vendor-orders/lines/${extra.id}`)).statusCode).toBe(200);
      expect((await stockOf(f.spring.id)).onOrder).toBe(10);
      expect((await stockOf(f.spring.id)).nextArrival).toBe('2026-12-04');

      const over = await S.send('POST', `/api/vendor-orders/${vo.id}/receive`, {
        lines: [
          { lineId: a.id, quantity: 4 },
          { lineId: b.id, quantity: 5 },
        ],
      });
      expect(over.statusCode).toBe(409);
      expect(json(over).message).toBe(
        'Line 2 (TRK-16): 5 received but 4 outstanding. Nothing was received; confirm to receive more than ordered.',
      );
      expect((await stockOf(f.spring.id)).onHand).toBe(0);

      const first = await S.send(
        'POST',
        `/api/vendor-orders/${vo.id}/receive`,
        { lines: [{ lineId: a.id, quantity: 4 }], note: 'first pallet' },
        { 'idempotency-key': 'recv-1' },
      );
      expect(first.statusCode).toBe(201);
      expect(json(first).data).toMatchObject({
        vendorOrderStatus: 'Ordered',
        lines: [{ lineId: a.id, receivedQuantity: 4, outstanding: 6 }],
      });
      // The same key again answers the first receipt and receives nothing more.
      const again = await S.send(
        'POST',
        `/api/vendor-orders/${vo.id}/receive`,
        { lines: [{ lineId: a.id, quantity: 4 }], note: 'first pallet' },
        { 'idempotency-key': 'recv-1' },
      );
      expect(json(again).data.receiptId).toBe(json(first).data.receiptId);
      expect((await stockOf(f.spring.id)).onHand).toBe(4);

      const below = await S.send('PUT', `/api/vendor-orders/lines/${a.id}`, { quantity: 3 });
      expect(below.statusCode).toBe(409);
      expect(json(below).message).toBe('Line 1 (SPR-250) has received 4: its quantity cannot be less.');
      expect((await S.send('DELETE', `/api/vendor-orders/lines/${a.id}`)).statusCode).toBe(409);

      const rest = await S.data('POST', `/api/vendor-orders/${vo.id}/receive`, {
        lines: [
          { lineId: a.id, quantity: 6 },
          { lineId: b.id, quantity: 4 },
        ],
      });
      expect(rest.vendorOrderStatus).toBe('Received');
      const after = await S.data('GET', `/api/vendor-orders/${vo.id}`);
      expect(after.status).toBe('Received');
      expect(after.receivedDate).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect(await stockOf(f.spring.id)).toMatchObject({ onHand: 10, onOrder: 0, nextArrival: null });
      const moves = await S.data('GET', `/api/stock/${f.spring.id}/moves`);
      expect(moves.items.map((m: any) => [m.kind, m.quantity, m.onHandAfter, m.refKind, m.refId])).toEqual([
        ['receipt', 6, 10, 'vendor-order', vo.id],
        ['receipt', 4, 4, 'vendor-order', vo.id],
      ]);
      expect(moves.items[1]).toMatchObject({ note: 'first pallet', username: 'clerk' });
      // A vendor order with received goods is kept.
      expect((await A.send('DELETE', `/api/vendor-orders/delete/${vo.id}`)).statusCode).toBe(409);
      await check();
    });

    it('receives 50 identical requests with one Idempotency-Key once', async () => {
      const vo = await S.data('POST', '/api/vendor-orders/create', { name: 'Openers #2' });
      const line = await S.data('POST', `/api/vendor-orders/${vo.id}/lines`, { productId: f.opener.id, quantity: 5 });
      const before = (await stockOf(f.opener.id)).onHand;
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          S.send(
            'POST',
            `/api/vendor-orders/${vo.id}/receive`,
            { lines: [{ lineId: line.id, quantity: 2 }] },
            { 'idempotency-key': 'same-receipt' },
          ),
        ),
      );
      const ok = answers.filter((r) => r.statusCode === 201);
      expect(ok.length + answers.filter((r) => r.statusCode === 409).length).toBe(50);
      expect(new Set(ok.map((r) => json(r).data.receiptId)).size).toBe(1);
      expect((await stockOf(f.opener.id)).onHand).toBe(before + 2);
      await check();
    });
  });

  describe('what orders need and what covers them', () => {
    it('needs a package by its parts and modifiers, promised oldest first', async () => {
      const base = (await stockOf(f.hinge.id)).onHand;
      await adjust(f.hinge.id, 10 - base);
      // Order 1: a package line of 2 doors (2 x (2 tracks, 4 hinges)) with the spring pair modifier.
      const one = await newOrder([[f.pkg.id, 2]]);
      await S.data('POST', `/api/orders/package-modifiers/upsert/${one.lines[0].id}`, { id: f.mod.id });
      // Order 2: 3 hinges on their own.
      const two = await newOrder([[f.hinge.id, 3]]);
      const a1 = await S.data('GET', `/api/orders/${one.id}/availability`);
      const hinge1 = a1.lines.find((l: any) => l.itemNo === 'HNG-02');
      expect(hinge1).toMatchObject({ required: 8, covered: 8, short: 0, onHand: 10 });
      expect(a1.lines.map((l: any) => l.itemNo)).toEqual(['HNG-02', 'SPR-250', 'TRK-16']);
      expect(a1.lines.find((l: any) => l.itemNo === 'SPR-250').required).toBe(4);
      const a2 = await S.data('GET', `/api/orders/${two.id}/availability`);
      expect(a2).toEqual({
        ready: false,
        lines: [expect.objectContaining({ itemNo: 'HNG-02', required: 3, covered: 2, short: 1 })],
      });
      expect(await stockOf(f.hinge.id)).toMatchObject({ onHand: 10, reserved: 11, available: -1 });
      // A sub-part removed on order 1 frees hinges for order 2.
      const subs = await S.data('GET', `/api/order-parts/sub-parts/${one.lines[0].id}`);
      const hingeRow = subs.find((s: any) => s.product.itemNo === 'HNG-02');
      await S.data('DELETE', `/api/order-parts/delete-sub/${hingeRow.rowId}`);
      expect((await S.data('GET', `/api/orders/${two.id}/availability`)).ready).toBe(true);
      // A package is listed nowhere in the stock list and answers how many it can make.
      const pkg = await stockOf(f.pkg.id);
      expect(pkg).toMatchObject({ isPackage: true });
      expect(pkg.parts.map((p: any) => p.itemNo)).toEqual(['TRK-16', 'HNG-02']);
      // A quote needs nothing, and is answered as if placed now.
      const q = await S.data('POST', '/api/quotes/create', { customer: f.customer.id });
      await S.data('POST', `/api/quote-parts/create/${q.id}`, { product: f.hinge.id, quantity: 8 });
      const qa = await S.data('GET', `/api/quotes/${q.id}/availability`);
      expect(qa.lines[0]).toMatchObject({ required: 8, covered: 7, short: 1 });
      await check();
      for (const id of [one.id, two.id]) await A.data('DELETE', `/api/orders/delete/${id}`);
      expect((await stockOf(f.hinge.id)).reserved).toBe(0);
      await check();
    });

    it('takes the goods off the shelf on completion and gives them back when reopened; cancelling releases', async () => {
      const start = (await stockOf(f.track.id)).onHand;
      const o = await newOrder([[f.track.id, 3]]);
      expect((await stockOf(f.track.id)).reserved).toBe(3);
      await setStatus(o.id, 'Completed');
      expect(await stockOf(f.track.id)).toMatchObject({ onHand: start - 3, reserved: 0 });
      await setStatus(o.id, 'Open');
      expect(await stockOf(f.track.id)).toMatchObject({ onHand: start, reserved: 3 });
      await setStatus(o.id, 'Cancelled');
      expect(await stockOf(f.track.id)).toMatchObject({ onHand: start, reserved: 0 });
      const kinds = (await S.data('GET', `/api/stock/${f.track.id}/moves`)).items.slice(0, 2).map((m: any) => m.kind);
      expect(kinds).toEqual(['reopen', 'pickup']);
      await check();
    });

    it('lets a pickup take on hand below zero and marks the product count needed', async () => {
      const start = (await stockOf(f.opener.id)).onHand;
      const o = await newOrder([[f.opener.id, start + 2]]);
      await setStatus(o.id, 'Ready for Pickup');
      await S.data('PUT', '/api/orders/updateChosenJob', [{ id: o.id, current_load: true, loading_bay: 3 }]);
      const pickup = (await S.data('GET', '/api/orders/list/pickup_ready')).find((r: any) => r.id === o.id);
      expect(pickup.stock).toEqual({ ready: false, short: 2 });
      expect((await S.send('POST', '/api/orders/completeBayOrders', { orderIds: [o.id] })).statusCode).toBe(200);
      expect(await stockOf(f.opener.id)).toMatchObject({ onHand: -2, countNeeded: true, reserved: 0 });
      const listed = await S.data('GET', '/api/stock?countNeeded=1');
      expect(listed.items.map((r: any) => r.itemNo)).toEqual(['OPN-1']);
      // What arrives is never refused, even while on hand is still below zero.
      expect((await adjust(f.opener.id, 1)).statusCode).toBe(201);
      expect((await stockOf(f.opener.id)).onHand).toBe(-1);
      expect((await adjust(f.opener.id, -1)).statusCode).toBe(409);
      await check();
    });
  });

  describe('adjustments, counts and reorder', () => {
    it('refuses staff and anything below zero, in words', async () => {
      const staffTry = await S.send('POST', '/api/stock/adjustments', {
        productId: f.hinge.id,
        quantity: 1,
        reason: 'found',
      });
      expect(staffTry.statusCode).toBe(403);
      const onHand = (await stockOf(f.hinge.id)).onHand;
      const below = await adjust(f.hinge.id, -(onHand + 1));
      expect(below.statusCode).toBe(409);
      expect(json(below).message).toBe(
        `HNG-02 has ${onHand} on hand: taking ${onHand + 1} would leave less than none. Nothing was changed.`,
      );
      const pkg = await adjust(f.pkg.id, 1);
      expect(pkg.statusCode).toBe(400);
      expect(json(pkg).message).toContain('PKG-16 is a package');
    });

    it('counts from start to apply, keeping what moved meanwhile; applying twice is refused', async () => {
      await adjust(f.spring.id, 20 - (await stockOf(f.spring.id)).onHand);
      const count = await S.data('POST', '/api/stock/counts', { itemNoPrefix: 'spr' });
      expect(count.lines).toEqual([expect.objectContaining({ itemNo: 'SPR-250', expected: 20, counted: null })]);
      const sheet = await S.send('GET', `/api/stock/counts/${count.id}/sheet.pdf`);
      expect(sheet.statusCode).toBe(200);
      expect(sheet.headers['content-type']).toBe('application/pdf');
      if (hasPdftotext) {
        const text = pdfText(sheet.rawPayload);
        expect(text).toContain(`Count ${count.id}`);
        expect(text).toMatch(/SPR-250\s+20/);
      }
      await adjust(f.spring.id, -5); // sold meanwhile: 15 on hand
      await S.data('PUT', `/api/stock/counts/${count.id}`, { lines: [{ productId: f.spring.id, counted: 18 }] });
      expect((await S.send('POST', `/api/stock/counts/${count.id}/apply`)).statusCode).toBe(403);
      const applied = await A.data('POST', `/api/stock/counts/${count.id}/apply`);
      expect(applied.lines).toEqual([
        { productId: f.spring.id, expected: 20, counted: 18, variance: -2, onHandAfter: 13 },
      ]);
      expect((await A.send('POST', `/api/stock/counts/${count.id}/apply`)).statusCode).toBe(409);
      expect((await S.data('GET', '/api/stock/counts'))[0]).toMatchObject({
        id: count.id,
        state: 'applied',
        countedCount: 1,
      });
      await check();
    });

    it('suggests what to reorder and turns it into a vendor order in one step', async () => {
      await S.data('PUT', `/api/stock/${f.track.id}/reorder`, { reorderPoint: 100, reorderQuantity: 40 });
      const list = await S.data('GET', '/api/stock/reorder');
      const row = list.find((r: any) => r.productId === f.track.id);
      expect(row.suggested).toBe(Math.max(40, 100 - (row.available + row.onOrder)));
      const vo = await S.send('POST', '/api/stock/reorder', {
        name: 'Reorder Dec',
        lines: [{ productId: f.track.id, quantity: row.suggested }],
      });
      expect(vo.statusCode).toBe(201);
      const lines = await S.data('GET', `/api/vendor-orders/${json(vo).data.id}/lines`);
      expect(lines).toEqual([expect.objectContaining({ productId: f.track.id, quantity: row.suggested })]);
      expect((await S.data('GET', '/api/stock/reorder')).some((r: any) => r.productId === f.track.id)).toBe(false);
    });
  });

  it('gives a new part and its duplicate a level row at zero: both in the list, the check empty', async () => {
    const part = await newPart('LVL-NEW-1');
    const copy = await A.data('POST', `/api/products/duplicate/${part.id}`, { itemNo: 'LVL-NEW-2' });
    const page = await S.data('GET', '/api/stock?itemNo=LVL-NEW&sort=itemNo');
    expect(page.items.map((r: any) => [r.itemNo, r.onHand, r.reserved, r.available])).toEqual([
      ['LVL-NEW-1', 0, 0, 0],
      ['LVL-NEW-2', 0, 0, 0],
    ]);
    expect(copy.id).not.toBe(part.id);
    await check();
  });

  it('exports the stock list as the page filters it (csv)', async () => {
    const res = await S.send('GET', '/api/export/stock.csv?itemNo=SPR-250');
    expect(res.statusCode).toBe(200);
    const [header, row, ...rest] = parseCsv(res.body.replace(/^\uFEFF/, ''), ',');
    expect(header).toEqual([
      'Product ID',
      'Item No',
      'Item Description',
      'Product Type',
      'On Hand',
      'Reserved',
      'Available',
      'On Order',
      'Next Arrival',
      'Reorder Point',
      'Reorder Quantity',
      'Count Needed',
    ]);
    const stock = await stockOf(f.spring.id);
    expect(row).toEqual(
      [f.spring.id, 'SPR-250', '', 'Spring', stock.onHand, stock.reserved, stock.available, stock.onOrder]
        .concat([stock.nextArrival ?? '', stock.reorderPoint, stock.reorderQuantity, 'no'])
        .map(String),
    );
    expect(rest.filter((r) => r.some(Boolean))).toEqual([]);
  });

  describe('under load', () => {
    it('50 orders at once each needing the last 5 units: 5 covered in all, the rest short', async () => {
      const last = await newPart('LAST-5');
      expect((await adjust(last.id, 5)).statusCode).toBe(201);
      const orders = await Promise.all(
        Array.from({ length: 50 }, () => S.data('POST', '/api/orders/create', { customer: f.customer.id })),
      );
      const added = await Promise.all(
        orders.map((o) => S.send('POST', `/api/order-parts/create/${o.id}`, { product: last.id, quantity: 5 })),
      );
      expect(added.map((r) => r.statusCode)).toEqual(added.map(() => 201));
      const covered = await Promise.all(orders.map((o) => S.data('GET', `/api/orders/${o.id}/availability`)));
      const sum = covered.reduce((n, a) => n + a.lines[0].covered, 0);
      expect(sum).toBe(5);
      expect(covered.filter((a) => a.ready)).toHaveLength(1);
      expect(await stockOf(last.id)).toMatchObject({ onHand: 5, reserved: 250, available: -245 });
      await check();
    });

    it('keeps on hand equal to the ledger with receipts, pickups, adjustments and a count racing', async () => {
      const p = await newPart('RACE-1');
      await adjust(p.id, 50);
      const vo = await S.data('POST', '/api/vendor-orders/create', { name: 'Race #1' });
      const line = await S.data('POST', `/api/vendor-orders/${vo.id}/lines`, { productId: p.id, quantity: 100 });
      const count = await S.data('POST', '/api/stock/counts', { productIds: [p.id] });
      await S.data('PUT', `/api/stock/counts/${count.id}`, { lines: [{ productId: p.id, counted: 52 }] });
      const orders = [];
      for (let i = 0; i < 5; i++) orders.push(await newOrder([[p.id, 2]]));
      await Promise.all([
        ...Array.from({ length: 10 }, () =>
          S.send('POST', `/api/vendor-orders/${vo.id}/receive`, { lines: [{ lineId: line.id, quantity: 1 }] }),
        ),
        ...orders.map((o) => setStatus(o.id, 'Completed')),
        ...Array.from({ length: 10 }, () => adjust(p.id, 1)),
        A.send('POST', `/api/stock/counts/${count.id}/apply`),
      ]);
      // 50 + 10 received - 10 picked up + 10 adjusted + 2 counted over.
      expect((await stockOf(p.id)).onHand).toBe(62);
      await check();
    });
  });
});
