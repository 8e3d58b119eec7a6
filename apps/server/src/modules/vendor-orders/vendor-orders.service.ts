/**
 * Vendor orders and their links to orders: the rules (docs/product.md section 7,
 * docs/architecture.md section 3). A vendor order with links is not deleted; a pair is linked once.
 */
import type { LinkedOrder, VendorOrder, VendorOrderInput } from '@desk/domain';
import { badRequest, conflict, found, notFound } from '../../lib/errors.js';
import type { ListQuery } from '../../lib/paging.js';
import { plural, updateVersioned, type Db } from '../../lib/sql.js';
import { ClockedService } from '../../lib/service.js';
import * as repo from './vendor-orders.repository.js';

export class VendorOrdersService extends ClockedService {
  list(): Promise<VendorOrder[]> {
    return repo.listAll(this.db);
  }

  page(query: ListQuery) {
    return repo.listPage(this.db, query);
  }

  async get(id: number, db: Db = this.db): Promise<VendorOrder> {
    return found(await repo.findById(db, id), `Vendor order ${id} does not exist.`);
  }

  async create(input: VendorOrderInput): Promise<VendorOrder> {
    return this.get(await repo.insert(this.db, input, this.now()));
  }

  async update(id: number, input: VendorOrderInput): Promise<VendorOrder> {
    await updateVersioned(this.db, 'vendor_orders', id, input.version, repo.vendorOrderValues(input), this.now());
    return this.get(id);
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
      if (!(await repo.orderExists(trx, order))) throw badRequest(`order: order ${order} does not exist.`);
      if (!(await repo.vendorOrderExists(trx, vendorOrder)))
        throw badRequest(`vendorOrder: vendor order ${vendorOrder} does not exist.`);
      if (await repo.linkExists(trx, order, vendorOrder))
        throw conflict(`Order ${order} is already linked to vendor order ${vendorOrder}.`);
      return repo.insertLink(trx, order, vendorOrder, this.now());
    });
    return repo.findLink(this.db, id);
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
