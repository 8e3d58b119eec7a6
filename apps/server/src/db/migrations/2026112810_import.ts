/**
 * Import (docs/architecture.md section 15; docs/decisions/019-import.md).
 *
 * import_jobs: one row per import run, read by any instance (two behind one proxy both answer
 * GET /api/import/jobs/{id}). `active_kind` holds the kind while the job runs and is NULL after:
 * its unique index lets one import of a kind run at a time (a second click or a second
 * administrator meets a 409 instead of racing the first on the same item numbers).
 *
 * import_mappings: the column mapping an administrator last used, per kind and set of headers
 * (`headers_key`, a SHA-256 of the sorted headers), so the next file with the same headers is
 * mapped the same way.
 * Frozen.
 */
import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';

/**
 * The import_jobs table as `name`, its kind limited by `kindCheck`. Migration 2026113010 builds it
 * again through this (SQLite cannot alter a check) with the stock kind added. Frozen: the shipped
 * migrations run it.
 */
export function createImportJobsTable(db: Kysely<any>, name: string, kindCheck: RawBuilder<unknown>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (
    db.schema
      .createTable(name)
      .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('kind', 'text', (c) => c.notNull().check(kindCheck))
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
      // The first problems as JSON [{row, column, message}] (at most 1,000 are kept).
      .addColumn('problems', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('message', 'text')
      // The longest single write transaction of the job, in milliseconds (the bench reads it).
      .addColumn('longest_write_ms', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .execute()
  );
}

export async function up(db: Kysely<any>): Promise<void> {
  await createImportJobsTable(db, 'import_jobs', sql`kind in ('products', 'customers', 'vendor-orders')`);
  await db.schema.createIndex('import_jobs_active_kind').on('import_jobs').column('active_kind').unique().execute();

  await db.schema
    .createTable('import_mappings')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('headers_key', 'text', (c) => c.notNull())
    .addColumn('headers', 'text', (c) => c.notNull())
    .addColumn('mapping', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_mappings_pk', ['kind', 'headers_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('import_mappings').ifExists().execute();
  await db.schema.dropTable('import_jobs').ifExists().execute();
}
