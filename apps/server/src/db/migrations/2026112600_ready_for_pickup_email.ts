/**
 * The customer is told (docs/architecture.md section 10): the ready-for-pickup e-mail's text and
 * switch in the e-mail settings, the business's opening hours in the company settings, a
 * per-customer opt-out, and email_outbox: every e-mail sent for a document, with its delivery
 * state. Ready-for-pickup e-mails wait there ('queued') until the mail server accepts them, so a
 * mail server that is down never fails a bay assignment and a restart loses nothing. Frozen.
 */
import { type Kysely, PostgresAdapter } from 'kysely';

export const DEFAULT_READY_SUBJECT = 'Your order {documentNumber} is ready for pickup';
export const DEFAULT_READY_BODY = [
  'Hello {contactName},',
  '',
  'Order {documentNumber} ({jobName}) is ready for pickup in bay {bay}.',
  '',
  'Pick it up at {companyAddress}.',
  'Our hours: {companyHours}',
  '',
  'Thank you,',
  '{companyName}',
  '{companyPhone}',
].join('\n');

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('email_settings')
    .addColumn('ready_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('email_settings')
    .addColumn('ready_subject', 'text', (c) => c.notNull().defaultTo(DEFAULT_READY_SUBJECT))
    .execute();
  await db.schema
    .alterTable('email_settings')
    .addColumn('ready_body', 'text', (c) => c.notNull().defaultTo(DEFAULT_READY_BODY))
    .execute();
  await db.schema.alterTable('company_settings').addColumn('hours', 'text').execute();
  // 1: e-mail the customer when an order is ready; 0: the customer opted out.
  await db.schema
    .alterTable('customers')
    .addColumn('ready_email', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('email_outbox')
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    // The document the e-mail is for: 'order' or 'quote', and its id (no foreign key: the log
    // outlives a deleted document, like the change history).
    .addColumn('document_kind', 'text', (c) => c.notNull())
    .addColumn('document_id', 'integer', (c) => c.notNull())
    // 'document' (the PDF, Send Email) or 'ready-for-pickup'.
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('bcc', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // 'queued', 'sent' or 'failed'.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('next_attempt_at', 'text')
    // An instance sending it holds it until then; past it, another instance may take it over.
    .addColumn('claimed_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('message_id', 'text')
    .execute();
  await db.schema
    .createIndex('email_outbox_document_idx')
    .on('email_outbox')
    .columns(['document_kind', 'document_id', 'id'])
    .execute();
  await db.schema
    .createIndex('email_outbox_due_idx')
    .on('email_outbox')
    .columns(['state', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_outbox').ifExists().execute();
  await db.schema.alterTable('customers').dropColumn('ready_email').execute();
  await db.schema.alterTable('company_settings').dropColumn('hours').execute();
  for (const c of ['ready_body', 'ready_subject', 'ready_enabled'])
    await db.schema.alterTable('email_settings').dropColumn(c).execute();
}
