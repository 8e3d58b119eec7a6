/**
 * The change history of orders and quotes (docs/architecture.md section 9) through the real API
 * on both databases: each kind of change recorded with its user, field, old and new value; a
 * change that fails leaves no record; the database refuses to change or remove a record; the
 * history outlives the document.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { engines, json, suiteApp, userApi } from './support.js';

describe.each(engines())('change history (%s)', (engine) => {
  const suite = suiteApp(engine);
  let clerk: string;
  const f: Record<string, any> = {};

  beforeAll(async () => {
    clerk = await suite.t.staff('clerk2');
    const A = suite.t.admin;
    const types = await suite.t.productTypes();
    f.customer = await A('POST', '/api/customers/create', {
      name: 'Sierra Door Installers',
      customerNo: 'C-4001',
      sectionalMultiplier: 0.9,
    });
    f.other = await A('POST', '/api/customers/create', { name: 'Hendricks Overhead Door', customerNo: 'C-1001' });
    f.pkg = await A('POST', '/api/products/create', {
      itemNo: 'PKG-1607',
      wholesalePrice: 1800,
      multiplierCategory: 'Sectional',
      productType: types['Door Package'],
    });
    f.hinge = await A('POST', '/api/products/create', {
      itemNo: 'HNG-02',
      wholesalePrice: 2.1,
      productType: types.Hardware,
    });
    f.seal = await A('POST', '/api/products/create', {
      itemNo: 'SEAL-16',
      wholesalePrice: 18,
      productType: types.Part,
    });
    f.kit = await A('POST', '/api/products/create', {
      itemNo: 'HLK-24',
      wholesalePrice: 140,
      productType: types.Hardware,
    });
    await A('POST', `/api/package/associated-parts/create/${f.pkg.id}`, { child: f.hinge.id, quantity: 8 });
    f.lift = await A('POST', `/api/package/modifiers/create/${f.pkg.id}`, {
      category: 'Lift',
      name: 'High lift',
      product: f.kit.id,
      quantity: 1,
    });
  });

  const as = (who: () => string) => userApi(() => ({ t: suite.t, cookie: who() }));
  const C = as(() => clerk);
  /** The history, newest first, as [user, action, field, from, to]. */
  const history = async (plural: string, id: number, size = 30) =>
    (await C.data('GET', `/api/${plural}/${id}/history?size=${size}`)).items.map((h: any) => [
      h.user,
      h.action,
      h.field,
      h.from,
      h.to,
    ]);

  describe.each(['order', 'quote'] as const)('%s', (kind) => {
    const plural = `${kind}s`;
    const parts = `${kind}-parts`;
    const addSub = kind === 'order' ? 'update_subpart_list' : 'update_subpart_quote_list';
    const assocNotes = kind === 'order' ? 'update-subpart-assoc-notes' : 'update-subquote-assoc-notes';

    it('records every change with who made it, what, the old and the new value, newest first', async () => {
      const doc = await C.data('POST', `/api/${plural}/create`, {
        customer: f.customer.id,
        jobName: 'Morgan residence',
      });
      const line1 = await C.data('POST', `/api/${parts}/create/${doc.id}`, { product: f.hinge.id, quantity: 4 });
      const line2 = await C.data('POST', `/api/${parts}/create/${doc.id}`, { product: f.pkg.id, quantity: 1 });
      await C.data('PUT', `/api/${parts}/update/${line1.id}`, { quantity: 6 });
      await C.data('PUT', `/api/${parts}/update/${line2.id}/price-override`, { priceOverride: 1500 });
      await C.data('PUT', `/api/${parts}/update/${line2.id}/price-override`, { priceOverride: null });
      await C.data('POST', `/api/${plural}/package-modifiers/upsert/${line2.id}`, {
        id: f.lift.id,
        notes: 'jackshaft',
        inches: '24',
      });
      const sub = await C.data('PUT', `/api/${parts}/${addSub}/${line2.id}`, { child: f.seal.id, quantity: 2 });
      const subs = await C.data('GET', `/api/${parts}/sub-parts/${line2.id}`);
      const hingeRow = subs.find((s: any) => s.product.itemNo === 'HNG-02');
      await C.data('PUT', `/api/${parts}/${assocNotes}/${line2.id}`, { rowId: hingeRow.rowId, notes: 'black' });
      await C.data('DELETE', `/api/${parts}/delete-sub/${sub.rowId}`);
      const applied = (await C.data('GET', `/api/${plural}/package-modifiers/${line2.id}`))[0];
      await C.data('DELETE', `/api/${plural}/package-modifiers/delete/${applied.id}`);
      await C.data('PUT', `/api/${plural}/update/${doc.id}`, {
        customer: f.other.id,
        jobName: 'Morgan residence - rear',
        poNumber: 'PO-77',
        useTax: true,
        version: doc.version,
        ...(kind === 'order' ? { orderStatus: 2 } : {}),
      });
      await C.data('DELETE', `/api/${parts}/delete/${line1.id}`);

      const got = await history(plural, doc.id);
      const expected: unknown[] = [
        ['clerk2', 'line-removed', 'line 1 (HNG-02)', '6', null],
        // One save's changes, newest first: the multipliers copied with the new customer, then
        // the fields in reverse of the order they are compared in.
        [
          'clerk2',
          'multipliers-refreshed',
          'multipliers',
          expect.stringContaining('sectional 0.9'),
          expect.stringContaining('sectional 1'),
        ],
        ...(kind === 'order' ? [['clerk2', 'changed', 'orderStatus', 'Open', expect.any(String)]] : []),
        ['clerk2', 'changed', 'useTax', 'no', 'yes'],
        ['clerk2', 'changed', 'poNumber', null, 'PO-77'],
        ['clerk2', 'changed', 'jobName', 'Morgan residence', 'Morgan residence - rear'],
        ['clerk2', 'changed', 'customer', 'C-4001 Sierra Door Installers', 'C-1001 Hendricks Overhead Door'],
        ['clerk2', 'modifier-removed', 'line 2 (PKG-1607)', 'High lift, 24 in, notes: jackshaft', null],
        ['clerk2', 'sub-part-removed', 'line 2 (PKG-1607)', 'SEAL-16 x 2', null],
        ['clerk2', 'sub-part-notes', 'line 2 (PKG-1607): HNG-02', null, 'notes: black'],
        ['clerk2', 'sub-part-added', 'line 2 (PKG-1607)', null, 'SEAL-16 x 2'],
        ['clerk2', 'modifier-applied', 'line 2 (PKG-1607)', null, 'High lift, 24 in, notes: jackshaft'],
        ['clerk2', 'price-override', 'line 2 (PKG-1607)', '1500.00', null],
        ['clerk2', 'price-override', 'line 2 (PKG-1607)', null, '1500.00'],
        ['clerk2', 'quantity-changed', 'line 1 (HNG-02)', '4', '6'],
        ['clerk2', 'line-added', 'line 2 (PKG-1607)', null, '1'],
        ['clerk2', 'line-added', 'line 1 (HNG-02)', null, '4'],
        ['clerk2', 'created', null, null, 'C-4001 Sierra Door Installers'],
      ];
      expect(got).toEqual(expected);

      // Each item: ISO time, user, action, field, from, to.
      const page = await C.data('GET', `/api/${plural}/${doc.id}/history?page=2&size=10`);
      expect(page).toMatchObject({ page: 2, size: 10, total: expected.length, filtered: expected.length });
      expect(page.items).toHaveLength(expected.length - 10);
      expect(Object.keys(page.items[0]).sort()).toEqual(['action', 'at', 'field', 'from', 'id', 'to', 'user']);
      expect(page.items[0]).toMatchObject({
        id: expect.any(Number),
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/),
        user: 'clerk2',
        action: got[10][1],
        field: got[10][2],
      });
    });

    it('leaves no record for a change that fails (409 stale version, 400 unknown product)', async () => {
      const doc = await C.data('POST', `/api/${plural}/create`, { customer: f.customer.id, jobName: 'A' });
      await C.data('PUT', `/api/${plural}/update/${doc.id}`, { customer: f.customer.id, jobName: 'B', version: 1 });
      const stale = await C.send('PUT', `/api/${plural}/update/${doc.id}`, {
        customer: f.customer.id,
        jobName: 'C',
        version: 1,
      });
      expect(stale.statusCode).toBe(409);
      const bad = await C.send('POST', `/api/${parts}/create/${doc.id}`, { product: 999999, quantity: 1 });
      expect(bad.statusCode).toBe(400);
      expect(await history(plural, doc.id)).toEqual([
        ['clerk2', 'changed', 'jobName', 'A', 'B'],
        ['clerk2', 'created', null, null, 'C-4001 Sierra Door Installers'],
      ]);
    });

    it('keeps the history of a deleted document, and records the duplicate on both', async () => {
      const doc = await C.data('POST', `/api/${plural}/create`, { customer: f.customer.id, jobName: 'Gone soon' });
      const copy = await C.data('POST', `/api/${plural}/duplicate/${doc.id}`, { jobName: 'The copy' });
      const label = kind === 'order' ? 'Order' : 'Quote';
      expect((await history(plural, copy.id))[0]).toEqual([
        'clerk2',
        'copied-from',
        null,
        `${label} ${doc.id}`,
        'The copy',
      ]);
      await as(() => suite.admin).data('DELETE', `/api/${plural}/delete/${doc.id}`);
      expect(await history(plural, doc.id)).toEqual([
        ['admin', 'deleted', null, 'Gone soon', null],
        ['clerk2', 'duplicated', null, null, `${label} ${copy.id}`],
        ['clerk2', 'created', null, null, 'C-4001 Sierra Door Installers'],
      ]);
      const never = await C.send('GET', `/api/${plural}/999999/history`);
      expect(never.statusCode).toBe(404);
      expect(json(never).message).toBe(`${label} 999999 does not exist.`);
    });
  });

  it('records an export on the quote and on the order it made', async () => {
    const quote = await C.data('POST', '/api/quotes/create', { customer: f.customer.id, jobName: 'Q' });
    const order = (await C.send('POST', `/api/orders/create-from-quote/${quote.id}`)).json().data;
    expect((await history('quotes', quote.id)).slice(0, 2)).toEqual([
      ['clerk2', 'changed', 'status', 'Draft', 'Accepted'],
      ['clerk2', 'exported', null, null, `Order ${order.id}`],
    ]);
    expect(await history('orders', order.id)).toEqual([['clerk2', 'exported-from', null, `Quote ${quote.id}`, null]]);
  });

  it('records customer changes (multipliers, addresses) and product changes (price, description)', async () => {
    const A = as(() => suite.admin);
    const c = await A.data('POST', '/api/customers/create', { name: 'Ortega Doors', customerNo: 'C-7001' });
    await A.data('PUT', `/api/customers/update/${c.id}`, {
      ...c,
      sectionalMultiplier: 0.85,
      streetAddress: { ...c.streetAddress, street: '12 Mill Road' },
      version: c.version,
    });
    const stale = await A.send('PUT', `/api/customers/update/${c.id}`, { ...c, name: 'Lost', version: c.version });
    expect(stale.statusCode).toBe(409);
    const customerHistory = await history('customers', c.id);
    expect(customerHistory).toEqual(
      expect.arrayContaining([
        ['admin', 'changed', 'sectionalMultiplier', '1', '0.85'],
        ['admin', 'changed', 'streetAddress.street', null, '12 Mill Road'],
      ]),
    );
    expect(customerHistory).toHaveLength(3);
    expect(customerHistory.at(-1)).toEqual(['admin', 'created', null, null, 'C-7001 Ortega Doors']);

    const p = await A.data('GET', `/api/products/${f.pkg.id}`);
    await A.data('PUT', `/api/products/update/${p.id}`, {
      ...p,
      productType: p.productType.id,
      wholesalePrice: 1845,
      itemDescription: '16x7 insulated',
      version: p.version,
    });
    expect(await history('products', p.id)).toEqual([
      ['admin', 'changed', 'wholesalePrice', '1800.00', '1845.00'],
      ['admin', 'changed', 'itemDescription', null, '16x7 insulated'],
      ['admin', 'created', null, null, 'PKG-1607'],
    ]);
  });

  it('records the bay an order is placed in, its completion, and each e-mail sent', async () => {
    const A = as(() => suite.admin);
    const c = await A.data('POST', '/api/customers/create', { name: 'Yard Co', email: 'yard@example.com' });
    const order = await C.data('POST', '/api/orders/create', { customer: c.id, jobName: 'Pickup', orderPickup: true });
    await C.data('PUT', '/api/orders/updateChosenJob', [{ id: order.id, current_load: true, loading_bay: 3 }]);
    const sent = await C.data('POST', `/api/send-emailOrder/${order.id}`, {});
    await C.data('POST', '/api/orders/completeBayOrders', { orderIds: [order.id] });
    expect((await history('orders', order.id)).slice(0, 4)).toEqual([
      ['clerk2', 'bay-completed', null, 'bay 3', null],
      ['clerk2', 'emailed', sent.subject, null, 'yard@example.com'],
      ['clerk2', 'bay-assigned', null, null, 'bay 3'],
      ['clerk2', 'changed', 'loadingBay', null, 'bay 3'],
    ]);
  });

  it('filters the lists by who changed a document', async () => {
    const A = as(() => suite.admin);
    const mine = await C.data('POST', '/api/quotes/create', { customer: f.customer.id, jobName: 'By clerk2' });
    const theirs = await A.data('POST', '/api/quotes/create', { customer: f.customer.id, jobName: 'By admin' });
    const ids = async (url: string) => (await C.data('GET', url)).items.map((d: any) => d.id);
    const byClerk = await ids('/api/quotes/?changedBy=clerk2&size=30&sort=-id');
    expect(byClerk).toContain(mine.id);
    expect(byClerk).not.toContain(theirs.id);
    const byAdmin = await ids('/api/quotes/?changedBy=admin&size=30&sort=-id');
    expect(byAdmin).toContain(theirs.id);
    expect(byAdmin).not.toContain(mine.id);
    expect(await ids('/api/orders/list/0?changedBy=nobody')).toEqual([]);
    const sorted = await C.send('GET', '/api/quotes/?sort=changedBy');
    expect(sorted.statusCode).toBe(400);
    expect(json(sorted).message).toContain('changedBy is not a column to sort by');
  });

  it('refuses to change or remove a history record in SQL', async () => {
    const db = suite.t.db.database.db;
    const before = await suite.t.rowCount('change_history');
    expect(before).toBeGreaterThan(0);
    await expect(sql`update change_history set username = 'someone else'`.execute(db)).rejects.toThrow(
      /cannot be changed or removed/,
    );
    await expect(sql`delete from change_history`.execute(db)).rejects.toThrow(/cannot be changed or removed/);
    if (engine === 'postgres')
      await expect(sql`truncate change_history`.execute(db)).rejects.toThrow(/cannot be changed or removed/);
    expect(await suite.t.rowCount('change_history')).toBe(before);
  });
  /**
   * The order's 20 history records that `keep` picks, oldest first, checked to form one chain:
   * each starts from the value the one before left.
   */
  const historyChain = async (orderId: number, keep: (h: any) => boolean) => {
    const history = await as(() => suite.admin).data('GET', `/api/orders/${orderId}/history?size=30`);
    const items = history.items.filter(keep).reverse();
    expect(items).toHaveLength(20);
    for (let i = 1; i < items.length; i++) expect(items[i].from).toBe(items[i - 1].to);
    return items;
  };
  it('20 saves at once without a version: each record starts from what the one before left', async () => {
    const A = as(() => suite.admin);
    const doc = await A.data('POST', '/api/orders/create', { customer: f.customer.id, jobName: 'Race 0' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        A.send('PUT', `/api/orders/update/${doc.id}`, { customer: f.customer.id, jobName: `Race ${i + 1}` }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    // A chain: Race 0 -> a -> b -> ... ; never two records from the same value.
    const items = await historyChain(doc.id, (h) => h.field === 'jobName');
    expect(items[0].from).toBe('Race 0');
    const saved = await A.data('GET', `/api/orders/${doc.id}`);
    expect(saved.jobName).toBe(items.at(-1).to);
  });
  it('20 quantity changes of one line at once: each record starts from the quantity the one before left', async () => {
    const A = as(() => suite.admin);
    const doc = await A.data('POST', '/api/orders/create', { customer: f.customer.id, jobName: 'Quantity race' });
    const line = await A.data('POST', `/api/order-parts/create/${doc.id}`, { product: f.hinge.id, quantity: 1 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => A.send('PUT', `/api/order-parts/update/${line.id}`, { quantity: i + 2 })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    const items = await historyChain(doc.id, (h) => h.action === 'quantity-changed');
    expect(items[0].from).toBe('1');
  });
});
