/**
 * A quote's rules, written once (docs/domain.md, quotes): how a quote and its revisions are named,
 * and the status a quote shows once its validity has passed. The server's SQL form of the status
 * (documents.lists.repository.ts, quoteStatusSql) follows EXPIRING_QUOTE_STATUSES.
 */
import type { QuoteStatus } from './schemas/documents.js';

/** "16" for a quote's first revision, "16 rev 2" after: the number as the PDF and the e-mail show it. */
export function quoteNumberText(number: number, revision = 1): string {
  return revision > 1 ? `${number} rev ${revision}` : String(number);
}

/** "Quote 16" for a first revision, "Quote 16 rev 2" after. */
export function quoteLabel(number: number, revision = 1): string {
  return `Quote ${quoteNumberText(number, revision)}`;
}

/** The stored statuses a quote leaves for Expired once its date is past its validity. */
export const EXPIRING_QUOTE_STATUSES = ['Draft', 'Sent'] as const satisfies readonly QuoteStatus[];

/**
 * The first date (YYYY-MM-DD) a quote is still valid on: today less the company's validity days.
 * A quote dated before it has expired; null when quotes do not expire (no validity set).
 */
export function quoteExpiryCutoff(today: string, validityDays: number | null): string | null {
  if (validityDays === null) return null;
  const cutoff = new Date(`${today}T00:00:00Z`);
  cutoff.setUTCDate(cutoff.getUTCDate() - validityDays);
  return cutoff.toISOString().slice(0, 10);
}

/**
 * A quote's status as the lists and the header show it: Expired when still Draft or Sent and its
 * date is before `cutoff` (quoteExpiryCutoff; null: quotes never expire), else the stored one.
 */
export function quoteStatusOf(stored: string, quoteDate: string, cutoff: string | null): QuoteStatus {
  const expiring = (EXPIRING_QUOTE_STATUSES as readonly string[]).includes(stored);
  if (cutoff !== null && expiring && quoteDate < cutoff) return 'Expired';
  return stored as QuoteStatus;
}
