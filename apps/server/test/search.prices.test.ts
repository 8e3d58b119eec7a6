/**
 * GET /api/search/prices (issue 36, "Staff can look up a price"): what products cost a customer,
 * an order or a quote (its copied multipliers), or their list price, priced by the one pricer,
 * for staff as for administrators.
 */
import { multiplierToScaled, priceLine, type DocumentMultipliers, type ProductPrices } from '@desk/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { engines, json, suiteApp } from './support.js';

describe.each(engines())('price look-up (%s)', (engine) => {
  const suite = suiteApp(engine);
  let staff: string;
  let customer: number;
  let order: number;
  let quote: number;
  const p: Record<string, number> = {};
  const multipliers = { sectional: 0.9, residential: 0.85, opener: 0.95, commercial: 1.1 };

  const look = async (query: string, cookie = staff) => {
    const res = await suite.t.as(cookie).send('GET', `/api/search/prices${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return json<ProductPrices>(res).data;
  };
  const byItem = (r: ProductPrices) => Object.fromEntries(r.items.map((i) => [i.itemNo, i.priceCents]));

  beforeAll(async () => {
    const A = suite.t.admin;
    staff = await suite.t.staff('counter');
    const types = await suite.t.productTypes();
    customer = (
      await A('POST', '/api/customers/create', {
        name: 'Sierra Price Look-up',
        sectionalMultiplier: multipliers.sectional,
        residentialMultiplier: multipliers.residential,
        openerMultiplier: multipliers.opener,
        commercialMultiplier: multipliers.commercial,
      })
    ).id;
    const make = async (itemNo: string, wholesalePrice: number, type: string, multiplierCategory?: string) => {
      p[itemNo] = (
        await A('POST', '/api/products/create', {
          itemNo,
          wholesalePrice,
          productType: types[type],
          ...(multiplierCategory ? { multiplierCategory } : {}),
        })
      ).id;
    };
    await make('PL-PKG-1607', 1234.56, 'Door Package', 'Sectional');
    await make('PL-OPN-BELT', 329, 'Opener', 'Opener');
    await make('PL-SEAL-16', 10.1, 'Part', 'Residential');
    await make('PL-HNG-02', 2.1, 'Hardware');
    await make('PL-COM-PKG', 0.05, 'Package', 'Commercial');
    order = (await A('POST', '/api/orders/create', { customer, jobName: 'Price look-up' })).id;
    quote = (await A('POST', '/api/quotes/create', { customer, jobName: 'Price look-up' })).id;
  });

  const ids = () => Object.values(p).join(',');

  it("answers a customer's prices to the cent for staff: a package's unit price, a part's wholesale x its multiplier", async () => {
    const r = await look(`?customer=${customer}&products=${ids()}`);
    expect(r.customer).toEqual({ id: customer, name: 'Sierra Price Look-up' });
    expect(r.document).toBeNull();
    expect(byItem(r)).toEqual({
      'PL-PKG-1607': 111110, // 1,234.56 x 0.9 = 1,111.104
      'PL-OPN-BELT': 31255, // 329 x 0.95
      'PL-SEAL-16': 859, // 10.10 x 0.85 = 8.585, half away from zero
      'PL-HNG-02': 210, // no category: x 1
      'PL-COM-PKG': 6, // 0.05 x 1.1 = 0.055
    });
    // The one pricer says the same, product by product.
    const scaled: DocumentMultipliers = {
      sectional: multiplierToScaled(multipliers.sectional),
      residential: multiplierToScaled(multipliers.residential),
      opener: multiplierToScaled(multipliers.opener),
      commercial: multiplierToScaled(multipliers.commercial),
    };
    for (const item of r.items) {
      const line = priceLine(
        {
          quantity: 1,
          priceOverrideCents: null,
          wholesalePriceCents: item.baseCents,
          multiplierCategory: item.multiplierCategory,
          productTypeName: item.isPackage ? 'Package' : 'Part',
          modifiers: [],
        },
        scaled,
      );
      expect(item.priceCents, item.itemNo).toBe(line.unitPriceCents);
    }
    const pkg = r.items.find((i) => i.itemNo === 'PL-PKG-1607')!;
    expect(pkg).toMatchObject({ isPackage: true, baseCents: 123456, multiplierCategory: 'Sectional', multiplier: 0.9 });
    expect(r.items.find((i) => i.itemNo === 'PL-HNG-02')).toMatchObject({ isPackage: false, multiplier: 1 });
  });

  it('answers the list price with no customer, and every product when none is named', async () => {
    const r = await look(`?products=${ids()}`);
    expect(r.customer).toBeNull();
    expect(byItem(r)).toEqual({
      'PL-PKG-1607': 123456,
      'PL-OPN-BELT': 32900,
      'PL-SEAL-16': 1010,
      'PL-HNG-02': 210,
      'PL-COM-PKG': 5,
    });
    const all = await look('');
    expect(all.items.map((i) => i.productId)).toEqual(expect.arrayContaining(Object.values(p)));
    // In item-number order, as the Add Product list shows them.
    const itemNos = all.items.map((i) => i.itemNo);
    expect(itemNos).toEqual([...itemNos].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("prices for an order or a quote with its copied multipliers: what its cart charges for the product's line", async () => {
    // The customer's multipliers change after the documents copied them: the documents keep theirs.
    const current = await suite.t.admin('GET', `/api/customers/${customer}`);
    await suite.t.admin('PUT', `/api/customers/update/${customer}`, { ...current, sectionalMultiplier: 0.5 });
    expect(byItem(await look(`?customer=${customer}&products=${p['PL-PKG-1607']}`))).toEqual({ 'PL-PKG-1607': 61728 });

    for (const [kind, id] of [
      ['order', order],
      ['quote', quote],
    ] as const) {
      const r = await look(`?${kind}=${id}&products=${p['PL-PKG-1607']},${p['PL-SEAL-16']}`);
      expect(r.document).toEqual({ kind, id });
      expect(r.customer?.id).toBe(customer);
      expect(byItem(r)).toEqual({ 'PL-PKG-1607': 111110, 'PL-SEAL-16': 859 });
      // The cart prices a line of the package with the same number.
      const line = await suite.t
        .as(staff)
        .data('POST', `/api/${kind}-parts/create/${id}`, { product: p['PL-PKG-1607'], quantity: 1 });
      expect(line.price.unitPriceCents).toBe(111110);
    }
  });

  it('refuses in plain words: an unknown customer or document, a bad list, two sources; and a caller not signed in', async () => {
    const send = (q: string) => suite.t.as(staff).send('GET', `/api/search/prices${q}`);
    const unknown = await send('?customer=999999');
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).message).toBe('There is no customer 999999.');
    expect(json(await send('?quote=999999')).message).toBe('There is no quote 999999.');
    const bad = await send('?products=1,x');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toMatch(/product ids separated by commas/);
    expect(json(bad).message).not.toMatch(/\//);
    const many = await send(`?products=${Array.from({ length: 201 }, (_, i) => i + 1).join(',')}`);
    expect(many.statusCode).toBe(400);
    expect(json(many).message).toMatch(/at most 200 products/);
    const both = await send(`?customer=${customer}&order=${order}`);
    expect(both.statusCode).toBe(400);
    expect(json(both).message).toMatch(/one of customer, order or quote/);
    expect((await suite.t.app.inject({ url: '/api/search/prices' })).statusCode).toBe(401);
  });
});
