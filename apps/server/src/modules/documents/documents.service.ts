/**
 * Orders and quotes (docs/architecture.md sections 1 to 3): one implementation for both kinds. Every
 * multi-row change runs in one transaction; prices come from the pure pricing module.
 */
import { PostgresAdapter, type Kysely } from 'kysely';
import type { DeskEvent, EventBus } from '../events/event-bus.js';
import {
  isPackageType,
  NOT_READY_STATUS,
  READY_FOR_PICKUP_STATUS,
  type DocumentHeader,
  type DocumentInput,
  type DocumentKind,
  type QuoteRevision,
} from '@desk/domain';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, found } from '../../lib/errors.js';
import type { ListQuery } from '../../lib/paging.js';
import { flag, type Db } from '../../lib/sql.js';
import { withIdempotency, type IdempotencyKey } from '../../lib/idempotency.js';
import { KINDS, type DocHeaderUpdate, type DocHeaderValues, type KindTables } from './kinds.js';
import { ClockedService } from '../../lib/service.js';
import * as repo from './documents.repository.js';
import { pricingLock, storeTotals, writeStoredTotals } from './documents.totals.js';
import { waitingOn } from '../vendor-orders/vendor-orders.repository.js';
import { priceLoosePartsFlag } from '../settings/settings.repository.js';
import { insertChangeRows, type Actor, type Change } from '../history/history.repository.js';
import { customerText, headerChanges, moneyText } from './documents.history.js';

/** An applied modifier as the history words it: "Lift 12in, 12 in, notes: left side". */
function modifierText(name: string, values: { notes: string | null; inches: string | null }): string {
  return [name, values.inches ? `${values.inches} in` : null, values.notes ? `notes: ${values.notes}` : null]
    .filter((p) => p !== null)
    .join(', ');
}

/** 'order 26', 'orders 26 and 31', 'orders 26, 31 and 40'. */
function ordersText(ids: readonly number[]): string {
  if (ids.length === 1) return `order ${ids[0]}`;
  return `orders ${ids.slice(0, -1).join(', ')} and ${ids.at(-1)}`;
}

export class DocumentsService extends ClockedService {
  constructor(
    db: Kysely<DB>,
    clock: Clock,
    private readonly taxRate: number,
    /** Tells the open screens what changed, after each commit (docs/architecture.md section 11). */
    private readonly events?: EventBus,
  ) {
    super(db, clock);
  }

  /**
   * After a committed change to a document: `document` for the screens that show it, and, for an
   * order, `bay` for the bay it is loaded in (its pick list) and the bays it left, and `pickup`
   * when its place in the pickup list may have changed. Never throws: the change is made.
   */
  private tell(
    k: KindTables,
    id: number,
    user: string,
    opts: { saved?: DocumentHeader; left?: number | null; pickup?: boolean } = {},
  ): void {
    const events = this.events;
    if (!events) return;
    void (async () => {
      // A save answers the header it made; a cart write reads once what the event names.
      const now = opts.saved ?? (await this.eventFacts(k, id));
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

  /** The version, and for an order the bay it is loaded in: what a document event names. */
  private async eventFacts(
    k: KindTables,
    id: number,
  ): Promise<{ version: number; loading_bay?: number | null; current_load?: boolean } | undefined> {
    if (k.kind === 'quote')
      return this.db.selectFrom('quotes').select('version').where('id', '=', id).executeTakeFirst();
    const row = await this.db
      .selectFrom('orders')
      .select(['version', 'loading_bay', 'current_load'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { version: row.version, loading_bay: row.loading_bay, current_load: row.current_load === 1 };
  }

  private today() {
    return this.now().slice(0, 10);
  }

  /** Records changes to a document in the caller's transaction (docs/architecture.md section 9). */
  private record(trx: Db, actor: Actor, k: KindTables, docId: number, changes: readonly Change[]) {
    return insertChangeRows(trx, actor, this.now(), k.kind, docId, changes);
  }

  /**
   * A line as the history names it. With `lock` (a write's first read of what it changes), read
   * with its document locked (PostgreSQL), so the "from" it records is what it replaces, even
   * with writes to the same document side by side; on SQLite writes already run one at a time.
   * A write that has already touched (and so locked) the document reads it without.
   */
  private async lineForHistory(db: Db, k: KindTables, lineId: number, lock = false) {
    const missing = `${k.label} line ${lineId} does not exist.`;
    const line = found(await repo.lineForHistory(db, k, lineId), missing);
    if (!lock || !(db.getExecutor().adapter instanceof PostgresAdapter)) return line;
    await repo.lockDocument(db, k.header, line.doc_id);
    return found(await repo.lineForHistory(db, k, lineId), missing);
  }

  async list(kind: DocumentKind, query: ListQuery, closed?: boolean) {
    const k = KINDS[kind];
    const cutoff = kind === 'quote' ? await this.expiryCutoff(this.db) : null;
    const answer = query.paged
      ? await repo.listPage(this.db, k, query, closed, cutoff)
      : await repo.listAll(this.db, k, closed, cutoff);
    if (kind === 'order') {
      // What each listed order waits on: one query for the page.
      const items = Array.isArray(answer) ? answer : answer.items;
      const waiting = await waitingOn(
        this.db,
        items.map((d) => d.id),
        this.today(),
      );
      for (const d of items) d.waitingOn = waiting.get(d.id) ?? [];
    }
    return answer;
  }

  /**
   * Every document of the list that the query's filters match, in the list's order, read through
   * `db` (the export's own connection, modules/export): the list's own query, not a copy of it.
   */
  async listRows(kind: DocumentKind, query: ListQuery, closed: boolean | undefined, db: Db) {
    const cutoff = kind === 'quote' ? await this.expiryCutoff(this.db) : null;
    return repo.listRows(db, KINDS[kind], query, closed, cutoff);
  }

  /**
   * Quotes dated before this day are past their validity (today less the company's validity
   * days), null when quotes do not expire.
   */
  private async expiryCutoff(db: Db): Promise<string | null> {
    const days = await repo.quoteValidityDays(db);
    if (days === null) return null;
    const today = new Date(`${this.today()}T00:00:00Z`);
    today.setUTCDate(today.getUTCDate() - days);
    return today.toISOString().slice(0, 10);
  }

  /**
   * What a quote may no longer change (docs/architecture.md section 3), in one place: an earlier
   * revision (only the latest can change) and an Accepted one (exported: the quote the customer
   * accepted stays as its order was made from it; a new revision changes). Either is a 409 that
   * says what to do. Orders always pass. A write reads this after it has locked the document, so a
   * write that races an export either lands before it (and is copied) or is refused.
   */
  private async requireChangeable(db: Db, k: KindTables, docId: number, what: 'change' | 'delete' = 'change') {
    if (k.kind !== 'quote') return;
    const q = await repo.quoteRevisionInfo(db, docId);
    if (q && q.superseded === 1) {
      const latest = (await repo.quoteRevisionRows(db, q.number)).at(-1)!;
      throw conflict(
        `${repo.quoteLabel(q.number, q.revision)} is read-only: ${repo.quoteLabel(q.number, latest.revision)} is the latest revision. Change that one instead.`,
      );
    }
    // An administrator may still delete an accepted quote; its orders keep their lines.
    if (q && q.quote_status === 'Accepted' && what === 'change') {
      const orders = (await repo.exportedOrderIds(db, [docId])).get(docId) ?? [];
      const exported = orders.length ? ` (exported to ${ordersText(orders)})` : '';
      throw conflict(
        `${repo.quoteLabel(q.number, q.revision)} was accepted${exported} and is read-only: revise it to change it.`,
      );
    }
  }

  async headerRow(db: Db, k: KindTables, id: number) {
    return found(await repo.findHeaderRow(db, k, id), `${k.label} ${id} does not exist.`);
  }

  /** One document with its totals. */
  async get(kind: DocumentKind, id: number, db: Db = this.db): Promise<DocumentHeader> {
    const k = KINDS[kind];
    const row = await this.headerRow(db, k, id);
    const { totals, totalsCents } = await repo.pricedDocument(db, k, row, this.taxRate);
    const cutoff = kind === 'quote' ? await this.expiryCutoff(db) : null;
    const header: DocumentHeader = { ...repo.toHeader(k, row, cutoff), totals, totalsCents };
    if (kind === 'quote') header.exportedOrderIds = (await repo.exportedOrderIds(db, [id])).get(id) ?? [];
    if (kind === 'order') header.waitingOn = (await waitingOn(db, [id], this.today())).get(id) ?? [];
    return header;
  }

  /** Cart lines with pricingInfo, unitPrice and linePrice, and the totals they add up to. */
  async cart(kind: DocumentKind, docId: number, db: Db = this.db) {
    const k = KINDS[kind];
    const row = await this.headerRow(db, k, docId);
    return repo.pricedDocument(db, k, row, this.taxRate);
  }

  private async customerRow(db: Db, id: number) {
    const c = await repo.findCustomer(db, id);
    if (!c) throw badRequest(`Customer ${id} does not exist; choose another customer.`);
    return c;
  }

  private async statusRow(db: Db, id: number | null | undefined) {
    const row = await repo.findOrderStatus(db, id);
    if (!row) throw badRequest(`There is no order status with id ${id}.`);
    return row;
  }

  /**
   * Pickup Ready and the Ready for Pickup status agree (issue 36), the one place that says how:
   * the status Ready for Pickup ticks Pickup Ready, and moving to another status unticks it;
   * ticking Pickup Ready sets the status Ready for Pickup, and unticking it on a Ready for Pickup
   * order takes it back to In Progress. A closed order is never ready for pickup. When a save
   * changes both (the form sends both), a status Ready for Pickup or a ticked Pickup Ready wins.
   * `before` is the order as stored (none on create); answers the status and pickup to store.
   */
  private async pickupAndStatus(
    db: Db,
    chosen: { id: number; type: string; closed: number },
    asked: boolean | undefined,
    before?: { statusId: number; pickup: boolean },
  ) {
    if (chosen.closed) return { status: chosen, pickup: false };
    const statusChanged = before ? chosen.id !== before.statusId : true;
    const pickupNow = asked ?? before?.pickup ?? false;
    const pickupChanged = before ? pickupNow !== before.pickup : pickupNow;
    const ready = chosen.type === READY_FOR_PICKUP_STATUS;
    const statusNamed = async (type: string) => (await repo.findOrderStatusByType(db, type)) ?? chosen;
    if (ready && !(pickupChanged && !pickupNow && !statusChanged)) return { status: chosen, pickup: true };
    if (ready) return { status: await statusNamed(NOT_READY_STATUS), pickup: false };
    if (pickupChanged && pickupNow) return { status: await statusNamed(READY_FOR_PICKUP_STATUS), pickup: true };
    // Another open status: a status the save moved to unticks Pickup Ready; else it stays as it was.
    return { status: chosen, pickup: statusChanged && before ? false : pickupNow };
  }

  async create(kind: DocumentKind, input: DocumentInput, idempotencyKey: IdempotencyKey | undefined, actor: Actor) {
    const k = KINDS[kind];
    return withIdempotency(this.db, this.clock, `${kind}:create`, idempotencyKey, actor.userId, async (trx) => {
      const customer = await this.customerRow(trx, input.customer);
      const now = this.now();
      const values: DocHeaderValues = {
        customer_id: customer.id,
        ...repo.headerTextValues(input),
        [k.dateColumn]: (kind === 'order' ? input.orderDate : input.quoteDate) ?? this.today(),
        ...repo.headerFlagValues({
          useTax: input.useTax ?? customer.use_tax === 1,
          noPricePrint: input.noPricePrint ?? false,
        }),
        ...repo.multiplierCopies(customer),
        // The company's "Price loose parts" as of now: the document prices by it for good (decision 028).
        price_loose_parts: await priceLoosePartsFlag(trx),
        created_at: now,
        updated_at: now,
      };
      if (kind === 'order') {
        const agreed = await this.pickupAndStatus(trx, await this.statusRow(trx, input.orderStatus), input.orderPickup);
        values.order_status_id = agreed.status.id;
        values.order_pickup = flag(agreed.pickup);
      }
      const id = await repo.insertHeader(trx, k, values);
      await this.storeTotals(trx, k, id);
      await this.record(trx, actor, k, id, [{ action: 'created', to: customerText(customer) }]);
      return { statusCode: 201, body: await this.get(kind, id, trx) };
    });
  }

  async update(kind: DocumentKind, id: number, input: DocumentInput, actor: Actor): Promise<DocumentHeader> {
    const k = KINDS[kind];
    let leftBay: number | null = null;
    const saved = await this.priced(async (trx) => {
      // Locked before it is read: what the history records as "from" is what this save replaces.
      await repo.lockDocument(trx, k.header, id);
      const current = await this.headerRow(trx, k, id);
      await this.requireChangeable(trx, k, id);
      const customer = await this.customerRow(trx, input.customer);
      const date = kind === 'order' ? input.orderDate : input.quoteDate;
      // The customer's current multipliers reach a document only when asked, or with a new customer.
      const refresh = input.refreshMultiplier || customer.id !== current.customer_id;
      const values: DocHeaderUpdate = {
        customer_id: customer.id,
        ...repo.headerTextValues(input),
        ...(date ? { [k.dateColumn]: date } : {}),
        ...repo.headerFlagValues(input),
        ...(refresh ? repo.multiplierCopies(customer) : {}),
      };
      let statusAfter: string | undefined;
      const storedQuoteStatus = kind === 'quote' ? (current as unknown as { quote_status: string }).quote_status : null;
      if (kind === 'quote' && input.quoteStatus !== undefined && input.quoteStatus !== storedQuoteStatus) {
        values.quote_status = input.quoteStatus;
        Object.assign(values, repo.quoteStatusStamps(input.quoteStatus, this.now()));
      }
      if (kind === 'order') {
        const agreed = await this.pickupAndStatus(
          trx,
          await this.statusRow(trx, input.orderStatus ?? current.order_status_id),
          input.orderPickup,
          { statusId: current.order_status_id, pickup: current.order_pickup === 1 },
        );
        const { status, pickup } = agreed;
        statusAfter = status.type;
        values.order_status_id = status.id;
        values.order_pickup = flag(pickup);
        // An order that is closed or no longer ready for pickup leaves its bay.
        if (!pickup) {
          values.current_load = 0;
          values.loading_bay = null;
        }
        if (status.closed && !current.completed_at && status.type === 'Completed') values.completed_at = this.now();
      }
      await repo.updateHeader(trx, k, id, input.version, values, this.now());
      // Of a header's fields only the tax switch and the multiplier copies move the totals.
      if (refresh || (values.use_tax !== undefined && values.use_tax !== current.use_tax))
        await this.storeTotals(trx, k, id);
      const statusBefore = kind === 'order' ? current.status_type : undefined;
      await this.record(trx, actor, k, id, [
        ...headerChanges(k, current, values, { customer, statusBefore, statusAfter }, refresh),
        ...(values.quote_status !== undefined
          ? [{ action: 'changed', field: 'status', from: storedQuoteStatus, to: values.quote_status } as const]
          : []),
      ]);
      leftBay = kind === 'order' && current.current_load === 1 ? current.loading_bay : null;
      return this.get(kind, id, trx);
    });
    this.tell(k, id, actor.username, { saved, left: leftBay, pickup: true });
    return saved;
  }

  async delete(kind: DocumentKind, id: number, actor: Actor): Promise<void> {
    const k = KINDS[kind];
    await this.db.transaction().execute(async (trx) => {
      const row = await this.headerRow(trx, k, id);
      await this.requireChangeable(trx, k, id, 'delete');
      // Kept with the document's id: the history outlives the document.
      await this.record(trx, actor, k, id, [{ action: 'deleted', from: row.job_name }]);
      // Lines, sub-parts, applied modifiers and vendor-order links go with it (foreign keys cascade).
      await repo.deleteHeader(trx, k, id);
      if (kind === 'quote') {
        // The revision before it (if any) becomes the latest again.
        const number = (row as unknown as { quote_number: number | null }).quote_number ?? id;
        const previous = (await repo.quoteRevisionRows(trx, number)).at(-1);
        if (previous) await repo.setLatestRevision(trx, number, previous.id);
      }
    });
  }

  /** A deep copy with the edited job name: header, lines, sub-parts and applied modifiers. */
  async duplicate(kind: DocumentKind, id: number, jobName: string | null, actor: Actor): Promise<DocumentHeader> {
    const k = KINDS[kind];
    return this.priced(async (trx) => {
      const src = await this.headerRow(trx, k, id);
      const now = this.now();
      const values: DocHeaderValues = {
        ...repo.copiedHeaderFields(src),
        job_name: jobName,
        [k.dateColumn]: this.today(),
        created_at: now,
        updated_at: now,
      };
      if (kind === 'order') {
        // A copy starts afresh: first status, not ready for pickup, in no bay.
        values.order_status_id = (await this.statusRow(trx, null)).id;
        values.order_pickup = 0;
      }
      const copyId = await repo.insertHeader(trx, k, values);
      await repo.copyContent(trx, k, id, k, copyId, now);
      await this.storeTotals(trx, k, copyId);
      await this.record(trx, actor, k, id, [{ action: 'duplicated', to: `${k.label} ${copyId}` }]);
      await this.record(trx, actor, k, copyId, [{ action: 'copied-from', from: `${k.label} ${id}`, to: jobName }]);
      return this.get(kind, copyId, trx);
    });
  }

  /**
   * Export to Order: a new order from a quote; the quote stays and the order remembers it. A
   * quote already exported is refused (409 naming the order) unless `again` asks for another.
   * The quote row is locked first, so of concurrent exports only one sees "not exported yet".
   */
  async createFromQuote(quoteId: number, again: boolean, idempotencyKey: IdempotencyKey | undefined, actor: Actor) {
    // One scope for every quote: the key's request hash holds the quote's id, so the same key sent
    // for another quote is refused (422) rather than taken as new.
    return withIdempotency(this.db, this.clock, 'quote:export', idempotencyKey, actor.userId, async (trx) => {
      await pricingLock(trx, 'shared'); // the copy is priced (see priced())
      await repo.lockQuote(trx, quoteId);
      const q = await this.headerRow(trx, KINDS.quote, quoteId);
      if (!again) {
        const earlier = (await repo.exportedOrderIds(trx, [quoteId])).get(quoteId) ?? [];
        if (earlier.length) throw conflict(`Quote ${quoteId} was already exported to ${ordersText(earlier)}.`);
      }
      const now = this.now();
      const status = await this.statusRow(trx, null);
      const id = await repo.insertHeader(trx, KINDS.order, {
        ...repo.copiedHeaderFields(q),
        order_date: this.today(),
        order_status_id: status.id,
        order_pickup: 0,
        source_quote_id: quoteId,
        created_at: now,
        updated_at: now,
      });
      await repo.copyContent(trx, KINDS.quote, quoteId, KINDS.order, id, now);
      await this.storeTotals(trx, KINDS.order, id);
      // The quote is won: Accepted (an exported revision keeps it, whatever its date).
      const info = (await repo.quoteRevisionInfo(trx, quoteId))!;
      const label = repo.quoteLabel(info.number, info.revision);
      const quoteChanges: Change[] = [{ action: 'exported', to: `Order ${id}` }];
      if (info.quote_status !== 'Accepted') {
        await repo.setQuoteStatus(trx, quoteId, 'Accepted', now);
        quoteChanges.push({ action: 'changed', field: 'status', from: info.quote_status, to: 'Accepted' });
      }
      await this.record(trx, actor, KINDS.quote, quoteId, quoteChanges);
      await this.record(trx, actor, KINDS.order, id, [{ action: 'exported-from', from: label }]);
      return { statusCode: 201, body: await this.get('order', id, trx) };
    });
  }

  /**
   * Revise: the next revision of the quote's number, a Draft copy of this revision (header,
   * lines, sub-parts, modifiers) dated today, which becomes the latest; every earlier revision is
   * read-only from then on. The number's first revision is locked first (PostgreSQL), and the
   * (number, revision) index is unique, so two clerks revising at once make rev 2 and rev 3.
   */
  async revise(quoteId: number, actor: Actor): Promise<DocumentHeader> {
    const k = KINDS.quote;
    return this.priced(async (trx) => {
      const info = found(await repo.quoteRevisionInfo(trx, quoteId), `Quote ${quoteId} does not exist.`);
      await repo.lockQuote(trx, info.number);
      const src = await this.headerRow(trx, k, quoteId);
      const revisions = await repo.quoteRevisionRows(trx, info.number);
      const revision = Math.max(...revisions.map((r) => r.revision)) + 1;
      const now = this.now();
      const copyId = await repo.insertHeader(trx, k, {
        ...repo.copiedHeaderFields(src),
        quote_date: this.today(),
        quote_number: info.number,
        revision,
        quote_status: 'Draft',
        created_at: now,
        updated_at: now,
      });
      await repo.copyContent(trx, k, quoteId, k, copyId, now);
      await this.storeTotals(trx, k, copyId);
      await repo.setLatestRevision(trx, info.number, copyId);
      const from = repo.quoteLabel(info.number, info.revision);
      const to = repo.quoteLabel(info.number, revision);
      await this.record(trx, actor, k, quoteId, [{ action: 'revised', from, to }]);
      await this.record(trx, actor, k, copyId, [{ action: 'revision-of', from, to }]);
      return this.get('quote', copyId, trx);
    });
  }

  /** Every revision of the quote's number, first to latest, with its status and totals. */
  async revisions(quoteId: number): Promise<QuoteRevision[]> {
    const k = KINDS.quote;
    const info = found(await repo.quoteRevisionInfo(this.db, quoteId), `Quote ${quoteId} does not exist.`);
    const cutoff = await this.expiryCutoff(this.db);
    const rows = await repo.quoteRevisionRows(this.db, info.number);
    return Promise.all(
      rows.map(async (r) => {
        const { totals, totalsCents } = await repo.pricedDocument(this.db, k, r, this.taxRate);
        return {
          id: r.id,
          quoteNumber: info.number,
          revision: r.revision,
          status: repo.quoteStatusOf(r.quote_status, r.quote_date, cutoff),
          latest: r.superseded === 0,
          quoteDate: r.quote_date,
          totals,
          totalsCents,
        };
      }),
    );
  }

  // ---- cart lines ----------------------------------------------------------------------

  /** Stamps the document as changed (locking it, PostgreSQL), then checks that it may change. */
  private async touch(trx: Db, k: KindTables, docId: number) {
    await repo.touchHeader(trx, k, docId, this.now());
    await this.requireChangeable(trx, k, docId);
  }

  /** Stamps the document as changed and answers its header as pricing reads it (one statement). */
  private async touchForPricing(trx: Db, k: KindTables, docId: number) {
    // The stamp takes the row lock first: the check then reads what a racing export committed.
    const header = found(
      await repo.touchPricingHeader(trx, k, docId, this.now()),
      `${k.label} ${docId} does not exist.`,
    );
    await this.requireChangeable(trx, k, docId);
    return header;
  }

  private async lineOrThrow(db: Db, k: KindTables, lineId: number) {
    return found(await repo.findLine(db, k, lineId), `${k.label} line ${lineId} does not exist.`);
  }

  /**
   * A transaction of a write that prices the document: it first takes the pricing lock shared
   * (documents.totals.ts), before any row lock, so a catalogue price change never runs beside it.
   */
  private priced<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await pricingLock(trx, 'shared');
      return fn(trx);
    });
  }

  /**
   * Prices the document after a write to its cart and stores its totals in the same transaction
   * (docs/architecture.md section 16); answers it as priced.
   */
  private async priceAndStore(trx: Db, k: KindTables, header: repo.PricingHeader & repo.StoredTotalsColumns) {
    const priced = await repo.pricedDocument(trx, k, header, this.taxRate);
    await writeStoredTotals(trx, k, [{ header, totals: priced.totalsCents, lines: priced.linePrices }], this.taxRate);
    return priced;
  }

  /** Stores a document's totals after a write to its header or a copy (section 16). */
  private async storeTotals(trx: Db, k: KindTables, docId: number) {
    await storeTotals(trx, k, [docId], this.taxRate);
  }

  /** What a write that moves a price answers: the changed line as priced now and the new totals. */
  private async lineResult(
    trx: Db,
    k: KindTables,
    header: repo.PricingHeader & repo.StoredTotalsColumns,
    lineId: number,
  ) {
    const { cart, totals, totalsCents } = await this.priceAndStore(trx, k, header);
    return { line: cart.find((l) => l.id === lineId) ?? null, totals, totalsCents };
  }

  /** Adds a product to the cart; a package line gets a snapshot of its associated parts. */
  async addLine(kind: DocumentKind, docId: number, productId: number, quantity: number, actor: Actor) {
    const k = KINDS[kind];
    const result = await this.priced(async (trx) => {
      const header = await this.touchForPricing(trx, k, docId);
      const product = await repo.findProductWithType(trx, productId);
      if (!product) throw badRequest(`Product ${productId} does not exist.`);
      const lineId = await repo.appendLine(trx, k, docId, { product_id: productId, quantity, created_at: this.now() });
      if (isPackageType(product.type)) await repo.insertPackageSnapshot(trx, k, lineId, productId);
      const { label } = await this.lineForHistory(trx, k, lineId);
      await this.record(trx, actor, k, docId, [{ action: 'line-added', field: label, to: String(quantity) }]);
      return this.lineResult(trx, k, header, lineId);
    });
    this.tell(k, docId, actor.username);
    return result;
  }

  async updateLineQuantity(kind: DocumentKind, lineId: number, quantity: number, actor: Actor) {
    const k = KINDS[kind];
    let docId = 0;
    const result = await this.priced(async (trx) => {
      const line = await this.lineForHistory(trx, k, lineId, true);
      docId = line.doc_id;
      await repo.updateLine(trx, k, lineId, { quantity });
      if (line.quantity !== quantity) {
        const change = {
          action: 'quantity-changed',
          field: line.label,
          from: `${line.quantity}`,
          to: `${quantity}`,
        } as const;
        await this.record(trx, actor, k, line.doc_id, [change]);
      }
      return this.lineResult(trx, k, await this.touchForPricing(trx, k, line.doc_id), lineId);
    });
    this.tell(k, docId, actor.username);
    return result;
  }

  async setPriceOverride(kind: DocumentKind, lineId: number, overrideCents: number | null, actor: Actor) {
    const k = KINDS[kind];
    let docId = 0;
    const result = await this.priced(async (trx) => {
      const line = await this.lineForHistory(trx, k, lineId, true);
      docId = line.doc_id;
      await repo.updateLine(trx, k, lineId, { price_override: overrideCents });
      if (line.price_override !== overrideCents) {
        const [from, to] = [moneyText(line.price_override), moneyText(overrideCents)];
        await this.record(trx, actor, k, line.doc_id, [{ action: 'price-override', field: line.label, from, to }]);
      }
      return this.lineResult(trx, k, await this.touchForPricing(trx, k, line.doc_id), lineId);
    });
    this.tell(k, docId, actor.username);
    return result;
  }

  /** Answers the document's totals without the line, so the cart need not guess them. */
  async deleteLine(kind: DocumentKind, lineId: number, actor: Actor) {
    const k = KINDS[kind];
    let docId = 0;
    const result = await this.priced(async (trx) => {
      const line = await this.lineForHistory(trx, k, lineId, true);
      docId = line.doc_id;
      const change = { action: 'line-removed', field: line.label, from: `${line.quantity}` } as const;
      await this.record(trx, actor, k, line.doc_id, [change]);
      // Sub-parts and applied modifiers go with the line (foreign keys cascade).
      await repo.deleteLine(trx, k, lineId);
      const header = await this.touchForPricing(trx, k, line.doc_id);
      const { totals, totalsCents } = await this.priceAndStore(trx, k, header);
      return { id: lineId, totals, totalsCents };
    });
    this.tell(k, docId, actor.username);
    return result;
  }

  // ---- sub-parts -------------------------------------------------------------------------

  async subParts(kind: DocumentKind, lineId: number) {
    const k = KINDS[kind];
    await this.lineOrThrow(this.db, k, lineId);
    return repo.subParts(this.db, k, lineId);
  }

  private requirePackageLine(k: KindTables, line: { type_name: string | null; item_no: string }) {
    if (!isPackageType(line.type_name)) {
      throw badRequest(`${line.item_no} is not a package: only package lines have sub-parts and modifiers.`);
    }
  }

  /** Add Part on an expanded package line (update_subpart_list). */
  async addSubPart(kind: DocumentKind, lineId: number, childId: number, quantity: number, actor: Actor) {
    const k = KINDS[kind];
    return this.db.transaction().execute(async (trx) => {
      const line = await this.lineOrThrow(trx, k, lineId);
      this.requirePackageLine(k, line);
      const child = await repo.findProductWithType(trx, childId);
      if (!child) throw badRequest(`Product ${childId} does not exist.`);
      if (isPackageType(child.type)) throw badRequest(`${child.item_no} is a package; a sub-part must be a part.`);
      const position = (await repo.lastSubPartPosition(trx, k, lineId)) + 1;
      const id = await repo.insertSubPart(trx, k, lineId, {
        source: 'ASSOC_PART',
        product_id: childId,
        quantity,
        position,
      });
      await this.touch(trx, k, line.doc_id);
      const { label } = await this.lineForHistory(trx, k, lineId);
      const to = `${child.item_no} x ${quantity}`;
      await this.record(trx, actor, k, line.doc_id, [{ action: 'sub-part-added', field: label, to }]);
      return (await repo.subParts(trx, k, lineId)).find((s) => s.rowId === id)!;
    });
  }

  private async subPartOrThrow(db: Db, k: KindTables, rowId: number) {
    return found(await repo.findSubPartRow(db, k, rowId), `Sub-part ${rowId} does not exist.`);
  }

  async deleteSubPart(kind: DocumentKind, rowId: number, actor: Actor) {
    const k = KINDS[kind];
    await this.db.transaction().execute(async (trx) => {
      const row = await this.subPartOrThrow(trx, k, rowId);
      if (row.source === 'MOD') throw conflict('This sub-part comes from a modifier: turn the modifier off instead.');
      const line = await this.lineForHistory(trx, k, row[k.partFk], true);
      await this.requireChangeable(trx, k, line.doc_id);
      await repo.deleteSubPart(trx, k, rowId);
      const part = await repo.findProductWithType(trx, row.product_id);
      const from = `${part?.item_no ?? `product ${row.product_id}`} x ${row.quantity}`;
      await this.record(trx, actor, k, line.doc_id, [{ action: 'sub-part-removed', field: line.label, from }]);
    });
  }

  async setSubPartNotes(
    kind: DocumentKind,
    parentId: number,
    rowId: number,
    source: 'ASSOC_PART' | 'MOD',
    notes: string | null,
    inches: string | null | undefined,
    actor: Actor,
  ) {
    const k = KINDS[kind];
    return this.db.transaction().execute(async (trx) => {
      const row = await this.subPartOrThrow(trx, k, rowId);
      if (row[k.partFk] !== parentId) throw badRequest(`Sub-part ${rowId} does not belong to line ${parentId}.`);
      if (row.source !== source) {
        throw badRequest(
          source === 'MOD' ? `Sub-part ${rowId} is not from a modifier.` : `Sub-part ${rowId} comes from a modifier.`,
        );
      }
      const owner = await this.lineForHistory(trx, k, parentId, true);
      await this.requireChangeable(trx, k, owner.doc_id);
      const values =
        source === 'MOD' ? { notes, inches: row.category === 'Lift' ? (inches ?? null) : null } : { notes };
      await repo.updateSubPart(trx, k, rowId, values);
      if (source === 'MOD' && row.applied_modifier_id !== null) {
        await repo.updateAppliedModifier(trx, k, row.applied_modifier_id, values);
      }
      const before = modifierText('', { notes: row.notes, inches: row.inches }).replace(/^, /, '');
      const after = modifierText('', { notes, inches: 'inches' in values ? (values.inches ?? null) : null }).replace(
        /^, /,
        '',
      );
      if (before !== after) {
        const line = await this.lineForHistory(trx, k, parentId);
        const part = await repo.findProductWithType(trx, row.product_id);
        const field = `${line.label}: ${part?.item_no ?? `product ${row.product_id}`}`;
        const change = { action: 'sub-part-notes', field, from: before || null, to: after || null } as const;
        await this.record(trx, actor, k, line.doc_id, [change]);
      }
      return (await repo.subParts(trx, k, parentId)).find((s) => s.rowId === rowId)!;
    });
  }

  // ---- applied modifiers -----------------------------------------------------------------

  async modifiers(kind: DocumentKind, lineId: number) {
    const k = KINDS[kind];
    await this.lineOrThrow(this.db, k, lineId);
    return repo.appliedModifiers(this.db, k, lineId);
  }

  /** Star on (or new notes): records the modifier and puts its product on the line as a MOD sub-part. */
  async upsertModifier(
    kind: DocumentKind,
    lineId: number,
    modifierId: number,
    notes: string | null,
    inches: string | null,
    actor: Actor,
  ) {
    const k = KINDS[kind];
    return this.priced(async (trx) => {
      const line = await this.lineOrThrow(trx, k, lineId);
      this.requirePackageLine(k, line);
      const m = await repo.findPackageModifier(trx, modifierId);
      if (!m) throw badRequest(`Package modifier ${modifierId} does not exist.`);
      if (m.package_id !== line.product_id) throw badRequest(`Modifier ${modifierId} belongs to another package.`);
      if (m.category === 'LiftNotes' || m.product_id === null)
        throw badRequest('LiftNotes hold notes only and cannot be applied.');
      const lift = m.category === 'Lift';
      const values = { notes, inches: lift ? inches : null };
      let appliedId = await repo.findAppliedModifierId(trx, k, lineId, modifierId);
      const { label } = await this.lineForHistory(trx, k, lineId, true);
      if (appliedId !== null) {
        const old = (await repo.findAppliedModifierRow(trx, k, appliedId))!;
        const name = m.name ?? `modifier ${modifierId}`;
        const [from, to] = [modifierText(name, old), modifierText(name, values)];
        if (from !== to)
          await this.record(trx, actor, k, line.doc_id, [{ action: 'modifier-changed', field: label, from, to }]);
        await repo.updateAppliedModifier(trx, k, appliedId, values);
        await repo.updateModifierSubParts(trx, k, appliedId, values);
      } else {
        appliedId = await repo.insertAppliedModifier(trx, k, lineId, {
          package_modifier_id: modifierId,
          ...values,
          created_at: this.now(),
        });
        const position = (await repo.lastSubPartPosition(trx, k, lineId)) + 1;
        await repo.insertSubPart(trx, k, lineId, {
          source: 'MOD',
          product_id: m.product_id,
          quantity: m.quantity,
          category: m.category,
          applied_modifier_id: appliedId,
          position,
          ...values,
        });
        const to = modifierText(m.name ?? `modifier ${modifierId}`, values);
        await this.record(trx, actor, k, line.doc_id, [{ action: 'modifier-applied', field: label, to }]);
      }
      const header = await this.touchForPricing(trx, k, line.doc_id);
      const [applied] = await repo.appliedModifiers(trx, k, lineId, appliedId);
      const { line: priced, totals, totalsCents } = await this.lineResult(trx, k, header, lineId);
      return { ...applied!, line: priced, totals, totalsCents };
    });
  }

  /**
   * Star off: removes the applied modifier and, with it, its MOD sub-part. Answers the line as
   * priced now (its modifier cost drops) and the document's new totals.
   */
  async deleteModifier(kind: DocumentKind, appliedId: number, actor: Actor) {
    const k = KINDS[kind];
    return this.priced(async (trx) => {
      const row = found(
        await repo.findAppliedModifierRow(trx, k, appliedId),
        `Applied modifier ${appliedId} does not exist.`,
      );
      await repo.deleteAppliedModifier(trx, k, appliedId);
      // The line is there: the modifier's foreign key goes with it.
      const line = (await repo.findLine(trx, k, row[k.partFk]))!;
      const { label } = await this.lineForHistory(trx, k, line.id);
      const m = await repo.findPackageModifier(trx, row.package_modifier_id);
      const from = modifierText(m?.name ?? `modifier ${row.package_modifier_id}`, row);
      await this.record(trx, actor, k, line.doc_id, [{ action: 'modifier-removed', field: label, from }]);
      const header = await this.touchForPricing(trx, k, line.doc_id);
      return { id: appliedId, ...(await this.lineResult(trx, k, header, line.id)) };
    });
  }
}
