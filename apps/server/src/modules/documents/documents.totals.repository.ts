/**
 * The SQL of stored totals (docs/architecture.md section 16; the rules in documents.totals.ts):
 * the pricing lock, the headers to price with their totals as stored, the writes of what moved,
 * and which documents a catalogue change or a new tax rate reprices.
 */
import { sql } from 'kysely';
import { isPostgres, lockedOnPostgres } from '../../lib/engine.js';
import type { Db } from '../../lib/sql.js';
import { PRICED_HEADER_COLUMNS, type PricingHeader, type StoredTotalsColumns } from './documents.headers.repository.js';
import { docDb, type KindTables } from './kinds.js';

/** The advisory lock between the catalogue's price writes and the documents' priced writes. */
const PRICING_LOCK = 0x5052_4943_45; // "PRICE"

/**
 * PostgreSQL, first statement of a transaction that prices documents: `shared` for a document's
 * own writes (clerks never wait for each other), `exclusive` for a write that moves catalogue
 * prices. So a price change never runs beside a cart write: it waits for the cart writes in
 * flight, and those that start meanwhile wait for it and then read its prices. Without it a
 * product's first line added to an order while its price changed was priced at the old price
 * and missed by the change's repricing (it picks the documents that already had the product).
 * SQLite runs one write at a time: nothing to do.
 */
export async function pricingLock(db: Db, mode: 'shared' | 'exclusive'): Promise<void> {
  if (!isPostgres(db)) return;
  if (mode === 'shared') await sql`select pg_advisory_xact_lock_shared(${PRICING_LOCK})`.execute(db);
  else await sql`select pg_advisory_xact_lock(${PRICING_LOCK})`.execute(db);
}

/** A header as storing its totals reads it: what pricing needs and the totals as stored. */
export type StoredHeader = PricingHeader & StoredTotalsColumns;

/**
 * The headers of documents of one kind, in id order. With `lock`, their rows are locked on
 * PostgreSQL (FOR NO KEY UPDATE), in that order.
 */
export function storedHeaders(
  db: Db,
  k: KindTables,
  docIds: readonly number[],
  lock: boolean,
): Promise<StoredHeader[]> {
  const q = docDb(db).selectFrom(k.header).select(PRICED_HEADER_COLUMNS).where('id', 'in', docIds).orderBy('id');
  return (lock ? lockedOnPostgres(db, q, 'no key update') : q).execute();
}

/**
 * Writes headers' totals and the tax rate they were priced with, in one statement (a CTE of
 * values joined by id: one round trip however many rows, on SQLite and PostgreSQL alike).
 */
export async function writeHeaderTotals(
  db: Db,
  k: KindTables,
  rows: readonly { id: number; subTotalCents: number; taxCents: number; totalCents: number }[],
  taxRate: number,
) {
  if (rows.length === 0) return;
  const values = rows.map(
    (r) =>
      sql`(cast(${r.id} as integer), cast(${r.subTotalCents} as bigint), cast(${r.taxCents} as bigint), cast(${r.totalCents} as bigint))`,
  );
  await sql`
    with v (id, subtotal, tax, total) as (values ${sql.join(values)})
    update ${sql.table(k.header)} set subtotal_cents = v.subtotal, tax_cents = v.tax, total_cents = v.total,
      priced_tax_rate = cast(${taxRate} as integer)
    from v where ${sql.ref(`${k.header}.id`)} = v.id`.execute(db);
}

/** Writes lines' prices, in one statement (as writeHeaderTotals). */
export async function writeLinePrices(db: Db, k: KindTables, rows: readonly { id: number; cents: number }[]) {
  if (rows.length === 0) return;
  const values = rows.map((r) => sql`(cast(${r.id} as integer), cast(${r.cents} as bigint))`);
  await sql`
    with v (id, price) as (values ${sql.join(values)})
    update ${sql.table(k.parts)} set line_price_cents = v.price
    from v where ${sql.ref(`${k.parts}.id`)} = v.id`.execute(db);
}

/** The documents of one kind with a line of one of the products, or a modifier that adds one. */
export async function documentsWithProducts(db: Db, k: KindTables, productIds: readonly number[]): Promise<number[]> {
  const rows = await docDb(db)
    .selectFrom(`${k.parts} as l`)
    .select(`l.${k.docFk} as doc_id`)
    .where('l.product_id', 'in', productIds)
    .union(
      docDb(db)
        .selectFrom(`${k.mods} as a`)
        .innerJoin('package_modifiers as m', 'm.id', 'a.package_modifier_id')
        .innerJoin(`${k.parts} as l`, 'l.id', `a.${k.partFk}`)
        .select(`l.${k.docFk} as doc_id`)
        .where('m.product_id', 'in', productIds),
    )
    .execute();
  return rows.map((r) => r.doc_id);
}

/** The documents of one kind a package modifier is applied to. */
export async function documentsWithModifier(db: Db, k: KindTables, modifierId: number): Promise<number[]> {
  const rows = await docDb(db)
    .selectFrom(`${k.mods} as a`)
    .innerJoin(`${k.parts} as l`, 'l.id', `a.${k.partFk}`)
    .select(`l.${k.docFk} as doc_id`)
    .distinct()
    .where('a.package_modifier_id', '=', modifierId)
    .execute();
  return rows.map((r) => r.doc_id);
}

/** Up to `limit` documents of one kind never priced or priced with another tax rate, in id order. */
export async function stalePricedDocuments(db: Db, k: KindTables, taxRate: number, limit: number): Promise<number[]> {
  const rows = await docDb(db)
    .selectFrom(k.header)
    .select('id')
    .where((eb) => eb.or([eb('priced_tax_rate', 'is', null), eb('priced_tax_rate', '<>', taxRate)]))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
