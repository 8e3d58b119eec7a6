/** Products, product types, associated parts and package modifiers: SQL only. */
import { sql, type SelectQueryBuilder } from 'kysely';
import {
  fromCents,
  isPackageType,
  toCents,
  type AssociatedPart,
  type PackageModifier,
  type PackageModifierInput,
  type Product,
  type ProductInput,
  type ProductType,
} from '@desk/domain';
import { containsPattern, tableColumns, type ListColumns, type ListQuery } from '../../lib/paging.js';
import { holderOfNumber, listReaders, numberKey, rowExists } from '../../lib/rows.js';
import { lockedOnPostgres } from '../../lib/engine.js';
import { insertedId, type Db } from '../../lib/sql.js';
import type { DB, ProductRow } from '../../db/schema.js';

type Row = ProductRow & { type_name: string | null };

/**
 * A cents column in dollars, in SQL: fromCents where the database does the work, because the
 * list's filter matches the typed text ("8.45") against the column's text and sorts by it.
 */
const dollarsOf = (column: 'wholesale_price' | 'modifier_cost_increase') =>
  sql`(${sql.ref(`products.${column}`)} / 100.0)`;

export const PRODUCT_COLUMNS: ListColumns = {
  ...tableColumns('products', ['id', 'item_no', 'item_description']),
  wholesalePrice: dollarsOf('wholesale_price'),
  modifierCostIncrease: dollarsOf('modifier_cost_increase'),
  productType: sql`product_types.type`,
};

export type ProductKind = 'part' | 'package' | undefined;

export function toProduct(r: Row): Product {
  return {
    id: r.id,
    itemNo: r.item_no,
    itemDescription: r.item_description,
    wholesalePrice: fromCents(r.wholesale_price),
    multiplierCategory: r.multiplier_category,
    productType: r.product_type_id === null ? null : { id: r.product_type_id, type: r.type_name ?? '' },
    modifierCostIncrease: fromCents(r.modifier_cost_increase),
    windowsData: r.windows_data,
    windowDescription: r.window_description,
    insertsData: r.inserts_data,
    insertDescription: r.insert_description,
    isPackage: isPackageType(r.type_name),
    version: r.version,
  };
}

export function productValues(p: ProductInput): ProductValues {
  return {
    item_no: p.itemNo,
    item_description: p.itemDescription,
    wholesale_price: toCents(p.wholesalePrice),
    multiplier_category: p.multiplierCategory,
    product_type_id: p.productType,
    modifier_cost_increase: toCents(p.modifierCostIncrease),
    windows_data: p.windowsData,
    window_description: p.windowDescription,
    inserts_data: p.insertsData,
    insert_description: p.insertDescription,
  };
}

/** A product's columns as a save writes them (productValues). */
export type ProductValues = {
  item_no: string;
  item_description: string | null;
  wholesale_price: number;
  multiplier_category: string | null;
  product_type_id: number | null;
  modifier_cost_increase: number;
  windows_data: string | null;
  window_description: string | null;
  inserts_data: string | null;
  insert_description: string | null;
};

const isPackageSql = sql<boolean>`lower(coalesce(product_types.type, '')) like '%package%'`;

function base(db: Db, kind: ProductKind) {
  let q = db.selectFrom('products').leftJoin('product_types', 'product_types.id', 'products.product_type_id');
  if (kind === 'package') q = q.where(isPackageSql);
  if (kind === 'part') q = q.where(sql<boolean>`not (${isPackageSql})`);
  return q;
}

const withColumns = (q: ReturnType<typeof base>) => q.selectAll('products').select('product_types.type as type_name');

export async function listAll(db: Db, kind: ProductKind): Promise<Product[]> {
  const rows = await withColumns(base(db, kind)).orderBy('products.id').execute();
  return rows.map(toProduct);
}

/** The list's rows also carry each product's on hand and reserved (docs/stock.md). */
const withStock = (q: ReturnType<typeof base>) =>
  withColumns(q).select([
    sql<number | string | null>`(select on_hand from stock_levels where product_id = products.id)`.as('stock_on_hand'),
    sql<number | string | null>`(select reserved from stock_levels where product_id = products.id)`.as(
      'stock_reserved',
    ),
  ]);

/** A listed product with its on hand and available; a package holds none (null). */
const toListedProduct = (
  r: Row & { stock_on_hand: number | string | null; stock_reserved: number | string | null },
) => {
  const p = toProduct(r);
  const onHand = Number(r.stock_on_hand ?? 0);
  return { ...p, stock: p.isPackage ? null : { onHand, available: onHand - Number(r.stock_reserved ?? 0) } };
};

/** The catalogue list: its rows, columns and order (the page and the export). */
const listSpec = (db: Db, query: ListQuery, kind: ProductKind) => ({
  base: base(db, kind),
  select: withStock,
  columns: PRODUCT_COLUMNS,
  query,
  idColumn: sql`products.id`,
  map: toListedProduct,
});

/** The page, and every product the list's filters match in its order as rows to map with toProduct (the export). */
export const { listPage, listRows } = listReaders(listSpec);

export async function findById(db: Db, id: number): Promise<Product | null> {
  const row = await withColumns(base(db, undefined)).where('products.id', '=', id).executeTakeFirst();
  return row ? toProduct(row) : null;
}

/**
 * The product holding an item number, case and surrounding spaces ignored (the expression of
 * migration 2026112900's index), other than `exceptId`: the lowest id when old clashes remain.
 */
export function findByItemNo(db: Db, itemNo: string, exceptId?: number) {
  const products = db.selectFrom('products').select(['id', 'item_no', 'item_description']);
  return holderOfNumber(products, 'item_no', itemNo, exceptId);
}

export async function productTypes(db: Db): Promise<ProductType[]> {
  const rows = await db.selectFrom('product_types').select(['id', 'type']).orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, type: r.type, isPackage: isPackageType(r.type) }));
}

export async function productTypeById(db: Db, id: number) {
  return db.selectFrom('product_types').select(['id', 'type']).where('id', '=', id).executeTakeFirst();
}

const count = async <TB extends keyof DB>(q: SelectQueryBuilder<DB, TB, object>) =>
  Number((await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

/** Where a product is used: the reasons it cannot be deleted or stop being a part. */
export async function productUsage(db: Db, id: number) {
  const [orderLines, quoteLines, orderSubs, quoteSubs, inPackages, inModifiers] = await Promise.all([
    count(db.selectFrom('order_parts').where('product_id', '=', id)),
    count(db.selectFrom('quote_parts').where('product_id', '=', id)),
    count(db.selectFrom('order_sub_parts').where('product_id', '=', id)),
    count(db.selectFrom('quote_sub_parts').where('product_id', '=', id)),
    count(db.selectFrom('associated_parts').where('child_id', '=', id)),
    count(db.selectFrom('package_modifiers').where('product_id', '=', id)),
  ]);
  return { orderLines, quoteLines, orderSubs, quoteSubs, inPackages, inModifiers };
}

export async function compositionSize(db: Db, packageId: number) {
  const [parts, modifiers] = await Promise.all([
    count(db.selectFrom('associated_parts').where('package_id', '=', packageId)),
    count(db.selectFrom('package_modifiers').where('package_id', '=', packageId)),
  ]);
  return { parts, modifiers };
}

export async function associatedParts(db: Db, packageId: number): Promise<AssociatedPart[]> {
  const rows = await db
    .selectFrom('associated_parts as ap')
    .innerJoin('products as c', 'c.id', 'ap.child_id')
    .leftJoin('product_types as t', 't.id', 'c.product_type_id')
    .select([
      'ap.id',
      'ap.quantity',
      'c.id as child_id',
      'c.item_no as child_itemNo',
      'c.item_description as child_itemDescription',
      'c.wholesale_price as child_wholesalePrice',
      't.type as child_productType_type',
    ])
    .where('ap.package_id', '=', packageId)
    .orderBy('ap.id')
    .execute();
  return rows.map((r) => ({ ...r, child_wholesalePrice: fromCents(r.child_wholesalePrice) }));
}

export async function packageModifiers(db: Db, packageId: number, ids?: number[]): Promise<PackageModifier[]> {
  let q = db
    .selectFrom('package_modifiers as m')
    .leftJoin('products as p', 'p.id', 'm.product_id')
    .select([
      'm.id',
      'm.package_id',
      'm.category',
      'm.name',
      'm.quantity',
      'm.notes',
      'm.version',
      'p.id as product_id',
      'p.item_no',
      'p.item_description',
      'p.modifier_cost_increase',
    ])
    .where('m.package_id', '=', packageId);
  if (ids) q = q.where('m.id', 'in', ids);
  const rows = await q.orderBy('m.id').execute();
  return rows.map((r) => ({
    id: r.id,
    packageId: r.package_id,
    category: r.category as PackageModifier['category'],
    name: r.name,
    quantity: r.quantity,
    product:
      r.product_id === null
        ? null
        : {
            id: r.product_id,
            itemNo: r.item_no ?? '',
            itemDescription: r.item_description,
            modifierCostIncrease: fromCents(r.modifier_cost_increase ?? 0),
          },
    notes: r.notes,
    version: r.version,
  }));
}

export async function orderStatuses(db: Db) {
  const rows = await db.selectFrom('order_statuses').select(['id', 'type', 'closed']).orderBy('sort_order').execute();
  return rows.map((r) => ({ id: r.id, type: r.type, closed: r.closed === 1 }));
}

/** A product with its type's name (what decides whether it is a package): the cart and the stock read it. */
export function productWithType(db: Db, productId: number) {
  return db
    .selectFrom('products as p')
    .leftJoin('product_types as t', 't.id', 'p.product_type_id')
    .select(['p.id', 'p.item_no', 'p.item_description', 't.type'])
    .where('p.id', '=', productId)
    .executeTakeFirst();
}

export function insertProduct(db: Db, input: ProductInput, now: string): Promise<number> {
  const row = { ...productValues(input), created_at: now, updated_at: now };
  return insertedId(db.insertInto('products').values(row).returning('id'));
}

/** Many new products in one statement (the import's batch); their ids are asked by item number after. */
export async function insertProducts(db: Db, products: readonly ProductValues[], now: string): Promise<void> {
  if (products.length === 0) return;
  await db
    .insertInto('products')
    .values(products.map((p) => ({ ...p, created_at: now, updated_at: now })))
    .execute();
}

/** Ids of the products holding these item numbers as the database compares them (numberKey). */
export function productIdsByNumberKey(db: Db, keys: readonly string[]) {
  return db
    .selectFrom('products')
    .select(['id', numberKey('item_no').as('number_key')])
    .where(numberKey('item_no'), 'in', [...keys])
    .execute();
}

export async function deleteProduct(db: Db, id: number): Promise<void> {
  await db.deleteFrom('products').where('id', '=', id).execute();
}

/**
 * A deep copy under a new item number: the product row, its associated parts and its modifiers.
 * Answers the copy's id, or null when the product does not exist.
 */
export async function copyProduct(db: Db, id: number, itemNo: string, now: string): Promise<number | null> {
  const src = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
  if (!src) return null;
  // The copy's normalised item number is its own (the triggers of migration 2026112900 write it).
  const {
    id: _id,
    version: _v,
    created_at: _c,
    updated_at: _u,
    item_no_key: _k,
    ...fields
  } = src as typeof src & { item_no_key?: unknown };
  const row = { ...fields, item_no: itemNo, created_at: now, updated_at: now };
  const copyId = await insertedId(db.insertInto('products').values(row).returning('id'));
  await insertAssociatedParts(db, copyId, await associatedPartRows(db, id));
  const mods = await db
    .selectFrom('package_modifiers')
    .select(['category', 'name', 'quantity', 'product_id', 'notes'])
    .where('package_id', '=', id)
    .orderBy('id')
    .execute();
  if (mods.length) {
    await db
      .insertInto('package_modifiers')
      .values(mods.map((m) => ({ ...m, package_id: copyId, created_at: now, updated_at: now })))
      .execute();
  }
  return copyId;
}

export function associatedPartExists(db: Db, packageId: number, childId: number): Promise<boolean> {
  return rowExists(
    db.selectFrom('associated_parts').select('id').where('package_id', '=', packageId).where('child_id', '=', childId),
  );
}

export function insertAssociatedPart(db: Db, packageId: number, childId: number, quantity: number) {
  const row = { package_id: packageId, child_id: childId, quantity };
  return insertedId(db.insertInto('associated_parts').values(row).returning('id'));
}

/** Many associated parts of one package in one statement (a copy, the import). */
export async function insertAssociatedParts(
  db: Db,
  packageId: number,
  parts: ReadonlyArray<{ child_id: number; quantity: number }>,
): Promise<void> {
  if (parts.length === 0) return;
  await db
    .insertInto('associated_parts')
    .values(parts.map((p) => ({ package_id: packageId, child_id: p.child_id, quantity: p.quantity })))
    .execute();
}

/** A package's associated parts as stored (row, child and quantity), in the order they were added. */
export function associatedPartRows(db: Db, packageId: number) {
  return db
    .selectFrom('associated_parts')
    .select(['id', 'child_id', 'quantity'])
    .where('package_id', '=', packageId)
    .orderBy('id')
    .execute();
}

/** The package of an associated part, or undefined when there is no such row. */
export async function associatedPartPackage(db: Db, id: number): Promise<number | undefined> {
  const row = await db.selectFrom('associated_parts').select(['package_id']).where('id', '=', id).executeTakeFirst();
  return row?.package_id;
}

export async function setAssociatedPartQuantity(db: Db, id: number, quantity: number): Promise<void> {
  await db.updateTable('associated_parts').set({ quantity }).where('id', '=', id).execute();
}

/** Answers whether a row was removed. */
export async function deleteAssociatedPart(db: Db, id: number): Promise<boolean> {
  const res = await db.deleteFrom('associated_parts').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export const modifierValues = (m: PackageModifierInput) => ({
  category: m.category,
  name: m.name,
  quantity: m.quantity,
  product_id: m.product,
  notes: m.notes,
});

export function insertModifier(db: Db, packageId: number, m: PackageModifierInput, now: string) {
  const row = { ...modifierValues(m), package_id: packageId, created_at: now, updated_at: now };
  return insertedId(db.insertInto('package_modifiers').values(row).returning('id'));
}

export function findModifierRow(db: Db, id: number) {
  return db
    .selectFrom('package_modifiers')
    .select(['id', 'package_id', 'name', 'category', 'product_id', 'quantity'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** How many order and quote lines have the modifier applied. */
export async function modifierUses(db: Db, id: number): Promise<number> {
  const [o, q] = await Promise.all([
    db
      .selectFrom('order_part_modifiers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('package_modifier_id', '=', id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('quote_part_modifiers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('package_modifier_id', '=', id)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(o.n) + Number(q.n);
}

export async function deleteModifier(db: Db, id: number): Promise<void> {
  await db.deleteFrom('package_modifiers').where('id', '=', id).execute();
}

/** The notes of the LiftNotes modifiers of these packages, by package id. */
export async function liftNotesOf(db: Db, packageIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (packageIds.length === 0) return out;
  const rows = await db
    .selectFrom('package_modifiers')
    .select(['package_id', 'notes'])
    .where('package_id', 'in', [...new Set(packageIds)])
    .where('category', '=', 'LiftNotes')
    .where('notes', 'is not', null)
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const notes = r.notes?.trim();
    if (notes) out.set(r.package_id, [...(out.get(r.package_id) ?? []), notes]);
  }
  return out;
}

/** What a bulk price change's filter resolved to (the product type by its id). */
export interface BulkPriceWhere {
  productTypeId?: number;
  /** undefined: any; null: products without a multiplier category. */
  multiplierCategory?: string | null;
  itemNoPrefix?: string;
  description?: string;
}

export async function productTypeByName(db: Db, name: string) {
  return db
    .selectFrom('product_types')
    .select(['id', 'type'])
    .where(sql<boolean>`lower(type) = lower(${name})`)
    .executeTakeFirst();
}

/**
 * The products a bulk price change moves, by item number, with their prices; with `lock`,
 * locked for the transaction on PostgreSQL (SQLite's writer is alone), so a product saved meanwhile is either
 * changed before this reads it or waits for it.
 */
export async function bulkPriceRows(db: Db, where: BulkPriceWhere, lock: boolean) {
  let q = db.selectFrom('products').select(['id', 'item_no', 'wholesale_price']).orderBy('item_no').orderBy('id');
  if (where.productTypeId !== undefined) q = q.where('product_type_id', '=', where.productTypeId);
  if (where.multiplierCategory === null)
    q = q.where((eb) => eb.or([eb('multiplier_category', 'is', null), eb('multiplier_category', '=', '')]));
  else if (where.multiplierCategory !== undefined) q = q.where('multiplier_category', '=', where.multiplierCategory);
  if (where.itemNoPrefix) {
    const prefix = `${where.itemNoPrefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where(sql<boolean>`lower(item_no) like ${prefix} escape '\\'`);
  }
  if (where.description) {
    q = q.where(
      sql<boolean>`fold(coalesce(item_description, '')) like fold(${containsPattern(where.description)}) escape '\\'`,
    );
  }
  // FOR NO KEY UPDATE, the lock an UPDATE of these columns takes anyway: a clerk adding one of
  // these products to a cart (its foreign key's KEY SHARE) does not wait for the change, and the
  // change then waits for that cart's document instead of the two waiting on each other.
  return (lock ? lockedOnPostgres(db, q, 'no key update') : q).execute();
}

/** A product's new wholesale price (cents), its version moved on as any save moves it. */
export async function setWholesalePrice(db: Db, id: number, priceCents: number, now: string) {
  await db
    .updateTable('products')
    .set((eb) => ({ wholesale_price: priceCents, version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .execute();
}
