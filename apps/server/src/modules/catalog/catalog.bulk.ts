/**
 * A whole catalogue in one go, for the large data set (cli/large-data.ts). Inputs pass the
 * schemas of products/create and package/modifiers/create and are stored through the
 * repository's productValues and modifierValues; the composition rules of CatalogService hold:
 * only packages have associated parts and modifiers, an associated part is a part and appears
 * once per package, a modifier's product exists. The caller chooses the ids.
 */
import { isPackageType, packageModifierInputSchema, productInputSchema } from '@desk/domain';
import type { Kysely } from 'kysely';
import type { BulkWriter } from '../../db/bulk-writer.js';
import type { DB } from '../../db/schema.js';
import { modifierValues, productValues } from './products.repository.js';

export interface BulkProduct {
  id: number;
  /** A products/create body. */
  input: Record<string, unknown>;
}

export interface BulkPackage {
  packageId: number;
  /** Associated parts: child product id and quantity per door. */
  parts: ReadonlyArray<readonly [number, number]>;
  /** package/modifiers/create bodies, each with the id to store it under. */
  modifiers: ReadonlyArray<{ id: number; input: Record<string, unknown> }>;
}

export async function bulkInsertCatalogue(
  db: Kysely<DB>,
  w: BulkWriter,
  catalogue: { products: readonly BulkProduct[]; packages: readonly BulkPackage[]; createdAt: string },
) {
  const typeNames = new Map(
    (await db.selectFrom('product_types').select(['id', 'type']).execute()).map((t) => [t.id, t.type] as const),
  );
  const isPackage = new Map<number, boolean>();
  const t = catalogue.createdAt;
  const products = catalogue.products.map((p) => {
    const input = productInputSchema.parse(p.input);
    if (input.productType !== null && !typeNames.has(input.productType))
      throw new Error(`productType: there is no product type with id ${input.productType}.`);
    isPackage.set(p.id, isPackageType(typeNames.get(input.productType ?? 0)));
    return { id: p.id, ...productValues(input), created_at: t, updated_at: t };
  });
  const assoc: Array<{ id: number; package_id: number; child_id: number; quantity: number }> = [];
  const mods: Array<ReturnType<typeof modifierValues> & { id: number; package_id: number }> = [];
  for (const pkg of catalogue.packages) {
    if (!isPackage.get(pkg.packageId)) throw new Error(`Product ${pkg.packageId} is not a package.`);
    const children = new Set<number>();
    for (const [child, quantity] of pkg.parts) {
      if (isPackage.get(child) !== false) throw new Error(`Product ${child} is not a part of this catalogue.`);
      if (children.has(child)) throw new Error(`Product ${child} is already an associated part of ${pkg.packageId}.`);
      children.add(child);
      assoc.push({ id: assoc.length + 1, package_id: pkg.packageId, child_id: child, quantity });
    }
    for (const m of pkg.modifiers) {
      const values = modifierValues(packageModifierInputSchema.parse(m.input));
      if (values.product_id !== null && !isPackage.has(values.product_id))
        throw new Error(`product: product ${values.product_id} does not exist.`);
      mods.push({ id: m.id, package_id: pkg.packageId, ...values });
    }
  }
  return {
    products: await w.insertRecords('products', products),
    associated_parts: await w.insertRecords('associated_parts', assoc),
    package_modifiers: await w.insertRecords(
      'package_modifiers',
      mods.map((m) => ({ ...m, created_at: t, updated_at: t })),
    ),
  };
}
