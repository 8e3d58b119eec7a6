/**
 * POST /api/products/bulk-price (issue 20): a filter, a percentage or an amount in cents; the
 * preview (dryRun) writes nothing; the change is one transaction with each product's history;
 * rounding half away from zero to the cent; a change taking any price below $0.00 is refused
 * whole; a retried request with the same Idempotency-Key raises the prices once, even 50 at once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { engines, json, suiteApp } from './support.js';

describe.each(engines())('bulk price change (%s)', (engine) => {
  const suite = suiteApp(engine);
  let types: Record<string, number>;
  const A = (payload: unknown, headers: Record<string, string> = {}) =>
    suite.t.as(suite.admin).send('POST', '/api/products/bulk-price', payload, headers);
  const price = async (id: number) => (await suite.t.admin('GET', `/api/products/${id}`)).wholesalePrice as number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    types = await suite.t.productTypes();
    const make = async (itemNo: string, wholesalePrice: number, extra: object = {}) => {
      ids[itemNo] = (
        await suite.t.admin('POST', '/api/products/create', {
          itemNo,
          itemDescription: `${itemNo} part`,
          wholesalePrice,
          productType: { id: types.Hardware },
          ...extra,
        })
      ).id;
    };
    await make('BP-SPR-1', 845, { multiplierCategory: 'Sectional', itemDescription: 'Torsion spring, Crème coat' });
    await make('BP-SPR-2', 0.1, { multiplierCategory: 'Sectional', itemDescription: 'Spring clip' });
    await make('bp-rol-1', 12.5, { multiplierCategory: 'Residential', itemDescription: 'Nylon roller' });
    await make('BP_X%-1', 1, { itemDescription: 'Odd item number' });
    await make('OTHER-1', 100, { multiplierCategory: 'Sectional' });
  });

  it('previews by item number and writes nothing; filters by prefix (any case, % and _ literal), category and description', async () => {
    const res = await A({ filter: { itemNoPrefix: 'bp-' }, percent: 4.5, dryRun: true });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('3 products would change');
    expect(json(res).data).toEqual({
      count: 3,
      applied: false,
      sample: [
        { id: ids['bp-rol-1'], itemNo: 'bp-rol-1', fromCents: 1250, toCents: 1306 }, // 13.0625
        { id: ids['BP-SPR-1'], itemNo: 'BP-SPR-1', fromCents: 84500, toCents: 88303 }, // 883.025
        { id: ids['BP-SPR-2'], itemNo: 'BP-SPR-2', fromCents: 10, toCents: 10 }, // 10.45
      ].sort((a, b) => (a.itemNo < b.itemNo ? -1 : 1)),
    });
    expect(await price(ids['BP-SPR-1']!)).toBe(845);
    const literal = json(await A({ filter: { itemNoPrefix: 'BP_X%' }, amountCents: 1, dryRun: true })).data;
    expect(literal.sample.map((r: { itemNo: string }) => r.itemNo)).toEqual(['BP_X%-1']);
    const sectional = json(
      await A({ filter: { multiplierCategory: 'Sectional', description: 'CREME' }, percent: 1, dryRun: true }),
    ).data;
    expect(sectional.sample.map((r: { itemNo: string }) => r.itemNo)).toEqual(['BP-SPR-1']);
    const byType = json(await A({ filter: { productType: 'hardware', itemNoPrefix: 'BP' }, percent: 1, dryRun: true }));
    expect(byType.data.count).toBe(4);
    const history = await suite.t.admin('GET', `/api/products/${ids['BP-SPR-1']}/history`);
    expect(history.items.filter((h: { action: string }) => h.action === 'bulk-price')).toHaveLength(0);
  });

  it('refuses what it cannot do, in words a clerk understands', async () => {
    const cases: Array<[unknown, number, string]> = [
      [{ filter: { productType: 'Pakage' }, percent: 1 }, 400, "Product type 'Pakage' does not exist."],
      [{ filter: {}, percent: 1, amountCents: 5 }, 400, 'Give either percent or amountCents (one of them).'],
      [{ filter: {} }, 400, 'Give either percent or amountCents (one of them).'],
      [{ percent: 'abc' }, 400, 'must be a number'],
      [{ amountCents: 1.5 }, 400, 'must be a whole number of cents'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await A(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(json(res).message).toContain(message);
    }
    const staff = await suite.t.staff('bp-clerk');
    const res = await suite.t.as(staff).send('POST', '/api/products/bulk-price', { percent: 1, dryRun: true });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a change that would take any price below $0.00, naming the products, and changes nothing', async () => {
    const res = await A({ filter: { itemNoPrefix: 'BP-SPR' }, amountCents: -500 });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(
      'This change would take 1 price below $0.00: BP-SPR-2 ($0.10 to -$4.90). Nothing was changed.',
    );
    expect(await price(ids['BP-SPR-1']!)).toBe(845);
  });

  it('writes every price in one go with its history; 50 retries of one request (one Idempotency-Key) raise the prices once', async () => {
    const body = { filter: { multiplierCategory: 'Sectional', itemNoPrefix: 'BP-' }, percent: 10 };
    const headers = { 'idempotency-key': `bulk-${engine}-1` };
    const answers = await Promise.all(Array.from({ length: 50 }, () => A(body, headers)));
    const codes = answers.map((r) => r.statusCode);
    // Each answers the first result (a retry that meets the first still in progress may be told to retry).
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    expect(codes.filter((c) => c === 200).length).toBeGreaterThan(0);
    for (const r of answers.filter((a) => a.statusCode === 200)) {
      expect(json(r).data).toMatchObject({ count: 2, applied: true });
    }
    expect(await price(ids['BP-SPR-1']!)).toBe(929.5);
    expect(await price(ids['BP-SPR-2']!)).toBe(0.11); // 0.10 x 1.10 = 0.11
    expect(await price(ids['OTHER-1']!)).toBe(100);
    const history = await suite.t.admin('GET', `/api/products/${ids['BP-SPR-1']}/history`);
    expect(history.items.filter((h: { action: string }) => h.action === 'bulk-price')).toEqual([
      expect.objectContaining({
        action: 'bulk-price',
        field: 'wholesalePrice',
        from: '845.00',
        to: '929.50',
        user: 'admin',
      }),
    ]);
    // A later request with the same key is answered from the first, and raises nothing.
    expect(json(await A(body, headers)).data.count).toBe(2);
    expect(await price(ids['BP-SPR-1']!)).toBe(929.5);
    // A stale edit made from before the change is refused (the version moved).
    const product = await suite.t.admin('GET', `/api/products/${ids['bp-rol-1']}`);
    await A({ filter: { itemNoPrefix: 'bp-rol' }, amountCents: 100 });
    const stale = await suite.t
      .as(suite.admin)
      .send('PUT', `/api/products/update/${product.id}`, { ...product, productType: product.productType.id });
    expect(stale.statusCode).toBe(409);
    expect(await price(ids['bp-rol-1']!)).toBe(13.5);
  });
});
