/**
 * The letterhead an administrator edits: one row (id 1) with the business's name, address,
 * phone, e-mail, quote validity and terms. Every column may be empty: an empty name means the
 * COMPANY_NAME of the configuration, so a new installation prints what it printed before.
 * Frozen like every migration.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('company_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('name', 'text')
    .addColumn('street', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('zip', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('quote_validity_days', 'integer', (c) =>
      c.check(sql`quote_validity_days is null or (quote_validity_days >= 1 and quote_validity_days <= 3650)`),
    )
    .addColumn('terms', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.insertInto('company_settings').values({ id: 1, version: 1, updated_at: new Date().toISOString() }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('company_settings').ifExists().execute();
}
