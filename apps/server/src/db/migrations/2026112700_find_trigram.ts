/**
 * Find anything (docs/architecture.md section 13) at 100,000 orders.
 *
 * SQLite: FTS5 trigram indexes of the folded text each kind of record is found by (orders and
 * quotes: job name and PO number; customers: name, number, contact, e-mail and the phone's
 * digits; products: item number and description), contentless (only row ids), kept in step by
 * triggers in the writing transaction. A quoted phrase of trigrams matches the exact substring,
 * and the documents are read newest first straight from the index (ORDER BY rowid DESC LIMIT n):
 * 0.01-0.3 ms where walking the orders took 25-30 ms for a text that matches nothing. Texts of
 * fewer than three characters have no trigram and are still found by a scan.
 *
 * PostgreSQL: pg_trgm GIN indexes on the rest of what is searched (the job names and customer
 * names have theirs since migration 2026112440): the PO numbers, the customer number, contact and
 * e-mail, and fold() of the product's item number and description and of the vendor order's name.
 * Without them each search ran fold() on every product and vendor order (40 and 20 ms).
 * Frozen.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/** The phone's digits, as SQL over `column` (the search compares typed digits with them). */
export const PHONE_DIGITS = (column: string) =>
  `replace(replace(replace(replace(replace(replace(coalesce(${column}, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')`;

interface Index {
  table: string;
  fts: string;
  /** FTS column -> SQL over `new.` or the table's row. */
  columns: Record<string, (row: string) => string>;
}

const folded = (column: string) => (row: string) => `coalesce(fold(${row}${column}), '')`;

const INDEXES: Index[] = [
  { table: 'orders', fts: 'orders_find_trgm', columns: { job: folded('job_name'), po: folded('po_number') } },
  { table: 'quotes', fts: 'quotes_find_trgm', columns: { job: folded('job_name'), po: folded('po_number') } },
  {
    table: 'customers',
    fts: 'customers_find_trgm',
    columns: {
      name: folded('name'),
      number: folded('customer_no'),
      contact: folded('contact_name'),
      email: folded('email'),
      phone: (row) => PHONE_DIGITS(`${row}phone`),
    },
  },
  {
    table: 'products',
    fts: 'products_find_trgm',
    columns: { item: folded('item_no'), description: folded('item_description') },
  },
];

const SOURCE_COLUMNS: Record<string, string> = {
  orders: 'job_name, po_number',
  quotes: 'job_name, po_number',
  customers: 'name, customer_no, contact_name, email, phone',
  products: 'item_no, item_description',
};

/** PostgreSQL: each expression as the search writes it, so the planner matches them. */
const PG_INDEXES: Array<[string, string]> = [
  ['orders_po_trgm_idx', 'orders using gin (po_number_fold gin_trgm_ops)'],
  ['quotes_po_trgm_idx', 'quotes using gin (po_number_fold gin_trgm_ops)'],
  ['customers_no_trgm_idx', 'customers using gin (customer_no_fold gin_trgm_ops)'],
  ['customers_contact_trgm_idx', 'customers using gin (contact_name_fold gin_trgm_ops)'],
  ['customers_email_trgm_idx', "customers using gin (lower(coalesce(email, '')) gin_trgm_ops)"],
  ['products_item_trgm_idx', 'products using gin (fold(item_no) gin_trgm_ops)'],
  ['products_description_trgm_idx', "products using gin (fold(coalesce(item_description, '')) gin_trgm_ops)"],
  ['vendor_orders_name_trgm_idx', 'vendor_orders using gin (fold(name) gin_trgm_ops)'],
];

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const [name, on] of PG_INDEXES) await sql.raw(`create index ${name} on ${on}`).execute(db);
    return;
  }
  for (const ix of INDEXES) {
    const names = Object.keys(ix.columns);
    const values = (row: string) => names.map((n) => ix.columns[n]!(row)).join(', ');
    await sql
      .raw(
        `create virtual table ${ix.fts} using fts5(${names.join(', ')}, content='', contentless_delete=1, tokenize='trigram case_sensitive 1')`,
      )
      .execute(db);
    await sql
      .raw(`insert into ${ix.fts}(rowid, ${names.join(', ')}) select id, ${values('')} from ${ix.table}`)
      .execute(db);
    await sql
      .raw(
        `create trigger ${ix.fts}_insert after insert on ${ix.table} begin
          insert into ${ix.fts}(rowid, ${names.join(', ')}) values (new.id, ${values('new.')}); end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${ix.fts}_update after update of ${SOURCE_COLUMNS[ix.table]} on ${ix.table} begin
          delete from ${ix.fts} where rowid = old.id;
          insert into ${ix.fts}(rowid, ${names.join(', ')}) values (new.id, ${values('new.')}); end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${ix.fts}_delete after delete on ${ix.table} begin delete from ${ix.fts} where rowid = old.id; end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const [name] of PG_INDEXES) await sql.raw(`drop index if exists ${name}`).execute(db);
    return;
  }
  for (const ix of INDEXES) {
    for (const t of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists ${ix.fts}_${t}`).execute(db);
    await sql.raw(`drop table if exists ${ix.fts}`).execute(db);
  }
}
