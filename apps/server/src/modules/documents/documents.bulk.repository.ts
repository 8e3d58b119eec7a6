/**
 * The reads of the bulk writer (documents.bulk.ts), once per run: the customers, the order
 * statuses, which products are packages, the packages' associated parts and modifiers, and the
 * next free id of each line table.
 */
import { isPackageType } from '@desk/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { CUSTOMER_MULTIPLIER_COLUMNS } from './documents.headers.repository.js';
import { docDb } from './kinds.js';

export async function bulkLookups(db: Kysely<DB>) {
  const customers = new Map(
    (
      await db
        .selectFrom('customers')
        .select(['id', 'use_tax', ...CUSTOMER_MULTIPLIER_COLUMNS])
        .execute()
    ).map((c) => [c.id, c] as const),
  );
  const statuses = await db.selectFrom('order_statuses').selectAll().orderBy('sort_order').execute();
  const products = new Map(
    (
      await db
        .selectFrom('products')
        .leftJoin('product_types', 'product_types.id', 'products.product_type_id')
        .select(['products.id', 'product_types.type'])
        .execute()
    ).map((p) => [p.id, isPackageType(p.type)] as const),
  );
  const partsOf = new Map<number, Array<[number, number]>>();
  for (const a of await db.selectFrom('associated_parts').selectAll().orderBy('id').execute()) {
    const list = partsOf.get(a.package_id) ?? [];
    list.push([a.child_id, a.quantity]);
    partsOf.set(a.package_id, list);
  }
  const modifiers = new Map(
    (await db.selectFrom('package_modifiers').selectAll().execute()).map((m) => [m.id, m] as const),
  );
  const next = async (
    table:
      | 'order_parts'
      | 'quote_parts'
      | 'order_part_modifiers'
      | 'quote_part_modifiers'
      | 'order_sub_parts'
      | 'quote_sub_parts',
  ) =>
    Number(
      (
        await docDb(db)
          .selectFrom(table)
          .select((eb) => eb.fn.max('id').as('m'))
          .executeTakeFirst()
      )?.m ?? 0,
    ) + 1;
  const ids = {
    order: {
      line: await next('order_parts'),
      mod: await next('order_part_modifiers'),
      sub: await next('order_sub_parts'),
    },
    quote: {
      line: await next('quote_parts'),
      mod: await next('quote_part_modifiers'),
      sub: await next('quote_sub_parts'),
    },
  };
  return { customers, statuses, products, partsOf, modifiers, ids };
}
