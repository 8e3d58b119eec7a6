/**
 * Migration 2026113000 (docs/stock.md, docs/decisions/032-stock-ledger.md): a database that
 * already holds open orders gets their needs, and each product's reserved, when stock arrives;
 * closed orders need nothing. GET /api/stock/check is empty right after it and 2026113020.
 */
import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import * as stockMigration from '../src/db/migrations/2026113000_stock.js';
import * as levelRowsMigration from '../src/db/migrations/2026113020_stock_level_rows.js';
import { engines, suiteApp, userApi } from './support.js';

describe.each(engines())('migration 2026113000_stock on a database with orders (%s)', (engine) => {
  const suite = suiteApp(engine);
  const A = userApi(() => ({ t: suite.t, cookie: suite.admin }));

  it("gives the open orders on file their needs, a package by its parts, and the products' reserved", async () => {
    const types = await suite.t.productTypes();
    const customer = await A.data('POST', '/api/customers/create', { name: 'Before Stock' });
    const part = await A.data('POST', '/api/products/create', {
      itemNo: 'OLD-1',
      wholesalePrice: 1,
      productType: types.Part,
    });
    const kid = await A.data('POST', '/api/products/create', {
      itemNo: 'OLD-2',
      wholesalePrice: 1,
      productType: types.Part,
    });
    const pkg = await A.data('POST', '/api/products/create', {
      itemNo: 'OLD-PKG',
      wholesalePrice: 1,
      productType: types['Door Package'],
    });
    await A.data('POST', `/api/package/associated-parts/create/${pkg.id}`, { child: kid.id, quantity: 3 });
    const open = await A.data('POST', '/api/orders/create', { customer: customer.id });
    await A.data('POST', `/api/order-parts/create/${open.id}`, { product: part.id, quantity: 2 });
    await A.data('POST', `/api/order-parts/create/${open.id}`, { product: pkg.id, quantity: 2 });
    const statuses = await A.data('GET', '/api/dropdown/order-status');
    const cancelled = await A.data('POST', '/api/orders/create', {
      customer: customer.id,
      orderStatus: statuses.find((s: any) => s.type === 'Cancelled'),
    });
    await A.data('POST', `/api/order-parts/create/${cancelled.id}`, { product: part.id, quantity: 5 });

    // The database as it was before stock: the tables gone, the orders and carts kept. Then stock
    // arrives, and migration 2026113020 gives every product its level row (the package's at zero,
    // which the check would otherwise report) and the index on available.
    const db = suite.t.db.database.db as Kysely<any>;
    await levelRowsMigration.down(db);
    await stockMigration.down(db);
    await stockMigration.up(db);
    expect((await A.data('GET', '/api/stock/check')).mismatches).toContainEqual({
      kind: 'level',
      productId: pkg.id,
      detail: 'the product has no stock level row',
    });
    await levelRowsMigration.up(db);

    expect((await A.data('GET', '/api/stock/check')).mismatches).toEqual([]);
    expect(await A.data('GET', `/api/stock/${part.id}`)).toMatchObject({ onHand: 0, reserved: 2 });
    expect(await A.data('GET', `/api/stock/${kid.id}`)).toMatchObject({ onHand: 0, reserved: 6 });
    const availability = await A.data('GET', `/api/orders/${open.id}/availability`);
    expect(availability.lines.map((l: any) => [l.itemNo, l.required, l.short])).toEqual([
      ['OLD-1', 2, 2],
      ['OLD-2', 6, 6],
    ]);
  });
});
