/**
 * The rows a price look-up reads (GET /api/search/prices): the products, and whose multipliers
 * price them, a customer's own or the copies an order or a quote prices its cart with.
 */
import type { DocumentMultipliers } from '@desk/domain';
import type { Db } from '../../lib/sql.js';
import {
  CUSTOMER_MULTIPLIER_COLUMNS,
  MULTIPLIER_COPY_COLUMNS,
  multiplierCopies,
  multipliersOf,
} from '../documents/documents.headers.repository.js';
import { docDb } from '../documents/kinds.js';

export interface PricedProductRow {
  id: number;
  item_no: string;
  wholesale_price: number;
  multiplier_category: string | null;
  type_name: string | null;
}

/** The products named (in item-number order), or every product when `ids` is undefined. */
export async function products(db: Db, ids: readonly number[] | undefined): Promise<PricedProductRow[]> {
  if (ids !== undefined && ids.length === 0) return [];
  let q = db
    .selectFrom('products as p')
    .leftJoin('product_types as t', 't.id', 'p.product_type_id')
    .select(['p.id', 'p.item_no', 'p.wholesale_price', 'p.multiplier_category', 't.type as type_name']);
  if (ids !== undefined) q = q.where('p.id', 'in', ids);
  return q.orderBy('p.item_no').orderBy('p.id').execute();
}

export interface Pricer {
  customer: { id: number; name: string };
  multipliers: DocumentMultipliers;
}

/** A customer and its own multipliers (scaled), or undefined when there is no such customer. */
export async function customer(db: Db, id: number): Promise<Pricer | undefined> {
  const r = await db
    .selectFrom('customers')
    .select(['id', 'name', ...CUSTOMER_MULTIPLIER_COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst();
  return r && { customer: { id: r.id, name: r.name }, multipliers: multipliersOf(multiplierCopies(r)) };
}

/** An order's or a quote's customer and the multipliers it copied (what its cart prices with). */
export async function document(db: Db, table: 'orders' | 'quotes', id: number): Promise<Pricer | undefined> {
  // Orders and quotes share the header's shape (documents/kinds.ts).
  const r = await docDb(db)
    .selectFrom(`${table} as d`)
    .innerJoin('customers as c', 'c.id', 'd.customer_id')
    .select(['c.id', 'c.name', ...MULTIPLIER_COPY_COLUMNS.map((c) => `d.${c}` as const)])
    .where('d.id', '=', id)
    .executeTakeFirst();
  return r && { customer: { id: r.id, name: r.name }, multipliers: multipliersOf(r) };
}
