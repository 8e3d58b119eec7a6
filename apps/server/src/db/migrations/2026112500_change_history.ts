/**
 * The change history (docs/architecture.md section 9): one row per change to an order, a quote,
 * a customer or a product, written in the transaction of the change. Rows are never changed or
 * removed: the database refuses UPDATE and DELETE (and, on PostgreSQL, TRUNCATE) on the table,
 * whoever asks. No foreign keys: the history outlives a deleted document and a removed user.
 * Frozen.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('change_history')
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    // 'order', 'quote', 'customer' or 'product'.
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('username', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('field', 'text')
    .addColumn('from_value', 'text')
    .addColumn('to_value', 'text')
    .execute();
  // A subject's history newest first; the lists' "changed by" filter.
  await db.schema
    .createIndex('change_history_subject_idx')
    .on('change_history')
    .columns(['subject', 'subject_id', 'id'])
    .execute();
  await db.schema
    .createIndex('change_history_user_idx')
    .on('change_history')
    .columns(['subject', 'username', 'subject_id'])
    .execute();
  if (pg) {
    await sql`create function change_history_append_only() returns trigger language plpgsql as $$
      begin raise exception 'The change history cannot be changed or removed.'; end $$`.execute(db);
    await sql`create trigger change_history_no_change before update or delete on change_history
      for each row execute function change_history_append_only()`.execute(db);
    await sql`create trigger change_history_no_truncate before truncate on change_history
      for each statement execute function change_history_append_only()`.execute(db);
  } else {
    for (const op of ['update', 'delete'])
      await sql
        .raw(
          `create trigger change_history_no_${op} before ${op} on change_history begin
             select raise(abort, 'The change history cannot be changed or removed.'); end`,
        )
        .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropTable('change_history').ifExists().execute();
  if (pg) await sql`drop function if exists change_history_append_only()`.execute(db);
}
