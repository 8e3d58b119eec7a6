/**
 * Find anything (docs/architecture.md section 13): each kind of record matched by its own
 * columns, case and accents ignored on the folded columns (fold(), as in the customer search).
 * SQL only; each answers at most `limit` rows. Documents are walked newest first, so a common
 * word stops after `limit` matches; a text that matches nothing reads every order (about 25-30
 * ms on SQLite at 100,000 orders; an FTS5 trigram index of job names and PO numbers read in
 * rowid order is what would take it under the bench's 50 ms p99 at 10 connections).
 */
import { sql } from 'kysely';
import { customerNameContains, foldedContains } from '../../lib/contains.js';
import { containsPattern } from '../../lib/paging.js';
import type { Db } from '../../lib/sql.js';

/** Ids are whole numbers up to this (the int columns of both databases). */
const MAX_ID = 2_147_483_647;

/** `q` as an id, when it is one ("123" or "#123"). */
export function idOf(q: string): number | null {
  const m = /^#?\s*(\d{1,10})$/.exec(q.trim());
  const n = m ? Number(m[1]) : 0;
  return n >= 1 && n <= MAX_ID ? n : null;
}

/** A phone number without its punctuation, as SQL: digits to compare with typed digits. */
const phoneDigits = (column: string) =>
  sql.raw(
    `replace(replace(replace(replace(replace(replace(coalesce(${column}, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')`,
  );

/** Lower-case contains, for columns without a folded copy (e-mail). */
const lowerContains = (column: string, q: string) =>
  sql<boolean>`lower(coalesce(${sql.raw(column)}, '')) like ${containsPattern(q.toLowerCase())} escape '\\'`;

export async function customers(db: Db, q: string, limit: number) {
  const digits = q.replace(/\D/g, '');
  return db
    .selectFrom('customers')
    .select(['id', 'name', 'customer_no', 'contact_name', 'phone', 'email'])
    .where((eb) =>
      eb.or([
        foldedContains(db, sql.ref('customers.name_fold'), q),
        foldedContains(db, sql.ref('customers.customer_no_fold'), q),
        foldedContains(db, sql.ref('customers.contact_name_fold'), q),
        lowerContains('customers.email', q),
        // A phone number matches its digits whatever the punctuation, typed or stored.
        ...(digits.length >= 3 && /^[\d\s().+-]+$/.test(q)
          ? [sql<boolean>`${phoneDigits('customers.phone')} like ${containsPattern(digits)} escape '\\'`]
          : []),
      ]),
    )
    .orderBy('name')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The customers whose name contains `q` (SQLite: through the trigram index): the documents "by customer". */
function customerIdsNamed(db: Db, q: string) {
  return db
    .selectFrom('customers')
    .select('customers.id')
    .where(customerNameContains(db, sql.ref('customers.id'), sql.ref('customers.name_fold'), q));
}

export async function orders(db: Db, q: string, limit: number) {
  return db
    .selectFrom('orders as d')
    .innerJoin('customers as c', 'c.id', 'd.customer_id')
    .innerJoin('order_statuses as s', 's.id', 'd.order_status_id')
    .select([
      'd.id',
      'd.job_name',
      'd.po_number',
      'd.order_date as date',
      'c.name as customer_name',
      's.type as status',
    ])
    .where((eb) =>
      eb.or([
        ...(idOf(q) !== null ? [eb('d.id', '=', idOf(q)!)] : []),
        foldedContains(db, sql.ref('d.job_name_fold'), q),
        foldedContains(db, sql.ref('d.po_number_fold'), q),
        eb('d.customer_id', 'in', customerIdsNamed(db, q)),
      ]),
    )
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}

export async function quotes(db: Db, q: string, limit: number) {
  return (
    db
      .selectFrom('quotes as d')
      .innerJoin('customers as c', 'c.id', 'd.customer_id')
      .select([
        'd.id',
        sql<number>`coalesce(d.quote_number, d.id)`.as('number'),
        'd.revision',
        'd.job_name',
        'd.po_number',
        'd.quote_date as date',
        'd.quote_status as status',
        'c.name as customer_name',
      ])
      // The latest revision stands for its quote.
      .where('d.superseded', '=', 0)
      .where((eb) =>
        eb.or([
          ...(idOf(q) !== null ? [eb(sql<number>`coalesce(d.quote_number, d.id)`, '=', idOf(q)!)] : []),
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

export async function products(db: Db, q: string, limit: number) {
  return db
    .selectFrom('products')
    .select(['id', 'item_no', 'item_description'])
    .where((eb) =>
      eb.or([
        foldedContains(db, sql`fold(products.item_no)`, q),
        foldedContains(db, sql`fold(coalesce(products.item_description, ''))`, q),
      ]),
    )
    .orderBy('item_no')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function vendorOrders(db: Db, q: string, limit: number) {
  const id = idOf(q);
  return db
    .selectFrom('vendor_orders')
    .select(['id', 'name', 'status', 'estimated_arrival'])
    .where((eb) =>
      eb.or([...(id !== null ? [eb('id', '=', id)] : []), foldedContains(db, sql`fold(vendor_orders.name)`, q)]),
    )
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
