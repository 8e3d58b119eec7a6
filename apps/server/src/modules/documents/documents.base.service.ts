/**
 * What a document's lifecycle (documents.service.ts) and its cart's writes (cart.service.ts) share
 * (docs/architecture.md sections 1 to 3): the events after a commit, the history, the rule of what
 * a quote may no longer change, and the pricing lock of a priced write.
 */
import type { Kysely } from 'kysely';
import { quoteExpiryCutoff, quoteLabel, type DocumentHeader } from '@desk/domain';
import type { DeskEvent, EventBus } from '../events/event-bus.js';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { isPostgres } from '../../lib/engine.js';
import { conflict, found } from '../../lib/errors.js';
import { ClockedService } from '../../lib/service.js';
import type { Db } from '../../lib/sql.js';
import { insertChangeRows, type Actor, type Change } from '../history/history.repository.js';
import * as cart from './documents.cart.repository.js';
import * as headers from './documents.headers.repository.js';
import { exportedOrderIds } from './documents.lists.repository.js';
import * as quotes from './documents.revisions.repository.js';
import { pricingLock } from './documents.totals.repository.js';
import { syncNeeds, tellStock } from '../stock/stock.ledger.js';
import type { KindTables } from './kinds.js';

/** 'order 26', 'orders 26 and 31', 'orders 26, 31 and 40'. */
export function ordersText(ids: readonly number[]): string {
  if (ids.length === 1) return `order ${ids[0]}`;
  return `orders ${ids.slice(0, -1).join(', ')} and ${ids.at(-1)}`;
}

/** The shared part of the documents' services: one implementation for both kinds. */
export class DocumentServiceBase extends ClockedService {
  constructor(
    db: Kysely<DB>,
    clock: Clock,
    protected readonly taxRate: number,
    /** Tells the open screens what changed, after each commit (docs/architecture.md section 11). */
    protected readonly events?: EventBus,
  ) {
    super(db, clock);
  }

  /**
   * After a committed change to a document: `document` for the screens that show it, and, for an
   * order, `bay` for the bay it is loaded in (its pick list) and the bays it left, and `pickup`
   * when its place in the pickup list may have changed. Never throws: the change is made.
   */
  protected tell(
    k: KindTables,
    id: number,
    user: string,
    opts: { saved?: DocumentHeader; left?: number | null; pickup?: boolean } = {},
  ): void {
    const events = this.events;
    if (!events) return;
    void (async () => {
      // A save answers the header it made; a cart write reads once what the event names.
      const now = opts.saved ?? (await headers.eventFacts(this.db, k, id));
      const changed: DeskEvent[] = [
        { type: 'document', data: { kind: k.kind, id, version: now?.version ?? null, user } },
      ];
      const bays = new Set<number>();
      if (opts.left) bays.add(opts.left);
      if (now?.current_load && now.loading_bay) bays.add(now.loading_bay);
      for (const bay of bays) changed.push({ type: 'bay', data: { bay } });
      if (k.kind === 'order' && (opts.pickup || bays.size > 0)) changed.push({ type: 'pickup', data: {} });
      events.publish(...changed);
    })().catch(() => {});
  }

  protected today() {
    return this.now().slice(0, 10);
  }

  /** Records changes to a document in the caller's transaction (docs/architecture.md section 9). */
  protected record(trx: Db, actor: Actor, k: KindTables, docId: number, changes: readonly Change[]) {
    return insertChangeRows(trx, actor, this.now(), k.kind, docId, changes);
  }

  /**
   * A line as the history names it. With `lock` (a write's first read of what it changes), read
   * with its document locked (PostgreSQL), so the "from" it records is what it replaces, even
   * with writes to the same document side by side; on SQLite writes already run one at a time.
   * A write that has already touched (and so locked) the document reads it without.
   */
  protected async lineForHistory(db: Db, k: KindTables, lineId: number, lock = false) {
    const missing = `${k.label} line ${lineId} does not exist.`;
    const line = found(await cart.lineForHistory(db, k, lineId), missing);
    if (!lock || !isPostgres(db)) return line;
    await headers.lockDocument(db, k.header, line.doc_id);
    return found(await cart.lineForHistory(db, k, lineId), missing);
  }

  /**
   * Quotes dated before this day are past their validity (today less the company's validity
   * days), null when quotes do not expire.
   */
  protected async expiryCutoff(db: Db): Promise<string | null> {
    return quoteExpiryCutoff(this.today(), await quotes.quoteValidityDays(db));
  }

  /**
   * What a quote may no longer change (docs/architecture.md section 3), in one place: an earlier
   * revision (only the latest can change) and an Accepted one (exported: the quote the customer
   * accepted stays as its order was made from it; a new revision changes). Either is a 409 that
   * says what to do. Orders always pass. A write reads this after it has locked the document, so a
   * write that races an export either lands before it (and is copied) or is refused.
   */
  protected async requireChangeable(db: Db, k: KindTables, docId: number, what: 'change' | 'delete' = 'change') {
    if (k.kind !== 'quote') return;
    const q = await quotes.quoteRevisionInfo(db, docId);
    if (q && q.superseded === 1) {
      const latest = (await quotes.quoteRevisionRows(db, q.number)).at(-1)!;
      throw conflict(
        `${quoteLabel(q.number, q.revision)} is read-only: ${quoteLabel(q.number, latest.revision)} is the latest revision. Change that one instead.`,
      );
    }
    // An administrator may still delete an accepted quote; its orders keep their lines.
    if (q && q.quote_status === 'Accepted' && what === 'change') {
      const orders = (await exportedOrderIds(db, [docId])).get(docId) ?? [];
      const exported = orders.length ? ` (exported to ${ordersText(orders)})` : '';
      throw conflict(
        `${quoteLabel(q.number, q.revision)} was accepted${exported} and is read-only: revise it to change it.`,
      );
    }
  }

  /**
   * After a write to an order's cart or a new order's copy, in its transaction: the order's needs
   * in line with its cart and each product's reserved with them (docs/stock.md). Answers the
   * products whose stock moved, for tellStock after the commit. Quotes need nothing.
   */
  protected keepNeeds(trx: Db, k: KindTables, docId: number): Promise<number[]> {
    return k.kind === 'order' ? syncNeeds(trx, [docId], this.now()) : Promise.resolve([]);
  }

  /** Tells the open screens whose stock moved (after the commit). */
  protected tellStock(productIds: readonly number[]): void {
    tellStock(this.events, productIds);
  }

  async headerRow(db: Db, k: KindTables, id: number) {
    return found(await headers.findHeaderRow(db, k, id), `${k.label} ${id} does not exist.`);
  }

  /**
   * A transaction of a write that prices the document: it first takes the pricing lock shared
   * (documents.totals.ts), before any row lock, so a catalogue price change never runs beside it.
   */
  protected priced<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await pricingLock(trx, 'shared');
      return fn(trx);
    });
  }
}
