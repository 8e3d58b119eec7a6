/**
 * Catalogue rules (docs/architecture.md sections 2 and 5): unique item numbers, deep duplicates, packages
 * and their composition, and refusals that say why. Every multi-row change is one transaction.
 */
import {
  changedPrice,
  formatCents,
  isPackageType,
  type BulkPriceInput,
  type BulkPriceResult,
  type PackageModifierInput,
  type Product,
  type ProductInput,
} from '@desk/domain';
import { badRequest, conflict, found, invalidField, notFound } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { ListQuery } from '../../lib/paging.js';
import { plural, updateVersioned, type Db } from '../../lib/sql.js';
import { ClockedService } from '../../lib/service.js';
import { withIdempotency, type IdempotencyKey } from '../../lib/idempotency.js';
import { addLevelRows, resyncForProducts, stockUsage } from '../stock/stock.ledger.js';
import * as repo from './products.repository.js';
import { insertChangeRows, type Actor, type Change } from '../history/history.repository.js';
import { describeChanges } from '../history/record-changes.js';
import { repriceForModifier, repriceForProducts } from '../documents/documents.totals.js';
import { pricingLock } from '../documents/documents.totals.repository.js';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';

/** The product's fields that hold money (recorded as "845.00"). */
const PRODUCT_MONEY_FIELDS = ['wholesalePrice', 'modifierCostIncrease'];

/** The highest wholesale price a product may have (the product form's limit): $10,000,000.00. */
const MAX_PRICE_CENTS = 1_000_000_000;
/** How many of the moved products the preview and the answer list. */
const BULK_SAMPLE = 20;

/** The product fields the pricer reads: a change to one moves the stored totals of documents. */
const PRICED_FIELDS = ['wholesalePrice', 'multiplierCategory', 'productType', 'modifierCostIncrease'] as const;

export class CatalogService extends ClockedService {
  constructor(
    db: Kysely<DB>,
    clock: Clock,
    /** The scaled tax rate the documents' stored totals are priced with (docs/architecture.md section 16). */
    private readonly taxRate: number,
  ) {
    super(db, clock);
  }

  orderStatuses() {
    return repo.orderStatuses(this.db);
  }

  productTypes() {
    return repo.productTypes(this.db);
  }

  listProducts(kind: repo.ProductKind): Promise<Product[]> {
    return repo.listAll(this.db, kind);
  }

  productPage(query: ListQuery, kind: repo.ProductKind) {
    return repo.listPage(this.db, query, kind);
  }

  associatedParts(packageId: number) {
    return repo.associatedParts(this.db, packageId);
  }

  packageModifiers(packageId: number) {
    return repo.packageModifiers(this.db, packageId);
  }

  async getProduct(id: number, db: Db = this.db): Promise<Product> {
    return found(await repo.findById(db, id), `Product ${id} does not exist.`);
  }

  /** Item numbers are unique, case and surrounding spaces ignored (docs/decisions/023-unique-numbers.md). */
  private async checkItemNoFree(db: Db, itemNo: string, exceptId?: number) {
    const clash = await repo.findByItemNo(db, itemNo, exceptId);
    if (clash) throw itemNoTaken(itemNo, clash);
  }

  /**
   * Runs a write of an item number. Two writes of one number at once both pass the check; the
   * database's unique index refuses the second, which answers the same 409 as the check.
   */
  private async writingItemNo<T>(itemNo: string, exceptId: number | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (e) {
      if (
        !isUniqueViolation(e, { table: 'products', columns: ['item_no_key'] }) &&
        !isUniqueViolation(e, { table: 'products', columns: ['item_no'] })
      )
        throw e;
      const clash = await repo.findByItemNo(this.db, itemNo, exceptId);
      throw clash ? itemNoTaken(itemNo, clash) : conflict(`Item No ${itemNo} is already used by another product.`);
    }
  }

  private async checkProductType(db: Db, typeId: number | null) {
    if (typeId === null) return null;
    const t = await repo.productTypeById(db, typeId);
    if (!t) throw invalidField('productType', `there is no product type with id ${typeId}.`);
    return t;
  }

  /** Records product changes in the caller's transaction (docs/architecture.md section 9). */
  private async record(db: Db, actor: Actor | undefined, id: number, changes: readonly Change[]) {
    if (actor) await insertChangeRows(db, actor, this.now(), 'product', id, changes);
  }

  async createProduct(input: ProductInput, actor?: Actor): Promise<Product> {
    return this.writingItemNo(input.itemNo, undefined, () => this.createProductIn(input, actor));
  }

  private createProductIn(input: ProductInput, actor?: Actor): Promise<Product> {
    return this.db.transaction().execute(async (trx) => {
      await this.checkItemNoFree(trx, input.itemNo);
      await this.checkProductType(trx, input.productType);
      const id = await repo.insertProduct(trx, input, this.now());
      await addLevelRows(trx, [id], this.now());
      const product = await this.getProduct(id, trx);
      await this.record(trx, actor, product.id, [{ action: 'created', to: product.itemNo }]);
      return product;
    });
  }

  async updateProduct(id: number, input: ProductInput, actor?: Actor): Promise<Product> {
    return this.writingItemNo(input.itemNo, id, () => this.updateProductIn(id, input, actor));
  }

  private updateProductIn(id: number, input: ProductInput, actor?: Actor): Promise<Product> {
    return this.db.transaction().execute(async (trx) => {
      // Before any row lock: no cart write prices beside a price change (documents.totals.ts).
      await pricingLock(trx, 'exclusive');
      const current = await this.getProduct(id, trx);
      await this.checkItemNoFree(trx, input.itemNo, id);
      const type = await this.checkProductType(trx, input.productType);
      const becomesPackage = isPackageType(type?.type);
      if (current.isPackage && !becomesPackage) {
        const size = await repo.compositionSize(trx, id);
        if (size.parts || size.modifiers) {
          throw conflict(
            `Product ${current.itemNo} has ${plural(size.parts, 'associated part')} and ${plural(size.modifiers, 'modifier')}; remove them before giving it a type that is not a package.`,
          );
        }
      }
      if (!current.isPackage && becomesPackage) {
        const used = await repo.productUsage(trx, id);
        if (used.inPackages) {
          throw conflict(
            `Product ${current.itemNo} is an associated part of ${plural(used.inPackages, 'package')}, and a package cannot be part of another package.`,
          );
        }
      }
      await updateVersioned(trx, 'products', id, input.version, repo.productValues(input), this.now());
      const after = await this.getProduct(id, trx);
      // The product type by its name, not its id and name.
      const typed = (p: Product) => ({ ...p, productType: p.productType?.type ?? null });
      const changes = describeChanges(typed(current), typed(after), PRODUCT_MONEY_FIELDS);
      await this.record(trx, actor, id, changes);
      // Every order and quote that prices with it keeps its stored totals right (section 16).
      if (PRICED_FIELDS.some((f) => changes.some((c) => c.field === f)))
        await repriceForProducts(trx, [id], this.taxRate);
      // A part that became a package (or back) changes what the open orders need (docs/stock.md).
      if (changes.some((c) => c.field === 'productType')) await resyncForProducts(trx, [id], this.now());
      return after;
    });
  }

  async deleteProduct(id: number, actor?: Actor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const p = await this.getProduct(id, trx);
      const u = await repo.productUsage(trx, id);
      const stock = await stockUsage(trx, id);
      const reasons = [
        stock.moves ? `${plural(stock.moves, 'stock move')}` : '',
        stock.vendorLines ? `${plural(stock.vendorLines, 'vendor order line')}` : '',
        u.orderLines + u.orderSubs ? `${plural(u.orderLines + u.orderSubs, 'order line')}` : '',
        u.quoteLines + u.quoteSubs ? `${plural(u.quoteLines + u.quoteSubs, 'quote line')}` : '',
        u.inPackages ? `the associated parts of ${plural(u.inPackages, 'package')}` : '',
        u.inModifiers ? `${plural(u.inModifiers, 'package modifier')}` : '',
      ].filter(Boolean);
      if (reasons.length) {
        throw conflict(`Product ${p.itemNo} (id ${id}) cannot be deleted: it is used by ${reasons.join(', ')}.`);
      }
      // A package's own associated parts and modifiers go with it (foreign keys cascade).
      await this.record(trx, actor, id, [{ action: 'deleted', from: p.itemNo }]);
      await repo.deleteProduct(trx, id);
    });
  }

  /** A deep copy under a new item number: the product, its associated parts and its modifiers. */
  async duplicateProduct(id: number, itemNo: string): Promise<Product> {
    return this.writingItemNo(itemNo, undefined, () => this.duplicateProductIn(id, itemNo));
  }

  private duplicateProductIn(id: number, itemNo: string): Promise<Product> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await repo.findById(trx, id))) throw notFound(`Product ${id} does not exist.`);
      await this.checkItemNoFree(trx, itemNo);
      const copyId = await repo.copyProduct(trx, id, itemNo, this.now());
      if (copyId === null) throw notFound(`Product ${id} does not exist.`);
      await addLevelRows(trx, [copyId], this.now());
      return this.getProduct(copyId, trx);
    });
  }

  private async requirePackage(db: Db, packageId: number, what: string): Promise<Product> {
    const pkg = found(await repo.findById(db, packageId), `Product ${packageId} does not exist.`);
    if (!pkg.isPackage) {
      throw badRequest(`Product ${pkg.itemNo} is not a package: ${what} need a product whose type is a package.`);
    }
    return pkg;
  }

  async addAssociatedPart(packageId: number, childId: number, quantity: number) {
    return this.db.transaction().execute(async (trx) => {
      const pkg = await this.requirePackage(trx, packageId, 'associated parts');
      if (childId === packageId) throw invalidField('child', 'a package cannot be an associated part of itself.');
      const child = await repo.findById(trx, childId);
      if (!child) throw invalidField('child', `product ${childId} does not exist.`);
      if (child.isPackage) throw invalidField('child', `${child.itemNo} is a package; associated parts must be parts.`);
      if (await repo.associatedPartExists(trx, packageId, childId)) {
        throw conflict(`${child.itemNo} is already an associated part of ${pkg.itemNo}; change its quantity instead.`);
      }
      const id = await repo.insertAssociatedPart(trx, packageId, childId, quantity);
      return (await repo.associatedParts(trx, packageId)).find((a) => a.id === id)!;
    });
  }

  async updateAssociatedPart(id: number, quantity: number) {
    const packageId = await repo.associatedPartPackage(this.db, id);
    if (packageId === undefined) throw notFound(`Associated part ${id} does not exist.`);
    await repo.setAssociatedPartQuantity(this.db, id, quantity);
    return (await repo.associatedParts(this.db, packageId)).find((a) => a.id === id)!;
  }

  async deleteAssociatedPart(id: number) {
    if (!(await repo.deleteAssociatedPart(this.db, id))) throw notFound(`Associated part ${id} does not exist.`);
  }

  private async checkModifierProduct(db: Db, productId: number | null) {
    if (productId === null) return;
    const p = await repo.findById(db, productId);
    if (!p) throw invalidField('product', `product ${productId} does not exist.`);
    if (p.isPackage) throw invalidField('product', `${p.itemNo} is a package; a modifier adds a part.`);
  }

  async createModifier(packageId: number, m: PackageModifierInput) {
    return this.db.transaction().execute(async (trx) => {
      await this.requirePackage(trx, packageId, 'modifiers');
      await this.checkModifierProduct(trx, m.product);
      const id = await repo.insertModifier(trx, packageId, m, this.now());
      return (await repo.packageModifiers(trx, packageId, [id]))[0]!;
    });
  }

  async updateModifier(id: number, m: PackageModifierInput) {
    return this.db.transaction().execute(async (trx) => {
      await pricingLock(trx, 'exclusive');
      const row = found(await repo.findModifierRow(trx, id), `Package modifier ${id} does not exist.`);
      await this.checkModifierProduct(trx, m.product);
      if (row.category !== m.category && (await repo.modifierUses(trx, id)) > 0) {
        throw conflict('This modifier is applied on orders or quotes; its category cannot change.');
      }
      await updateVersioned(trx, 'package_modifiers', id, m.version, repo.modifierValues(m), this.now());
      // The modifier's product or quantity moves the lines it is applied to (section 16).
      if (row.product_id !== m.product || row.quantity !== m.quantity) await repriceForModifier(trx, id, this.taxRate);
      return (await repo.packageModifiers(trx, row.package_id, [id]))[0]!;
    });
  }

  async deleteModifier(id: number) {
    await this.db.transaction().execute(async (trx) => {
      const row = found(await repo.findModifierRow(trx, id), `Package modifier ${id} does not exist.`);
      const uses = await repo.modifierUses(trx, id);
      if (uses) {
        throw conflict(
          `Modifier '${row.name ?? row.category}' is applied on ${plural(uses, 'order or quote line', 'order or quote lines')}; un-apply it there first.`,
        );
      }
      await repo.deleteModifier(trx, id);
    });
  }

  /**
   * A bulk price change (docs/architecture.md section 2, "Bulk price change"): every product the
   * filter matches gets round(price x (100 + percent) / 100) or price + amount, half away from
   * zero to the cent. dryRun answers what it would do and writes nothing; otherwise every price
   * is written in one transaction, each product's change in its history. A change that would take
   * any price below $0.00 or above $10,000,000.00 is refused whole, naming the products.
   */
  async bulkPrice(input: BulkPriceInput, actor: Actor | undefined, key?: IdempotencyKey): Promise<BulkPriceResult> {
    if (input.dryRun) return this.bulkPriceIn(this.db, input, actor);
    // A retried request (the same Idempotency-Key) answers the first result: a double click or a
    // retry after a lost answer never raises the prices twice.
    const done = await withIdempotency(this.db, this.clock, 'bulk-price', key, actor?.userId ?? null, async (trx) => {
      await pricingLock(trx, 'exclusive');
      return { statusCode: 200, body: await this.bulkPriceIn(trx, input, actor) };
    });
    return done.body;
  }

  private async bulkPriceIn(db: Db, input: BulkPriceInput, actor: Actor | undefined): Promise<BulkPriceResult> {
    const change = input.percent !== undefined ? { percent: input.percent } : { amountCents: input.amountCents! };
    const f = input.filter;
    const where: repo.BulkPriceWhere = {
      ...(f.multiplierCategory !== undefined ? { multiplierCategory: f.multiplierCategory } : {}),
      ...(f.itemNoPrefix ? { itemNoPrefix: f.itemNoPrefix } : {}),
      ...(f.description ? { description: f.description } : {}),
    };
    if (typeof f.productType === 'number') {
      if (!(await repo.productTypeById(db, f.productType)))
        throw badRequest(`Product type: there is no product type with id ${f.productType}.`);
      where.productTypeId = f.productType;
    } else if (typeof f.productType === 'string') {
      const type = await repo.productTypeByName(db, f.productType);
      if (!type) throw badRequest(`Product type '${f.productType}' does not exist.`);
      where.productTypeId = type.id;
    }
    const rows = await repo.bulkPriceRows(db, where, !input.dryRun);
    const moved = rows.map((r) => ({
      id: r.id,
      itemNo: r.item_no,
      fromCents: r.wholesale_price,
      toCents: changedPrice(r.wholesale_price, change),
    }));
    const out = moved.filter((m) => m.toCents < 0 || m.toCents > MAX_PRICE_CENTS);
    if (out.length > 0) {
      const named = out
        .slice(0, 3)
        .map(
          (m) =>
            `${m.itemNo} (${formatCents(m.fromCents, { currency: true })} to ${formatCents(m.toCents, { currency: true })})`,
        )
        .join(', ');
      const below = out.some((m) => m.toCents < 0);
      throw badRequest(
        `This change would take ${plural(out.length, 'price')} ${below ? 'below $0.00' : 'above $10,000,000.00'}: ${named}${out.length > 3 ? ', ...' : ''}. Nothing was changed.`,
      );
    }
    const result = { count: moved.length, sample: moved.slice(0, BULK_SAMPLE), applied: false };
    if (input.dryRun || moved.length === 0) return result;
    const now = this.now();
    for (const m of moved) {
      if (m.toCents === m.fromCents) continue;
      await repo.setWholesalePrice(db, m.id, m.toCents, now);
      await this.record(db, actor, m.id, [
        { action: 'bulk-price', field: 'wholesalePrice', from: dollarsText(m.fromCents), to: dollarsText(m.toCents) },
      ]);
    }
    // In the same transaction: the stored totals of every document that prices with them.
    const changedIds = moved.filter((m) => m.toCents !== m.fromCents).map((m) => m.id);
    await repriceForProducts(db, changedIds, this.taxRate);
    return { ...result, applied: true };
  }
}

/** The 409 of an item number another product holds, naming it: "Item No seal-t-16 is already used by product SEAL-T-16 (Bottom seal)." */
function itemNoTaken(itemNo: string, holder: { item_no: string; item_description: string | null }) {
  const what = holder.item_description ? ` (${holder.item_description})` : '';
  return conflict(`Item No ${itemNo} is already used by product ${holder.item_no}${what}.`);
}

/** Money as the history records it: "845.00". */
const dollarsText = (cents: number) => formatCents(cents).replace(/,/g, '');
