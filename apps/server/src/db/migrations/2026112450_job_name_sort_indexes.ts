/**
 * PostgreSQL: a customer filter sorted by job name (`customer_id = any(...)` ordered by
 * job_name, id) walked the plain job_name index and read the table row of every entry to test
 * is_closed and customer_id: 2,600 buffers, 12 ms at 100,000 orders for "customer contains
 * 'hendr'". These indexes hold the sort key, the id and the customer, so the same walk reads the
 * index only (8 buffers, 0.1 ms) and needs no sort step.
 *
 * SQLite gets none: it already answers that page from the (customer_id, is_closed, job_name)
 * index with a small sort (0.2 ms CPU), an index without the sort's order gains nothing there, and
 * each index is one more write per order. Frozen.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const PG_INDEXES: Array<[string, string]> = [
  ['orders_closed_job_id_idx', 'orders (is_closed, job_name, id) include (customer_id)'],
  ['quotes_job_id_idx', 'quotes (job_name, id) include (customer_id)'],
];

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const [name, on] of PG_INDEXES) await sql.raw(`create index ${name} on ${on}`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const [name] of PG_INDEXES) await sql.raw(`drop index if exists ${name}`).execute(db);
}
