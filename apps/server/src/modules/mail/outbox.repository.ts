/**
 * email_outbox (migration 2026112600; docs/architecture.md section 10): every e-mail sent for a
 * document, and the ready-for-pickup e-mails waiting to be sent. SQL only.
 */
import { sql } from 'kysely';
import type { DocumentEmail, DocumentKind } from '@desk/domain';
import type { EmailOutboxTable } from '../../db/schema.js';
import { isPostgres } from '../../lib/engine.js';
import type { Db } from '../../lib/sql.js';
import type { Selectable } from 'kysely';

export type OutboxRow = Selectable<EmailOutboxTable>;

export interface NewOutboxMail {
  kind: DocumentKind;
  documentId: number;
  purpose: EmailOutboxTable['purpose'];
  to: string;
  /** Send Email's copies, ', '-separated; none for the ready-for-pickup e-mail. */
  cc?: string | null;
  bcc: string | null;
  subject: string;
  body: string;
  user: string | null;
}

/** Queues an e-mail, due at once. Called inside the transaction of the change it tells about. */
export async function enqueue(db: Db, mail: NewOutboxMail, now: string): Promise<void> {
  await db
    .insertInto('email_outbox')
    .values({ ...columns(mail, now), state: 'queued', next_attempt_at: now })
    .execute();
}

/** Writes down an e-mail that was sent at once (Send Email), or that the mail server refused. */
export async function logSent(
  db: Db,
  mail: NewOutboxMail,
  now: string,
  outcome: { messageId: string } | { error: string },
): Promise<void> {
  await db
    .insertInto('email_outbox')
    .values({
      ...columns(mail, now),
      attempts: 1,
      ...('messageId' in outcome
        ? { state: 'sent', sent_at: now, message_id: outcome.messageId }
        : { state: 'failed', last_error: outcome.error }),
    })
    .execute();
}

const columns = (mail: NewOutboxMail, now: string) => ({
  document_kind: mail.kind,
  document_id: mail.documentId,
  purpose: mail.purpose,
  to_address: mail.to,
  cc: mail.cc ?? null,
  bcc: mail.bcc,
  subject: mail.subject,
  body: mail.body,
  created_at: now,
  created_by: mail.user,
});

/**
 * Takes the next due queued e-mail for this instance until `until`, counting the attempt; none
 * when nothing is due. One statement, so two instances (or two loops) never take the same row:
 * SQLite runs writes one at a time, and on PostgreSQL the subquery skips rows another transaction
 * holds while the outer conditions are checked again on the row as it is when its lock is had.
 */
export async function claimDue(db: Db, now: string, until: string): Promise<OutboxRow | undefined> {
  const free = sql`state = 'queued' and next_attempt_at <= ${now} and (claimed_until is null or claimed_until < ${now})`;
  const next = sql`select id from email_outbox where ${free} order by next_attempt_at, id limit 1${
    isPostgres(db) ? sql` for update skip locked` : sql``
  }`;
  const r = await sql<OutboxRow>`update email_outbox set claimed_until = ${until}, attempts = attempts + 1
    where id = (${next}) and ${free} returning *`.execute(db);
  return r.rows[0];
}

/** The mail server accepted it. */
export async function markSent(db: Db, id: number, now: string, messageId: string): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({
      state: 'sent',
      sent_at: now,
      message_id: messageId,
      claimed_until: null,
      next_attempt_at: null,
      last_error: null,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * It failed: tried again at `retryAt`, or, without one, given up for good. One withdrawn while it
 * was being sent stays withdrawn (never queued again).
 */
export async function markFailed(db: Db, id: number, error: string, retryAt: string | null): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({
      state: retryAt ? 'queued' : 'failed',
      last_error: error,
      next_attempt_at: retryAt,
      claimed_until: null,
    })
    .where('id', '=', id)
    .where('state', '=', 'queued')
    .execute();
}

/**
 * Withdraws the ready-for-pickup e-mails of these orders that have not gone yet (the order left
 * its bay, or was completed, first), each with the reason shown in the order's E-mails section.
 * Called in the transaction of that change. One the mail queue is sending at this moment cannot
 * be called back: if the mail server takes it, markSent records it as sent; if not, it stays
 * withdrawn. Answers how many were withdrawn.
 */
export async function withdrawReady(db: Db, orders: ReadonlyArray<{ orderId: number; why: string }>): Promise<number> {
  let withdrawn = 0;
  for (const { orderId, why } of orders) {
    const r = await db
      .updateTable('email_outbox')
      .set({ state: 'withdrawn', last_error: why, next_attempt_at: null })
      .where('document_kind', '=', 'order')
      .where('document_id', '=', orderId)
      .where('purpose', '=', 'ready-for-pickup')
      .where('state', '=', 'queued')
      .executeTakeFirst();
    withdrawn += Number(r.numUpdatedRows);
  }
  return withdrawn;
}

/** The e-mails of a document, newest first (at most `limit`). */
export async function forDocument(db: Db, kind: DocumentKind, id: number, limit: number): Promise<DocumentEmail[]> {
  const rows = await db
    .selectFrom('email_outbox')
    .selectAll()
    .where('document_kind', '=', kind)
    .where('document_id', '=', id)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    at: r.created_at,
    user: r.created_by,
    purpose: r.purpose,
    to: r.to_address,
    cc: r.cc,
    subject: r.subject,
    state: r.state,
    attempts: r.attempts,
    sentAt: r.sent_at,
    nextAttemptAt: r.state === 'queued' ? r.next_attempt_at : null,
    error: r.last_error,
  }));
}
