/**
 * Many vendor orders and links in one go, for the large data set (cli/large-data.ts): inputs are
 * checked by the vendor-orders/create schema and stored through vendorOrderValues; a pair of
 * order and vendor order is linked once, as VendorOrdersService.link refuses a second link.
 */
import { vendorOrderInputSchema } from '@desk/domain';
import type { BulkWriter } from '../../db/bulk-writer.js';
import { vendorOrderValues } from './vendor-orders.repository.js';

export interface BulkVendorOrder {
  id: number;
  /** A vendor-orders/create body. */
  input: Record<string, unknown>;
  createdAt: string;
  /** Ids of the orders waiting on it. */
  orders: readonly number[];
}

export async function bulkInsertVendorOrders(w: BulkWriter, vendorOrders: readonly BulkVendorOrder[], firstLinkId = 1) {
  const links: Array<{ id: number; order_id: number; vendor_order_id: number; created_at: string }> = [];
  const seen = new Set<string>();
  for (const v of vendorOrders) {
    for (const order of v.orders) {
      const pair = `${order}:${v.id}`;
      if (seen.has(pair)) throw new Error(`Order ${order} is already linked to vendor order ${v.id}.`);
      seen.add(pair);
      links.push({ id: firstLinkId + links.length, order_id: order, vendor_order_id: v.id, created_at: v.createdAt });
    }
  }
  const vendor_orders = await w.insertRecords(
    'vendor_orders',
    vendorOrders.map((v) => ({
      id: v.id,
      ...vendorOrderValues(vendorOrderInputSchema.parse(v.input)),
      created_at: v.createdAt,
      updated_at: v.createdAt,
    })),
  );
  return { vendor_orders, linked_orders: await w.insertRecords('linked_orders', links) };
}
