/**
 * Stock (docs/stock.md): the ledger of moves, each product's level (on hand kept with the ledger,
 * reserved kept with the open orders' needs), the needs themselves, vendor order lines and their
 * receipts, and counts. Frozen.
 *
 * - stock_moves is append-only: a move's on_hand_after is the product's on hand once it landed.
 * - stock_levels.on_hand always equals the sum of the product's moves; reserved always equals the
 *   sum of stock_needs.required for the product (GET /api/stock/check recomputes both).
 * - stock_needs holds a row per open order and product it needs (a package line needs its parts),
 *   and no row for a closed order.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: any) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
  const idType = pg ? 'serial' : 'integer';

  await db.schema
    .createTable('stock_levels')
    .addColumn('product_id', 'integer', (c) => c.primaryKey().references('products.id').onDelete('cascade'))
    .addColumn('on_hand', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reserved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reorder_point', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reorder_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    // 1 once a pickup took on hand below zero; a count clears it.
    .addColumn('count_needed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('stock_moves')
    .addColumn('id', idType, id)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('receipt', 'pickup', 'return', 'adjustment', 'count', 'reopen')`),
    )
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('on_hand_after', 'integer', (c) => c.notNull())
    .addColumn('ref_kind', 'text')
    .addColumn('ref_id', 'integer')
    .addColumn('reason', 'text')
    .addColumn('note', 'text')
    .addColumn('user_id', 'integer')
    .addColumn('username', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stock_moves_product_idx').on('stock_moves').columns(['product_id', 'id']).execute();
  await db.schema.createIndex('stock_moves_ref_idx').on('stock_moves').columns(['ref_kind', 'ref_id']).execute();

  await db.schema
    .createTable('stock_needs')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('required', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('stock_needs_pk', ['order_id', 'product_id'])
    .execute();
  // Promised oldest first: what the older open orders need of a product is one range of this index.
  await db.schema
    .createIndex('stock_needs_product_idx')
    .on('stock_needs')
    .columns(['product_id', 'order_id', 'required'])
    .execute();

  await db.schema
    .createTable('vendor_order_lines')
    .addColumn('id', idType, id)
    .addColumn('vendor_order_id', 'integer', (c) => c.notNull().references('vendor_orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('restrict'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('received_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unit_cost_cents', 'integer')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('vendor_order_lines_order_idx')
    .on('vendor_order_lines')
    .columns(['vendor_order_id', 'position'])
    .execute();
  await db.schema
    .createIndex('vendor_order_lines_product_idx')
    .on('vendor_order_lines')
    .columns(['product_id'])
    .execute();

  await db.schema
    .createTable('vendor_receipts')
    .addColumn('id', idType, id)
    .addColumn('vendor_order_id', 'integer', (c) => c.notNull().references('vendor_orders.id').onDelete('restrict'))
    .addColumn('note', 'text')
    .addColumn('over', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'integer')
    .addColumn('username', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('vendor_receipts_order_idx').on('vendor_receipts').column('vendor_order_id').execute();

  await db.schema
    .createTable('stock_counts')
    .addColumn('id', idType, id)
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`state in ('open', 'applied')`),
    )
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('started_by', 'text')
    .addColumn('applied_at', 'text')
    .addColumn('applied_by', 'text')
    .execute();
  await db.schema
    .createTable('stock_count_lines')
    .addColumn('count_id', 'integer', (c) => c.notNull().references('stock_counts.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('expected', 'integer', (c) => c.notNull())
    .addColumn('counted', 'integer')
    .addPrimaryKeyConstraint('stock_count_lines_pk', ['count_id', 'product_id'])
    .execute();

  // The open orders already on file need their carts from now on: their needs, and each
  // product's reserved with them (the rule of docs/stock.md, written here as of this migration).
  const pkg = (t: string) => sql.raw(`lower(coalesce(${t}.type, '')) like '%package%'`);
  await sql`
    insert into stock_needs (order_id, product_id, required)
    select x.order_id, x.product_id, sum(x.q) from (
      select l.order_id as order_id, l.product_id as product_id, l.quantity as q
        from order_parts l
        join orders o on o.id = l.order_id and o.is_closed = 0
        join products p on p.id = l.product_id
        left join product_types t on t.id = p.product_type_id
       where not (${pkg('t')})
      union all
      select l.order_id, s.product_id, s.quantity * l.quantity
        from order_sub_parts s
        join order_parts l on l.id = s.order_part_id
        join orders o on o.id = l.order_id and o.is_closed = 0
        join products p on p.id = l.product_id
        left join product_types t on t.id = p.product_type_id
        join products sp on sp.id = s.product_id
        left join product_types st on st.id = sp.product_type_id
       where ${pkg('t')} and not (${pkg('st')})
    ) x
    group by x.order_id, x.product_id
    having sum(x.q) > 0`.execute(db);
  await sql`
    insert into stock_levels (product_id, reserved, updated_at)
    select product_id, sum(required), ${new Date().toISOString()} from stock_needs group by product_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'stock_count_lines',
    'stock_counts',
    'vendor_receipts',
    'vendor_order_lines',
    'stock_needs',
    'stock_moves',
    'stock_levels',
  ])
    await db.schema.dropTable(table).execute();
}
