/** The database itself carries docs/architecture.md's invariants, on both engines. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../src/db/schema.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createTestDb, engines, type TestDb } from './support.js';

const now = '2026-11-02T09:00:00.000Z';

describe.each(engines())('schema invariants (%s)', (engine) => {
  let t: TestDb;
  let db: Kysely<DB>;
  let customerId: number;
  let partId: number;
  let packageId: number;
  beforeAll(async () => {
    t = await createTestDb(engine);
    db = t.database.db;
    customerId = (
      await db
        .insertInto('customers')
        .values({ name: 'Acme Overhead Doors', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const type = async (name: string) =>
      (await db.selectFrom('product_types').select('id').where('type', '=', name).executeTakeFirstOrThrow()).id;
    partId = (
      await db
        .insertInto('products')
        .values({
          item_no: 'HNG-02',
          item_description: '#2 hinge',
          product_type_id: await type('Hardware'),
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    packageId = (
      await db
        .insertInto('products')
        .values({
          item_no: 'PKG-1607',
          item_description: '16x7 insulated steel sectional door package',
          product_type_id: await type('Door Package'),
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => t?.drop());

  const order = async (over: Partial<{ loading_bay: number | null; current_load: number }> = {}) =>
    (
      await db
        .insertInto('orders')
        .values({
          customer_id: customerId,
          order_status_id: 1,
          order_date: '2026-11-02',
          created_at: now,
          updated_at: now,
          ...over,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  it('folds text in SQL exactly as the app does (case and accents)', async () => {
    const { foldForSearch } = await import('@desk/domain');
    const text = 'ÁÉÍÓÚ ÑÇ àéîõü Łódź Côté Ærø Šťř ÿ ǅ Straße';
    const { rows } = await sql<{ f: string }>`select fold(${text}) as f`.execute(db);
    expect(rows[0]!.f).toBe(foldForSearch(text));
  });

  it('migrating again is a no-op', async () => {
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it('seeds product types, the six order statuses and the e-mail templates', async () => {
    const types = (await db.selectFrom('product_types').select('type').execute()).map((r) => r.type);
    expect(types).toEqual(expect.arrayContaining(['Part', 'Package', 'Opener', 'Hardware', 'Door Package']));
    const statuses = await db.selectFrom('order_statuses').select(['type', 'closed']).orderBy('sort_order').execute();
    expect(statuses).toEqual([
      { type: 'Open', closed: 0 },
      { type: 'In Progress', closed: 0 },
      { type: 'Awaiting Parts', closed: 0 },
      { type: 'Ready for Pickup', closed: 0 },
      { type: 'Completed', closed: 1 },
      { type: 'Cancelled', closed: 1 },
    ]);
    const mail = await db.selectFrom('email_settings').selectAll().executeTakeFirstOrThrow();
    expect(mail.quote_subject).toContain('{documentNumber}');
  });

  it('keeps item numbers unique', async () => {
    await expect(
      db.insertInto('products').values({ item_no: 'HNG-02', created_at: now, updated_at: now }).execute(),
    ).rejects.toThrow();
  });

  it('allows one current load per bay, and any number of orders outside bays', async () => {
    await order({ loading_bay: 3, current_load: 1 });
    await expect(order({ loading_bay: 3, current_load: 1 })).rejects.toThrow();
    await order({ loading_bay: 3, current_load: 0 });
    await order({ loading_bay: 0, current_load: 1 });
    await order({ loading_bay: 0, current_load: 1 });
    await expect(order({ loading_bay: 9 })).rejects.toThrow();
  });

  it('refuses deleting a product in use by a document or a package', async () => {
    await db.insertInto('associated_parts').values({ package_id: packageId, child_id: partId, quantity: 4 }).execute();
    await expect(db.deleteFrom('products').where('id', '=', partId).execute()).rejects.toThrow();
    await expect(
      db.insertInto('associated_parts').values({ package_id: packageId, child_id: packageId, quantity: 1 }).execute(),
    ).rejects.toThrow();
    await expect(
      db.insertInto('associated_parts').values({ package_id: packageId, child_id: partId, quantity: 1 }).execute(),
    ).rejects.toThrow();
  });

  it('refuses deleting a customer with orders, and cascades an order to its lines', async () => {
    const id = await order();
    const line = await db
      .insertInto('order_parts')
      .values({ order_id: id, product_id: packageId, quantity: 2, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('order_sub_parts')
      .values({ order_part_id: line.id, source: 'ASSOC_PART', product_id: partId, quantity: 4 })
      .execute();
    await expect(db.deleteFrom('customers').where('id', '=', customerId).execute()).rejects.toThrow();
    await expect(
      db
        .insertInto('order_parts')
        .values({ order_id: id, product_id: packageId, quantity: 0, created_at: now })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('order_sub_parts')
        .values({ order_part_id: line.id, source: 'MOD', product_id: partId, quantity: 1 })
        .execute(),
    ).rejects.toThrow();
    await db.deleteFrom('orders').where('id', '=', id).execute();
    expect(await db.selectFrom('order_parts').where('order_id', '=', id).selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('order_sub_parts').where('order_part_id', '=', line.id).selectAll().execute()).toEqual(
      [],
    );
  });

  it('keeps the per-status order counts and the quote count exact through inserts, status changes and deletes', async () => {
    const counts = async () => {
      const byStatus = await db
        .selectFrom('order_status_counts')
        .select(['order_status_id', 'n'])
        .orderBy('order_status_id')
        .execute();
      const actual = await db
        .selectFrom('order_statuses as s')
        .select([
          's.id as order_status_id',
          (eb) =>
            eb
              .selectFrom('orders')
              .whereRef('orders.order_status_id', '=', 's.id')
              .select(eb.fn.countAll<number>().as('c'))
              .as('n'),
        ])
        .orderBy('s.id')
        .execute();
      const quotes = await db
        .selectFrom('table_counts')
        .select('n')
        .where('table_name', '=', 'quotes')
        .executeTakeFirstOrThrow();
      const quotesActual = await db
        .selectFrom('quotes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return {
        byStatus: byStatus.map((r) => Number(r.n)),
        actual: actual.map((r) => Number(r.n)),
        quotes: Number(quotes.n),
        quotesActual: Number(quotesActual.n),
      };
    };
    const id = await order();
    await db.updateTable('orders').set({ order_status_id: 5 }).where('id', '=', id).execute();
    await db
      .insertInto('quotes')
      .values({ customer_id: customerId, quote_date: '2026-11-02', created_at: now, updated_at: now })
      .execute();
    let c = await counts();
    expect(c.byStatus).toEqual(c.actual);
    expect(c.quotes).toBe(c.quotesActual);
    await db.deleteFrom('orders').where('id', '=', id).execute();
    await db.deleteFrom('quotes').execute();
    c = await counts();
    expect(c.byStatus).toEqual(c.actual);
    expect(c.quotes).toBe(0);
  });

  it('refuses deleting a vendor order with links', async () => {
    const id = await order();
    const vo = await db
      .insertInto('vendor_orders')
      .values({ name: 'Clopay stock order', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('linked_orders').values({ order_id: id, vendor_order_id: vo.id, created_at: now }).execute();
    await expect(
      db.insertInto('linked_orders').values({ order_id: id, vendor_order_id: vo.id, created_at: now }).execute(),
    ).rejects.toThrow();
    await expect(db.deleteFrom('vendor_orders').where('id', '=', vo.id).execute()).rejects.toThrow();
    await expect(
      db.insertInto('vendor_orders').values({ name: 'x', status: 'Lost', created_at: now, updated_at: now }).execute(),
    ).rejects.toThrow();
  });
});
