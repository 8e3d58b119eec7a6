/**
 * A quote's revisions and stored status (migration 2026112510; docs/architecture.md section 3):
 * the rows of a quote number, which is the latest, and the status with its stamps.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { QuoteStatus } from '@desk/domain';
import type { Db } from '../../lib/sql.js';
import { docDb } from './kinds.js';

/** The company's quote validity in days, or null when quotes do not expire. */
export async function quoteValidityDays(db: Db): Promise<number | null> {
  const row = await db.selectFrom('company_settings').select('quote_validity_days').limit(1).executeTakeFirst();
  return row?.quote_validity_days ?? null;
}

/** A quote's status, date, number and revision; undefined when there is no such quote. */
export function quoteRevisionInfo(db: Db, id: number) {
  return db
    .selectFrom('quotes')
    .select([
      'id',
      'quote_status',
      'quote_date',
      'revision',
      'superseded',
      sql<number>`coalesce(quote_number, id)`.as('number'),
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Every revision of a quote number, first to latest (the unique (number, revision) index). */
export function quoteRevisionRows(db: Db, number: number) {
  return docDb(db)
    .selectFrom('quotes as d')
    .selectAll('d')
    .where(sql<number>`coalesce(d.quote_number, d.id)`, '=', number)
    .orderBy('d.revision')
    .execute();
}

/** Marks every revision of `number` but `latestId` as superseded, and that one as the latest. */
export async function setLatestRevision(db: Db, number: number, latestId: number) {
  await db
    .updateTable('quotes')
    .set({ superseded: sql<number>`case when id = ${latestId} then 0 else 1 end` })
    .where(sql<number>`coalesce(quote_number, id)`, '=', number)
    .execute();
}

/**
 * Sets a quote's stored status (Sent on e-mail, Accepted on export); with `from`, only a quote
 * that has that status, in the same statement, so two e-mails sent at once move it once.
 * Answers whether it changed.
 */
export async function setQuoteStatus(db: Db, id: number, status: QuoteStatus, now: string, from?: QuoteStatus) {
  let q = db
    .updateTable('quotes')
    .set({ quote_status: status, ...quoteStatusStamps(status, now), updated_at: now })
    .where('id', '=', id);
  if (from !== undefined) q = q.where('quote_status', '=', from);
  const [r] = await q.execute();
  return Number(r?.numUpdatedRows ?? 0) > 0;
}

/**
 * What a quote's new stored status stamps (docs/architecture.md section 16): sent_at, the first
 * time it leaves Draft (kept when it goes back), and accepted_at while it is Accepted.
 */
export function quoteStatusStamps(status: string, now: string) {
  return {
    ...(status === 'Draft' ? {} : { sent_at: sql<string>`coalesce(sent_at, ${now})` }),
    accepted_at: status === 'Accepted' ? sql<string | null>`coalesce(accepted_at, ${now})` : null,
  };
}

/** The quotes whose id modulo `of` is below `below`: a fixed share of them, spread over the ids (seeders). */
export const quoteIdShare = (of: number, below: number) => sql<SqlBool>`id % ${sql.lit(of)} < ${sql.lit(below)}`;

/**
 * Seeders (cli/large-data.ts): marks every quote `which` picks (all of the conditions) Sent or Accepted
 * in one statement, stamped (sent_at or accepted_at) on the quote's own date at `time` UTC, as a
 * clerk would have done that day.
 */
export async function stampQuoteStatusInBulk(
  db: Db,
  status: 'Sent' | 'Accepted',
  time: string,
  which: Expression<SqlBool>[],
): Promise<void> {
  const at = sql<string>`quote_date || ${sql.lit(`T${time}`)}`;
  await db
    .updateTable('quotes')
    .set(status === 'Sent' ? { quote_status: status, sent_at: at } : { quote_status: status, accepted_at: at })
    .where((eb) => eb.and(which))
    .execute();
}
