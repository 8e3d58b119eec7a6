/**
 * The rows a price look-up reads (GET /api/search/prices): the products, and whose multipliers
 * price them, a customer's own or the copies an order or a quote prices its cart with.
 */
import type { DocumentMultipliers } from '@desk/domain';
import type { Db } from '../../lib/sql.js';
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
    .select([
      'id',
      'name',
      'opener_multiplier',
      'residential_multiplier',
      'sectional_multiplier',
      'commercial_multiplier',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  return (
    r && {
      customer: { id: r.id, name: r.name },
      multipliers: {
        opener: r.opener_multiplier,
        residential: r.residential_multiplier,
        sectional: r.sectional_multiplier,
        commercial: r.commercial_multiplier,
      },
    }
  );
}

/** An order's or a quote's customer and the multipliers it copied (what its cart prices with). */
export async function document(db: Db, table: 'orders' | 'quotes', id: number): Promise<Pricer | undefined> {
  // Orders and quotes share the header's shape (documents/kinds.ts).
  const r = await docDb(db)
    .selectFrom(`${table} as d`)
    .innerJoin('customers as c', 'c.id', 'd.customer_id')
    .select([
      'c.id',
      'c.name',
      'd.opener_multiplier_copy',
      'd.residential_multiplier_copy',
      'd.sectional_multiplier_copy',
      'd.commercial_multiplier_copy',
    ])
    .where('d.id', '=', id)
    .executeTakeFirst();
  return (
    r && {
      customer: { id: r.id, name: r.name },
      multipliers: {
        opener: r.opener_multiplier_copy,
        residential: r.residential_multiplier_copy,
        sectional: r.sectional_multiplier_copy,
        commercial: r.commercial_multiplier_copy,
      },
    }
  );
}
