/**
 * Stock: SQL only (docs/stock.md; docs/decisions/014-module-shape.md). The ledger's moves, each
 * product's level, the open orders' needs, the stock list and the counts.
 */
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { StockMove, StockMoveKind, StockRefKind, StockRow } from '@desk/domain';
import type { StockMovesTable } from '../../db/schema.js';
import type { ListColumns, ListQuery } from '../../lib/paging.js';
import { listReaders } from '../../lib/rows.js';
import { isPostgres } from '../../lib/engine.js';
import type { Db } from '../../lib/sql.js';

/** Whether the product type named by `column` is a package (as the domain's isPackageType says). */
const isPackage = (column: string) => sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like '%package%'`;

/** The vendor order statuses whose outstanding lines are on order. */
const OPEN_VENDOR_STATUSES = ['Ordered', 'Shipped'] as const;

// ---- levels and moves ----------------------------------------------------------------------

/** Gives each product a level row (all zero) if it has none. */
export async function ensureLevels(db: Db, productIds: readonly number[], now: string): Promise<void> {
  if (productIds.length === 0) return;
  await db
    .insertInto('stock_levels')
    .values(productIds.map((product_id) => ({ product_id, updated_at: now })))
    .onConflict((oc) => oc.column('product_id').doNothing())
    .execute();
}

/**
 * Takes the level rows of these products, in product id order (PostgreSQL; SQLite runs one writer
 * at a time), for a writer that changes several of them in more than one pass.
 */
export async function lockLevels(db: Db, productIds: readonly number[], now: string): Promise<void> {
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  await ensureLevels(db, ids, now);
  if (ids.length === 0 || !isPostgres(db)) return;
  await db
    .selectFrom('stock_levels')
    .select('product_id')
    .where('product_id', 'in', ids)
    .orderBy('product_id')
    .forUpdate()
    .execute();
}

/**
 * Moves on hand by `delta` in one statement (the row lock on PostgreSQL serialises concurrent
 * moves of a product) and answers on hand after it; null when a move that takes away would leave
 * on hand below zero and `mayGoNegative` is false. A move that leaves it below zero marks the product "count
 * needed".
 */
export async function moveOnHand(
  db: Db,
  productId: number,
  delta: number,
  mayGoNegative: boolean,
  now: string,
): Promise<number | null> {
  let q = db
    .updateTable('stock_levels')
    .set({
      on_hand: sql`on_hand + ${delta}`,
      count_needed: sql`case when on_hand + ${delta} < 0 then 1 else count_needed end`,
      updated_at: now,
    })
    .where('product_id', '=', productId);
  // A move that adds is never refused (it may leave a negative on hand less negative).
  if (!mayGoNegative && delta < 0) q = q.where(sql<boolean>`on_hand + ${delta} >= 0`);
  const row = await q.returning('on_hand').executeTakeFirst();
  return row ? Number(row.on_hand) : null;
}

export async function onHandOf(db: Db, productId: number): Promise<number> {
  const row = await db
    .selectFrom('stock_levels')
    .select('on_hand')
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return Number(row?.on_hand ?? 0);
}

/** A move as stored, its kind and reference narrowed to the domain's. */
export type MoveValues = Omit<Selectable<StockMovesTable>, 'id' | 'kind' | 'ref_kind'> & {
  kind: StockMoveKind;
  ref_kind: StockRefKind | null;
};

export async function insertMove(db: Db, move: MoveValues): Promise<number> {
  const row = await db.insertInto('stock_moves').values(move).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

const toMove = (r: Selectable<StockMovesTable>): StockMove => ({
  id: Number(r.id),
  productId: r.product_id,
  kind: r.kind as StockMoveKind,
  quantity: Number(r.quantity),
  onHandAfter: Number(r.on_hand_after),
  refKind: r.ref_kind as StockRefKind | null,
  refId: r.ref_id,
  reason: r.reason,
  note: r.note,
  username: r.username,
  at: r.at,
});

export async function findMove(db: Db, id: number): Promise<StockMove> {
  return toMove(await db.selectFrom('stock_moves').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
}

/** A product's moves, newest first, one page. */
export async function movesPage(db: Db, productId: number, page: number, size: number) {
  const total = Number(
    (
      await db
        .selectFrom('stock_moves')
        .select(sql<number | string>`count(*)`.as('n'))
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow()
    ).n,
  );
  const last = Math.max(1, Math.ceil(total / size));
  const at = Math.min(page, last);
  const rows = await db
    .selectFrom('stock_moves')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('id', 'desc')
    .limit(size)
    .offset((at - 1) * size)
    .execute();
  return { items: rows.map(toMove), filtered: total, total, page: at, size };
}

/** What an order's pickups and reopenings took of each product so far (positive: taken). */
export async function takenByOrders(db: Db, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  const rows = await db
    .selectFrom('stock_moves')
    .select(['ref_id', 'product_id', sql<number | string>`-sum(quantity)`.as('taken')])
    .where('ref_kind', '=', 'order')
    .where('ref_id', 'in', orderIds)
    .where('kind', 'in', ['pickup', 'reopen'])
    .groupBy(['ref_id', 'product_id'])
    .execute();
  return rows.map((r) => ({ orderId: Number(r.ref_id), productId: r.product_id, taken: Number(r.taken) }));
}

export async function setReorder(db: Db, productId: number, point: number, quantity: number, now: string) {
  await db
    .updateTable('stock_levels')
    .set({ reorder_point: point, reorder_quantity: quantity, updated_at: now })
    .where('product_id', '=', productId)
    .execute();
}

export async function clearCountNeeded(db: Db, productIds: readonly number[], now: string) {
  if (productIds.length === 0) return;
  await db
    .updateTable('stock_levels')
    .set({ count_needed: 0, updated_at: now })
    .where('product_id', 'in', productIds)
    .execute();
}

// ---- needs ---------------------------------------------------------------------------------

/** The tables of a document kind's cart, as the needs read them. */
export interface CartTables {
  parts: 'order_parts' | 'quote_parts';
  subs: 'order_sub_parts' | 'quote_sub_parts';
  docFk: 'order_id' | 'quote_id';
  partFk: 'order_part_id' | 'quote_part_id';
}

export interface NeedRow {
  docId: number;
  productId: number;
  required: number;
}

/**
 * What each document's cart needs of each product (docs/stock.md): a plain part line its product
 * x quantity; a package line each sub-part's product x the sub-part's quantity x the line's
 * quantity. No package is ever needed itself.
 */
function cartNeedsQuery(t: CartTables, docIds: RawBuilder<unknown>) {
  const parts = sql.table(t.parts);
  const subs = sql.table(t.subs);
  const docFk = sql.ref(`l.${t.docFk}`);
  const partFk = sql.ref(`s.${t.partFk}`);
  return sql<{ doc_id: number; product_id: number; required: number | string }>`
    select x.doc_id, x.product_id, sum(x.q) as required from (
      select ${docFk} as doc_id, l.product_id as product_id, l.quantity as q
        from ${parts} l
        join products p on p.id = l.product_id
        left join product_types t on t.id = p.product_type_id
       where ${docFk} in (${docIds}) and not (${isPackage('t.type')})
      union all
      select ${docFk} as doc_id, s.product_id as product_id, s.quantity * l.quantity as q
        from ${subs} s
        join ${parts} l on l.id = ${partFk}
        join products p on p.id = l.product_id
        left join product_types t on t.id = p.product_type_id
        join products sp on sp.id = s.product_id
        left join product_types st on st.id = sp.product_type_id
       where ${docFk} in (${docIds}) and ${isPackage('t.type')} and not (${isPackage('st.type')})
    ) x
    group by x.doc_id, x.product_id
    having sum(x.q) > 0
    order by x.doc_id, x.product_id`;
}

const needRows = (rows: Array<{ doc_id: number; product_id: number; required: number | string }>): NeedRow[] =>
  rows.map((r) => ({ docId: Number(r.doc_id), productId: Number(r.product_id), required: Number(r.required) }));

/** What the carts of these orders need, counting only those that are open (closed orders need nothing). */
export async function openCartNeeds(db: Db, orderIds: readonly number[]): Promise<NeedRow[]> {
  if (orderIds.length === 0) return [];
  // Bound values, not literals: the statement's text (and its prepared statement) is one per count of ids.
  const open = sql`select id from orders where id in (${sql.join(orderIds)}) and is_closed = 0`;
  return needRows((await cartNeedsQuery(ORDER_CART, open).execute(db)).rows);
}

/** What the carts of these documents need, open or not. */
export async function cartNeeds(db: Db, t: CartTables, docIds: readonly number[]): Promise<NeedRow[]> {
  if (docIds.length === 0) return [];
  return needRows((await cartNeedsQuery(t, sql.join(docIds)).execute(db)).rows);
}

/** What the carts of every open order need (the check's recomputation). */
export async function openOrdersCartNeeds(db: Db): Promise<NeedRow[]> {
  const open = sql`select id from orders where is_closed = 0`;
  return needRows((await cartNeedsQuery(ORDER_CART, open).execute(db)).rows);
}

/** What the carts of every Completed order need (the large data set's pickups). */
export async function completedOrdersCartNeeds(db: Db): Promise<NeedRow[]> {
  const done = sql`select o.id from orders o join order_statuses s on s.id = o.order_status_id where s.type = 'Completed'`;
  return needRows((await cartNeedsQuery(ORDER_CART, done).execute(db)).rows);
}

export const ORDER_CART: CartTables = {
  parts: 'order_parts',
  subs: 'order_sub_parts',
  docFk: 'order_id',
  partFk: 'order_part_id',
};

export async function storedNeeds(db: Db, orderIds: readonly number[]): Promise<NeedRow[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .selectFrom('stock_needs')
    .select(['order_id', 'product_id', 'required'])
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('product_id')
    .execute();
  return rows.map((r) => ({ docId: r.order_id, productId: r.product_id, required: Number(r.required) }));
}

export async function allStoredNeeds(db: Db): Promise<NeedRow[]> {
  const rows = await db
    .selectFrom('stock_needs')
    .select(['order_id', 'product_id', 'required'])
    .orderBy('order_id')
    .orderBy('product_id')
    .execute();
  return rows.map((r) => ({ docId: r.order_id, productId: r.product_id, required: Number(r.required) }));
}

/**
 * Writes only what changed of these orders' needs (`before` as stored, `after` as they are now):
 * the rows gone, the rows new and the quantities moved. A line added to a 10-line order then
 * touches its own products' index entries, not every need of the order (each a page of the
 * (product_id, order_id) index, spread across the table).
 */
export async function writeNeedChanges(db: Db, before: readonly NeedRow[], after: readonly NeedRow[]): Promise<void> {
  const key = (r: NeedRow) => `${r.docId}:${r.productId}`;
  const was = new Map(before.map((r) => [key(r), r]));
  const now = new Map(after.map((r) => [key(r), r]));
  const gone = before.filter((r) => !now.has(key(r)));
  const added = after.filter((r) => !was.has(key(r)));
  const moved = after.filter((r) => was.has(key(r)) && was.get(key(r))!.required !== r.required);
  const goneByOrder = new Map<number, number[]>();
  for (const r of gone) goneByOrder.set(r.docId, [...(goneByOrder.get(r.docId) ?? []), r.productId]);
  for (const [orderId, products] of goneByOrder)
    for (let i = 0; i < products.length; i += 500)
      await db
        .deleteFrom('stock_needs')
        .where('order_id', '=', orderId)
        .where('product_id', 'in', products.slice(i, i + 500))
        .execute();
  // New rows and moved quantities in one statement per 500 rows.
  const written = [...moved, ...added];
  for (let i = 0; i < written.length; i += 500) {
    await db
      .insertInto('stock_needs')
      .values(
        written.slice(i, i + 500).map((r) => ({ order_id: r.docId, product_id: r.productId, required: r.required })),
      )
      .onConflict((oc) => oc.columns(['order_id', 'product_id']).doUpdateSet({ required: sql`excluded.required` }))
      .execute();
  }
}

/**
 * Moves each product's reserved by its delta in one statement (a product with no level row gets
 * one), in the order given: the caller sorts by product id, the order PostgreSQL locks the rows in.
 */
export async function addReserved(db: Db, deltas: ReadonlyArray<[number, number]>, now: string): Promise<void> {
  if (deltas.length === 0) return;
  await db
    .insertInto('stock_levels')
    .values(deltas.map(([product_id, reserved]) => ({ product_id, reserved, updated_at: now })))
    .onConflict((oc) =>
      oc.column('product_id').doUpdateSet({
        reserved: sql`stock_levels.reserved + excluded.reserved`,
        updated_at: sql`excluded.updated_at`,
      }),
    )
    .execute();
}

/**
 * What the open orders older than the need row `n`'s order need of its product (promised oldest
 * first), as an SQL expression for a select over `stock_needs as n`. It reads the shorter side of
 * the product's `(product_id, order_id)` range: for an order in the newer half of the open ones
 * (`ends`: the lowest and highest order id with needs), the product's reserved (the sum of every
 * open order's need, kept with them) less what this order and the newer ones need; else the sum
 * over the older ones. The counter's usual case, a recent order, reads a few rows per product.
 */
async function olderExpression(db: Db) {
  // Two subqueries: each is one look-up at an end of the index (min and max in one select scan it).
  const ends = await sql<{ lo: number | null; hi: number | null }>`select
      (select min(order_id) from stock_needs) as lo, (select max(order_id) from stock_needs) as hi`.execute(db);
  const mid = Number(ends.rows[0]?.lo ?? 0) + Number(ends.rows[0]?.hi ?? 0);
  return sql<number | string>`case when n.order_id * 2 > ${mid}
    then coalesce((select l.reserved from stock_levels l where l.product_id = n.product_id), 0)
      - (select sum(y.required) from stock_needs y where y.product_id = n.product_id and y.order_id >= n.order_id)
    else coalesce((select sum(o.required) from stock_needs o
      where o.product_id = n.product_id and o.order_id < n.order_id), 0) end`;
}

// ---- the stock list ------------------------------------------------------------------------

/**
 * What is outstanding of the product `p` on open vendor orders, and its earliest estimated arrival:
 * correlated to the product row, so a page reads only its own products' few vendor order lines
 * (the (product_id) index), never the whole table.
 */
const OPEN_OUTSTANDING = sql`from vendor_order_lines vl join vendor_orders vo on vo.id = vl.vendor_order_id
  where vl.product_id = p.id and vo.status in (${sql.join(OPEN_VENDOR_STATUSES.map((v) => sql.lit(v)))})
  and vl.quantity > vl.received_quantity`;
const ON_ORDER = sql<
  number | string
>`coalesce((select sum(vl.quantity - vl.received_quantity) ${OPEN_OUTSTANDING}), 0)`;
const NEXT_ARRIVAL = sql<string | null>`(select min(vo.estimated_arrival) ${OPEN_OUTSTANDING})`;

const STOCK_COLUMNS: ListColumns = {
  itemNo: sql`p.item_no`,
  itemDescription: sql`p.item_description`,
  productType: sql`t.type`,
  onHand: sql`s.on_hand`,
  reserved: sql`s.reserved`,
  // The expression of the index stock_levels_available_idx: a page sorted by it reads the index.
  available: sql`s.on_hand - s.reserved`,
  onOrder: ON_ORDER,
  nextArrival: NEXT_ARRIVAL,
};

/**
 * Not a package: the package types' ids are found once (a handful of types), not the type's name
 * folded and matched for every product row.
 */
const NOT_PACKAGE = sql<boolean>`(p.product_type_id is null
  or p.product_type_id not in (select pt.id from product_types pt where ${isPackage('pt.type')}))`;

/** The stocked products: every product has a level row (docs/stock.md, "Levels"); packages are left out. */
function stockBase(db: Db) {
  return db
    .selectFrom('stock_levels as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .leftJoin('product_types as t', 't.id', 'p.product_type_id')
    .where(NOT_PACKAGE);
}

function selectStock(qb: ReturnType<typeof stockBase>) {
  return qb.select([
    'p.id as product_id',
    'p.item_no',
    'p.item_description',
    't.type as type_name',
    's.on_hand',
    's.reserved',
    's.reorder_point',
    's.reorder_quantity',
    's.count_needed',
    ON_ORDER.as('on_order'),
    NEXT_ARRIVAL.as('next_arrival'),
  ]);
}

type StockSqlRow = Awaited<ReturnType<ReturnType<typeof selectStock>['execute']>>[number];

export const toStockRow = (r: StockSqlRow): StockRow => {
  const onHand = Number(r.on_hand);
  const reserved = Number(r.reserved);
  return {
    productId: r.product_id,
    itemNo: r.item_no,
    itemDescription: r.item_description,
    productType: r.type_name,
    onHand,
    reserved,
    available: onHand - reserved,
    onOrder: Number(r.on_order),
    nextArrival: r.next_arrival ?? null,
    reorderPoint: Number(r.reorder_point),
    reorderQuantity: Number(r.reorder_quantity),
    countNeeded: Number(r.count_needed) === 1,
  };
};

/**
 * How many products the stock list holds: every product less the packages (the type's index), as
 * every product has a level row; a count over the list's join read every row (0.37 against 0.02 ms
 * at 3,000 products).
 */
async function stockedCount(db: Db): Promise<number> {
  const row = await sql<{ n: number | string }>`select (select count(*) from products)
    - (select count(*) from products p where p.product_type_id in
        (select pt.id from product_types pt where ${isPackage('pt.type')})) as n`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/** The stock list: its rows, columns and order (the page and the export); `short` and `countNeeded` filter by "1". */
const stockListSpec = (db: Db, query: ListQuery) => ({
  total: () => stockedCount(db),
  base: stockBase(db),
  select: selectStock,
  columns: STOCK_COLUMNS,
  query,
  // The level row's id, the index's second column: a page in available's order never sorts.
  idColumn: sql`s.product_id`,
  map: toStockRow,
  // The page's ids first (sorted without the vendor order subqueries), then their rows.
  fetchByIds: (ids: number[]) => selectStock(stockBase(db).where('s.product_id', 'in', ids)).execute(),
  rowId: (r: StockSqlRow) => r.product_id,
  filterOverrides: {
    short: (_p: string, v: string) => (v === '1' ? sql<boolean>`s.on_hand < s.reserved` : sql<boolean>`1 = 1`),
    countNeeded: (_p: string, v: string) => (v === '1' ? sql<boolean>`s.count_needed = 1` : sql<boolean>`1 = 1`),
  },
});

/** The stock list's page, and its rows in its order as rows to map with toStockRow (the export). */
export const { listPage: stockPage, listRows: stockListRows } = listReaders(stockListSpec);

/** Stock rows of these products (packages are not among them). */
export async function stockRows(db: Db, productIds: readonly number[]): Promise<StockRow[]> {
  if (productIds.length === 0) return [];
  const rows = await selectStock(stockBase(db).where('s.product_id', 'in', productIds))
    .orderBy('s.product_id')
    .execute();
  return rows.map(toStockRow);
}

/** Products whose available + on order is below their reorder point. */
export async function belowReorderPoint(db: Db): Promise<StockRow[]> {
  const rows = await selectStock(
    stockBase(db).where(sql<boolean>`s.reorder_point > 0 and s.on_hand - s.reserved + ${ON_ORDER} < s.reorder_point`),
  )
    .orderBy('p.item_no')
    .execute();
  return rows.map(toStockRow);
}

/** Products matching a count's choice, in item number order (packages hold no stock). */
export async function productsForCount(
  db: Db,
  choice: { productIds?: number[]; productType?: string | null; itemNoPrefix?: string | null },
) {
  let q = selectStock(stockBase(db));
  if (choice.productIds?.length) q = q.where('p.id', 'in', choice.productIds);
  if (choice.productType) q = q.where(sql<boolean>`lower(t.type) = lower(${choice.productType})`);
  if (choice.itemNoPrefix) {
    const prefix = `${choice.itemNoPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where(sql<boolean>`lower(p.item_no) like lower(${prefix}) escape '\\'`);
  }
  return (await q.orderBy('p.item_no').orderBy('p.id').execute()).map(toStockRow);
}

/** A product with its type (a package holds no stock), as the catalogue reads it. */
export { productWithType } from '../catalog/products.repository.js';

/** A package's associated parts with their quantity per package. */
export function packageParts(db: Db, packageId: number) {
  return db
    .selectFrom('associated_parts as a')
    .innerJoin('products as p', 'p.id', 'a.child_id')
    .select(['a.child_id', 'a.quantity', 'p.item_no'])
    .where('a.package_id', '=', packageId)
    .orderBy('a.id')
    .execute();
}

// ---- the check ------------------------------------------------------------------------------

/** Each product's on hand and reserved as stored, beside the sum of its moves and its needs. */
export async function levelsAgainstLedger(db: Db) {
  const result = await sql<{
    product_id: number;
    on_hand: number | string | null;
    reserved: number | string | null;
    moved: number | string | null;
    needed: number | string | null;
    last_after: number | string | null;
  }>`
    select ids.product_id,
           s.on_hand, s.reserved,
           (select sum(m.quantity) from stock_moves m where m.product_id = ids.product_id) as moved,
           (select sum(n.required) from stock_needs n where n.product_id = ids.product_id) as needed,
           (select m.on_hand_after from stock_moves m where m.product_id = ids.product_id
             order by m.id desc limit 1) as last_after
      from (select product_id from stock_levels
            union select product_id from stock_moves
            union select product_id from stock_needs) ids
      left join stock_levels s on s.product_id = ids.product_id
     order by ids.product_id`.execute(db);
  return result.rows.map((r) => ({
    productId: Number(r.product_id),
    onHand: Number(r.on_hand ?? 0),
    reserved: Number(r.reserved ?? 0),
    moved: Number(r.moved ?? 0),
    needed: Number(r.needed ?? 0),
    lastAfter: r.last_after === null ? null : Number(r.last_after),
  }));
}

/** Products with no stock level row (every product has one: docs/stock.md, "Levels"). */
export async function productsWithoutLevel(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('products as p')
    .select('p.id')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('stock_levels as s').select('s.product_id').whereRef('s.product_id', '=', 'p.id'))),
    )
    .orderBy('p.id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * An open order's availability in one statement: each product it needs, with the product's
 * number and description, on hand, what the older open orders need of it (promised oldest first),
 * and what is on order with its earliest arrival.
 */
export async function openOrderAvailability(db: Db, orderId: number) {
  const older = await olderExpression(db);
  // The outstanding vendor order lines of the order's products, grouped once (two correlated
  // look-ups per product, on order and next arrival, cost a quarter more).
  const incoming = db
    .selectFrom('vendor_order_lines as vl')
    .innerJoin('vendor_orders as vo', 'vo.id', 'vl.vendor_order_id')
    .select([
      'vl.product_id',
      sql<number | string>`sum(vl.quantity - vl.received_quantity)`.as('on_order'),
      sql<string | null>`min(vo.estimated_arrival)`.as('next_arrival'),
    ])
    .where('vo.status', 'in', OPEN_VENDOR_STATUSES)
    .where(sql<boolean>`vl.quantity > vl.received_quantity`)
    .where('vl.product_id', 'in', db.selectFrom('stock_needs').select('product_id').where('order_id', '=', orderId))
    .groupBy('vl.product_id')
    .as('x');
  const rows = await db
    .selectFrom('stock_needs as n')
    .innerJoin('products as p', 'p.id', 'n.product_id')
    .innerJoin('stock_levels as s', 's.product_id', 'n.product_id')
    .leftJoin(incoming, 'x.product_id', 'n.product_id')
    .select([
      'n.product_id',
      'n.required',
      'p.item_no',
      'p.item_description',
      's.on_hand',
      older.as('older'),
      'x.on_order',
      'x.next_arrival',
    ])
    .where('n.order_id', '=', orderId)
    .execute();
  return rows.map((r) => ({
    productId: r.product_id,
    required: Number(r.required),
    itemNo: r.item_no,
    itemDescription: r.item_description,
    onHand: Number(r.on_hand),
    older: Number(r.older),
    onOrder: Number(r.on_order ?? 0),
    nextArrival: r.next_arrival ?? null,
  }));
}

/** Whether a document exists (null when not) and, for an order, whether it is open; a quote is "open". */
export async function documentState(db: Db, table: 'orders' | 'quotes', id: number): Promise<boolean | null> {
  if (table === 'orders') {
    const row = await db.selectFrom('orders').select('is_closed').where('id', '=', id).executeTakeFirst();
    return row ? Number(row.is_closed) === 0 : null;
  }
  const row = await db.selectFrom('quotes').select('id').where('id', '=', id).executeTakeFirst();
  return row ? true : null;
}

/**
 * Each open order's needs with what covers them, promised oldest first: per order and product,
 * what it needs, on hand, and what the older open orders need of the product.
 */
export async function needsWithOlder(db: Db, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  const older = await olderExpression(db);
  const rows = await db
    .selectFrom('stock_needs as n')
    .leftJoin('stock_levels as s', 's.product_id', 'n.product_id')
    .select([
      'n.order_id',
      'n.product_id',
      'n.required',
      sql<number | string>`coalesce(s.on_hand, 0)`.as('on_hand'),
      older.as('older'),
    ])
    .where('n.order_id', 'in', orderIds)
    .execute();
  return rows.map((r) => ({
    orderId: r.order_id,
    productId: r.product_id,
    required: Number(r.required),
    onHand: Number(r.on_hand),
    older: Number(r.older),
  }));
}

/** Open orders with a line or sub-part of one of these products. */
export async function openOrdersUsing(db: Db, productIds: readonly number[]): Promise<number[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .selectFrom('orders as o')
    .select('o.id')
    .where('o.is_closed', '=', 0)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('order_parts as l')
            .select('l.id')
            .whereRef('l.order_id', '=', 'o.id')
            .where('l.product_id', 'in', productIds),
        ),
        eb.exists(
          eb
            .selectFrom('order_sub_parts as s')
            .innerJoin('order_parts as l', 'l.id', 's.order_part_id')
            .select('s.id')
            .whereRef('l.order_id', '=', 'o.id')
            .where('s.product_id', 'in', productIds),
        ),
      ]),
    )
    .orderBy('o.id')
    .execute();
  return rows.map((r) => r.id);
}

/** What holds a product in the stock ledger: its moves and its vendor order lines. */
export async function stockUsage(db: Db, productId: number) {
  const [moves, lines] = await Promise.all([
    db
      .selectFrom('stock_moves')
      .select(sql<number | string>`count(*)`.as('n'))
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('vendor_order_lines')
      .select(sql<number | string>`count(*)`.as('n'))
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow(),
  ]);
  return { moves: Number(moves.n), vendorLines: Number(lines.n) };
}

/** On hand and reorder settings of these products, by id (a product with no level is absent). */
export async function levelsOf(db: Db, productIds: readonly number[]) {
  const out = new Map<number, { on_hand: number; reorder_point: number; reorder_quantity: number }>();
  for (let i = 0; i < productIds.length; i += 500) {
    const rows = await db
      .selectFrom('stock_levels')
      .select(['product_id', 'on_hand', 'reorder_point', 'reorder_quantity'])
      .where('product_id', 'in', productIds.slice(i, i + 500))
      .execute();
    for (const r of rows)
      out.set(r.product_id, {
        on_hand: Number(r.on_hand),
        reorder_point: Number(r.reorder_point),
        reorder_quantity: Number(r.reorder_quantity),
      });
  }
  return out;
}
