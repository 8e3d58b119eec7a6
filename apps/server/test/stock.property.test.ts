/**
 * The stock ledger's check under random work (docs/stock.md): random sequences of cart edits,
 * sub-part edits, modifier toggles, completions, cancellations, reopenings, deletes, receipts,
 * adjustments and counts, some sent at once, never answer a 500 and keep GET /api/stock/check
 * empty.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { engines, suiteApp, userApi } from './support.js';

type Op =
  | { op: 'order' }
  | { op: 'line'; order: number; product: number; quantity: number }
  | { op: 'quantity'; order: number; line: number; quantity: number }
  | { op: 'dropLine'; order: number; line: number }
  | { op: 'subPart'; order: number; line: number; product: number; quantity: number }
  | { op: 'dropSubPart'; order: number; line: number; row: number }
  | { op: 'modifier'; order: number; line: number }
  | { op: 'status'; order: number; status: number }
  | { op: 'deleteOrder'; order: number }
  | { op: 'receive'; product: number; quantity: number }
  | { op: 'adjust'; product: number; quantity: number }
  | { op: 'count'; product: number; counted: number };

const STATUSES = ['Open', 'In Progress', 'Ready for Pickup', 'Completed', 'Cancelled'];

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.constant({ op: 'order' as const }),
  fc.record({
    op: fc.constant('line' as const),
    order: fc.nat(9),
    product: fc.nat(4),
    quantity: fc.integer({ min: 1, max: 6 }),
  }),
  fc.record({
    op: fc.constant('quantity' as const),
    order: fc.nat(9),
    line: fc.nat(4),
    quantity: fc.integer({ min: 1, max: 6 }),
  }),
  fc.record({ op: fc.constant('dropLine' as const), order: fc.nat(9), line: fc.nat(4) }),
  fc.record({
    op: fc.constant('subPart' as const),
    order: fc.nat(9),
    line: fc.nat(4),
    product: fc.nat(2),
    quantity: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ op: fc.constant('dropSubPart' as const), order: fc.nat(9), line: fc.nat(4), row: fc.nat(4) }),
  fc.record({ op: fc.constant('modifier' as const), order: fc.nat(9), line: fc.nat(4) }),
  fc.record({ op: fc.constant('status' as const), order: fc.nat(9), status: fc.nat(STATUSES.length - 1) }),
  fc.record({ op: fc.constant('deleteOrder' as const), order: fc.nat(9) }),
  fc.record({ op: fc.constant('receive' as const), product: fc.nat(2), quantity: fc.integer({ min: 1, max: 8 }) }),
  fc.record({ op: fc.constant('adjust' as const), product: fc.nat(2), quantity: fc.integer({ min: -6, max: 8 }) }),
  fc.record({ op: fc.constant('count' as const), product: fc.nat(2), counted: fc.nat(12) }),
);

describe.each(engines())('stock under random work (%s)', (engine) => {
  const suite = suiteApp(engine);
  const A = userApi(() => ({ t: suite.t, cookie: suite.admin }));
  const f: Record<string, any> = {};

  beforeAll(async () => {
    const types = await suite.t.productTypes();
    const product = (itemNo: string, type: string) =>
      A.data('POST', '/api/products/create', { itemNo, wholesalePrice: 5, productType: types[type] });
    f.customer = await A.data('POST', '/api/customers/create', { name: 'Random Doors' });
    f.parts = [await product('P-TRK', 'Part'), await product('P-SPR', 'Spring'), await product('P-HNG', 'Hardware')];
    f.pkg = await product('P-PKG', 'Door Package');
    await A.data('POST', `/api/package/associated-parts/create/${f.pkg.id}`, { child: f.parts[0].id, quantity: 2 });
    await A.data('POST', `/api/package/associated-parts/create/${f.pkg.id}`, { child: f.parts[2].id, quantity: 3 });
    f.mod = await A.data('POST', `/api/package/modifiers/create/${f.pkg.id}`, {
      category: 'Springs',
      name: 'Pair',
      product: f.parts[1].id,
      quantity: 2,
    });
    f.statuses = await A.data('GET', '/api/dropdown/order-status');
    f.vo = await A.data('POST', '/api/vendor-orders/create', { name: 'Random supply' });
    f.voLines = [];
    for (const p of f.parts)
      f.voLines.push(
        await A.data('POST', `/api/vendor-orders/${f.vo.id}/lines`, { productId: p.id, quantity: 100_000 }),
      );
  });

  /** Runs one step; answers its HTTP status (a refusal is fine, a 500 never). */
  async function run(step: Op, orders: number[]): Promise<number> {
    const pick = <T>(list: T[], i: number) => (list.length ? list[i % list.length] : undefined);
    const order = 'order' in step ? pick(orders, step.order) : undefined;
    const lines = async () => (order === undefined ? [] : await A.data('GET', `/api/order-parts/${order}`));
    const lineOf = async (i: number) => pick(await lines(), i) as { id: number } | undefined;
    switch (step.op) {
      case 'order': {
        const r = await A.send('POST', '/api/orders/create', { customer: f.customer.id });
        if (r.statusCode === 201) orders.push(JSON.parse(r.body).data.id);
        return r.statusCode;
      }
      case 'line': {
        if (order === undefined) return 0;
        const product = step.product >= 3 ? f.pkg.id : f.parts[step.product].id;
        return (await A.send('POST', `/api/order-parts/create/${order}`, { product, quantity: step.quantity }))
          .statusCode;
      }
      case 'quantity': {
        const line = await lineOf(step.line);
        if (!line) return 0;
        return (await A.send('PUT', `/api/order-parts/update/${line.id}`, { quantity: step.quantity })).statusCode;
      }
      case 'dropLine': {
        const line = await lineOf(step.line);
        return line ? (await A.send('DELETE', `/api/order-parts/delete/${line.id}`)).statusCode : 0;
      }
      case 'subPart': {
        const line = await lineOf(step.line);
        if (!line) return 0;
        const child = f.parts[step.product].id;
        return (
          await A.send('PUT', `/api/order-parts/update_subpart_list/${line.id}`, { child, quantity: step.quantity })
        ).statusCode;
      }
      case 'dropSubPart': {
        const line = await lineOf(step.line);
        if (!line) return 0;
        const subs = await A.send('GET', `/api/order-parts/sub-parts/${line.id}`);
        const row = pick(JSON.parse(subs.body).data ?? [], step.row) as { rowId: number } | undefined;
        return row ? (await A.send('DELETE', `/api/order-parts/delete-sub/${row.rowId}`)).statusCode : 0;
      }
      case 'modifier': {
        const line = await lineOf(step.line);
        if (!line) return 0;
        const applied = JSON.parse((await A.send('GET', `/api/orders/package-modifiers/${line.id}`)).body).data ?? [];
        if (applied.length)
          return (await A.send('DELETE', `/api/orders/package-modifiers/delete/${applied[0].id}`)).statusCode;
        return (await A.send('POST', `/api/orders/package-modifiers/upsert/${line.id}`, { id: f.mod.id })).statusCode;
      }
      case 'status': {
        if (order === undefined) return 0;
        const r = await A.send('GET', `/api/orders/${order}`);
        if (r.statusCode !== 200) return r.statusCode;
        const o = JSON.parse(r.body).data;
        const orderStatus = f.statuses.find((s: any) => s.type === STATUSES[step.status]);
        return (await A.send('PUT', `/api/orders/update/${order}`, { ...o, customer: o.customer.id, orderStatus }))
          .statusCode;
      }
      case 'deleteOrder': {
        if (order === undefined) return 0;
        orders.splice(orders.indexOf(order), 1);
        return (await A.send('DELETE', `/api/orders/delete/${order}`)).statusCode;
      }
      case 'receive': {
        const lineId = f.voLines[step.product].id;
        return (
          await A.send('POST', `/api/vendor-orders/${f.vo.id}/receive`, {
            lines: [{ lineId, quantity: step.quantity }],
          })
        ).statusCode;
      }
      case 'adjust': {
        if (step.quantity === 0) return 0;
        const productId = f.parts[step.product].id;
        return (
          await A.send('POST', '/api/stock/adjustments', { productId, quantity: step.quantity, reason: 'correction' })
        ).statusCode;
      }
      case 'count': {
        const productId = f.parts[step.product].id;
        const started = await A.send('POST', '/api/stock/counts', { productIds: [productId] });
        if (started.statusCode !== 201) return started.statusCode;
        const id = JSON.parse(started.body).data.id;
        await A.send('PUT', `/api/stock/counts/${id}`, { lines: [{ productId, counted: step.counted }] });
        return (await A.send('POST', `/api/stock/counts/${id}/apply`)).statusCode;
      }
    }
  }

  it('keeps the check empty over random sequences, steps run one by one and some at once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(opArb, fc.boolean()), { minLength: 5, maxLength: 30 }), async (steps) => {
        const orders: number[] = [];
        const statuses: number[] = [];
        let batch: Op[] = [];
        const flush = async () => {
          statuses.push(...(await Promise.all(batch.map((s) => run(s, orders)))));
          batch = [];
        };
        for (const [step, atOnce] of steps) {
          batch.push(step);
          if (!atOnce) await flush();
        }
        await flush();
        expect(statuses.filter((s) => s >= 500)).toEqual([]);
        expect((await A.data('GET', '/api/stock/check')).mismatches).toEqual([]);
      }),
      { numRuns: 12, seed: 3301, endOnFailure: true },
    );
  }, 240_000);
});
