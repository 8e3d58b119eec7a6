/**
 * Send Email's dialog (issue 36): the clerk may copy the e-mail to more addresses (Cc), and the
 * document's E-mails section shows them beside the recipient. email_outbox.cc holds them as sent,
 * ', '-separated; null when none (every e-mail before this, and the ready-for-pickup e-mail).
 * Frozen.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('email_outbox').addColumn('cc', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('email_outbox').dropColumn('cc').execute();
}
