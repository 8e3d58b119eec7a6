/**
 * Find anything (docs/architecture.md section 13): each kind of record matched by its own
 * columns, case and accents ignored on the folded columns (fold(), as in the customer search).
 *
 * find() answers all five kinds in ONE statement (one read of SQLite's one connection, one round
 * trip and one plan on PostgreSQL), each kind's part at most `limit` rows:
 *
 * - SQLite, three characters or more: the FTS5 trigram indexes of migrations 2026112700 and
 *   2026112820, a quoted phrase being the exact substring. The customers that match are read
 *   once; those whose name matches stand for the documents "by customer". Documents come newest
 *   first straight from the index, from those customers and by id, merged, and only those rows
 *   are read.
 * - PostgreSQL: the same LIKE conditions as the scans, served by the pg_trgm GIN indexes; each
 *   way of matching a document read newest first from its own index and merged.
 * - SQLite, shorter texts: no trigram to look up; each kind scans (the `scan` reads below).
 *
 * The per-kind functions answer one kind: by default as find() does, with `scan` by one OR of the
 * conditions over the rows (the reference the tests compare find() with).
 */
import { foldForSearch } from '@desk/domain';
import { CompiledQuery, sql, type Expression, type RawBuilder } from 'kysely';
import { customerNameContains, foldedContains } from '../../lib/contains.js';
import { isPostgres } from '../../lib/engine.js';
import { containsPattern } from '../../lib/paging.js';
import type { Db } from '../../lib/sql.js';
import { PHONE_DIGITS } from '../../db/migrations/2026112700_find_trigram.js';

/** Ids are whole numbers up to this (the int columns of both databases). */
const MAX_ID = 2_147_483_647;

export interface CustomerHit {
  id: number;
  name: string;
  customer_no: string | null;
  contact_name: string | null;
  phone: string | null;
  email: string | null;
}

/** An order or a quote: the number shown (a quote's revisions share it), its revision, job, PO, date, status and customer. */
export interface DocumentHit {
  id: number;
  number: number;
  revision: number;
  job_name: string | null;
  po_number: string | null;
  date: string;
  status: string;
  customer_name: string;
}

export interface ProductHit {
  id: number;
  item_no: string;
  item_description: string | null;
}

export interface VendorOrderHit {
  id: number;
  name: string;
  status: string;
  estimated_arrival: string | null;
}

export interface Found {
  customers: CustomerHit[];
  orders: DocumentHit[];
  quotes: DocumentHit[];
  products: ProductHit[];
  vendorOrders: VendorOrderHit[];
}

/**
 * How find() looks for the documents of the customers whose name matches, on SQLite: with `many`
 * such customers or more, first among the newest `walk` documents (newest first, stopping at
 * `limit`); when that gives fewer than `limit`, through the customers' index (every document of
 * theirs, sorted). Either way the answer is the same; the tests make both run on small data.
 */
export interface FindTuning {
  many: number;
  walk: number;
}

/**
 * 'garage' names 468 of 5,000 customers: reading and sorting all their documents took 0.7 ms
 * (orders) and 1.1 ms (quotes) at 100,000 orders, where the newest 131 orders and 63 quotes hold
 * five of theirs. Fewer than `many` customers have fewer documents than a walk reads.
 */
const TUNING: FindTuning = { many: 32, walk: 2000 };

/** `q` as an id, when it is one ("123" or "#123"). */
export function idOf(q: string): number | null {
  const m = /^#?\s*(\d{1,10})$/.exec(q.trim());
  const n = m ? Number(m[1]) : 0;
  return n >= 1 && n <= MAX_ID ? n : null;
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

/**
 * PostgreSQL's find(): `folded` contains `q`, as foldedContains() tests it. fold() of an ASCII
 * text is its lower() (fold() then maps accented letters only, and lower() of ASCII makes none),
 * and lower() spares the planner inlining the SQL function fold() at every condition: planning
 * the statement took 0.94 ms instead of 1.26 at 100,000 orders ('garage').
 */
function pgContains(db: Db, folded: Expression<string | null>, q: string) {
  // eslint-disable-next-line no-control-regex
  if (!/^[\x00-\x7f]*$/.test(q)) return foldedContains(db, folded, q);
  return sql<boolean>`${folded} like lower(${containsPattern(q)}) escape '\\'`;
}

/** Every column a customer is found by, as one OR (the scans, and PostgreSQL's find). */
function customerMatches(db: Db, q: string, contains = foldedContains) {
  const digits = phoneDigitsOf(q);
  return sql.join(
    [
      contains(db, sql.ref('customers.name_fold'), q),
      contains(db, sql.ref('customers.customer_no_fold'), q),
      contains(db, sql.ref('customers.contact_name_fold'), q),
      lowerContains('customers.email', q),
      // A phone number matches its digits whatever the punctuation, typed or stored.
      ...(digits ? [sql`${phoneDigits('customers.phone')} like ${containsPattern(digits)} escape '\\'`] : []),
    ],
    sql` or `,
  );
}

// ---------------------------------------------------------------------------------------------
// One statement for the five kinds.

/** One row of find()'s statement: the kind, its place in the kind's order, the id and the kind's fields. */
interface FoundRow {
  kind: number;
  pos: number;
  id: number;
  n1: number | null;
  n2: number | null;
  t1: string | null;
  t2: string | null;
  t3: string | null;
  t4: string | null;
  t5: string | null;
}

const CUSTOMERS = 0;
const ORDERS = 1;
const QUOTES = 2;
const PRODUCTS = 3;
const VENDOR_ORDERS = 4;

/** The kinds' rows, each kind in its own order. */
function grouped(rows: FoundRow[]): Found {
  const found: Found = { customers: [], orders: [], quotes: [], products: [], vendorOrders: [] };
  const document = (r: FoundRow): DocumentHit => ({
    id: r.id,
    number: Number(r.n1),
    revision: Number(r.n2),
    job_name: r.t1,
    po_number: r.t2,
    date: r.t3 ?? '',
    status: r.t4 ?? '',
    customer_name: r.t5 ?? '',
  });
  for (const r of [...rows].sort((a, b) => a.kind - b.kind || a.pos - b.pos)) {
    if (r.kind === CUSTOMERS)
      found.customers.push({
        id: r.id,
        name: r.t1 ?? '',
        customer_no: r.t2,
        contact_name: r.t3,
        phone: r.t4,
        email: r.t5,
      });
    else if (r.kind === ORDERS) found.orders.push(document(r));
    else if (r.kind === QUOTES) found.quotes.push(document(r));
    else if (r.kind === PRODUCTS) found.products.push({ id: r.id, item_no: r.t1 ?? '', item_description: r.t2 });
    else found.vendorOrders.push({ id: r.id, name: r.t1 ?? '', status: r.t2 ?? '', estimated_arrival: r.t3 });
  }
  return found;
}

/** FoundRow's columns after the kind, its place and the id. */
const COLUMNS = ['n1', 'n2', 't1', 't2', 't3', 't4', 't5'] as const;
const noInt = sql`cast(null as integer)`;
const noText = sql`cast(null as text)`;

/**
 * One kind's part of the statement: `rows` (a subquery ordered by `order` and cut at `limit`,
 * aliased x) with the kind and each row's place, in the columns of FoundRow.
 */
function part(kind: number, order: RawBuilder<unknown>, rows: RawBuilder<unknown>, columns: RawBuilder<unknown>[]) {
  const named = columns.map((c, i) => sql`${c} as ${sql.ref(COLUMNS[i]!)}`);
  return sql`select ${sql.lit(kind)} as kind, cast(row_number() over (order by ${order}) as integer) as pos, x.id,
    ${sql.join(named)} from (${rows}) x`;
}

const customerColumns = [
  noInt,
  noInt,
  sql`x.name`,
  sql`x.customer_no`,
  sql`x.contact_name`,
  sql`x.phone`,
  sql`x.email`,
];
const documentColumns = [
  sql`x."number"`,
  sql`x.revision`,
  sql`x.job_name`,
  sql`x.po_number`,
  sql`x."date"`,
  sql`x."status"`,
  sql`x.customer_name`,
];
const productColumns = [noInt, noInt, sql`x.item_no`, sql`x.item_description`, noText, noText, noText];
const vendorOrderColumns = [noInt, noInt, sql`x.name`, sql`x.status`, sql`x.estimated_arrival`, noText, noText];

/** The newest `limit` of `table`'s documents whose id is in `ids` (a subquery), with their fields. */
function documentRows(table: 'orders' | 'quotes', ids: RawBuilder<unknown>, limit: RawBuilder<unknown>) {
  const quote = table === 'quotes';
  return sql`select d.id, ${quote ? sql`coalesce(d.quote_number, d.id)` : sql`d.id`} as "number",
      ${quote ? sql`d.revision` : sql`1`} as revision, d.job_name, d.po_number,
      ${quote ? sql`d.quote_date` : sql`d.order_date`} as "date",
      ${quote ? sql`d.quote_status` : sql`(select type from order_statuses s where s.id = d.order_status_id)`} as "status",
      (select c.name from customers c where c.id = d.customer_id) as customer_name
    from ${sql.table(table)} d where d.id in (${ids}) order by d.id desc limit ${limit}`;
}

/** The values find()'s SQLite statement binds, by name. */
interface SqliteValues {
  limit: number;
  id: number | null;
  /** The folded text, and as an FTS5 phrase (the exact substring). */
  folded: string;
  phrase: string;
  /** The customers' FTS5 query: the phrase in any column, or the phone's digits. */
  customerQuery: string;
}
type Slot = keyof SqliteValues;

/**
 * find()'s SQLite statement, compiled once per shape (with or without an id; per tuning) with a
 * marker for each parameter; each search binds its values in the markers' order. Building and
 * compiling the statement cost about 0.08 ms of every search.
 */
const sqliteCompiled = new Map<string, { sql: string; slots: Slot[] }>();

function sqliteQuery(db: Db, q: string, limit: number, tuning: FindTuning) {
  const folded = foldForSearch(q);
  const phrase = `"${folded.replaceAll('"', '""')}"`;
  const digits = phoneDigitsOf(q);
  const values: SqliteValues = {
    limit,
    id: idOf(q),
    folded,
    phrase,
    // Every text column, or the phone's digits whatever the punctuation typed.
    customerQuery: digits ? `${phrase} OR phone : "${digits}"` : phrase,
  };
  const key = `${values.id !== null} ${tuning.many} ${tuning.walk}`;
  let compiled = sqliteCompiled.get(key);
  if (!compiled) {
    const slots = Object.keys(values) as Slot[];
    const markers = Object.fromEntries(slots.map((slot) => [slot, { slot }])) as Record<Slot, { slot: Slot }>;
    const query = sqliteStatement(markers, values.id !== null, tuning).compile(db);
    compiled = { sql: query.sql, slots: query.parameters.map((p) => (p as { slot: Slot }).slot) };
    sqliteCompiled.set(key, compiled);
  }
  return CompiledQuery.raw(
    compiled.sql,
    compiled.slots.map((slot) => values[slot]),
  );
}

/**
 * SQLite, a text of three characters or more (`v`: sqliteQuery()'s markers; `byId`: whether the
 * text is an id). Every number bound into a comparison or a LIMIT is written `+?`: SQLite (built
 * with STAT4, as better-sqlite3 is) lets the plan depend on a bound value there and prepares the
 * whole statement again at every run (about 0.5 ms for this one); `+?` is an expression, so the
 * plan does not depend on it and the prepared statement is reused.
 */
function sqliteStatement(v: Record<Slot, unknown>, byId: boolean, tuning: FindTuning) {
  const { folded, phrase, customerQuery } = v;
  const id = byId ? v.id : null;
  const n = sql`+${v.limit}`;

  const documentIds = (table: 'orders' | 'quotes') => {
    const t = sql.table(table);
    const fts = sql.table(`${table}_find_trgm`);
    const walked = sql.table(`${table}_walked`);
    const latest = table === 'quotes' ? sql`and superseded = 0` : sql``;
    const number = table === 'quotes' ? sql`coalesce(quote_number, id)` : sql`id`;
    return {
      // The named customers' newest documents among the newest `walk` (none with few customers).
      walked: sql`${walked} as materialized (select id from ${t} where +customer_id in (select id from named) ${latest}
          and id > (select max(id) from ${t}) - (select w from span) order by id desc limit ${n})`,
      ids: sql`select id from (select d.id from ${fts} f join ${t} d on d.id = f.rowid
            where ${fts} match ${phrase} ${table === 'quotes' ? sql`and d.superseded = 0` : sql``}
            order by f.rowid desc limit ${n}) a
          union select id from ${walked}
          union select id from (select id from ${t}
            where customer_id in (select id from named where (select count(*) from ${walked}) < ${n}) ${latest}
            order by id desc limit ${n}) b
          ${id === null ? sql`` : sql`union select id from ${t} where ${number} = +${id} ${latest}`}`,
    };
  };
  const orders = documentIds('orders');
  const quotes = documentIds('quotes');

  return sql<FoundRow>`with
    found_customers as materialized (
      select c.id, c.name, c.name_fold from customers c
      where c.id in (select rowid from customers_find_trgm where customers_find_trgm match ${customerQuery})),
    named as materialized (select id from found_customers where instr(name_fold, ${folded}) > 0),
    span as materialized (
      select case when count(*) >= ${sql.lit(tuning.many)} then ${sql.lit(tuning.walk)} else 0 end as w from named),
    ${orders.walked},
    ${quotes.walked}
    ${part(
      CUSTOMERS,
      sql`x.name, x.id`,
      // The other columns of the first `limit` only ('garage' finds 468 customers: 0.2 ms less).
      sql`select c.id, c.name, c.customer_no, c.contact_name, c.phone, c.email
        from (select id from found_customers order by name, id limit ${n}) f join customers c on c.id = f.id`,
      customerColumns,
    )}
    union all ${part(ORDERS, sql`x.id desc`, documentRows('orders', orders.ids, n), documentColumns)}
    union all ${part(QUOTES, sql`x.id desc`, documentRows('quotes', quotes.ids, n), documentColumns)}
    union all ${part(
      PRODUCTS,
      sql`x.item_no, x.id`,
      sql`select id, item_no, item_description from products
        where id in (select rowid from products_find_trgm where products_find_trgm match ${phrase})
        order by item_no, id limit ${n}`,
      productColumns,
    )}
    union all ${part(
      VENDOR_ORDERS,
      sql`x.id desc`,
      sql`select id, name, status, estimated_arrival from vendor_orders
        where ${id === null ? sql`` : sql`id = +${id} or `}id in
          (select rowid from vendor_orders_find_trgm where vendor_orders_find_trgm match ${phrase})
        order by id desc limit ${n}`,
      vendorOrderColumns,
    )}`;
}

/**
 * PostgreSQL: each kind as the scans match it, under the pg_trgm GIN indexes. The documents'
 * newest matches are read per index and merged: a single OR ordered by id let PostgreSQL walk the
 * primary key backwards testing every row (670 ms at 100,000 orders for a text that matches
 * nothing). Products and vendor orders sort on an expression no index gives in order, so the
 * planner finds the matches through the trigram indexes and sorts those few, instead of walking
 * the column's index and testing every row until `limit` match (all of them for a text that
 * matches nothing: 32 ms for the products, 14 ms for the vendor orders). Customers sort on their
 * name: the planner walks the name index for a text many names hold (0.14 ms for 'garage', where
 * reading every customer took 2.6 ms) and reads the trigram indexes for a rare one.
 */
function postgresStatement(db: Db, q: string, limit: number) {
  const id = idOf(q);
  const contains = (column: string) => pgContains(db, sql.ref(column), q);
  const documentIds = (table: 'orders' | 'quotes') => {
    const t = sql.table(table);
    const latest = table === 'quotes' ? sql`and superseded = 0` : sql``;
    const newest = (alias: string, where: RawBuilder<unknown>) =>
      sql`select id from (select id from ${t} where ${where} ${latest} order by id desc limit ${limit}) ${sql.raw(alias)}`;
    const number = table === 'quotes' ? sql`coalesce(quote_number, id)` : sql`id`;
    return sql`${newest('j', contains('job_name_fold'))}
      union ${newest('p', contains('po_number_fold'))}
      union ${newest('c', sql`customer_id in (select id from customers where ${contains('customers.name_fold')})`)}
      ${id === null ? sql`` : sql`union select id from ${t} where ${number} = ${id} ${latest}`}`;
  };
  return sql<FoundRow>`${part(
    CUSTOMERS,
    sql`x.name, x.id`,
    sql`select id, name, customer_no, contact_name, phone, email from customers
      where ${customerMatches(db, q, pgContains)} order by name, id limit ${limit}`,
    customerColumns,
  )}
    union all ${part(ORDERS, sql`x.id desc`, documentRows('orders', documentIds('orders'), sql`${limit}`), documentColumns)}
    union all ${part(QUOTES, sql`x.id desc`, documentRows('quotes', documentIds('quotes'), sql`${limit}`), documentColumns)}
    union all ${part(
      PRODUCTS,
      sql`x.item_no, x.id`,
      sql`select id, item_no, item_description from products
        where ${pgContains(db, sql`fold(products.item_no)`, q)}
          or ${pgContains(db, sql`fold(coalesce(products.item_description, ''))`, q)}
        order by (item_no || ''), id limit ${limit}`,
      productColumns,
    )}
    union all ${part(
      VENDOR_ORDERS,
      sql`x.id desc`,
      sql`select id, name, status, estimated_arrival from vendor_orders
        where ${id === null ? sql`` : sql`id = ${id} or `}${pgContains(db, sql`fold(vendor_orders.name)`, q)}
        order by (id + 0) desc limit ${limit}`,
      vendorOrderColumns,
    )}`;
}

/** Customers, orders, quotes, products and vendor orders matching `q`, at most `limit` of each. */
export async function find(db: Db, q: string, limit: number, tuning: FindTuning = TUNING): Promise<Found> {
  if (isPostgres(db)) return grouped((await postgresStatement(db, q, limit).execute(db)).rows);
  if ([...foldForSearch(q)].length >= 3)
    return grouped((await db.executeQuery<FoundRow>(sqliteQuery(db, q, limit, tuning))).rows);
  const [customers, orders, quotes, products, vendorOrders] = await Promise.all([
    scanCustomers(db, q, limit),
    scanDocuments(db, 'orders', q, limit),
    scanDocuments(db, 'quotes', q, limit),
    scanProducts(db, q, limit),
    scanVendorOrders(db, q, limit),
  ]);
  return { customers, orders, quotes, products, vendorOrders };
}

// ---------------------------------------------------------------------------------------------
// SQLite: the FTS5 indexes kept compact (docs/architecture.md section 13).

/** SQLite: the FTS5 tables of the database (Find's trigram indexes, the customers' name index). */
export async function ftsIndexes(db: Db): Promise<string[]> {
  if (isPostgres(db)) return [];
  const { rows } = await sql<{ name: string }>`select name from sqlite_schema
    where type = 'table' and sql like 'create virtual table % using fts5%' order by name`.execute(db);
  return rows.map((r) => r.name);
}

/** SQLite: the pages (blocks) an FTS5 index holds now. */
export async function indexPages(db: Db, index: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(`${index}_data`)}`.execute(db);
  return Number(rows[0]!.n);
}

/**
 * One step of merging `index`'s b-trees into one (FTS5's 'merge' command with a negative budget:
 * every b-tree of every level may merge, at most about `pages` pages written): whether it did any
 * work (FTS5 says so by total_changes() moving by 2 or more). One short write transaction, so
 * the requests waiting for SQLite's one connection run between steps.
 */
export async function mergeStep(db: Db, index: string, pages: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const changes = async () => Number((await sql<{ n: number }>`select total_changes() as n`.execute(trx)).rows[0]!.n);
    const before = await changes();
    await sql`insert into ${sql.table(index)}(${sql.ref(index)}, rank) values ('merge', ${-pages})`.execute(trx);
    return (await changes()) - before >= 2;
  });
}

// ---------------------------------------------------------------------------------------------
// One kind at a time: as find() answers it, or (`scan`) by one OR of the conditions over the rows.

export async function customers(db: Db, q: string, limit: number, scan = false): Promise<CustomerHit[]> {
  return scan ? scanCustomers(db, q, limit) : (await find(db, q, limit)).customers;
}

export async function documents(
  db: Db,
  table: 'orders' | 'quotes',
  q: string,
  limit: number,
  scan = false,
): Promise<DocumentHit[]> {
  return scan ? scanDocuments(db, table, q, limit) : (await find(db, q, limit))[table];
}

export async function products(db: Db, q: string, limit: number, scan = false): Promise<ProductHit[]> {
  return scan ? scanProducts(db, q, limit) : (await find(db, q, limit)).products;
}

export async function vendorOrders(db: Db, q: string, limit: number, scan = false): Promise<VendorOrderHit[]> {
  return scan ? scanVendorOrders(db, q, limit) : (await find(db, q, limit)).vendorOrders;
}

/** PostgreSQL: see postgresStatement on sorting by an expression no index gives in order. */
function unindexed(db: Db, column: 'name' | 'item_no' | 'id') {
  if (!isPostgres(db)) return sql.ref(column);
  return column === 'id' ? sql`(id + 0)` : sql`(${sql.ref(column)} || '')`;
}

function scanCustomers(db: Db, q: string, limit: number): Promise<CustomerHit[]> {
  return db
    .selectFrom('customers')
    .select(['id', 'name', 'customer_no', 'contact_name', 'phone', 'email'])
    .where(sql<boolean>`${customerMatches(db, q)}`)
    .orderBy(unindexed(db, 'name'))
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

/** Orders or quotes matching `q`, newest first (a quote by its latest revision, found by its number). */
function scanDocuments(db: Db, table: 'orders' | 'quotes', q: string, limit: number): Promise<DocumentHit[]> {
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
        eb.or([
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

function scanProducts(db: Db, q: string, limit: number): Promise<ProductHit[]> {
  return db
    .selectFrom('products')
    .select(['id', 'item_no', 'item_description'])
    .where((eb) =>
      eb.or([
        foldedContains(db, sql`fold(products.item_no)`, q),
        foldedContains(db, sql`fold(coalesce(products.item_description, ''))`, q),
      ]),
    )
    .orderBy(unindexed(db, 'item_no'))
    .orderBy('id')
    .limit(limit)
    .execute();
}

function scanVendorOrders(db: Db, q: string, limit: number): Promise<VendorOrderHit[]> {
  const id = idOf(q);
  return db
    .selectFrom('vendor_orders')
    .select(['id', 'name', 'status', 'estimated_arrival'])
    .where((eb) =>
      eb.or([...(id !== null ? [eb('id', '=', id)] : []), foldedContains(db, sql`fold(vendor_orders.name)`, q)]),
    )
    .orderBy(unindexed(db, 'id'), 'desc')
    .limit(limit)
    .execute();
}
