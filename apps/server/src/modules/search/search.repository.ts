/**
 * Find anything (docs/architecture.md section 13): each kind of record matched by its own
 * columns, case and accents ignored on the folded columns (fold(), as in the customer search).
 * SQL only; each answers at most `limit` rows.
 *
 * SQLite, three characters or more: the FTS5 trigram indexes of migration 2026112700, a quoted
 * phrase being the exact substring; documents come newest first straight from the index. Shorter
 * texts, and PostgreSQL (pg_trgm GIN indexes under the same LIKE conditions), use one OR of the
 * conditions per kind.
 */
import { foldForSearch } from '@desk/domain';
import { sql, type RawBuilder } from 'kysely';
import { customerNameContains, foldedContains, idIn, isPostgres } from '../../lib/contains.js';
import { containsPattern } from '../../lib/paging.js';
import type { Db } from '../../lib/sql.js';
import { PHONE_DIGITS } from '../../db/migrations/2026112700_find_trigram.js';

/** Ids are whole numbers up to this (the int columns of both databases). */
const MAX_ID = 2_147_483_647;

/** `q` as an id, when it is one ("123" or "#123"). */
export function idOf(q: string): number | null {
  const m = /^#?\s*(\d{1,10})$/.exec(q.trim());
  const n = m ? Number(m[1]) : 0;
  return n >= 1 && n <= MAX_ID ? n : null;
}

/** The FTS5 query for `q` on SQLite (a quoted phrase of its folded text), or null to scan instead. */
function ftsPhrase(db: Db, q: string, scan: boolean): string | null {
  const folded = foldForSearch(q);
  if (scan || isPostgres(db) || [...folded].length < 3) return null;
  return `"${folded.replaceAll('"', '""')}"`;
}

/**
 * PostgreSQL: the sort column as an expression no index gives in order, so the planner finds the
 * matches through the trigram indexes and sorts those few, instead of walking the column's index
 * and testing every row until `limit` match (all of them for a text that matches nothing: 32 ms
 * for the products, 14 ms for the vendor orders).
 */
function unindexed(db: Db, column: 'name' | 'item_no' | 'id') {
  if (!isPostgres(db)) return sql.ref(column);
  return column === 'id' ? sql`(id + 0)` : sql`(${sql.ref(column)} || '')`;
}

/** Typed digits that look like a phone number ("555-1234", "(916) 555 1234"), or null. */
function phoneDigitsOf(q: string): string | null {
  const digits = q.replace(/\D/g, '');
  return digits.length >= 3 && /^[\d\s().+-]+$/.test(q) ? digits : null;
}

/** A phone number without its punctuation, as SQL: the expression the trigram index holds. */
const phoneDigits = (column: string) => sql.raw(PHONE_DIGITS(column));

/** Lower-case contains, for columns without a folded copy (e-mail). */
const lowerContains = (column: string, q: string) =>
  sql<boolean>`lower(coalesce(${sql.raw(column)}, '')) like ${containsPattern(q.toLowerCase())} escape '\\'`;

/** `scan`: without the trigram indexes (the tests compare both ways). */
export async function customers(db: Db, q: string, limit: number, scan = false) {
  const digits = phoneDigitsOf(q);
  const base = db
    .selectFrom('customers')
    .select(['id', 'name', 'customer_no', 'contact_name', 'phone', 'email'])
    .orderBy(unindexed(db, 'name'))
    .orderBy('id')
    .limit(limit);
  const phrase = ftsPhrase(db, q, scan);
  if (phrase !== null) {
    // Every text column, or the phone's digits whatever the punctuation typed.
    const match = digits ? `${phrase} OR phone : "${digits}"` : phrase;
    return base
      .where(
        sql<boolean>`customers.id in (select rowid from customers_find_trgm where customers_find_trgm match ${match})`,
      )
      .execute();
  }
  return base
    .where((eb) =>
      eb.or([
        foldedContains(db, sql.ref('customers.name_fold'), q),
        foldedContains(db, sql.ref('customers.customer_no_fold'), q),
        foldedContains(db, sql.ref('customers.contact_name_fold'), q),
        lowerContains('customers.email', q),
        // A phone number matches its digits whatever the punctuation, typed or stored.
        ...(digits
          ? [sql<boolean>`${phoneDigits('customers.phone')} like ${containsPattern(digits)} escape '\\'`]
          : []),
      ]),
    )
    .execute();
}

/** The customers whose name contains `q` (SQLite: through the trigram index): the documents "by customer". */
function customerIdsNamed(db: Db, q: string) {
  return db
    .selectFrom('customers')
    .select('customers.id')
    .where(customerNameContains(db, sql.ref('customers.id'), sql.ref('customers.name_fold'), q));
}

/**
 * The newest `limit` ids of the documents that match, each way of matching read newest first
 * from its own index and merged here (a quote by its latest revision): SQLite's trigram index
 * (job name and PO number) and customer name index; PostgreSQL's GIN indexes under LIKE (a
 * single OR ordered by id let PostgreSQL walk the primary key backwards testing every row: 670
 * ms at 100,000 orders for a text that matches nothing). Null on SQLite when the text is too
 * short for the trigram index (the caller scans).
 */
async function newestMatchingIds(db: Db, table: 'orders' | 'quotes', q: string, limit: number, scan: boolean) {
  const pg = isPostgres(db);
  const phrase = ftsPhrase(db, q, scan);
  if (!pg && phrase === null) return null;
  const t = sql.table(table);
  const latest = table === 'quotes' ? sql`and d.superseded = 0` : sql``;
  const newest = (where: RawBuilder<unknown>) =>
    sql<{ id: number }>`select d.id from ${t} d where ${where} ${latest} order by d.id desc limit ${limit}`.execute(db);
  const pattern = containsPattern(q);
  const like = (column: string) => sql`d.${sql.raw(column)} like fold(${pattern}) escape '\\'`;
  const fts = sql.table(table === 'orders' ? 'orders_find_trgm' : 'quotes_find_trgm');
  const id = idOf(q);
  const reads = pg
    ? [
        newest(like('job_name_fold')),
        newest(like('po_number_fold')),
        newest(sql`d.customer_id in (select id from customers where name_fold like fold(${pattern}) escape '\\')`),
      ]
    : [
        sql<{ id: number }>`select d.id from ${fts} f join ${t} d on d.id = f.rowid
          where ${fts} match ${phrase} ${latest} order by f.rowid desc limit ${limit}`.execute(db),
        newest(sql`d.customer_id in (select rowid from customers_name_trgm where customers_name_trgm match ${phrase})`),
      ];
  if (id !== null)
    reads.push(newest(table === 'orders' ? sql`d.id = ${id}` : sql`coalesce(d.quote_number, d.id) = ${id}`));
  const found = await Promise.all(reads);
  const ids = new Set(found.flatMap((r) => r.rows.map((row) => row.id)));
  return [...ids].sort((a, b) => b - a).slice(0, limit);
}

/**
 * Orders or quotes matching `q`, newest first (one function for both kinds; a quote by its latest
 * revision, found by its number): the id, the number shown, the revision, job name, PO number,
 * date, status and customer.
 */
export async function documents(db: Db, table: 'orders' | 'quotes', q: string, limit: number, scan = false) {
  const ids = await newestMatchingIds(db, table, q, limit, scan);
  const quote = table === 'quotes';
  const number = quote ? sql<number>`coalesce(d.quote_number, d.id)` : sql<number>`d.id`;
  const id = idOf(q);
  return (
    db
      .selectFrom(`${table} as d` as 'orders as d')
      .innerJoin('customers as c', 'c.id', 'd.customer_id')
      .select([
        'd.id',
        number.as('number'),
        sql<number>`${quote ? sql`d.revision` : sql`1`}`.as('revision'),
        'd.job_name',
        'd.po_number',
        sql<string>`${quote ? sql`d.quote_date` : sql`d.order_date`}`.as('date'),
        sql<string>`${
          quote ? sql`d.quote_status` : sql`(select type from order_statuses s where s.id = d.order_status_id)`
        }`.as('status'),
        'c.name as customer_name',
      ])
      // The latest revision stands for its quote.
      .where(quote ? sql<boolean>`d.superseded = 0` : sql<boolean>`1 = 1`)
      .where((eb) =>
        ids !== null
          ? idIn(db, sql.ref('d.id'), ids)
          : eb.or([
              ...(id !== null ? [eb(number, '=', id)] : []),
              foldedContains(db, sql.ref('d.job_name_fold'), q),
              foldedContains(db, sql.ref('d.po_number_fold'), q),
              eb('d.customer_id', 'in', customerIdsNamed(db, q)),
            ]),
      )
      .orderBy('d.id', 'desc')
      .limit(limit)
      .execute()
  );
}

export async function products(db: Db, q: string, limit: number, scan = false) {
  const phrase = ftsPhrase(db, q, scan);
  return db
    .selectFrom('products')
    .select(['id', 'item_no', 'item_description'])
    .where((eb) =>
      phrase !== null
        ? sql<boolean>`products.id in (select rowid from products_find_trgm where products_find_trgm match ${phrase})`
        : eb.or([
            foldedContains(db, sql`fold(products.item_no)`, q),
            foldedContains(db, sql`fold(coalesce(products.item_description, ''))`, q),
          ]),
    )
    .orderBy(unindexed(db, 'item_no'))
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function vendorOrders(db: Db, q: string, limit: number, scan = false) {
  const id = idOf(q);
  const phrase = ftsPhrase(db, q, scan);
  // SQLite, three characters or more: the trigram index of migration 2026112820.
  const byName =
    phrase !== null
      ? sql<boolean>`vendor_orders.id in (select rowid from vendor_orders_find_trgm where vendor_orders_find_trgm match ${phrase})`
      : foldedContains(db, sql`fold(vendor_orders.name)`, q);
  return db
    .selectFrom('vendor_orders')
    .select(['id', 'name', 'status', 'estimated_arrival'])
    .where((eb) => eb.or([...(id !== null ? [eb('id', '=', id)] : []), byName]))
    .orderBy(unindexed(db, 'id'), 'desc')
    .limit(limit)
    .execute();
}
