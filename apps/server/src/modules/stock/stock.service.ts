/**
 * Stock: the list, a product's stock and moves, what a document needs and what covers it,
 * adjustments, reorder points, counts, the reorder list and the ledger's check (docs/stock.md).
 */
import type { Kysely } from 'kysely';
import {
  isPackageType,
  type AdjustmentInput,
  type Availability,
  type CountApplied,
  type CountEntry,
  type CountStart,
  type DocumentKind,
  type ProductStock,
  type ReorderRow,
  type ReorderSettings,
  type StockCheck,
  type StockCount,
  type StockCountSummary,
  type StockMove,
  type StockRow,
} from '@desk/domain';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, found, invalidField, notFound } from '../../lib/errors.js';
import { withIdempotency, type IdempotencyKey } from '../../lib/idempotency.js';
import type { ListQuery } from '../../lib/paging.js';
import { ClockedService } from '../../lib/service.js';
import type { Db } from '../../lib/sql.js';
import { KINDS } from '../documents/kinds.js';
import type { EventBus } from '../events/event-bus.js';
import type { CountSheet, PdfPool } from '../printing/pdf-pool.js';
import type { Actor } from '../history/history.repository.js';
import * as counts from './stock.counts.repository.js';
import { postMoves, tellStock } from './stock.ledger.js';
import * as repo from './stock.repository.js';

export class StockService extends ClockedService {
  constructor(
    db: Kysely<DB>,
    clock: Clock,
    private readonly bus?: EventBus,
    /** The PDF workers and the company's name, for the count sheet. */
    private readonly print?: { pool: PdfPool; companyName: () => Promise<string> },
  ) {
    super(db, clock);
  }

  page(query: ListQuery) {
    return repo.stockPage(this.db, query);
  }

  /** A stocked product (not a package), or a refusal naming the field. */
  private async stockedProduct(db: Db, productId: number, field = 'productId') {
    const product = await repo.productWithType(db, productId);
    if (!product) throw invalidField(field, `product ${productId} does not exist.`);
    if (isPackageType(product.type))
      throw invalidField(field, `${product.item_no} is a package: a package holds no stock, its parts do.`);
    return product;
  }

  /** A product's stock; a package answers how many whole packages the free stock of its parts makes. */
  async product(productId: number): Promise<ProductStock> {
    const product = found(await repo.productWithType(this.db, productId), `Product ${productId} does not exist.`);
    if (!isPackageType(product.type)) {
      const [row] = await repo.stockRows(this.db, [productId]);
      return { ...row!, isPackage: false };
    }
    const parts = await repo.packageParts(this.db, productId);
    const rows = new Map(
      (
        await repo.stockRows(
          this.db,
          parts.map((p) => p.child_id),
        )
      ).map((r) => [r.productId, r]),
    );
    const withStock = parts.map((p) => ({
      productId: p.child_id,
      itemNo: p.item_no,
      quantity: Number(p.quantity),
      available: rows.get(p.child_id)?.available ?? 0,
    }));
    const counted = withStock.filter((p) => p.quantity > 0);
    const buildable = counted.length
      ? Math.min(...counted.map((p) => Math.floor(Math.max(0, p.available) / p.quantity)))
      : 0;
    return {
      productId,
      itemNo: product.item_no,
      itemDescription: product.item_description,
      isPackage: true,
      buildable,
      parts: withStock,
    };
  }

  async moves(productId: number, page: number, size: number) {
    found(await repo.productWithType(this.db, productId), `Product ${productId} does not exist.`);
    return repo.movesPage(this.db, productId, page, size);
  }

  /**
   * What a document needs and what covers it (docs/stock.md). An open order is promised oldest
   * first: the open orders before it are covered first. A quote, or a closed order, is answered
   * as if placed now: after every open order.
   */
  async availability(kind: DocumentKind, docId: number): Promise<Availability> {
    const k = KINDS[kind];
    const open = await repo.documentState(this.db, k.header, docId);
    if (open === null) throw notFound(`${k.label} ${docId} does not exist.`);
    // An open order: its stored needs, promised after the older open orders' (one statement).
    // A quote or a closed order: what its cart would need, after every open order's.
    const needs =
      kind === 'order' && open ? await repo.openOrderAvailability(this.db, docId) : await this.asIfPlacedNow(k, docId);
    const lines = needs
      .map((n) => {
        const covered = Math.min(n.required, Math.max(0, n.onHand - n.older));
        return {
          productId: n.productId,
          itemNo: n.itemNo,
          itemDescription: n.itemDescription,
          required: n.required,
          covered,
          short: n.required - covered,
          onHand: n.onHand,
          onOrder: n.onOrder,
          nextArrival: n.nextArrival,
        };
      })
      .sort((a, b) => (a.itemNo < b.itemNo ? -1 : a.itemNo > b.itemNo ? 1 : a.productId - b.productId));
    return { ready: lines.every((l) => l.short === 0), lines };
  }

  /** What a document's cart needs, each product's older needs being every open order's (reserved). */
  private async asIfPlacedNow(k: (typeof KINDS)[DocumentKind], docId: number) {
    const needs = await repo.cartNeeds(this.db, k, [docId]);
    const rows = new Map(
      (
        await repo.stockRows(
          this.db,
          needs.map((n) => n.productId),
        )
      ).map((r) => [r.productId, r]),
    );
    return needs.map((n) => {
      const row = rows.get(n.productId)!;
      return { ...row, required: n.required, older: row.reserved };
    });
  }

  /** An administrator's correction of on hand, with its reason (a retry with the key answers the first). */
  async adjust(input: AdjustmentInput, key: IdempotencyKey | undefined, actor: Actor): Promise<StockMove> {
    const done = await withIdempotency(this.db, this.clock, 'stock:adjust', key, actor.userId, async (trx) => {
      await this.stockedProduct(trx, input.productId);
      const [posted] = await postMoves(
        trx,
        [
          {
            productId: input.productId,
            kind: 'adjustment',
            quantity: input.quantity,
            refKind: 'adjustment',
            reason: input.reason,
            note: input.note,
          },
        ],
        { actor, now: this.now() },
      );
      return { statusCode: 201, body: await repo.findMove(trx, posted!.id) };
    });
    tellStock(this.bus, [input.productId]);
    return done.body;
  }

  async setReorder(productId: number, settings: ReorderSettings): Promise<StockRow> {
    await this.db.transaction().execute(async (trx) => {
      await this.stockedProduct(trx, productId);
      await repo.ensureLevels(trx, [productId], this.now());
      await repo.setReorder(trx, productId, settings.reorderPoint, settings.reorderQuantity, this.now());
    });
    tellStock(this.bus, [productId]);
    const [row] = await repo.stockRows(this.db, [productId]);
    return row!;
  }

  // ---- counts -----------------------------------------------------------------------------

  listCounts(): Promise<StockCountSummary[]> {
    return counts.listCounts(this.db);
  }

  async count(id: number): Promise<StockCount> {
    return found(await counts.findCount(this.db, id), `Count ${id} does not exist.`);
  }

  /** Starts a count of the chosen products, each expected at its on hand now. */
  async startCount(choice: CountStart, actor: Actor): Promise<StockCount> {
    const id = await this.db.transaction().execute(async (trx) => {
      const rows = await repo.productsForCount(trx, choice);
      if (rows.length === 0) throw conflict('No stocked product matches this choice: nothing to count.');
      if (rows.length > 5000) throw conflict(`${rows.length} products match: count at most 5,000 at a time.`);
      const countId = await counts.insertCount(trx, actor.username, this.now());
      await counts.insertCountLines(
        trx,
        countId,
        rows.map((r) => ({ productId: r.productId, expected: r.onHand })),
      );
      return countId;
    });
    return this.count(id);
  }

  async enterCount(id: number, entry: CountEntry): Promise<StockCount> {
    await this.db.transaction().execute(async (trx) => {
      const head = found(await counts.lockCount(trx, id), `Count ${id} does not exist.`);
      if (head.state !== 'open') throw conflict(`Count ${id} is applied already: start a new count.`);
      const on = await counts.productsOnCount(
        trx,
        id,
        entry.lines.map((l) => l.productId),
      );
      for (const [i, l] of entry.lines.entries())
        if (!on.has(l.productId))
          throw invalidField(`lines.${i}.productId`, `product ${l.productId} is not on count ${id}.`);
      for (const l of entry.lines) await counts.setCounted(trx, id, l.productId, l.counted);
    });
    return this.count(id);
  }

  /**
   * Applies a count (docs/stock.md): each counted product moves by counted - expected, so what
   * moved between the start and now is kept; its "count needed" mark goes. Twice: 409.
   */
  async applyCount(id: number, actor: Actor): Promise<CountApplied> {
    let moved: number[] = [];
    const result = await this.db.transaction().execute(async (trx) => {
      const head = found(await counts.lockCount(trx, id), `Count ${id} does not exist.`);
      const now = this.now();
      if (head.state !== 'open' || !(await counts.markApplied(trx, id, actor.username, now)))
        throw conflict(`Count ${id} is applied already: nothing was changed.`);
      const count = (await counts.findCount(trx, id))!;
      const counted = count.lines.filter((l) => l.counted !== null);
      if (counted.length === 0) throw conflict(`Nothing is counted on count ${id} yet: enter the counts first.`);
      const posted = await postMoves(
        trx,
        counted.map((l) => ({
          productId: l.productId,
          kind: 'count' as const,
          quantity: l.counted! - l.expected,
          refKind: 'count' as const,
          refId: id,
        })),
        { actor, now },
      );
      const ids = counted.map((l) => l.productId);
      await repo.clearCountNeeded(trx, ids, now);
      const after = new Map(posted.map((p) => [p.productId, p.onHandAfter]));
      const onHand = new Map((await repo.stockRows(trx, ids)).map((r) => [r.productId, r.onHand]));
      moved = ids;
      return {
        lines: counted.map((l) => ({
          productId: l.productId,
          expected: l.expected,
          counted: l.counted!,
          variance: l.counted! - l.expected,
          onHandAfter: after.get(l.productId) ?? onHand.get(l.productId) ?? 0,
        })),
      };
    });
    tellStock(this.bus, moved);
    return result;
  }

  /** A count's printable sheet: each product, its expected quantity and a box for the count. */
  async countSheet(id: number): Promise<Buffer> {
    const count = await this.count(id);
    if (!this.print) throw new Error('The count sheet needs the PDF workers.');
    const sheet: CountSheet = {
      countSheet: true,
      companyName: await this.print.companyName(),
      countId: count.id,
      startedAt: count.startedAt,
      startedBy: count.startedBy,
      printedAt: this.now(),
      lines: count.lines.map((l) => ({ itemNo: l.itemNo, itemDescription: l.itemDescription, expected: l.expected })),
    };
    return this.print.pool.render(sheet);
  }

  // ---- reorder ----------------------------------------------------------------------------

  /** Products whose available + on order is below their reorder point, with what to order. */
  async reorderList(): Promise<ReorderRow[]> {
    return (await repo.belowReorderPoint(this.db)).map((r) => ({
      ...r,
      suggested: Math.max(r.reorderQuantity, r.reorderPoint - (r.available + r.onOrder), 1),
    }));
  }

  // ---- the check --------------------------------------------------------------------------

  /**
   * Recomputes on hand from the ledger and the needs from the open orders' carts, and answers
   * every difference from what is stored. Always empty.
   */
  async check(): Promise<StockCheck> {
    const mismatches: StockCheck['mismatches'] = [];
    for (const l of await repo.levelsAgainstLedger(this.db)) {
      if (l.onHand !== l.moved)
        mismatches.push({
          kind: 'on-hand',
          productId: l.productId,
          detail: `on hand ${l.onHand}, moves add up to ${l.moved}`,
        });
      if (l.lastAfter !== null && l.lastAfter !== l.onHand)
        mismatches.push({
          kind: 'on-hand-after',
          productId: l.productId,
          detail: `on hand ${l.onHand}, the last move left ${l.lastAfter}`,
        });
      if (l.reserved !== l.needed)
        mismatches.push({
          kind: 'reserved',
          productId: l.productId,
          detail: `reserved ${l.reserved}, the open orders' needs add up to ${l.needed}`,
        });
    }
    for (const productId of await repo.productsWithoutLevel(this.db))
      mismatches.push({ kind: 'level', productId, detail: 'the product has no stock level row' });
    const key = (r: repo.NeedRow) => `${r.docId}:${r.productId}`;
    const fresh = new Map((await repo.openOrdersCartNeeds(this.db)).map((r) => [key(r), r]));
    const stored = new Map((await repo.allStoredNeeds(this.db)).map((r) => [key(r), r]));
    for (const [k, r] of fresh) {
      const s = stored.get(k);
      if (!s || s.required !== r.required)
        mismatches.push({
          kind: 'need',
          productId: r.productId,
          detail: `order ${r.docId} needs ${r.required} by its cart, ${s?.required ?? 0} stored`,
        });
    }
    for (const [k, s] of stored)
      if (!fresh.has(k))
        mismatches.push({
          kind: 'need',
          productId: s.productId,
          detail: `order ${s.docId} has ${s.required} stored but its cart (or its status) needs none`,
        });
    return { mismatches };
  }
}
