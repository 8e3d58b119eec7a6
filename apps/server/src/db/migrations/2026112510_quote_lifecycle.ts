/**
 * Quotes get a lifecycle and revisions (docs/architecture.md section 3):
 * - quote_status: Draft, Sent, Accepted or Declined as stored; Expired is not stored but read
 *   from the quote date and the company's validity days.
 * - quote_number: the quote number its revisions share, null on a first revision (its number is
 *   its own id: coalesce(quote_number, id)); revision: 1, 2, ...; superseded: 1 on every revision
 *   but the latest, which the lists show and which alone can be edited.
 * One revision number per quote number (a unique index), so two clerks revising at once cannot
 * both make rev 2. Frozen.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('quotes')
    .addColumn('quote_status', 'text', (c) => c.notNull().defaultTo('Draft'))
    .execute();
  await db.schema.alterTable('quotes').addColumn('quote_number', 'integer').execute();
  await db.schema
    .alterTable('quotes')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('quotes')
    .addColumn('superseded', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create unique index quotes_number_revision_uq on quotes ((coalesce(quote_number, id)), revision)`.execute(
    db,
  );
  // The lists: the latest revisions, newest first.
  await db.schema.createIndex('quotes_superseded_id_idx').on('quotes').columns(['superseded', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists quotes_number_revision_uq`.execute(db);
  await sql`drop index if exists quotes_superseded_id_idx`.execute(db);
  for (const c of ['superseded', 'revision', 'quote_number', 'quote_status'])
    await db.schema.alterTable('quotes').dropColumn(c).execute();
}
