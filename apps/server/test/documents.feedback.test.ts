/**
 * Export to Order is guarded (a second export of a quote is a 409 naming the order unless asked
 * for again), "Print without prices" is saved with the header, and bad input is answered in
 * plain words: through the real API on both databases.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, json, userApi, type TestApp } from './support.js';

describe.each(engines())('document feedback (%s)', (engine) => {
  let t: TestApp;
  let staff: string;
  let customerId: number;
  let packageId: number;

  const { send: S, data } = userApi(() => ({ t, cookie: staff }));
  const ordersFrom = async (quoteId: number) =>
    (
      await sql<{ id: number }>`select id from orders where source_quote_id = ${quoteId} order by id`.execute(
        t.db.database.db,
      )
    ).rows.map((r) => Number(r.id));

  /** A quote with one priced package line, never exported. */
  const aQuote = async (jobName: string) => {
    const quote = await data('POST', '/api/quotes/create', { customer: customerId, jobName });
    await data('POST', `/api/quote-parts/create/${quote.id}`, { product: packageId, quantity: 2 });
    return quote as { id: number };
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await t.staff('counter');
    customerId = (await t.admin('POST', '/api/customers/create', { name: 'Hendricks Overhead Door', useTax: true })).id;
    packageId = (
      await t.admin('POST', '/api/products/create', {
        itemNo: 'PKG-0907',
        wholesalePrice: 812.4,
        productType: (await t.productTypes())['Door Package'],
      })
    ).id;
  });
  afterAll(async () => t?.close());

  describe('Export to Order', () => {
    it('lists the orders made from a quote in its detail and in the quote list', async () => {
      const quote = await aQuote('Exported list');
      expect((await data('GET', `/api/quotes/${quote.id}`)).exportedOrderIds).toEqual([]);
      const first = await S('POST', `/api/orders/create-from-quote/${quote.id}`);
      expect(first.statusCode).toBe(201);
      const order = json(first).data;
      expect(order.sourceQuoteId).toBe(quote.id);
      expect((await data('GET', `/api/quotes/${quote.id}`)).exportedOrderIds).toEqual([order.id]);

      const page = await data('GET', `/api/quotes/?page=1&size=10&jobName=${encodeURIComponent('Exported list')}`);
      expect(page.items.map((q: any) => [q.id, q.exportedOrderIds])).toEqual([[quote.id, [order.id]]]);
      const all = await data('GET', '/api/quotes/');
      expect(all.find((q: any) => q.id === quote.id).exportedOrderIds).toEqual([order.id]);
      expect(all.every((q: any) => Array.isArray(q.exportedOrderIds))).toBe(true);
    });

    it('refuses a second export with 409 naming the order, and makes another only with {"again": true}', async () => {
      const quote = await aQuote('Export twice');
      const first = json(await S('POST', `/api/orders/create-from-quote/${quote.id}`)).data;

      const second = await S('POST', `/api/orders/create-from-quote/${quote.id}`, {});
      expect(second.statusCode).toBe(409);
      expect(json(second)).toEqual({
        status: 'FAILED',
        data: null,
        message: `Quote ${quote.id} was already exported to order ${first.id}.`,
      });
      expect(await ordersFrom(quote.id)).toEqual([first.id]);
      // {"again": false} is the same as not asking.
      expect((await S('POST', `/api/orders/create-from-quote/${quote.id}`, { again: false })).statusCode).toBe(409);

      const again = await S('POST', `/api/orders/create-from-quote/${quote.id}`, { again: true });
      expect(again.statusCode).toBe(201);
      const copy = json(again).data;
      expect(copy.id).not.toBe(first.id);
      expect(copy).toMatchObject({ sourceQuoteId: quote.id, jobName: 'Export twice' });
      expect(await ordersFrom(quote.id)).toEqual([first.id, copy.id]);
      expect((await data('GET', `/api/quotes/${quote.id}`)).exportedOrderIds).toEqual([first.id, copy.id]);

      const third = await S('POST', `/api/orders/create-from-quote/${quote.id}`);
      expect(json(third).message).toBe(`Quote ${quote.id} was already exported to orders ${first.id} and ${copy.id}.`);
      // A quote that does not exist is still a 404, not a 409.
      expect((await S('POST', '/api/orders/create-from-quote/999999')).statusCode).toBe(404);
      // A body that is not the expected shape is refused in plain words.
      const bad = await S('POST', `/api/orders/create-from-quote/${quote.id}`, { again: 'yes' });
      expect(bad.statusCode).toBe(400);
      expect(json(bad).message).not.toMatch(/body\./);
    });

    it('answers a retry with the same Idempotency-Key with the first order, not a 409', async () => {
      const quote = await aQuote('Export retried');
      const key = { 'idempotency-key': `retry-${engine}` };
      const first = await S('POST', `/api/orders/create-from-quote/${quote.id}`, undefined, key);
      expect(first.statusCode).toBe(201);
      const retry = await S('POST', `/api/orders/create-from-quote/${quote.id}`, undefined, key);
      expect(retry.statusCode).toBe(201);
      expect(json(retry).data.id).toBe(json(first).data.id);
      expect(json(retry).message).toBe('Export success');
      // A new click (a new key) is the guarded second export.
      const next = await S('POST', `/api/orders/create-from-quote/${quote.id}`, undefined, {
        'idempotency-key': `next-${engine}`,
      });
      expect(next.statusCode).toBe(409);
      // ... and the refused attempt's key did not store the refusal: asked again, it can succeed.
      const asked = await S(
        'POST',
        `/api/orders/create-from-quote/${quote.id}`,
        { again: true },
        {
          'idempotency-key': `next-${engine}`,
        },
      );
      expect(asked.statusCode).toBe(201);
      expect(await ordersFrom(quote.id)).toEqual([json(first).data.id, json(asked).data.id]);
    });

    it('50 concurrent exports of a never-exported quote without keys make exactly one order', async () => {
      const quote = await aQuote('Export race');
      const results = await Promise.all(
        Array.from({ length: 50 }, () => S('POST', `/api/orders/create-from-quote/${quote.id}`)),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(49);
      const made = await ordersFrom(quote.id);
      expect(made).toHaveLength(1);
      const winner = json(results.find((r) => r.statusCode === 201)!).data;
      expect(made).toEqual([winner.id]);
      for (const r of results.filter((x) => x.statusCode === 409)) {
        expect(json(r).message).toBe(`Quote ${quote.id} was already exported to order ${winner.id}.`);
      }
      // The one order is whole: its line came across.
      expect(await data('GET', `/api/order-parts/${winner.id}`)).toHaveLength(1);
    }, 60_000);
  });

  describe('Print without prices', () => {
    it.each(['order', 'quote'] as const)('is saved with the %s header, copied by duplicate', async (kind) => {
      const plural = `${kind}s`;
      const doc = await data('POST', `/api/${plural}/create`, { customer: customerId, noPricePrint: true });
      expect(doc.noPricePrint).toBe(true);
      const off = await data('PUT', `/api/${plural}/update/${doc.id}`, { ...doc, noPricePrint: false });
      expect(off.noPricePrint).toBe(false);
      // An update that does not name the flag keeps it.
      const on = await data('PUT', `/api/${plural}/update/${off.id}`, { ...off, noPricePrint: true });
      const { noPricePrint: _dropped, ...withoutFlag } = on;
      expect((await data('PUT', `/api/${plural}/update/${on.id}`, withoutFlag)).noPricePrint).toBe(true);
      expect((await data('GET', `/api/${plural}/${doc.id}`)).noPricePrint).toBe(true);
      const copy = await data('POST', `/api/${plural}/duplicate/${doc.id}`, { jobName: 'Copy' });
      expect(copy.noPricePrint).toBe(true);
      expect((await data('POST', `/api/${plural}/create`, { customer: customerId })).noPricePrint).toBe(false);
    });
  });

  describe('bad input in plain words', () => {
    it('names the field, never the schema path, for a rejected price override', async () => {
      const quote = await aQuote('Override words');
      const [line] = await data('GET', `/api/quote-parts/${quote.id}`);
      const cases: Array<[unknown, string]> = [
        [12.345, 'Price override must have at most 2 decimals.'],
        [-1, 'Price override cannot be negative.'],
        ['abc', 'Price override must be a number.'],
      ];
      for (const [priceOverride, message] of cases) {
        const res = await S('PUT', `/api/quote-parts/update/${line.id}/price-override`, { priceOverride });
        expect(res.statusCode, String(priceOverride)).toBe(400);
        expect(json(res).message).toBe(message);
      }
      expect((await data('GET', `/api/quote-parts/${quote.id}`))[0].priceOverride).toBeNull();
    });

    it('words path, query and nested problems without dots or slashes', async () => {
      const id = await S('GET', '/api/quotes/abc');
      expect(json(id).message).toBe('The id in the address must be a number.');
      const size = await S('GET', '/api/quotes/?page=1&size=7');
      expect(json(size).message).toBe('Size must be 10, 20 or 30.');
      const customer = await S('POST', '/api/orders/create', { customer: { id: -4 }, jobName: 'x' });
      expect(json(customer).message).toMatch(/^Customer/);
      const pickup = await S('PUT', '/api/orders/updateChosenJob', [{ id: 1, loading_bay: 11 }]);
      expect(pickup.statusCode).toBe(400);
      for (const res of [id, size, customer, pickup]) {
        expect(json(res).message).not.toMatch(/body|params|querystring|\.[a-z]|\/[0-9a-z]/i);
      }
      const nul = await S('POST', '/api/quotes/create', { customer: customerId, jobName: 'a\u0000b' });
      expect(json(nul).message).toBe('Job name may not contain the NUL character (U+0000).');
    });
  });
});
