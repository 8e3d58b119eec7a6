/**
 * Rules of a document found on a counter day (issue 36), through the real API on both databases:
 * deleting orders and quotes is for administrators (staff cancel an order instead); an Accepted
 * (exported) quote is read-only like an earlier revision; a negative price override is told so;
 * one quantity limit from the domain; Pickup Ready and the Ready for Pickup status agree.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { QUANTITY_MAX } from '@desk/domain';
import { engines, json, suiteApp, userApi } from './support.js';

describe.each(engines())('document rules (%s)', (engine) => {
  const suite = suiteApp(engine);
  let staff: string;
  const f: Record<string, any> = {};
  const A = userApi(() => ({ t: suite.t, cookie: suite.admin }));
  const S = userApi(() => ({ t: suite.t, cookie: staff }));

  beforeAll(async () => {
    staff = await suite.t.staff('clerk');
    const types = await suite.t.productTypes();
    f.customer = await A.data('POST', '/api/customers/create', { name: 'Lopez Doors', email: 'lopez@example.com' });
    f.part = await A.data('POST', '/api/products/create', {
      itemNo: 'SEAL-16',
      wholesalePrice: 18,
      productType: types.Part,
    });
    f.pkg = await A.data('POST', '/api/products/create', {
      itemNo: 'PKG-1607',
      wholesalePrice: 900,
      productType: types.Package,
    });
    f.statuses = await A.data('GET', '/api/dropdown/order-status');
  });

  /** Staff save the order as it was read, with these changes (its customer sent as the id). */
  const saveOrder = (order: { id: number }, changes: object) =>
    S.data('PUT', `/api/orders/update/${order.id}`, { ...order, customer: f.customer.id, ...changes });
  const status = (type: string) => f.statuses.find((s: any) => s.type === type);

  describe('deleting orders and quotes (defect 15)', () => {
    it('refuses staff with 403 in words and keeps the document; an administrator deletes', async () => {
      for (const kind of ['orders', 'quotes'] as const) {
        const doc = await S.data('POST', `/api/${kind}/create`, { customer: f.customer.id, jobName: 'Keep me' });
        const refused = await S.send('DELETE', `/api/${kind}/delete/${doc.id}`);
        expect(refused.statusCode).toBe(403);
        expect(json(refused).message).toBe('This needs an administrator.');
        expect((await S.send('GET', `/api/${kind}/${doc.id}`)).statusCode).toBe(200);
        expect((await A.send('DELETE', `/api/${kind}/delete/${doc.id}`)).statusCode).toBe(200);
        expect((await A.send('GET', `/api/${kind}/${doc.id}`)).statusCode).toBe(404);
      }
    });

    it('lets staff cancel an order instead: closed, out of its bay, listed with the closed orders', async () => {
      const order = await S.data('POST', '/api/orders/create', { customer: f.customer.id, jobName: 'Cancel me' });
      const cancelled = await saveOrder(order, { orderStatus: status('Cancelled') });
      expect(cancelled.orderStatus).toMatchObject({ type: 'Cancelled', closed: true });
      const closed = (await S.data('GET', '/api/orders/list/1')).map((o: any) => o.id);
      expect(closed).toContain(order.id);
    });
  });

  describe('an Accepted (exported) quote is read-only (defect 3)', () => {
    it('refuses every change to its header, lines and modifiers with 409 saying to revise; a revision changes', async () => {
      const q = await S.data('POST', '/api/quotes/create', { customer: f.customer.id, jobName: 'Accepted job' });
      const line = await S.data('POST', `/api/quote-parts/create/${q.id}`, { product: f.part.id, quantity: 2 });
      const pkgLine = await S.data('POST', `/api/quote-parts/create/${q.id}`, { product: f.pkg.id, quantity: 1 });
      const order = await S.data('POST', `/api/orders/create-from-quote/${q.id}`);
      const accepted = await S.data('GET', `/api/quotes/${q.id}`);
      expect(accepted.status).toBe('Accepted');
      const message = `Quote ${q.id} was accepted (exported to order ${order.id}) and is read-only: revise it to change it.`;

      const attempts = [
        S.send('PUT', `/api/quotes/update/${q.id}`, {
          customer: f.customer.id,
          jobName: 'Changed after',
          version: accepted.version,
        }),
        S.send('POST', `/api/quote-parts/create/${q.id}`, { product: f.part.id, quantity: 1 }),
        S.send('PUT', `/api/quote-parts/update/${line.id}`, { quantity: 9 }),
        S.send('PUT', `/api/quote-parts/update/${line.id}/price-override`, { priceOverride: 1 }),
        S.send('DELETE', `/api/quote-parts/delete/${line.id}`),
        S.send('PUT', `/api/quote-parts/update_subpart_quote_list/${pkgLine.id}`, { child: f.part.id, quantity: 1 }),
      ];
      for (const r of await Promise.all(attempts)) {
        expect(r.statusCode, r.body).toBe(409);
        expect(json(r).message).toBe(message);
      }
      // Nothing changed.
      expect((await S.data('GET', `/api/quote-parts/${q.id}`)).map((l: any) => [l.quantity, l.priceOverride])).toEqual([
        [2, null],
        [1, null],
      ]);
      expect((await S.data('GET', `/api/quotes/${q.id}`)).jobName).toBe('Accepted job');

      // Revise: the new revision is a Draft that changes; the accepted one stays as it was.
      const rev2 = await S.data('POST', `/api/quotes/${q.id}/revise`);
      expect(rev2).toMatchObject({ status: 'Draft', revision: 2 });
      await S.data('PUT', `/api/quotes/update/${rev2.id}`, {
        customer: f.customer.id,
        jobName: 'Rev 2',
        version: rev2.version,
      });
    });

    it('keeps the quote and its order alike when 20 line adds race an export', async () => {
      const q = await S.data('POST', '/api/quotes/create', { customer: f.customer.id, jobName: 'Raced export' });
      const adds = Array.from({ length: 20 }, () =>
        S.send('POST', `/api/quote-parts/create/${q.id}`, { product: f.part.id, quantity: 1 }),
      );
      const [exported, ...answers] = await Promise.all([
        S.send('POST', `/api/orders/create-from-quote/${q.id}`),
        ...adds,
      ]);
      expect(exported.statusCode).toBe(201);
      expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true);
      const quoteLines = await S.data('GET', `/api/quote-parts/${q.id}`);
      const orderLines = await S.data('GET', `/api/order-parts/${json(exported).data.id}`);
      expect(quoteLines.length).toBe(answers.filter((a) => a.statusCode === 201).length);
      expect(orderLines.length).toBe(quoteLines.length);
    });
  });

  it('says a negative price override cannot be negative (defect 14)', async () => {
    const o = await S.data('POST', '/api/orders/create', { customer: f.customer.id });
    const line = await S.data('POST', `/api/order-parts/create/${o.id}`, { product: f.part.id, quantity: 1 });
    const r = await S.send('PUT', `/api/order-parts/update/${line.id}/price-override`, { priceOverride: -5 });
    expect(r.statusCode).toBe(400);
    expect(json(r).message).toBe('Price override cannot be negative.');
  });

  it('has one quantity limit, from the domain (defect 9)', async () => {
    expect(QUANTITY_MAX).toBe(100_000);
    const o = await S.data('POST', '/api/orders/create', { customer: f.customer.id });
    const ok = await S.send('POST', `/api/order-parts/create/${o.id}`, { product: f.part.id, quantity: QUANTITY_MAX });
    expect(ok.statusCode).toBe(201);
    const over = await S.send('PUT', `/api/order-parts/update/${json(ok).data.id}`, { quantity: QUANTITY_MAX + 1 });
    expect(over.statusCode).toBe(400);
    expect(json(over).message).toContain('must be at most 100,000');
  });

  describe('Pickup Ready and the Ready for Pickup status agree (friction)', () => {
    it('sets the status Ready for Pickup when Pickup Ready is ticked, on create and update', async () => {
      const created = await S.data('POST', '/api/orders/create', { customer: f.customer.id, orderPickup: true });
      expect(created).toMatchObject({ orderPickup: true, orderStatus: { type: 'Ready for Pickup' } });
      const o = await S.data('POST', '/api/orders/create', { customer: f.customer.id });
      const ticked = await saveOrder(o, { orderPickup: true });
      expect(ticked).toMatchObject({ orderPickup: true, orderStatus: { type: 'Ready for Pickup' } });
    });

    it('ticks Pickup Ready when the status is set to Ready for Pickup, and clears it when the status moves on', async () => {
      const o = await S.data('POST', '/api/orders/create', {
        customer: f.customer.id,
        orderStatus: status('Ready for Pickup'),
      });
      expect(o.orderPickup).toBe(true);
      const back = await saveOrder(o, { orderStatus: status('In Progress') });
      expect(back).toMatchObject({ orderPickup: false, orderStatus: { type: 'In Progress' } });
      const again = await saveOrder(back, { orderStatus: status('Ready for Pickup') });
      expect(again.orderPickup).toBe(true);
      // Unticking Pickup Ready takes the order back to In Progress.
      const unticked = await saveOrder(again, { orderPickup: false });
      expect(unticked).toMatchObject({ orderPickup: false, orderStatus: { type: 'In Progress' } });
    });
  });

  it('lists orders and quotes with their Date and stored Total, sortable by each (friction)', async () => {
    const totals: number[] = [];
    for (const quantity of [3, 1, 2]) {
      const o = await S.data('POST', '/api/orders/create', { customer: f.customer.id, jobName: `Total ${quantity}` });
      await S.data('POST', `/api/order-parts/create/${o.id}`, { product: f.pkg.id, quantity });
      totals.push(quantity * 90000);
    }
    const items = (await S.data('GET', '/api/orders/list/0?size=30&sort=-total&jobName=Total')).items;
    expect(items.map((d: any) => d.totalCents)).toEqual([270000, 180000, 90000]);
    expect(items[0].orderDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const asc = (await S.data('GET', '/api/orders/list/0?size=30&sort=orderDate')).items.map((d: any) => d.orderDate);
    expect(asc).toEqual([...asc].sort());
    const quotes = (await S.data('GET', '/api/quotes/?size=30&sort=total')).items.map((d: any) => d.totalCents);
    expect(quotes).toEqual([...quotes].sort((a: number, b: number) => a - b));
    expect((await S.data('GET', '/api/quotes/?size=30&sort=-quoteDate')).items.length).toBeGreaterThan(0);
  });
});
