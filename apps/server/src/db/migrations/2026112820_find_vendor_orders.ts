/**
 * Find anything (docs/architecture.md section 13): vendor orders by name through an FTS5 trigram
 * index on SQLite, as migration 2026112700 indexed the other kinds. Without it every search ran
 * fold() on every vendor order's name: 3 ms of a search's 12 at 100,000 orders, whatever was
 * typed. PostgreSQL has its pg_trgm index on fold(name) since 2026112700. Frozen.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  const value = (row: string) => `coalesce(fold(${row}name), '')`;
  await sql
    .raw(
      `create virtual table vendor_orders_find_trgm using fts5(name, content='', contentless_delete=1, tokenize='trigram case_sensitive 1')`,
    )
    .execute(db);
  await sql
    .raw(`insert into vendor_orders_find_trgm(rowid, name) select id, ${value('')} from vendor_orders`)
    .execute(db);
  await sql
    .raw(
      `create trigger vendor_orders_find_trgm_insert after insert on vendor_orders begin
        insert into vendor_orders_find_trgm(rowid, name) values (new.id, ${value('new.')}); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger vendor_orders_find_trgm_update after update of name on vendor_orders begin
        delete from vendor_orders_find_trgm where rowid = old.id;
        insert into vendor_orders_find_trgm(rowid, name) values (new.id, ${value('new.')}); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger vendor_orders_find_trgm_delete after delete on vendor_orders begin
        delete from vendor_orders_find_trgm where rowid = old.id; end`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const t of ['insert', 'update', 'delete'])
    await sql.raw(`drop trigger if exists vendor_orders_find_trgm_${t}`).execute(db);
  await sql.raw('drop table if exists vendor_orders_find_trgm').execute(db);
}
