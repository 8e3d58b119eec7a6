/** The will-call yard: SQL only (docs/decisions/014-module-shape.md). */
import { sql, type Selectable } from 'kysely';
import { COMPLETED_STATUS, type PickupOrder } from '@desk/domain';
import type { CustomersTable, OrdersTable, OrderStatusesTable } from '../../db/schema.js';
import { isPostgres, lockedOnPostgres } from '../../lib/engine.js';
import type { Db } from '../../lib/sql.js';

/** A row of pickupBase's select. */
type PickupRow = Pick<
  Selectable<OrdersTable>,
  'id' | 'customer_id' | 'job_name' | 'po_number' | 'current_load' | 'loading_bay'
> & {
  customer_name: Selectable<CustomersTable>['name'];
  customer_no: Selectable<CustomersTable>['customer_no'];
  status_type: Selectable<OrderStatusesTable>['type'];
};

function pickupBase(db: Db) {
  return (
    db
      .selectFrom('orders as o')
      .innerJoin('order_statuses as s', 's.id', 'o.order_status_id')
      .innerJoin('customers as c', 'c.id', 'o.customer_id')
      .select([
        'o.id',
        'o.customer_id',
        'c.name as customer_name',
        'c.customer_no',
        'o.job_name',
        'o.po_number',
        's.type as status_type',
        'o.current_load',
        'o.loading_bay',
      ])
      // Literal 1s so SQLite can use the partial indexes (a bound parameter hides the value).
      .where(sql<boolean>`o.order_pickup = 1`)
      .where('s.closed', '=', 0)
  );
}

/**
 * Every bay's current load now, by bay: its order and customer, and since when it has waited
 * there (loaded_at; a load made before that column, its last change). The dashboard reads it.
 */
export function currentLoads(db: Db) {
  return pickupBase(db)
    .select(sql<string>`coalesce(o.loaded_at, o.updated_at)`.as('since'))
    .where(sql<boolean>`o.current_load = 1`)
    .where('o.loading_bay', '>', 0)
    .orderBy('o.loading_bay')
    .orderBy('o.id')
    .execute();
}

function toPickup(r: PickupRow): PickupOrder {
  return {
    id: r.id,
    customerId: r.customer_id,
    customerName: r.customer_name,
    customerNo: r.customer_no,
    jobName: r.job_name,
    poNumber: r.po_number,
    orderStatus: r.status_type,
    current_load: r.current_load === 1,
    loading_bay: r.loading_bay,
  };
}

/** Open orders ready for pickup; with a bay, only those assigned to it (0: not in a bay). */
export async function pickupReady(db: Db, bayId?: number): Promise<PickupOrder[]> {
  let q = pickupBase(db);
  if (bayId !== undefined) {
    q =
      bayId === 0
        ? q.where((eb) => eb.or([eb('o.loading_bay', 'is', null), eb('o.loading_bay', '=', 0)]))
        : q.where('o.loading_bay', '=', bayId);
  }
  const rows = await q.orderBy('o.id').execute();
  return rows.map(toPickup);
}

/**
 * The rows of these ids that are open orders ready for pickup, as stored. On PostgreSQL the
 * orders' rows are locked (in id order) until the transaction ends: a save compares each order
 * with what it was (a new bay, newly placed: a history record, a ready-for-pickup e-mail), so
 * two saves of the same order must not both read it as it was. SQLite's write transactions
 * already run one at a time.
 */
export async function pickupRows(db: Db, ids: number[], alsoLock: number[] = []): Promise<PickupRow[]> {
  if (isPostgres(db)) {
    // Locked first on the orders alone, then read whole in a statement of its own, which sees
    // what was committed while it waited. (FOR UPDATE on the join itself re-checks a row changed
    // meanwhile against the customer and status rows it joined before: an order whose customer
    // was just changed would drop out of the answer.) `alsoLock`: the loads the save may replace.
    const orders = db
      .selectFrom('orders')
      .select('id')
      .where('id', 'in', [...new Set([...ids, ...alsoLock])])
      .orderBy('id');
    await lockedOnPostgres(db, orders).execute();
  }
  return pickupBase(db).where('o.id', 'in', ids).orderBy('o.id').execute();
}

/** The current load of each of these bays, with its customer and job (for the question that names it). */
export async function loadsIn(
  db: Db,
  bays: number[],
): Promise<Map<number, { id: number; customer_name: string | null; job_name: string | null }>> {
  if (bays.length === 0) return new Map();
  const rows = await db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select(['o.id', 'o.loading_bay', 'c.name as customer_name', 'o.job_name'])
    .where('o.loading_bay', 'in', bays)
    .where('o.current_load', '=', 1)
    .execute();
  return new Map(rows.map((r) => [r.loading_bay!, { id: r.id, customer_name: r.customer_name, job_name: r.job_name }]));
}

export async function clearLoads(db: Db, ids: number[]): Promise<void> {
  await db.updateTable('orders').set({ current_load: 0 }).where('id', 'in', ids).execute();
}

/** The current load of a bay other than the given orders, if any. */
export async function otherLoadInBay(db: Db, bay: number, exceptIds: number[]): Promise<number | undefined> {
  const holder = await db
    .selectFrom('orders')
    .select('id')
    .where('loading_bay', '=', bay)
    .where('current_load', '=', 1)
    .where('id', 'not in', exceptIds)
    .executeTakeFirst();
  return holder?.id;
}

/**
 * Puts an order in a bay (or none), as its current load or not. `stillLoaded`: it already was
 * this bay's current load before the save, so the time it has waited there (loaded_at) is kept.
 */
export async function setBay(
  db: Db,
  id: number,
  bay: number | null,
  load: boolean,
  now: string,
  stillLoaded = false,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({
      loading_bay: bay,
      current_load: load ? 1 : 0,
      loaded_at: load ? (stillLoaded ? sql<string>`coalesce(loaded_at, ${now})` : now) : null,
      updated_at: now,
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .execute();
}

/** The open current loads in a bay of these customers. */
export function customerLoads(db: Db, customerIds: number[]) {
  return db
    .selectFrom('orders as o')
    .innerJoin('order_statuses as s', 's.id', 'o.order_status_id')
    .select(['o.id', 'o.customer_id'])
    .where('o.customer_id', 'in', customerIds)
    .where('o.current_load', '=', 1)
    .where('o.loading_bay', '>', 0)
    .where('s.closed', '=', 0)
    .execute();
}

/**
 * Completes those of `ids` that are still open current loads and answers the ids it changed.
 * The conditions sit in the UPDATE itself, so of two clerks completing one order at once only
 * one changes it: on PostgreSQL the second waits for the first, then finds the row no longer a
 * load; on SQLite the transactions run one after the other.
 */
export async function closeLoads(db: Db, ids: number[], now: string): Promise<number[]> {
  if (ids.length === 0) return [];
  const completed = await db
    .selectFrom('order_statuses')
    .select('id')
    .where('type', '=', COMPLETED_STATUS)
    .executeTakeFirstOrThrow();
  const rows = await db
    .updateTable('orders')
    .set({
      order_status_id: completed.id,
      current_load: 0,
      loading_bay: null,
      order_pickup: 0,
      completed_at: now,
      updated_at: now,
      version: sql`version + 1`,
    })
    .where('id', 'in', ids)
    .where('current_load', '=', 1)
    .where('loading_bay', '>', 0)
    .where('order_status_id', 'in', (eb) => eb.selectFrom('order_statuses').select('id').where('closed', '=', 0))
    .returning('id')
    .execute();
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** The bay each of these orders is the current load of (for the change history). */
export async function loadBays(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'loading_bay'])
    .where('id', 'in', ids)
    .where('current_load', '=', 1)
    .execute();
  return new Map(rows.filter((r) => r.loading_bay !== null).map((r) => [r.id, r.loading_bay!]));
}

/** Pickup-ready orders waiting for a bay that are not its current load: the bay's "Next". */
export function waitingFor(db: Db, bayId: number) {
  return pickupBase(db).where('o.loading_bay', '=', bayId).where('o.current_load', '=', 0).orderBy('o.id').execute();
}

/** The bay's current load, with its customer. */
export function currentLoad(db: Db, bayId: number) {
  return db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select(['o.id', 'o.customer_id', 'c.name', 'o.job_name', 'o.special_instructions'])
    .where('o.loading_bay', '=', bayId)
    .where(sql<boolean>`o.current_load = 1 and o.loading_bay > 0`)
    .executeTakeFirst();
}

/** The order's applied modifiers (notes, inches, category). */
export function appliedModifiers(db: Db, orderId: number) {
  return db
    .selectFrom('order_part_modifiers as a')
    .innerJoin('order_parts as l', 'l.id', 'a.order_part_id')
    .innerJoin('package_modifiers as m', 'm.id', 'a.package_modifier_id')
    .select(['a.id', 'a.notes', 'a.inches', 'm.category'])
    .where('l.order_id', '=', orderId)
    .execute();
}

/** The LiftNotes modifiers of the order's packages. */
export function liftNotes(db: Db, orderId: number) {
  return db
    .selectFrom('package_modifiers as m')
    .innerJoin('order_parts as l', 'l.product_id', 'm.package_id')
    .select(['m.package_id', 'm.notes'])
    .distinct()
    .where('l.order_id', '=', orderId)
    .where('m.category', '=', 'LiftNotes')
    .orderBy('m.package_id')
    .orderBy('m.notes')
    .execute();
}
