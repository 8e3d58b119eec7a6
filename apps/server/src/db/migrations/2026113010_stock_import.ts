/**
 * The stock import (docs/stock.md): import_jobs.kind may also be 'stock'. PostgreSQL swaps the
 * column's check constraint; SQLite cannot alter one, so the table is built again with the wider
 * check and its rows copied. Frozen.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const KINDS = (kinds: string[]) => sql.raw(`kind in (${kinds.map((k) => `'${k}'`).join(', ')})`);
const BEFORE = ['products', 'customers', 'vendor-orders'];
const AFTER = [...BEFORE, 'stock'];

async function withKinds(db: Kysely<any>, kinds: string[]): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // The column check of migration 2026112810, named by PostgreSQL's default rule.
    await sql`alter table import_jobs drop constraint if exists import_jobs_kind_check`.execute(db);
    await sql`alter table import_jobs add constraint import_jobs_kind_check check (${KINDS(kinds)})`.execute(db);
    return;
  }
  await db.schema
    .createTable('import_jobs_new')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('kind', 'text', (c) => c.notNull().check(KINDS(kinds)))
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('all', 'valid')`))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('running', 'done', 'failed')`))
    .addColumn('active_kind', 'text')
    .addColumn('file_name', 'text')
    .addColumn('user_id', 'integer')
    .addColumn('username', 'text')
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('problem_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('problems', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('message', 'text')
    .addColumn('longest_write_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await sql`insert into import_jobs_new select * from import_jobs where ${KINDS(kinds)}`.execute(db);
  await db.schema.dropTable('import_jobs').execute();
  await sql`alter table import_jobs_new rename to import_jobs`.execute(db);
  await db.schema.createIndex('import_jobs_active_kind').on('import_jobs').column('active_kind').unique().execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await withKinds(db, AFTER);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('import_jobs').where('kind', '=', 'stock').execute();
  await withKinds(db, BEFORE);
}
