/**
 * A document's header (orders and quotes alike): its row, its fields as the API names them, and
 * the SQL of a create, an update, a delete, a stamp and a row lock.
 */
import { multiplierFromScaled, quoteStatusOf, type DocumentHeader } from '@desk/domain';
import { lockedOnPostgres } from '../../lib/engine.js';
import { flag, insertedId, updateVersioned, type Db } from '../../lib/sql.js';
import { docDb, type DocHeaderUpdate, type DocHeaderValues, type KindTables } from './kinds.js';

export async function findHeaderRow(db: Db, k: KindTables, id: number) {
  return docDb(db)
    .selectFrom(`${k.header} as d`)
    .innerJoin('customers as c', 'c.id', 'd.customer_id')
    .selectAll('d')
    .select(['c.customer_no', 'c.name as customer_name', 'c.contact_name', 'c.email as customer_email'])
    .where('d.id', '=', id)
    .$if(k.kind === 'order', (q) =>
      q
        .innerJoin('order_statuses as s', 's.id', 'd.order_status_id')
        .select(['s.type as status_type', 's.closed as status_closed']),
    )
    .executeTakeFirst();
}

/** A document's header row as findHeaderRow reads it. */
export type HeaderRow = NonNullable<Awaited<ReturnType<typeof findHeaderRow>>>;

// ---- the header's fields, listed once ------------------------------------------------------
// create, update, the copies (Duplicate, Export to Order) and toHeader all go through these lists.

/** The header's text fields: each API name with its column. */
const HEADER_TEXT = {
  jobName: 'job_name',
  poNumber: 'po_number',
  specialInstructions: 'special_instructions',
} as const;
/** The header's switches, stored as 0 or 1. */
const HEADER_FLAGS = { useTax: 'use_tax', noPricePrint: 'no_price_print' } as const;
/**
 * The multiplier categories. A document keeps a copy of its customer's multiplier for each
 * (`opener_multiplier` -> `opener_multiplier_copy`), answered as `openerMultiplierCopy`.
 */
const MULTIPLIER_CATEGORIES = ['opener', 'residential', 'sectional', 'commercial'] as const;
type MultiplierCategory = (typeof MULTIPLIER_CATEGORIES)[number];
const customerColumn = (c: MultiplierCategory) => `${c}_multiplier` as const;
const copyColumn = (c: MultiplierCategory) => `${c}_multiplier_copy` as const;
const copyField = (c: MultiplierCategory) => `${c}MultiplierCopy` as const;
type MultiplierCopies = Record<ReturnType<typeof copyColumn>, number>;

type TextField = keyof typeof HEADER_TEXT;
type FlagField = keyof typeof HEADER_FLAGS;
const TEXT_FIELDS = Object.keys(HEADER_TEXT) as TextField[];
const FLAG_FIELDS = Object.keys(HEADER_FLAGS) as FlagField[];

/** An object with a key and a value for each item of a list. */
function objectOf<T, K extends string, V>(items: readonly T[], key: (item: T) => K, value: (item: T) => V) {
  // Object.fromEntries cannot say that every key of the list is there.
  return Object.fromEntries(items.map((item) => [key(item), value(item)])) as Record<K, V>;
}

/** The customer's multipliers a document copies. */
export const CUSTOMER_MULTIPLIER_COLUMNS = MULTIPLIER_CATEGORIES.map(customerColumn);
/** A document's copies of them. */
export const MULTIPLIER_COPY_COLUMNS = MULTIPLIER_CATEGORIES.map(copyColumn);

/** The text columns of a create or an update. */
export const headerTextValues = (input: Record<TextField, string | null>) =>
  objectOf(
    TEXT_FIELDS,
    (f) => HEADER_TEXT[f],
    (f) => input[f],
  );

/** The switch columns of a create or an update; a switch left undefined is not written. */
export function headerFlagValues(
  flags: Partial<Record<FlagField, boolean>>,
): Partial<Record<(typeof HEADER_FLAGS)[FlagField], number>> {
  const given = FLAG_FIELDS.filter((f) => flags[f] !== undefined);
  return objectOf(
    given,
    (f) => HEADER_FLAGS[f],
    (f) => flag(flags[f] === true),
  );
}

/** The document's copies of its customer's multipliers (a create, a new customer, Refresh). */
export const multiplierCopies = (customer: Record<ReturnType<typeof customerColumn>, number>): MultiplierCopies =>
  objectOf(MULTIPLIER_CATEGORIES, copyColumn, (c) => customer[customerColumn(c)]);

/** The multipliers a document prices with: its copies, by category. */
export const multipliersOf = (r: MultiplierCopies) =>
  objectOf(
    MULTIPLIER_CATEGORIES,
    (c) => c,
    (c) => r[copyColumn(c)],
  );

export function toHeader(k: KindTables, r: HeaderRow, cutoff: string | null = null): DocumentHeader {
  const h: DocumentHeader = {
    id: r.id,
    kind: k.kind,
    customer: {
      id: r.customer_id,
      customerNo: r.customer_no,
      name: r.customer_name,
      contactName: r.contact_name,
      email: r.customer_email,
    },
    ...objectOf(
      TEXT_FIELDS,
      (f) => f,
      (f) => r[HEADER_TEXT[f]],
    ),
    [k.dateField]: r[k.dateColumn],
    ...objectOf(
      FLAG_FIELDS,
      (f) => f,
      (f) => r[HEADER_FLAGS[f]] === 1,
    ),
    ...objectOf(MULTIPLIER_CATEGORIES, copyField, (c) => multiplierFromScaled(r[copyColumn(c)])),
    priceLooseParts: r.price_loose_parts === 1,
    version: r.version,
  };
  if (k.kind === 'order') {
    // An order's row carries its status (findHeaderRow joins it for orders).
    h.orderStatus = { id: r.order_status_id, type: r.status_type!, closed: r.status_closed === 1 };
    h.orderPickup = r.order_pickup === 1;
    h.current_load = r.current_load === 1;
    h.loading_bay = r.loading_bay;
    h.sourceQuoteId = r.source_quote_id;
  }
  if (k.kind === 'quote') {
    const q = r as unknown as QuoteRevisionColumns;
    h.status = quoteStatusOf(q.quote_status, q.quote_date, cutoff);
    h.quoteNumber = q.quote_number ?? r.id;
    h.revision = q.revision;
    h.latestRevision = q.superseded === 0;
  }
  return h;
}

/** The quote-only columns of a header row (selectAll reads them for quotes). */
interface QuoteRevisionColumns {
  quote_status: string;
  quote_date: string;
  quote_number: number | null;
  revision: number;
  superseded: number;
}

/**
 * The header fields a copy (Duplicate, Export to Order) carries over from its source: the
 * customer, the text fields, the switches and the source's multiplier copies.
 */
export function copiedHeaderFields(src: HeaderRow) {
  return {
    customer_id: src.customer_id,
    ...objectOf(
      TEXT_FIELDS,
      (f) => HEADER_TEXT[f],
      (f) => src[HEADER_TEXT[f]],
    ),
    ...objectOf(
      FLAG_FIELDS,
      (f) => HEADER_FLAGS[f],
      (f) => src[HEADER_FLAGS[f]],
    ),
    ...objectOf(MULTIPLIER_CATEGORIES, copyColumn, (c) => src[copyColumn(c)]),
    // A copy prices as its source did: "Price loose parts" as the source captured it (decision 028).
    price_loose_parts: src.price_loose_parts,
  };
}

export async function deleteHeader(db: Db, k: KindTables, id: number) {
  await docDb(db).deleteFrom(k.header).where('id', '=', id).execute();
}

export async function touchHeader(db: Db, k: KindTables, id: number, now: string) {
  await docDb(db).updateTable(k.header).set({ updated_at: now }).where('id', '=', id).execute();
}

/** What pricing reads from a header: its id, useTax, multiplier copies and "Price loose parts". */
export type PricingHeader = MultiplierCopies & Pick<HeaderRow, 'id' | 'use_tax' | 'price_loose_parts'>;

/** The totals a document keeps, as last stored (docs/architecture.md section 16). */
export interface StoredTotalsColumns {
  /** bigint: text from PostgreSQL. */
  subtotal_cents: number | string;
  tax_cents: number | string;
  total_cents: number | string;
  priced_tax_rate: number | null;
}
const STORED_TOTALS_COLUMNS = ['subtotal_cents', 'tax_cents', 'total_cents', 'priced_tax_rate'] as const;

/** The header columns pricing reads, with the totals as stored: a PricingHeader & StoredTotalsColumns. */
export const PRICED_HEADER_COLUMNS = [
  'id',
  'use_tax',
  'price_loose_parts',
  ...MULTIPLIER_COPY_COLUMNS,
  ...STORED_TOTALS_COLUMNS,
] as const;

/**
 * Stamps a document's updated_at and answers what pricing needs from its header, in one
 * statement (undefined: no such document). A write to the cart starts here, so it reads the
 * header once, and on PostgreSQL holds the header's row lock from its first statement (two adds
 * to one document take turns, each seeing the other's line).
 */
export function touchPricingHeader(
  db: Db,
  k: KindTables,
  id: number,
  now: string,
): Promise<(PricingHeader & StoredTotalsColumns) | undefined> {
  return docDb(db)
    .updateTable(k.header)
    .set({ updated_at: now })
    .where('id', '=', id)
    .returning(PRICED_HEADER_COLUMNS)
    .executeTakeFirst();
}

/** The customer a document is written for: its tax switch and the multipliers a document copies. */
export function findCustomer(db: Db, id: number) {
  return db
    .selectFrom('customers')
    .select(['id', 'customer_no', 'name', 'use_tax', ...CUSTOMER_MULTIPLIER_COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** An order status by id, or the first one (a new order's) when no id is given. */
export function findOrderStatus(db: Db, id: number | null | undefined) {
  const q = db.selectFrom('order_statuses').select(['id', 'type', 'closed']);
  return id ? q.where('id', '=', id).executeTakeFirst() : q.orderBy('sort_order').limit(1).executeTakeFirst();
}

/** An order status by its name (undefined when the company has no such status). */
export function findOrderStatusByType(db: Db, type: string) {
  return db.selectFrom('order_statuses').select(['id', 'type', 'closed']).where('type', '=', type).executeTakeFirst();
}

export const insertHeader = (db: Db, k: KindTables, values: DocHeaderValues) =>
  insertedId(docDb(db).insertInto(k.header).values(values).returning('id'));

/** A header update guarded by its version: a stale one answers 409 and changes nothing. */
export function updateHeader(
  db: Db,
  k: KindTables,
  id: number,
  version: number | undefined,
  values: DocHeaderUpdate,
  now: string,
) {
  return updateVersioned(db, k.header, id, version, values, now);
}

/**
 * Locks a quote's row until the transaction ends (PostgreSQL's FOR UPDATE); SQLite's write
 * transactions already run one at a time.
 */
export async function lockQuote(db: Db, id: number) {
  await lockDocument(db, 'quotes', id);
}

/**
 * Locks a document's row until the transaction ends, before a write reads what it changes: the
 * history's "from" is then the value the write replaces, even with saves side by side on
 * PostgreSQL. SQLite's write transactions already run one at a time.
 */
export async function lockDocument(db: Db, table: 'orders' | 'quotes', id: number) {
  await lockedOnPostgres(db, db.selectFrom(table).select('id').where('id', '=', id)).executeTakeFirst();
}

/** The version, and for an order the bay it is loaded in: what a document event names. */
export async function eventFacts(
  db: Db,
  k: KindTables,
  id: number,
): Promise<{ version: number; loading_bay?: number | null; current_load?: boolean } | undefined> {
  if (k.kind === 'quote') return db.selectFrom('quotes').select('version').where('id', '=', id).executeTakeFirst();
  const row = await db
    .selectFrom('orders')
    .select(['version', 'loading_bay', 'current_load'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { version: row.version, loading_bay: row.loading_bay, current_load: row.current_load === 1 };
}
