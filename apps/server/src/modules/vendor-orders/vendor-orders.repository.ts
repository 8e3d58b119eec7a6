/** Vendor orders and linked orders: SQL only (docs/decisions/014-module-shape.md). */
import { sql, type Selectable } from 'kysely';
import type { LinkedOrder, VendorOrder, VendorOrderInput, WaitingOn } from '@desk/domain';
import type { VendorOrdersTable } from '../../db/schema.js';
import { runPagedList, sortedListQuery, tableColumns, type ListQuery } from '../../lib/paging.js';
import { insertedId, type Db } from '../../lib/sql.js';
import { isPostgres } from '../../lib/engine.js';

const COLUMNS = tableColumns('vendor_orders', [
  'id',
  'name',
  'description',
  'estimated_arrival',
  'status',
  'received_date',
]);

/** The column's check constraint allows only these statuses. */
const vendorStatus = (s: string) => s as VendorOrder['status'];

export const toVendorOrder = (r: Selectable<VendorOrdersTable>): VendorOrder => ({
  id: r.id,
  name: r.name,
  description: r.description,
  estimatedArrival: r.estimated_arrival,
  status: vendorStatus(r.status),
  receivedDate: r.received_date,
  version: r.version,
});

export const vendorOrderValues = (v: VendorOrderInput) => ({
  name: v.name,
  description: v.description,
  estimated_arrival: v.estimatedArrival,
  status: v.status,
  // Only a Received vendor order has a received date (the service fills in today's).
  received_date: v.status === 'Received' ? v.receivedDate : null,
});

export async function listAll(db: Db): Promise<VendorOrder[]> {
  return (await db.selectFrom('vendor_orders').selectAll().orderBy('id').execute()).map(toVendorOrder);
}

/** The vendor order list: its rows, columns and order (the page and the export). */
function listSpec(db: Db, query: ListQuery) {
  const base = db.selectFrom('vendor_orders');
  return {
    base,
    select: (qb: typeof base) => qb.selectAll('vendor_orders'),
    columns: COLUMNS,
    query,
    idColumn: sql`vendor_orders.id`,
    map: toVendorOrder,
  };
}

export function listPage(db: Db, query: ListQuery) {
  return runPagedList(listSpec(db, query));
}

/** Every vendor order the list's filters match, in its order, as rows to map with toVendorOrder (the export). */
export function listRows(db: Db, query: ListQuery) {
  return sortedListQuery(listSpec(db, query));
}

export async function findById(db: Db, id: number): Promise<VendorOrder | null> {
  const row = await db.selectFrom('vendor_orders').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toVendorOrder(row) : null;
}

export function insert(db: Db, input: VendorOrderInput, now: string): Promise<number> {
  const row = { ...vendorOrderValues(input), created_at: now, updated_at: now };
  return insertedId(db.insertInto('vendor_orders').values(row).returning('id'));
}

export async function countLinks(db: Db, vendorOrderId: number): Promise<number> {
  const { n } = await db
    .selectFrom('linked_orders')
    .select(sql<number>`count(*)`.as('n'))
    .where('vendor_order_id', '=', vendorOrderId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function remove(db: Db, id: number): Promise<void> {
  await db.deleteFrom('vendor_orders').where('id', '=', id).execute();
}

export async function orderExists(db: Db, orderId: number): Promise<boolean> {
  return !!(await db.selectFrom('orders').select('id').where('id', '=', orderId).executeTakeFirst());
}

/**
 * Whether the order exists, holding it until the transaction ends on PostgreSQL (FOR KEY SHARE:
 * a delete of the order waits, an edit of its header does not), so a link inserted next cannot
 * meet a deleted order. SQLite's write transactions already run one at a time.
 */
export async function lockOrderForLink(db: Db, orderId: number): Promise<boolean> {
  let q = db.selectFrom('orders').select('id').where('id', '=', orderId);
  if (isPostgres(db)) q = q.forKeyShare();
  return !!(await q.executeTakeFirst());
}

export async function vendorOrderExists(db: Db, id: number): Promise<boolean> {
  return !!(await db.selectFrom('vendor_orders').select('id').where('id', '=', id).executeTakeFirst());
}

export async function linkExists(db: Db, orderId: number, vendorOrderId: number): Promise<boolean> {
  return !!(await db
    .selectFrom('linked_orders')
    .select('id')
    .where('order_id', '=', orderId)
    .where('vendor_order_id', '=', vendorOrderId)
    .executeTakeFirst());
}

export async function insertLink(db: Db, orderId: number, vendorOrderId: number, now: string): Promise<number> {
  const { id } = await db
    .insertInto('linked_orders')
    .values({ order_id: orderId, vendor_order_id: vendorOrderId, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Answers whether a link was removed. */
export async function deleteLink(db: Db, id: number): Promise<boolean> {
  const res = await db.deleteFrom('linked_orders').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

function linkedQuery(db: Db) {
  return db
    .selectFrom('linked_orders as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .innerJoin('order_statuses as s', 's.id', 'o.order_status_id')
    .innerJoin('vendor_orders as v', 'v.id', 'l.vendor_order_id')
    .select([
      'l.id',
      'o.id as order_id',
      'o.job_name',
      'c.customer_no',
      'c.name as customer_name',
      's.type as status_type',
      'v.id as vo_id',
      'v.name as vo_name',
      'v.description as vo_description',
      'v.estimated_arrival as vo_estimated_arrival',
      'v.status as vo_status',
      'v.received_date as vo_received_date',
      'v.version as vo_version',
    ]);
}

type LinkedRow = Awaited<ReturnType<ReturnType<typeof linkedQuery>['executeTakeFirstOrThrow']>>;

const toLinked = (r: LinkedRow): LinkedOrder => ({
  id: r.id,
  order: {
    id: r.order_id,
    jobName: r.job_name,
    customerNo: r.customer_no,
    customerName: r.customer_name,
    orderStatus: r.status_type,
  },
  vendorOrder: {
    id: r.vo_id,
    name: r.vo_name,
    description: r.vo_description,
    estimatedArrival: r.vo_estimated_arrival,
    status: vendorStatus(r.vo_status),
    receivedDate: r.vo_received_date,
    version: r.vo_version,
  },
});

export async function findLink(db: Db, id: number): Promise<LinkedOrder> {
  return toLinked(await linkedQuery(db).where('l.id', '=', id).executeTakeFirstOrThrow());
}

export async function linksOfOrder(db: Db, orderId: number): Promise<LinkedOrder[]> {
  return (await linkedQuery(db).where('l.order_id', '=', orderId).orderBy('l.id').execute()).map(toLinked);
}

export async function linksOfVendorOrder(db: Db, vendorOrderId: number): Promise<LinkedOrder[]> {
  return (await linkedQuery(db).where('l.vendor_order_id', '=', vendorOrderId).orderBy('l.id').execute()).map(toLinked);
}

/**
 * The open vendor orders (Ordered or Shipped) each of these orders is linked to, expected soonest
 * first (no date last): what the orders wait on.
 */
export async function openVendorOrdersOf(db: Db, orderIds: readonly number[]) {
  const out = new Map<number, Array<{ id: number; name: string; expected: string | null }>>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .selectFrom('linked_orders as l')
    .innerJoin('vendor_orders as v', 'v.id', 'l.vendor_order_id')
    .select(['l.order_id', 'v.id', 'v.name', 'v.estimated_arrival'])
    .where('l.order_id', 'in', [...orderIds])
    .where('v.status', 'in', ['Ordered', 'Shipped'])
    .orderBy(sql`v.estimated_arrival is null`)
    .orderBy('v.estimated_arrival')
    .orderBy('v.id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.order_id) ?? [];
    list.push({ id: r.id, name: r.name, expected: r.estimated_arrival });
    out.set(r.order_id, list);
  }
  return out;
}

/** What each order waits on, overdue when expected before `today` (YYYY-MM-DD). */
export async function waitingOn(db: Db, orderIds: readonly number[], today: string): Promise<Map<number, WaitingOn[]>> {
  const out = new Map<number, WaitingOn[]>();
  for (const [orderId, list] of await openVendorOrdersOf(db, orderIds))
    out.set(
      orderId,
      list.map((v) => ({
        vendorOrderId: v.id,
        name: v.name,
        expected: v.expected,
        overdue: v.expected !== null && v.expected < today,
      })),
    );
  return out;
}
