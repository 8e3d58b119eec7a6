/**
 * The order and quote lists sort by Date and by Total (issue 36): an index per sort, shaped like
 * the lists' id index, so a page sorted either way reads its rows in order whatever the table's
 * size. Orders: the open/closed switch first (is_closed), quotes: the latest revisions
 * (superseded); then the sorted column, then the id (the tie-break the lists add). The totals are
 * the stored ones (migration 2026112800). Frozen.
 */
import type { Kysely } from 'kysely';

const INDEXES: Array<[string, string, string[]]> = [
  ['orders_closed_date_id_idx', 'orders', ['is_closed', 'order_date', 'id']],
  ['orders_closed_total_id_idx', 'orders', ['is_closed', 'total_cents', 'id']],
  ['quotes_superseded_date_id_idx', 'quotes', ['superseded', 'quote_date', 'id']],
  ['quotes_superseded_total_id_idx', 'quotes', ['superseded', 'total_cents', 'id']],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of INDEXES) await db.schema.createIndex(name).on(table).columns(columns).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}
