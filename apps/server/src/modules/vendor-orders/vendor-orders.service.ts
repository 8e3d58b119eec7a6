/**
 * Vendor orders and their links to orders: the rules (docs/product.md section 7,
 * docs/architecture.md section 3). A vendor order with links is not deleted; a pair is linked once.
 */
import type { Kysely } from 'kysely';
import {
  isPackageType,
  plainCents,
  type LinkedOrder,
  type ReceiveInput,
  type Receipt,
  type VendorOrder,
  type VendorOrderInput,
  type VendorOrderLine,
  type VendorOrderLineInput,
  type VendorOrderLineUpdate,
} from '@desk/domain';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, found, invalidField, notFound } from '../../lib/errors.js';
import { withIdempotency, type IdempotencyKey } from '../../lib/idempotency.js';
import { plural, type Db } from '../../lib/sql.js';
import { RecordService } from '../../lib/service.js';
import * as repo from './vendor-orders.repository.js';
import * as lines from './vendor-order-lines.repository.js';
import { insertChangeRows, type Actor } from '../history/history.repository.js';
import type { EventBus } from '../events/event-bus.js';
import { postMoves, tellStock } from '../stock/stock.ledger.js';

/** A line as the history and the refusals name it: "line 2 (SPR-250)". */
const lineLabel = (n: number, itemNo: string) => `line ${n} (${itemNo})`;

export class VendorOrdersService extends RecordService<VendorOrder, VendorOrderInput> {
  protected readonly table = 'vendor_orders';
  protected readonly records = { ...repo, values: repo.vendorOrderValues };
  /** Created and changed, by a clerk or an import (docs/architecture.md sections 9 and 15). */
  protected override readonly historySubject = 'vendor-order' as const;

  constructor(
    db: Kysely<DB>,
    clock: Clock,
    /** Tells the open screens of stock that arrived (docs/stock.md). */
    private readonly bus?: EventBus,
  ) {
    super(db, clock);
  }

  /** A vendor order marked Received without a date was received today. */
  private received(input: VendorOrderInput): VendorOrderInput {
    return input.status === 'Received' && !input.receivedDate
      ? { ...input, receivedDate: this.now().slice(0, 10) }
      : input;
  }

  override create(input: VendorOrderInput, actor?: Actor): Promise<VendorOrder> {
    return super.create(this.received(input), actor);
  }

  /** A vendor order already Received keeps its received date when saved again without one. */
  override async update(id: number, input: VendorOrderInput, actor?: Actor): Promise<VendorOrder> {
    if (input.status === 'Received' && !input.receivedDate) {
      const kept = (await this.get(id)).receivedDate;
      if (kept) return super.update(id, { ...input, receivedDate: kept }, actor);
    }
    return super.update(id, this.received(input), actor);
  }

  /** The count and the delete share a transaction (docs/architecture.md section 5). */
  async remove(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const vo = await this.get(id, trx);
      const links = await repo.countLinks(trx, id);
      if (await lines.countReceipts(trx, id))
        throw conflict(`Vendor order ${vo.name} (id ${id}) has received goods: the stock ledger keeps it.`);
      if (links)
        throw conflict(
          `Vendor order ${vo.name} (id ${id}) is linked to ${plural(links, 'order')}; remove the links first.`,
        );
      await repo.remove(trx, id);
    });
  }

  async link(order: number, vendorOrder: number): Promise<LinkedOrder> {
    const id = await this.db.transaction().execute(async (trx) => {
      if (!(await repo.orderExists(trx, order))) throw invalidField('order', `order ${order} does not exist.`);
      if (!(await repo.vendorOrderExists(trx, vendorOrder)))
        throw invalidField('vendorOrder', `vendor order ${vendorOrder} does not exist.`);
      if (await repo.linkExists(trx, order, vendorOrder))
        throw conflict(`Order ${order} is already linked to vendor order ${vendorOrder}.`);
      return repo.insertLink(trx, order, vendorOrder, this.now());
    });
    return repo.findLink(this.db, id);
  }

  /**
   * "Order from vendor" on an order: a new vendor order and its link to the order, in one
   * transaction (the order held against a delete meanwhile), answered as the link.
   */
  async createForOrder(orderId: number, input: VendorOrderInput, actor: Actor): Promise<LinkedOrder> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await repo.lockOrderForLink(trx, orderId))) throw notFound(`Order ${orderId} does not exist.`);
      const id = await repo.insert(trx, this.received(input), this.now());
      const record = await this.get(id, trx);
      await this.record(trx, actor, id, [{ action: 'created', to: this.describe(record) }]);
      // Read back in the transaction: after it the order may be deleted, and its links with it.
      return repo.findLink(trx, await repo.insertLink(trx, orderId, id, this.now()));
    });
  }

  async unlink(id: number): Promise<void> {
    if (!(await repo.deleteLink(this.db, id))) throw notFound(`Link ${id} does not exist.`);
  }

  linksOfOrder(orderId: number): Promise<LinkedOrder[]> {
    return repo.linksOfOrder(this.db, orderId);
  }

  linksOfVendorOrder(vendorOrderId: number): Promise<LinkedOrder[]> {
    return repo.linksOfVendorOrder(this.db, vendorOrderId);
  }

  // ---- lines and receiving (docs/stock.md) --------------------------------------------------

  /** The vendor order's row locked for a change of its lines, or a 404. */
  private async lockedVendorOrder(trx: Db, id: number) {
    return found(await lines.lockVendorOrder(trx, id), `Vendor order ${id} does not exist.`);
  }

  async lines(vendorOrderId: number): Promise<VendorOrderLine[]> {
    await this.get(vendorOrderId);
    return lines.linesOf(this.db, vendorOrderId);
  }

  async addLine(vendorOrderId: number, input: VendorOrderLineInput, actor: Actor): Promise<VendorOrderLine> {
    return this.db.transaction().execute(async (trx) => {
      await this.lockedVendorOrder(trx, vendorOrderId);
      const product = await lines.productWithType(trx, input.productId);
      if (!product) throw invalidField('productId', `product ${input.productId} does not exist.`);
      if (isPackageType(product.type))
        throw invalidField(
          'productId',
          `${product.item_no} is a package: a package holds no stock, so order its parts instead.`,
        );
      const id = await lines.appendLine(trx, vendorOrderId, {
        product_id: input.productId,
        quantity: input.quantity,
        unit_cost_cents: input.unitCostCents,
        created_at: this.now(),
      });
      const label = lineLabel(await lines.lineNumber(trx, id), product.item_no);
      await this.recordLine(trx, actor, vendorOrderId, { action: 'line-added', field: label, to: `${input.quantity}` });
      return (await lines.findLine(trx, id))!;
    });
  }

  async updateLine(lineId: number, input: VendorOrderLineUpdate, actor: Actor): Promise<VendorOrderLine> {
    return this.db.transaction().execute(async (trx) => {
      const before = found(await lines.findLine(trx, lineId), `Vendor order line ${lineId} does not exist.`);
      await this.lockedVendorOrder(trx, before.vendorOrderId);
      // Read again under the lock: a receipt may have landed meanwhile.
      const line = (await lines.findLine(trx, lineId))!;
      const label = lineLabel(await lines.lineNumber(trx, lineId), line.itemNo);
      if (input.quantity < line.receivedQuantity)
        throw conflict(
          `${label[0]!.toUpperCase()}${label.slice(1)} has received ${line.receivedQuantity}: its quantity cannot be less.`,
        );
      await lines.updateLine(trx, lineId, { quantity: input.quantity, unit_cost_cents: input.unitCostCents });
      if (input.quantity !== line.quantity)
        await this.recordLine(trx, actor, line.vendorOrderId, {
          action: 'quantity-changed',
          field: label,
          from: `${line.quantity}`,
          to: `${input.quantity}`,
        });
      if (input.unitCostCents !== line.unitCostCents)
        await this.recordLine(trx, actor, line.vendorOrderId, {
          action: 'changed',
          field: `${label} unit cost`,
          from: line.unitCostCents === null ? null : plainCents(line.unitCostCents),
          to: input.unitCostCents === null ? null : plainCents(input.unitCostCents),
        });
      return (await lines.findLine(trx, lineId))!;
    });
  }

  async deleteLine(lineId: number, actor: Actor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const before = found(await lines.findLine(trx, lineId), `Vendor order line ${lineId} does not exist.`);
      await this.lockedVendorOrder(trx, before.vendorOrderId);
      const line = (await lines.findLine(trx, lineId))!;
      const label = lineLabel(await lines.lineNumber(trx, lineId), line.itemNo);
      if (line.receivedQuantity > 0)
        throw conflict(
          `${label[0]!.toUpperCase()}${label.slice(1)} has received ${line.receivedQuantity}: the stock ledger keeps it.`,
        );
      await lines.deleteLine(trx, lineId);
      await this.recordLine(trx, actor, line.vendorOrderId, {
        action: 'line-removed',
        field: label,
        from: `${line.quantity}`,
      });
    });
  }

  private recordLine(
    trx: Db,
    actor: Actor,
    vendorOrderId: number,
    change: Parameters<typeof insertChangeRows>[5][number],
  ) {
    return insertChangeRows(trx, actor, this.now(), 'vendor-order', vendorOrderId, [change]);
  }

  /**
   * Receives goods against the vendor order's lines (docs/stock.md): each line's received
   * quantity and a receipt move per product, in one transaction; more than outstanding is refused
   * naming the line unless `over`. When every line is received the vendor order becomes Received.
   * A retry with the same Idempotency-Key answers the first receipt.
   */
  async receive(
    vendorOrderId: number,
    input: ReceiveInput,
    key: IdempotencyKey | undefined,
    actor: Actor,
  ): Promise<Receipt> {
    let moved: number[] = [];
    const done = await withIdempotency(this.db, this.clock, 'vendor-order:receive', key, actor.userId, async (trx) => {
      const vo = await this.lockedVendorOrder(trx, vendorOrderId);
      if (vo.status === 'Cancelled')
        throw conflict(`Vendor order ${vo.name} is Cancelled: nothing can be received against it.`);
      const current = await lines.linesOf(trx, vendorOrderId);
      const byId = new Map(current.map((l, i) => [l.id, { line: l, n: i + 1 }]));
      const asked = new Map<number, number>();
      for (const [i, r] of input.lines.entries()) {
        if (!byId.has(r.lineId))
          throw invalidField(`lines.${i}.lineId`, `line ${r.lineId} is not on vendor order ${vo.name}.`);
        asked.set(r.lineId, (asked.get(r.lineId) ?? 0) + r.quantity);
      }
      for (const [lineId, quantity] of asked) {
        const { line, n } = byId.get(lineId)!;
        if (quantity > line.outstanding && !input.over)
          throw conflict(
            `Line ${n} (${line.itemNo}): ${quantity} received but ${line.outstanding} outstanding. Nothing was received; confirm to receive more than ordered.`,
          );
      }
      const now = this.now();
      const receiptId = await lines.insertReceipt(trx, {
        vendor_order_id: vendorOrderId,
        note: input.note,
        over: input.over ? 1 : 0,
        user_id: actor.userId,
        username: actor.username,
        at: now,
      });
      for (const [lineId, quantity] of asked) await lines.addReceived(trx, lineId, quantity);
      const posted = await postMoves(
        trx,
        [...asked].map(([lineId, quantity]) => ({
          productId: byId.get(lineId)!.line.productId,
          kind: 'receipt' as const,
          quantity,
          refKind: 'vendor-order' as const,
          refId: vendorOrderId,
          reason: `receipt ${receiptId}`,
          note: input.note,
        })),
        { actor, now },
      );
      moved = posted.map((p) => p.productId);
      const after = await lines.linesOf(trx, vendorOrderId);
      await insertChangeRows(
        trx,
        actor,
        now,
        'vendor-order',
        vendorOrderId,
        [...asked].map(([lineId, quantity]) => {
          const { line, n } = byId.get(lineId)!;
          return { action: 'received' as const, field: lineLabel(n, line.itemNo), to: `${quantity}` };
        }),
      );
      let status = vo.status;
      if (after.every((l) => l.outstanding === 0) && vo.status !== 'Received') {
        await lines.markReceived(trx, vendorOrderId, now.slice(0, 10), now);
        await insertChangeRows(trx, actor, now, 'vendor-order', vendorOrderId, [
          { action: 'changed', field: 'status', from: vo.status, to: 'Received' },
        ]);
        status = 'Received';
      }
      const answer: Receipt = {
        receiptId,
        vendorOrderStatus: status,
        lines: after
          .filter((l) => asked.has(l.id))
          .map((l) => ({ lineId: l.id, receivedQuantity: l.receivedQuantity, outstanding: l.outstanding })),
      };
      return { statusCode: 201, body: answer };
    });
    tellStock(this.bus, moved);
    return done.body;
  }

  /** A new vendor order with these lines, in one transaction (the reorder list's one step). */
  async createWithLines(
    name: string,
    wanted: ReadonlyArray<{ productId: number; quantity: number }>,
    actor: Actor,
  ): Promise<VendorOrder> {
    return this.db.transaction().execute(async (trx) => {
      const now = this.now();
      for (const [i, w] of wanted.entries()) {
        const product = await lines.productWithType(trx, w.productId);
        if (!product) throw invalidField(`lines.${i}.productId`, `product ${w.productId} does not exist.`);
        if (isPackageType(product.type))
          throw invalidField(`lines.${i}.productId`, `${product.item_no} is a package: order its parts instead.`);
      }
      const id = await repo.insert(
        trx,
        { name, description: null, estimatedArrival: null, status: 'Ordered', receivedDate: null },
        now,
      );
      await lines.insertLines(
        trx,
        id,
        wanted.map((w) => ({ product_id: w.productId, quantity: w.quantity })),
        now,
      );
      const record = await this.get(id, trx);
      await this.record(trx, actor, id, [{ action: 'created', to: this.describe(record) }]);
      return record;
    });
  }
}
