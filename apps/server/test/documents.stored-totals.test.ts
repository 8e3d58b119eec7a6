/**
 * Stored totals (docs/architecture.md section 16): after every kind of write that moves a price,
 * each order's and quote's stored subtotal, tax and total, and each line's stored price, equal
 * what the one pricer answers for it now (the document's GET and its cart). Checked after each
 * step of a scripted day at the counter, then for a tax rate changed in the configuration (the
 * app prices again at start), and for the migration's quote dates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { engines, userApi, type TestApp } from './support.js';
import { createPricingApp, type PricingCatalog } from './pricing-fixtures.js';

describe.each(engines())('stored totals (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let f: PricingCatalog;
  const call = userApi(() => ({ t, cookie: admin })).data;

  /** Every document's stored totals and every line's stored price against the priced answer. */
  async function expectStoredEqualsPriced(app = t.app, cookie = admin) {
    const db = t.db.database.db;
    const as = (method: 'GET', url: string) =>
      app.inject({ method, url, headers: { cookie } }).then((r) => {
        expect(r.statusCode, url).toBe(200);
        return JSON.parse(r.body).data;
      });
    let checked = 0;
    for (const [table, plural, parts, fk] of [
      ['orders', 'orders', 'order_parts', 'order_id'],
      ['quotes', 'quotes', 'quote_parts', 'quote_id'],
    ] as const) {
      const rows = await db
        .selectFrom(table)
        .select(['id', 'subtotal_cents', 'tax_cents', 'total_cents', 'priced_tax_rate'])
        .orderBy('id')
        .execute();
      for (const r of rows) {
        const header = await as('GET', `/api/${plural}/${r.id}`);
        const cents = (v: number | string) => Number(v); // a bigint is text from PostgreSQL
        expect(
          {
            id: r.id,
            subTotalCents: cents(r.subtotal_cents),
            taxCents: cents(r.tax_cents),
            totalCents: cents(r.total_cents),
          },
          `${table} ${r.id}`,
        ).toEqual({ id: r.id, ...header.totalsCents });
        expect(r.priced_tax_rate).toBe(t.config.taxRateScaled);
        const cart: any[] = await as('GET', `/api/${parts.replace('_', '-')}/${r.id}`);
        const stored = await (db as any)
          .selectFrom(parts)
          .select(['id', 'line_price_cents'])
          .where(fk, '=', r.id)
          .orderBy('id')
          .execute();
        expect(
          stored.map((l: any) => [l.id, Number(l.line_price_cents)]),
          `${table} ${r.id} lines`,
        ).toEqual([...cart].sort((a, b) => a.id - b.id).map((l) => [l.id, l.price.linePriceCents]));
        checked++;
      }
    }
    return checked;
  }

  beforeAll(async () => {
    ({ t, admin, catalog: f } = await createPricingApp(engine));
  });
  afterAll(async () => t?.close());

  describe.each(['order', 'quote'] as const)('every write to a %s', (kind) => {
    const plural = `${kind}s`;
    const parts = `${kind}-parts`;
    let doc: any;
    let pkgLine: any;
    let partLine: any;
    let applied: any;

    it('a new document is stored at zero, priced with the configured rate', async () => {
      doc = await call('POST', `/api/${plural}/create`, { customer: f.customer.id, jobName: 'Stored' });
      expect(await expectStoredEqualsPriced()).toBeGreaterThan(0);
    });

    it('adding lines, a quantity, an override and a modifier', async () => {
      pkgLine = await call('POST', `/api/${parts}/create/${doc.id}`, { product: f.pkg.id, quantity: 2 });
      await expectStoredEqualsPriced();
      partLine = await call('POST', `/api/${parts}/create/${doc.id}`, { product: f.part.id, quantity: 10 });
      await call('PUT', `/api/${parts}/update/${partLine.id}/price-override`, { priceOverride: 25.5 });
      await expectStoredEqualsPriced();
      await call('PUT', `/api/${parts}/update/${pkgLine.id}`, { quantity: 3 });
      applied = await call('POST', `/api/${plural}/package-modifiers/upsert/${pkgLine.id}`, {
        id: f.mod.id,
        notes: null,
      });
      await expectStoredEqualsPriced();
      const [row] = await (t.db.database.db as any)
        .selectFrom(plural)
        .select(['subtotal_cents', 'total_cents'])
        .where('id', '=', doc.id)
        .execute();
      // 3 x (round(123456 x sectional) + 2 x 3250) + 2550: 0.9 for the order; the quote is made
      // after the order's steps moved the customer to 0.8.
      const sectional = (await call('GET', `/api/${plural}/${doc.id}`)).sectionalMultiplierCopy;
      expect(Number(row.subtotal_cents)).toBe(3 * (Math.round(123456 * sectional) + 6500) + 2550);
      expect(Number(row.total_cents)).toBeGreaterThan(Number(row.subtotal_cents));
    });

    it('the tax switch and refreshed multipliers on the header', async () => {
      const d = await call('GET', `/api/${plural}/${doc.id}`);
      await call('PUT', `/api/${plural}/update/${doc.id}`, { ...d, useTax: false });
      await expectStoredEqualsPriced();
      const cust = await call('GET', `/api/customers/${f.customer.id}`);
      await call('PUT', `/api/customers/update/${f.customer.id}`, { ...cust, sectionalMultiplier: 0.8 });
      // A customer's change does not reach the document until refreshed: still equal.
      await expectStoredEqualsPriced();
      const d2 = await call('GET', `/api/${plural}/${doc.id}`);
      await call('PUT', `/api/${plural}/update/${doc.id}`, { ...d2, useTax: true, refreshMultiplier: true });
      await expectStoredEqualsPriced();
    });

    it('copies: duplicate, and for a quote revise and export to order', async () => {
      await call('POST', `/api/${plural}/duplicate/${doc.id}`, { jobName: 'Stored copy' });
      await expectStoredEqualsPriced();
      if (kind === 'quote') {
        const revised = await call('POST', `/api/quotes/${doc.id}/revise`);
        await call('POST', `/api/orders/create-from-quote/${doc.id}`, {});
        await expectStoredEqualsPriced();
        // The rest of the steps edit the latest revision (the only one that can be edited).
        doc = revised;
        const cart: any[] = await call('GET', `/api/quote-parts/${doc.id}`);
        pkgLine = cart.find((l) => l.product.id === f.pkg.id);
        partLine = cart.find((l) => l.product.id === f.part.id);
        applied = await call('POST', `/api/quotes/package-modifiers/upsert/${pkgLine.id}`, {
          id: f.mod.id,
          notes: 'x',
        });
      }
    });

    it('removing the modifier and a line', async () => {
      await call('DELETE', `/api/${plural}/package-modifiers/delete/${applied.id}`);
      await expectStoredEqualsPriced();
      await call('DELETE', `/api/${parts}/delete/${partLine.id}`);
      await expectStoredEqualsPriced();
    });
  });

  it("the catalogue's price fields reach every document that prices with them, not their versions", async () => {
    const db = t.db.database.db;
    const before = await db.selectFrom('orders').select(['id', 'version', 'updated_at']).orderBy('id').execute();
    // The product form's round trip: the product as read, its type by id, one field changed.
    const editProduct = async (id: number, change: Record<string, number>) => {
      const product = await call('GET', `/api/products/${id}`);
      await call('PUT', `/api/products/update/${id}`, { ...product, productType: product.productType.id, ...change });
    };
    await editProduct(f.pkg.id, { wholesalePrice: 1300 });
    await expectStoredEqualsPriced();
    await editProduct(f.springs.id, { modifierCostIncrease: 45 });
    await expectStoredEqualsPriced();
    const mods: any[] = await call('GET', `/api/package/modifiers/package/${f.pkg.id}`);
    const m = mods.find((x) => x.id === f.mod.id);
    await call('PUT', `/api/package/modifiers/update/${f.mod.id}`, { ...m, product: f.springs.id, quantity: 3 });
    await expectStoredEqualsPriced();
    await call('POST', '/api/products/bulk-price', { filter: { itemNoPrefix: 'PKG-' }, percent: 4.5 });
    await expectStoredEqualsPriced();
    // Derived values: a clerk's open form is not made stale by a catalogue change.
    const after = await db.selectFrom('orders').select(['id', 'version', 'updated_at']).orderBy('id').execute();
    expect(after).toEqual(before);
  });

  it('50 at once: cart writes to one order while the bulk price change moves its product', async () => {
    const doc = await call('POST', '/api/orders/create', { customer: f.customer.id, jobName: 'Race' });
    const writes = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0
        ? t.send(admin, 'POST', `/api/order-parts/create/${doc.id}`, { product: f.pkg.id, quantity: 1 + (i % 3) })
        : t.send(admin, 'POST', '/api/products/bulk-price', { filter: { itemNoPrefix: 'PKG-1607' }, percent: 1 }),
    );
    const answers = await Promise.all(writes);
    expect(answers.map((r) => r.statusCode).filter((c) => c >= 300)).toEqual([]);
    await expectStoredEqualsPriced();
  });

  it('50 at once: first lines of a product on 25 new orders while 25 bulk price changes move it', async () => {
    // Each add brings the product onto an order the price change has not seen yet: the change
    // must not miss it (it waits for the add, or the add waits for it and prices anew).
    const fresh = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        call('POST', '/api/orders/create', { customer: f.customer.id, jobName: `New ${i}` }),
      ),
    );
    const writes = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0
        ? t.send(admin, 'POST', `/api/order-parts/create/${fresh[i / 2].id}`, { product: f.part.id, quantity: 3 })
        : t.send(admin, 'POST', '/api/products/bulk-price', { filter: { itemNoPrefix: 'HNG-02' }, percent: 2 }),
    );
    const answers = await Promise.all(writes);
    expect(answers.map((r) => r.statusCode).filter((c) => c >= 300)).toEqual([]);
    await expectStoredEqualsPriced();
  });

  it('a total past $21,474,836.47 (2^31 cents) is stored whole', async () => {
    const types = await t.productTypes();
    const big = await call('POST', '/api/products/create', {
      itemNo: 'PKG-HANGAR',
      wholesalePrice: 9_000_000,
      productType: types.Package,
    });
    const doc = await call('POST', '/api/orders/create', { customer: f.customer.id, jobName: 'Hangar doors' });
    await call('POST', `/api/order-parts/create/${doc.id}`, { product: big.id, quantity: 5 });
    const [row] = await t.db.database.db
      .selectFrom('orders')
      .select('subtotal_cents')
      .where('id', '=', doc.id)
      .execute();
    expect(Number(row!.subtotal_cents)).toBe(5 * 900_000_000);
    await expectStoredEqualsPriced();
  });

  it('a tax rate changed in the configuration is priced again at start, every document', async () => {
    const db = t.db.database.db;
    await db.updateTable('orders').set({ priced_tax_rate: null }).execute();
    const config = { ...t.config, taxRateScaled: 82_500 };
    const other = await buildApp({ config, database: t.db.database, clock: t.clock, logger: false });
    await other.ready();
    try {
      const rates = await db
        .selectFrom('quotes')
        .select('priced_tax_rate')
        .union(db.selectFrom('orders').select('priced_tax_rate'))
        .execute();
      expect(rates.map((r) => r.priced_tax_rate)).toEqual([82_500]);
      const cookie = (
        await other.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'admin', password: 'Morning-tide-82-harbor' },
        })
      ).headers['set-cookie'];
      const oldConfig = t.config;
      t.config = config;
      try {
        await expectStoredEqualsPriced(other, String(cookie).split(';')[0]!);
      } finally {
        t.config = oldConfig;
      }
    } finally {
      await other.close();
    }
  });
});
