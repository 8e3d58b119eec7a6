/**
 * The stock import (docs/stock.md): import_jobs.kind may also be 'stock'. PostgreSQL swaps the
 * column's check constraint; SQLite cannot alter one, so the table is built again with the wider
 * check (the table as 2026112810 builds it) and its rows copied. Frozen.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { createImportJobsTable } from './2026112810_import.js';

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
  await createImportJobsTable(db, 'import_jobs_new', KINDS(kinds));
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
