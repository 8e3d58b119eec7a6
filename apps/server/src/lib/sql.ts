import { sql } from 'kysely';
import type { Kysely, Transaction, UpdateObject } from 'kysely';
import type { DB } from '../db/schema.js';
import { conflict, notFound } from './errors.js';

export type Db = Kysely<DB> | Transaction<DB>;

export const flag = (v: boolean) => (v ? 1 : 0);
export const countAll = () => sql<number>`count(*)`;

/** The new row's id of an insert: `insertedId(db.insertInto(t).values(v).returning('id'))`. */
export async function insertedId(insert: { executeTakeFirstOrThrow(): Promise<{ id: number }> }): Promise<number> {
  return (await insert.executeTakeFirstOrThrow()).id;
}

/** The tables whose rows carry a version, and how messages name a row of each. */
export const VERSIONED_LABELS = {
  customers: 'Customer',
  products: 'Product',
  package_modifiers: 'Package modifier',
  orders: 'Order',
  quotes: 'Quote',
  vendor_orders: 'Vendor order',
} as const;
export type VersionedTable = keyof typeof VERSIONED_LABELS;

/**
 * Writes `values` to one row, stamping updated_at and raising its version; with a version, only
 * while the row still has it. Answers whether the row was written (false: missing or stale).
 */
export async function writeVersioned(
  db: Db,
  table: VersionedTable | 'company_settings' | 'email_settings',
  id: number,
  version: number | undefined,
  values: Record<string, unknown>,
  now: string,
): Promise<boolean> {
  // The callers' values are the table's own columns; the row type cannot follow a table chosen at run time.
  const set = { ...values, updated_at: now, version: sql<number>`version + 1` } as UpdateObject<DB, typeof table>;
  let q = db.updateTable(table).set(set).where('id', '=', id);
  if (version !== undefined) q = q.where('version', '=', version);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * An update guarded by the row's version (optimistic concurrency, docs/architecture.md section 6): with a
 * version, a stale one answers 409 and changes nothing; without one, the update still works. It stamps
 * updated_at with `now`.
 */
export async function updateVersioned(
  db: Db,
  table: VersionedTable,
  id: number,
  version: number | undefined,
  values: Record<string, unknown>,
  now: string,
): Promise<void> {
  const label = VERSIONED_LABELS[table];
  if (await writeVersioned(db, table, id, version, values, now)) return;
  const exists = await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  if (!exists) throw notFound(`${label} ${id} does not exist.`);
  throw conflict(`${label} ${id} was changed by someone else since you opened it. Reload it and try again.`);
}

export function plural(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}
