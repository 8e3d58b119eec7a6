/**
 * Loose parts at a price (docs/decisions/028): the company setting "Price loose parts"
 * (`priceLooseParts` of /api/settings/company, off by default) prices a plain part line as
 * round(wholesale x the customer's category multiplier) x quantity. Each order and quote captures
 * the setting when it is made, and its copies (Duplicate, Export to Order, Revise) keep their
 * source's, so a document prices the same way for its whole life: the cart, the header's totals,
 * the stored totals, the PDF and the dashboard agree, and turning the setting over moves no
 * existing document's price. Every figure is a hand calculation at tax rate 0.0975.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, json, SIERRA_LETTERHEAD, userApi, type TestApp } from './support.js';
import { hasPdftotext, pdfText } from './pdf-text.js';

const cents = (subTotalCents: number, taxCents: number) => ({
  subTotalCents,
  taxCents,
  totalCents: subTotalCents + taxCents,
});

describe.each(engines())('loose parts at a price (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  const f: Record<string, any> = {};
  const call = userApi(() => ({ t, cookie: staff })).data;
  const asAdmin = userApi(() => ({ t, cookie: admin }));

  const setLooseParts = async (on: boolean) => {
    const current = await asAdmin.data('GET', '/api/settings/company');
    return asAdmin.data('PUT', '/api/settings/company', { ...current, priceLooseParts: on });
  };
  const newOrder = () => call('POST', '/api/orders/create', { customer: f.customer.id, jobName: 'Counter sale' });
  const storedTotals = async (table: 'orders' | 'quotes', id: number) => {
    const r = await t.db.database.db
      .selectFrom(table)
      .select(['subtotal_cents', 'tax_cents', 'total_cents'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return cents(Number(r.subtotal_cents), Number(r.tax_cents));
  };
  const storedLines = async (id: number) =>
    (
      await t.db.database.db
        .selectFrom('order_parts')
        .select('line_price_cents')
        .where('order_id', '=', id)
        .orderBy('id')
        .execute()
    ).map((r) => Number(r.line_price_cents));

  beforeAll(async () => {
    t = await createTestApp(engine, { TAX_RATE: '0.0975' });
    admin = await t.login();
    staff = await t.staff('clerk');
    const types = await t.productTypes();
    f.customer = await call('POST', '/api/customers/create', {
      name: 'Delta Garage Doors',
      customerNo: 'C-5201',
      useTax: true,
      openerMultiplier: 0.95,
      sectionalMultiplier: 0.9,
    });
    // An opener sold on its own: 312.40 x 0.95 = 296.78.
    f.opener = await asAdmin.data('POST', '/api/products/create', {
      itemNo: 'OPN-8500',
      wholesalePrice: 312.4,
      multiplierCategory: 'Opener',
      productType: types.Hardware,
    });
    // A seal without a category: x 1.
    f.seal = await asAdmin.data('POST', '/api/products/create', {
      itemNo: 'SEAL-T-16',
      wholesalePrice: 18.75,
      productType: types.Hardware,
    });
  });
  afterAll(async () => t?.close());

  it('is off by default; only true or false is taken, and a save that leaves it out keeps it', async () => {
    const settings = await call('GET', '/api/settings/company');
    expect(settings.priceLooseParts).toBe(false);
    const bad = await asAdmin.send('PUT', '/api/settings/company', {
      ...SIERRA_LETTERHEAD,
      priceLooseParts: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe('Price loose parts must be on or off.');
    expect((await setLooseParts(true)).priceLooseParts).toBe(true);
    const { priceLooseParts: _left, ...rest } = await asAdmin.data('GET', '/api/settings/company');
    expect((await asAdmin.data('PUT', '/api/settings/company', rest)).priceLooseParts).toBe(true);
    expect((await setLooseParts(false)).priceLooseParts).toBe(false);
  });

  it('off: a plain part line counts 0 and says it is not a loose part', async () => {
    f.before = await newOrder();
    expect(f.before.priceLooseParts).toBe(false);
    const line = await call('POST', `/api/order-parts/create/${f.before.id}`, { product: f.opener.id, quantity: 2 });
    expect(line.price).toMatchObject({ unitPriceCents: 29678, linePriceCents: 0, counts: false, loosePart: false });
    expect(line.totalsCents).toEqual(cents(0, 0));
  });

  it('on: a new order prices each plain part line at wholesale x multiplier x quantity, stored alike', async () => {
    await setLooseParts(true);
    f.after = await newOrder();
    expect(f.after.priceLooseParts).toBe(true);
    const opener = await call('POST', `/api/order-parts/create/${f.after.id}`, { product: f.opener.id, quantity: 2 });
    expect(opener.price).toMatchObject({ unitPriceCents: 29678, linePriceCents: 59356, counts: true, loosePart: true });
    // 59356 x 9.75 % = 5787.21 -> 5787
    expect(opener.totalsCents).toEqual(cents(59356, 5787));
    const seal = await call('POST', `/api/order-parts/create/${f.after.id}`, { product: f.seal.id, quantity: 4 });
    expect(seal.price).toMatchObject({ unitPriceCents: 1875, multiplier: 1, linePriceCents: 7500, loosePart: true });
    // 66856 x 9.75 % = 6518.46 -> 6518
    expect(seal.totalsCents).toEqual(cents(66856, 6518));
    expect((await call('GET', `/api/orders/${f.after.id}`)).totalsCents).toEqual(cents(66856, 6518));
    expect(await storedTotals('orders', f.after.id)).toEqual(cents(66856, 6518));
    expect(await storedLines(f.after.id)).toEqual([59356, 7500]);
    // An override still wins, and lifting it prices the part again.
    const over = await call('PUT', `/api/order-parts/update/${seal.id}/price-override`, { priceOverride: 60 });
    expect(over.totalsCents).toEqual(cents(65356, 6372)); // 6372.21
    const lifted = await call('PUT', `/api/order-parts/update/${seal.id}/price-override`, { priceOverride: null });
    expect(lifted.totalsCents).toEqual(cents(66856, 6518));
  });

  it('an order made while it was off keeps pricing its parts at 0 after it is turned on', async () => {
    const seal = await call('POST', `/api/order-parts/create/${f.before.id}`, { product: f.seal.id, quantity: 4 });
    expect(seal.price).toMatchObject({ linePriceCents: 0, loosePart: false });
    expect(seal.totalsCents).toEqual(cents(0, 0));
    expect(await storedTotals('orders', f.before.id)).toEqual(cents(0, 0));
    expect(await storedLines(f.before.id)).toEqual([0, 0]);
  });

  it('copies keep their source: Duplicate, Export to Order and Revise after the setting is turned off', async () => {
    const quote = await call('POST', '/api/quotes/create', { customer: f.customer.id, jobName: 'Opener swap' });
    expect(quote.priceLooseParts).toBe(true);
    await call('POST', `/api/quote-parts/create/${quote.id}`, { product: f.opener.id, quantity: 1 });
    await setLooseParts(false);

    // 29678 x 9.75 % = 2893.605 -> 2894
    const revised = await call('POST', `/api/quotes/${quote.id}/revise`);
    expect(revised).toMatchObject({ priceLooseParts: true, totalsCents: cents(29678, 2894) });
    const exported = await call('POST', `/api/orders/create-from-quote/${revised.id}`, {});
    expect(exported).toMatchObject({ priceLooseParts: true, totalsCents: cents(29678, 2894) });
    expect(await storedTotals('orders', exported.id)).toEqual(cents(29678, 2894));
    const copy = await call('POST', `/api/orders/duplicate/${f.after.id}`, { jobName: 'Counter sale again' });
    expect(copy).toMatchObject({ priceLooseParts: true, totalsCents: cents(66856, 6518) });
    f.copy = copy;
    f.exported = exported;

    // A new order made now that it is off does not price its parts.
    const later = await newOrder();
    expect(later.priceLooseParts).toBe(false);
    const line = await call('POST', `/api/order-parts/create/${later.id}`, { product: f.opener.id, quantity: 1 });
    expect(line.totalsCents).toEqual(cents(0, 0));
    // And the order priced while it was on still is.
    expect((await call('GET', `/api/orders/${f.after.id}`)).totalsCents).toEqual(cents(66856, 6518));
  });

  it("the dashboard's top products count the loose parts' stored prices", async () => {
    const r = await asAdmin.data('GET', '/api/dashboard?from=2026-11-01&to=2026-11-30&bucket=month');
    const byName = Object.fromEntries(r.topProducts.map((p: any) => [p.name, p.totalCents]));
    // Orders "after" and its copy 2 x 59356, the exported order 29678; the seal 2 x 7500.
    expect(byName['OPN-8500']).toBe(148390);
    expect(byName['SEAL-T-16']).toBe(15000);
    const month = r.sales.find((s: any) => s.period === '2026-11');
    expect(month.subtotalCents).toBe(66856 * 2 + 29678);
  });

  it.skipIf(!hasPdftotext)('the PDF prints the loose parts at their price and the same totals', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/download-excelOrder/${f.after.id}`,
      headers: { cookie: staff },
      payload: { orderId: f.after.id, noPricePrint: false },
    });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    for (const s of ['296.78', '593.56', '18.75', '75.00', '668.56', '65.18', '733.74']) expect(text).toContain(s);
    expect(text).not.toContain('n/c');
  });
});
