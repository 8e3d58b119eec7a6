/**
 * The e-mails that wait in the database (docs/architecture.md section 10): the ready-for-pickup
 * e-mail is queued in the transaction that places the order in its bay, and this queue hands it
 * to the mail server afterwards, never on the clerk's request. An e-mail the mail server does not
 * take is tried again with a growing pause (30 s, 1, 2, 4 ... minutes, at most 30), for two days;
 * one it refuses for good (a 5xx answer to the recipient) fails at once, with the reason kept.
 *
 * Every instance runs a queue over the same table: a row is claimed in one statement
 * (outbox.repository claimDue) for a lease, so no two instances send it, and one left claimed by
 * an instance that stopped mid-send is taken over when the lease ends. A restart loses nothing:
 * what was queued is still queued.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DocumentEmail, DocumentKind } from '@desk/domain';
import type { DB } from '../../db/schema.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import type { Mailer } from './mailer.js';
import * as outbox from './outbox.repository.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** How long an instance holds an e-mail it is sending (longer than the SMTP timeouts). */
export const CLAIM_MS = 5 * MINUTE;
/** A queued e-mail is given up this long after it was queued. */
export const GIVE_UP_MS = 2 * 24 * 60 * MINUTE;
/** How often each instance looks for due e-mails (besides right after queueing one). */
export const POLL_MS = 15 * SECOND;
/** At most this many e-mails per round, so one round never runs unbounded. */
const ROUND_LIMIT = 100;

/** The pause before attempt n + 1, after n failed attempts: 30 s doubling, at most 30 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30 * SECOND * 2 ** Math.max(0, attempts - 1), 30 * MINUTE);
}

/** A refusal that trying again cannot change: the mail server's 5xx answer to the recipient. */
function refusedForGood(e: unknown): boolean {
  const err = e as { responseCode?: number; command?: string };
  return typeof err.responseCode === 'number' && err.responseCode >= 500 && err.command === 'RCPT TO';
}

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 500);

export class MailQueue {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Looks for due e-mails now, in the background (a round already running looks once more). */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.round();
        } while (this.again);
      } catch (err) {
        // The database itself failed (it is closing, or down): the next poll tries again.
        this.log?.warn({ err }, 'e-mail queue round failed');
      } finally {
        this.running = null;
      }
    })();
  }

  /** Resolves when no round is running (tests, and a graceful stop). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Sends what is due now and resolves when done. */
  async deliverDue(): Promise<void> {
    this.kick();
    await this.settled();
  }

  /** Looks for due e-mails every `pollMs` until stop(). */
  start(pollMs = POLL_MS): void {
    this.stop();
    this.timer = setInterval(() => this.kick(), pollMs);
    this.timer.unref();
    this.kick();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * The e-mails of one document, newest first. A deleted document still answers the e-mails it
   * had; one that never existed is a 404.
   */
  async forDocument(kind: DocumentKind, id: number): Promise<DocumentEmail[]> {
    const items = await outbox.forDocument(this.db, kind, id, 200);
    if (items.length === 0) {
      const exists = await this.db
        .selectFrom(kind === 'order' ? 'orders' : 'quotes')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!exists) throw notFound(`${kind === 'order' ? 'Order' : 'Quote'} ${id} does not exist.`);
    }
    return items;
  }

  private async round(): Promise<void> {
    for (let n = 0; n < ROUND_LIMIT; n++) {
      const now = this.clock();
      const row = await outbox.claimDue(this.db, isoAt(now), isoAt(now + CLAIM_MS));
      if (!row) return;
      const id = Number(row.id);
      try {
        const sent = await this.mailer.send({ to: row.to_address, bcc: row.bcc, subject: row.subject, text: row.body });
        await outbox.markSent(this.db, id, isoAt(this.clock()), sent.messageId);
      } catch (e) {
        const at = this.clock();
        const giveUp = refusedForGood(e) || at - Date.parse(row.created_at) >= GIVE_UP_MS;
        const why = giveUp && !refusedForGood(e) ? `Not accepted for two days; last answer: ${reason(e)}` : reason(e);
        await outbox.markFailed(this.db, id, why, giveUp ? null : isoAt(at + retryDelayMs(row.attempts)));
        this.log?.warn({ err: e, emailId: id, attempts: row.attempts, giveUp }, 'queued e-mail not sent');
      }
    }
  }
}
