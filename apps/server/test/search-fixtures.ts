/**
 * Find (apps/server/src/modules/search/search.repository.ts) one kind at a time: as find() answers
 * it, or (`scan`) by one OR of the conditions over the rows, the reference search.test.ts compares
 * find() with.
 */
import type { Db } from '../src/lib/sql.js';
import {
  find,
  scanCustomers,
  scanDocuments,
  scanProducts,
  scanVendorOrders,
  type CustomerHit,
  type DocumentHit,
  type ProductHit,
  type VendorOrderHit,
} from '../src/modules/search/search.repository.js';

export async function customers(db: Db, q: string, limit: number, scan = false): Promise<CustomerHit[]> {
  return scan ? scanCustomers(db, q, limit) : (await find(db, q, limit)).customers;
}

export async function documents(
  db: Db,
  table: 'orders' | 'quotes',
  q: string,
  limit: number,
  scan = false,
): Promise<DocumentHit[]> {
  return scan ? scanDocuments(db, table, q, limit) : (await find(db, q, limit))[table];
}

export async function products(db: Db, q: string, limit: number, scan = false): Promise<ProductHit[]> {
  return scan ? scanProducts(db, q, limit) : (await find(db, q, limit)).products;
}

export async function vendorOrders(db: Db, q: string, limit: number, scan = false): Promise<VendorOrderHit[]> {
  return scan ? scanVendorOrders(db, q, limit) : (await find(db, q, limit)).vendorOrders;
}
