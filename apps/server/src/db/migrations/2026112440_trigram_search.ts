/**
 * Trigram indexes for the contains-filters on customer name and job name.
 *
 * PostgreSQL: pg_trgm GIN indexes on the folded columns, so `x_fold like '%text%'` is served by
 * a bitmap index scan instead of reading every row.
 *
 * SQLite: an FTS5 trigram index of the folded customer name (contentless: only row ids), kept in
 * step by triggers in the writing transaction. It indexes fold(name), the app's own folding,
 * rather than FTS5's case_sensitive 0 / remove_diacritics, so it agrees with fold() character for
 * character. Job names get no FTS5 index on SQLite: measured at 100,000 orders, the job names
 * repeat a small vocabulary (every trigram of 'garage' is in 11,000+ rows), and reading those
 * doclists took 8-13 ms where the covering (is_closed, job_name_fold) index scan takes 1-2 ms.
 * Frozen.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const PG_INDEXES: Array<[string, string, string]> = [
  ['customers_name_trgm_idx', 'customers', 'name_fold'],
  ['orders_job_trgm_idx', 'orders', 'job_name_fold'],
  ['quotes_job_trgm_idx', 'quotes', 'job_name_fold'],
];

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const [name, table, column] of PG_INDEXES)
      await sql.raw(`create index ${name} on ${table} using gin (${column} gin_trgm_ops)`).execute(db);
    return;
  }
  // detail=full: a quoted phrase of trigrams matches the exact substring.
  await sql`create virtual table customers_name_trgm using fts5(name_fold, content='', contentless_delete=1, tokenize='trigram case_sensitive 1')`.execute(
    db,
  );
  await sql`insert into customers_name_trgm(rowid, name_fold) select id, fold(name) from customers`.execute(db);
  await sql`create trigger customers_name_trgm_insert after insert on customers begin
      insert into customers_name_trgm(rowid, name_fold) values (new.id, fold(new.name)); end`.execute(db);
  await sql`create trigger customers_name_trgm_update after update of name on customers begin
      delete from customers_name_trgm where rowid = old.id;
      insert into customers_name_trgm(rowid, name_fold) values (new.id, fold(new.name)); end`.execute(db);
  await sql`create trigger customers_name_trgm_delete after delete on customers begin
      delete from customers_name_trgm where rowid = old.id; end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const [name] of PG_INDEXES) await sql.raw(`drop index if exists ${name}`).execute(db);
    return;
  }
  for (const t of ['insert', 'update', 'delete'])
    await sql.raw(`drop trigger if exists customers_name_trgm_${t}`).execute(db);
  await sql`drop table if exists customers_name_trgm`.execute(db);
}
