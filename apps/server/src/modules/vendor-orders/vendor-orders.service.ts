/**
 * Vendor orders and their links to orders: the rules (docs/product.md section 7,
 * docs/architecture.md section 3). A vendor order with links is not deleted; a pair is linked once.
 */
import type { LinkedOrder, VendorOrder, VendorOrderInput } from '@desk/domain';
import { conflict, invalidField, notFound } from '../../lib/errors.js';
import { plural } from '../../lib/sql.js';
import { RecordService } from '../../lib/service.js';
import * as repo from './vendor-orders.repository.js';
import type { Actor } from '../history/history.repository.js';

export class VendorOrdersService extends RecordService<VendorOrder, VendorOrderInput> {
  protected readonly table = 'vendor_orders';
  protected readonly records = { ...repo, values: repo.vendorOrderValues };
  /** Created and changed, by a clerk or an import (docs/architecture.md sections 9 and 15). */
  protected override readonly historySubject = 'vendor-order' as const;

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
}
