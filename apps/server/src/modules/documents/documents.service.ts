/**
 * Orders and quotes (docs/architecture.md sections 1 to 3): one implementation for both kinds. Every
 * multi-row change runs in one transaction; prices come from the one pricer (documents.pricing.ts).
 */
import {
  NOT_READY_STATUS,
  quoteLabel,
  quoteStatusOf,
  READY_FOR_PICKUP_STATUS,
  type DocumentHeader,
  type DocumentInput,
  type DocumentKind,
  type QuoteRevision,
} from '@desk/domain';
import { badRequest, conflict, found } from '../../lib/errors.js';
import type { ListQuery } from '../../lib/paging.js';
import { flag, type Db } from '../../lib/sql.js';
import { withIdempotency, type IdempotencyKey } from '../../lib/idempotency.js';
import { KINDS, type DocHeaderUpdate, type DocHeaderValues, type KindTables } from './kinds.js';
import { CartService } from './cart.service.js';
import { ordersText } from './documents.base.service.js';
import * as cart from './documents.cart.repository.js';
import * as headers from './documents.headers.repository.js';
import * as lists from './documents.lists.repository.js';
import * as quotes from './documents.revisions.repository.js';
import { storeTotals } from './documents.totals.js';
import { orderChanged, releaseNeeds } from '../stock/stock.ledger.js';
import { pricingLock } from './documents.totals.repository.js';
import { pricedDocument } from './documents.pricing.js';
import { waitingOn } from '../vendor-orders/vendor-orders.repository.js';
import { priceLoosePartsFlag } from '../settings/settings.repository.js';
import type { Actor, Change } from '../history/history.repository.js';
import { customerText, headerChanges } from './documents.history.js';

/**
 * A document's lifecycle: list, create, update, delete, duplicate, export to order, revise. It
 * extends CartService (cart.service.ts) so that one service answers every route of a document.
 */
export class DocumentsService extends CartService {
  async list(kind: DocumentKind, query: ListQuery, closed?: boolean) {
    const k = KINDS[kind];
    const cutoff = kind === 'quote' ? await this.expiryCutoff(this.db) : null;
    const answer = query.paged
      ? await lists.listPage(this.db, k, query, closed, cutoff)
      : await lists.listAll(this.db, k, closed, cutoff);
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
    return lists.listRows(db, KINDS[kind], query, closed, cutoff);
  }

  /** One document with its totals. */
  async get(kind: DocumentKind, id: number, db: Db = this.db): Promise<DocumentHeader> {
    const k = KINDS[kind];
    const row = await this.headerRow(db, k, id);
    const { totals, totalsCents } = await pricedDocument(db, k, row, this.taxRate);
    const cutoff = kind === 'quote' ? await this.expiryCutoff(db) : null;
    const header: DocumentHeader = { ...headers.toHeader(k, row, cutoff), totals, totalsCents };
    if (kind === 'quote') header.exportedOrderIds = (await lists.exportedOrderIds(db, [id])).get(id) ?? [];
    if (kind === 'order') header.waitingOn = (await waitingOn(db, [id], this.today())).get(id) ?? [];
    return header;
  }

  private async customerRow(db: Db, id: number) {
    const c = await headers.findCustomer(db, id);
    if (!c) throw badRequest(`Customer ${id} does not exist; choose another customer.`);
    return c;
  }

  private async statusRow(db: Db, id: number | null | undefined) {
    const row = await headers.findOrderStatus(db, id);
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
    const statusNamed = async (type: string) => (await headers.findOrderStatusByType(db, type)) ?? chosen;
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
        ...headers.headerTextValues(input),
        [k.dateColumn]: (kind === 'order' ? input.orderDate : input.quoteDate) ?? this.today(),
        ...headers.headerFlagValues({
          useTax: input.useTax ?? customer.use_tax === 1,
          noPricePrint: input.noPricePrint ?? false,
        }),
        ...headers.multiplierCopies(customer),
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
      const id = await headers.insertHeader(trx, k, values);
      await this.storeTotals(trx, k, id);
      await this.record(trx, actor, k, id, [{ action: 'created', to: customerText(customer) }]);
      return { statusCode: 201, body: await this.get(kind, id, trx) };
    });
  }

  async update(kind: DocumentKind, id: number, input: DocumentInput, actor: Actor): Promise<DocumentHeader> {
    const k = KINDS[kind];
    let leftBay: number | null = null;
    let moved: number[] = [];
    const saved = await this.priced(async (trx) => {
      // Locked before it is read: what the history records as "from" is what this save replaces.
      await headers.lockDocument(trx, k.header, id);
      const current = await this.headerRow(trx, k, id);
      await this.requireChangeable(trx, k, id);
      const customer = await this.customerRow(trx, input.customer);
      const date = kind === 'order' ? input.orderDate : input.quoteDate;
      // The customer's current multipliers reach a document only when asked, or with a new customer.
      const refresh = input.refreshMultiplier || customer.id !== current.customer_id;
      const values: DocHeaderUpdate = {
        customer_id: customer.id,
        ...headers.headerTextValues(input),
        ...(date ? { [k.dateColumn]: date } : {}),
        ...headers.headerFlagValues(input),
        ...(refresh ? headers.multiplierCopies(customer) : {}),
      };
      let statusAfter: string | undefined;
      let statusClosedAfter = false;
      const storedQuoteStatus = kind === 'quote' ? (current as unknown as { quote_status: string }).quote_status : null;
      if (kind === 'quote' && input.quoteStatus !== undefined && input.quoteStatus !== storedQuoteStatus) {
        values.quote_status = input.quoteStatus;
        Object.assign(values, quotes.quoteStatusStamps(input.quoteStatus, this.now()));
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
        statusClosedAfter = status.closed === 1;
        values.order_status_id = status.id;
        values.order_pickup = flag(pickup);
        // An order that is closed or no longer ready for pickup leaves its bay.
        if (!pickup) {
          values.current_load = 0;
          values.loading_bay = null;
        }
        if (status.closed && !current.completed_at && status.type === 'Completed') values.completed_at = this.now();
      }
      await headers.updateHeader(trx, k, id, input.version, values, this.now());
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
      if (kind === 'order' && statusAfter !== undefined) {
        // Completed takes the goods off the shelf; leaving Completed gives them back (docs/stock.md).
        const before = { type: current.status_type!, closed: current.status_closed === 1 };
        const after = { type: statusAfter, closed: statusClosedAfter };
        moved = await orderChanged(trx, id, before, after, { actor, now: this.now() });
      }
      return this.get(kind, id, trx);
    });
    this.tell(k, id, actor.username, { saved, left: leftBay, pickup: true });
    this.tellStock(moved);
    return saved;
  }

  async delete(kind: DocumentKind, id: number, actor: Actor): Promise<void> {
    const k = KINDS[kind];
    let moved: number[] = [];
    await this.db.transaction().execute(async (trx) => {
      const row = await this.headerRow(trx, k, id);
      await this.requireChangeable(trx, k, id, 'delete');
      // Kept with the document's id: the history outlives the document.
      await this.record(trx, actor, k, id, [{ action: 'deleted', from: row.job_name }]);
      // Its needs go first, so each product's reserved goes down with them (docs/stock.md).
      if (kind === 'order') moved = await releaseNeeds(trx, [id], this.now());
      // Lines, sub-parts, applied modifiers and vendor-order links go with it (foreign keys cascade).
      await headers.deleteHeader(trx, k, id);
      if (kind === 'quote') {
        // The revision before it (if any) becomes the latest again.
        const number = (row as unknown as { quote_number: number | null }).quote_number ?? id;
        const previous = (await quotes.quoteRevisionRows(trx, number)).at(-1);
        if (previous) await quotes.setLatestRevision(trx, number, previous.id);
      }
    });
    this.tellStock(moved);
  }

  /** A deep copy with the edited job name: header, lines, sub-parts and applied modifiers. */
  async duplicate(kind: DocumentKind, id: number, jobName: string | null, actor: Actor): Promise<DocumentHeader> {
    const k = KINDS[kind];
    let moved: number[] = [];
    const copy = await this.priced(async (trx) => {
      const src = await this.headerRow(trx, k, id);
      const now = this.now();
      const values: DocHeaderValues = {
        ...headers.copiedHeaderFields(src),
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
      const copyId = await headers.insertHeader(trx, k, values);
      await cart.copyContent(trx, k, id, k, copyId, now);
      await this.storeTotals(trx, k, copyId);
      moved = await this.keepNeeds(trx, k, copyId);
      await this.record(trx, actor, k, id, [{ action: 'duplicated', to: `${k.label} ${copyId}` }]);
      await this.record(trx, actor, k, copyId, [{ action: 'copied-from', from: `${k.label} ${id}`, to: jobName }]);
      return this.get(kind, copyId, trx);
    });
    this.tellStock(moved);
    return copy;
  }

  /**
   * Export to Order: a new order from a quote; the quote stays and the order remembers it. A
   * quote already exported is refused (409 naming the order) unless `again` asks for another.
   * The quote row is locked first, so of concurrent exports only one sees "not exported yet".
   */
  async createFromQuote(quoteId: number, again: boolean, idempotencyKey: IdempotencyKey | undefined, actor: Actor) {
    // One scope for every quote: the key's request hash holds the quote's id, so the same key sent
    // for another quote is refused (422) rather than taken as new.
    let moved: number[] = [];
    const done = await withIdempotency(
      this.db,
      this.clock,
      'quote:export',
      idempotencyKey,
      actor.userId,
      async (trx) => {
        await pricingLock(trx, 'shared'); // the copy is priced (see priced())
        await headers.lockQuote(trx, quoteId);
        const q = await this.headerRow(trx, KINDS.quote, quoteId);
        if (!again) {
          const earlier = (await lists.exportedOrderIds(trx, [quoteId])).get(quoteId) ?? [];
          if (earlier.length) throw conflict(`Quote ${quoteId} was already exported to ${ordersText(earlier)}.`);
        }
        const now = this.now();
        const status = await this.statusRow(trx, null);
        const id = await headers.insertHeader(trx, KINDS.order, {
          ...headers.copiedHeaderFields(q),
          order_date: this.today(),
          order_status_id: status.id,
          order_pickup: 0,
          source_quote_id: quoteId,
          created_at: now,
          updated_at: now,
        });
        await cart.copyContent(trx, KINDS.quote, quoteId, KINDS.order, id, now);
        await this.storeTotals(trx, KINDS.order, id);
        moved = await this.keepNeeds(trx, KINDS.order, id);
        // The quote is won: Accepted (an exported revision keeps it, whatever its date).
        const info = (await quotes.quoteRevisionInfo(trx, quoteId))!;
        const label = quoteLabel(info.number, info.revision);
        const quoteChanges: Change[] = [{ action: 'exported', to: `Order ${id}` }];
        if (info.quote_status !== 'Accepted') {
          await quotes.setQuoteStatus(trx, quoteId, 'Accepted', now);
          quoteChanges.push({ action: 'changed', field: 'status', from: info.quote_status, to: 'Accepted' });
        }
        await this.record(trx, actor, KINDS.quote, quoteId, quoteChanges);
        await this.record(trx, actor, KINDS.order, id, [{ action: 'exported-from', from: label }]);
        return { statusCode: 201, body: await this.get('order', id, trx) };
      },
    );
    this.tellStock(moved);
    return done;
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
      const info = found(await quotes.quoteRevisionInfo(trx, quoteId), `Quote ${quoteId} does not exist.`);
      await headers.lockQuote(trx, info.number);
      const src = await this.headerRow(trx, k, quoteId);
      const revisions = await quotes.quoteRevisionRows(trx, info.number);
      const revision = Math.max(...revisions.map((r) => r.revision)) + 1;
      const now = this.now();
      const copyId = await headers.insertHeader(trx, k, {
        ...headers.copiedHeaderFields(src),
        quote_date: this.today(),
        quote_number: info.number,
        revision,
        quote_status: 'Draft',
        created_at: now,
        updated_at: now,
      });
      await cart.copyContent(trx, k, quoteId, k, copyId, now);
      await this.storeTotals(trx, k, copyId);
      await quotes.setLatestRevision(trx, info.number, copyId);
      const from = quoteLabel(info.number, info.revision);
      const to = quoteLabel(info.number, revision);
      await this.record(trx, actor, k, quoteId, [{ action: 'revised', from, to }]);
      await this.record(trx, actor, k, copyId, [{ action: 'revision-of', from, to }]);
      return this.get('quote', copyId, trx);
    });
  }

  /** Every revision of the quote's number, first to latest, with its status and totals. */
  async revisions(quoteId: number): Promise<QuoteRevision[]> {
    const k = KINDS.quote;
    const info = found(await quotes.quoteRevisionInfo(this.db, quoteId), `Quote ${quoteId} does not exist.`);
    const cutoff = await this.expiryCutoff(this.db);
    const rows = await quotes.quoteRevisionRows(this.db, info.number);
    return Promise.all(
      rows.map(async (r) => {
        const { totals, totalsCents } = await pricedDocument(this.db, k, r, this.taxRate);
        return {
          id: r.id,
          quoteNumber: info.number,
          revision: r.revision,
          status: quoteStatusOf(r.quote_status, r.quote_date, cutoff),
          latest: r.superseded === 0,
          quoteDate: r.quote_date,
          totals,
          totalsCents,
        };
      }),
    );
  }

  /** Stores a document's totals after a write to its header or a copy (section 16). */
  private async storeTotals(trx: Db, k: KindTables, docId: number) {
    await storeTotals(trx, k, [docId], this.taxRate);
  }
}
