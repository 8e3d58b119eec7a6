/** Vendor order lines and receipts: SQL only (docs/stock.md; docs/decisions/014-module-shape.md). */
import { sql } from 'kysely';
import type { VendorOrderLine } from '@desk/domain';
import { lockedOnPostgres } from '../../lib/engine.js';
import { insertedId, type Db } from '../../lib/sql.js';

function linesQuery(db: Db) {
  return db
    .selectFrom('vendor_order_lines as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select([
      'l.id',
      'l.vendor_order_id',
      'l.product_id',
      'p.item_no',
      'p.item_description',
      'l.quantity',
      'l.received_quantity',
      'l.unit_cost_cents',
      'l.position',
    ]);
}

type LineRow = Awaited<ReturnType<ReturnType<typeof linesQuery>['execute']>>[number];

const toLine = (r: LineRow): VendorOrderLine => ({
  id: r.id,
  vendorOrderId: r.vendor_order_id,
  productId: r.product_id,
  itemNo: r.item_no,
  itemDescription: r.item_description,
  quantity: Number(r.quantity),
  receivedQuantity: Number(r.received_quantity),
  outstanding: Math.max(0, Number(r.quantity) - Number(r.received_quantity)),
  unitCostCents: r.unit_cost_cents === null ? null : Number(r.unit_cost_cents),
});

export async function linesOf(db: Db, vendorOrderId: number): Promise<VendorOrderLine[]> {
  const rows = await linesQuery(db)
    .where('l.vendor_order_id', '=', vendorOrderId)
    .orderBy('l.position')
    .orderBy('l.id')
    .execute();
  return rows.map(toLine);
}

export async function findLine(db: Db, lineId: number): Promise<VendorOrderLine | null> {
  const row = await linesQuery(db).where('l.id', '=', lineId).executeTakeFirst();
  return row ? toLine(row) : null;
}

/** The line's place on its vendor order ("line 2"), counted as the list shows them. */
export async function lineNumber(db: Db, lineId: number): Promise<number> {
  const row = await db
    .selectFrom('vendor_order_lines as l')
    .select(
      sql<number | string>`(select count(*) from vendor_order_lines o where o.vendor_order_id = l.vendor_order_id
        and (o.position < l.position or (o.position = l.position and o.id <= l.id)))`.as('n'),
    )
    .where('l.id', '=', lineId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function appendLine(
  db: Db,
  vendorOrderId: number,
  values: { product_id: number; quantity: number; unit_cost_cents: number | null; created_at: string },
) {
  const position = db
    .selectFrom('vendor_order_lines')
    .select(sql<number>`coalesce(max(position), 0) + 1`.as('p'))
    .where('vendor_order_id', '=', vendorOrderId);
  return insertedId(
    db
      .insertInto('vendor_order_lines')
      .values({ vendor_order_id: vendorOrderId, ...values, position })
      .returning('id'),
  );
}

export async function updateLine(db: Db, lineId: number, values: { quantity: number; unit_cost_cents: number | null }) {
  await db.updateTable('vendor_order_lines').set(values).where('id', '=', lineId).execute();
}

export async function deleteLine(db: Db, lineId: number) {
  await db.deleteFrom('vendor_order_lines').where('id', '=', lineId).execute();
}

/** Adds to what a line has received (the caller holds its vendor order's row). */
export async function addReceived(db: Db, lineId: number, quantity: number) {
  await db
    .updateTable('vendor_order_lines')
    .set({ received_quantity: sql`received_quantity + ${quantity}` })
    .where('id', '=', lineId)
    .execute();
}

export function insertReceipt(
  db: Db,
  values: {
    vendor_order_id: number;
    note: string | null;
    over: number;
    user_id: number | null;
    username: string | null;
    at: string;
  },
) {
  return insertedId(db.insertInto('vendor_receipts').values(values).returning('id'));
}

export async function countReceipts(db: Db, vendorOrderId: number): Promise<number> {
  const row = await db
    .selectFrom('vendor_receipts')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('vendor_order_id', '=', vendorOrderId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The vendor order's row, locked against other writers (PostgreSQL) for a change of its lines or
 * a receipt: its status and name.
 */
export function lockVendorOrder(db: Db, id: number) {
  return lockedOnPostgres(
    db,
    db.selectFrom('vendor_orders').select(['id', 'name', 'status', 'received_date', 'version']).where('id', '=', id),
  ).executeTakeFirst();
}

export async function markReceived(db: Db, id: number, day: string, now: string) {
  await db
    .updateTable('vendor_orders')
    .set({ status: 'Received', received_date: day, updated_at: now, version: sql`version + 1` })
    .where('id', '=', id)
    .execute();
}

/** Inserts a vendor order's lines (a reorder), in one statement per 500. */
export async function insertLines(
  db: Db,
  vendorOrderId: number,
  lines: ReadonlyArray<{ product_id: number; quantity: number }>,
  now: string,
) {
  for (let i = 0; i < lines.length; i += 500) {
    await db
      .insertInto('vendor_order_lines')
      .values(
        lines.slice(i, i + 500).map((l, j) => ({
          vendor_order_id: vendorOrderId,
          product_id: l.product_id,
          quantity: l.quantity,
          unit_cost_cents: null,
          position: i + j + 1,
          created_at: now,
        })),
      )
      .execute();
  }
}

/** A product with its type's name (a package cannot be a line). */
export function productWithType(db: Db, productId: number) {
  return db
    .selectFrom('products')
    .leftJoin('product_types', 'product_types.id', 'products.product_type_id')
    .select(['products.id', 'products.item_no', 'product_types.type'])
    .where('products.id', '=', productId)
    .executeTakeFirst();
}
