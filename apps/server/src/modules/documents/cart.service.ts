/**
 * A document's cart (docs/architecture.md section 1): its lines, their sub-parts and applied
 * modifiers, and the price overrides. Every write that moves a price runs in one transaction that
 * prices the document (documents.pricing.ts) and stores its totals (documents.totals.ts).
 */
import { isPackageType, type DocumentKind } from '@desk/domain';
import { badRequest, conflict, found } from '../../lib/errors.js';
import type { Db } from '../../lib/sql.js';
import type { Actor } from '../history/history.repository.js';
import * as repo from './documents.cart.repository.js';
import {
  touchHeader,
  touchPricingHeader,
  type PricingHeader,
  type StoredTotalsColumns,
} from './documents.headers.repository.js';
import { moneyText } from './documents.history.js';
import { pricedDocument } from './documents.pricing.js';
import { writeStoredTotals } from './documents.totals.js';
import { DocumentServiceBase } from './documents.base.service.js';
import { KINDS, type KindTables } from './kinds.js';

/** An applied modifier as the history words it: "Lift 12in, 12 in, notes: left side". */
function modifierText(name: string, values: { notes: string | null; inches: string | null }): string {
  return [name, values.inches ? `${values.inches} in` : null, values.notes ? `notes: ${values.notes}` : null]
    .filter((p) => p !== null)
    .join(', ');
}

/** The cart's reads and writes; DocumentsService (documents.service.ts) adds the document's lifecycle. */
export class CartService extends DocumentServiceBase {
  /** Cart lines with pricingInfo, unitPrice and linePrice, and the totals they add up to. */
  async cart(kind: DocumentKind, docId: number, db: Db = this.db) {
    const k = KINDS[kind];
    const row = await this.headerRow(db, k, docId);
    return pricedDocument(db, k, row, this.taxRate);
  }

  // ---- cart lines ----------------------------------------------------------------------

  /** Stamps the document as changed (locking it, PostgreSQL), then checks that it may change. */
  protected async touch(trx: Db, k: KindTables, docId: number) {
    await touchHeader(trx, k, docId, this.now());
    await this.requireChangeable(trx, k, docId);
  }

  /** Stamps the document as changed and answers its header as pricing reads it (one statement). */
  protected async touchForPricing(trx: Db, k: KindTables, docId: number) {
    // The stamp takes the row lock first: the check then reads what a racing export committed.
    const header = found(await touchPricingHeader(trx, k, docId, this.now()), `${k.label} ${docId} does not exist.`);
    await this.requireChangeable(trx, k, docId);
    return header;
  }

  protected async lineOrThrow(db: Db, k: KindTables, lineId: number) {
    return found(await repo.findLine(db, k, lineId), `${k.label} line ${lineId} does not exist.`);
  }

  /**
   * Prices the document after a write to its cart and stores its totals in the same transaction
   * (docs/architecture.md section 16); answers it as priced.
   */
  protected async priceAndStore(trx: Db, k: KindTables, header: PricingHeader & StoredTotalsColumns) {
    const priced = await pricedDocument(trx, k, header, this.taxRate);
    await writeStoredTotals(trx, k, [{ header, totals: priced.totalsCents, lines: priced.linePrices }], this.taxRate);
    return priced;
  }

  /** What a write that moves a price answers: the changed line as priced now and the new totals. */
  protected async lineResult(trx: Db, k: KindTables, header: PricingHeader & StoredTotalsColumns, lineId: number) {
    const { cart, totals, totalsCents } = await this.priceAndStore(trx, k, header);
    return { line: cart.find((l) => l.id === lineId) ?? null, totals, totalsCents };
  }

  /** Adds a product to the cart; a package line gets a snapshot of its associated parts. */
  async addLine(kind: DocumentKind, docId: number, productId: number, quantity: number, actor: Actor) {
    const k = KINDS[kind];
    let moved: number[] = [];
    const result = await this.priced(async (trx) => {
      const header = await this.touchForPricing(trx, k, docId);
      const product = await repo.findProductWithType(trx, productId);
      if (!product) throw badRequest(`Product ${productId} does not exist.`);
      const lineId = await repo.appendLine(trx, k, docId, { product_id: productId, quantity, created_at: this.now() });
      if (isPackageType(product.type)) await repo.insertPackageSnapshot(trx, k, lineId, productId);
      const { label } = await this.lineForHistory(trx, k, lineId);
      await this.record(trx, actor, k, docId, [{ action: 'line-added', field: label, to: String(quantity) }]);
      moved = await this.keepNeeds(trx, k, docId);
      return this.lineResult(trx, k, header, lineId);
    });
    this.tell(k, docId, actor.username);
    this.tellStock(moved);
    return result;
  }

  /**
   * A write to one line of the cart, priced, in one transaction: the line read (its label for the
   * history; on PostgreSQL under the document's lock), `write`, then the order's needs kept with
   * the cart (docs/stock.md). The document and its stock are told after the commit.
   */
  protected async onLine<T>(
    kind: DocumentKind,
    lineId: number,
    actor: Actor,
    write: (trx: Db, k: KindTables, line: Awaited<ReturnType<CartService['lineForHistory']>>) => Promise<T>,
  ): Promise<T> {
    const k = KINDS[kind];
    let docId = 0;
    let moved: number[] = [];
    const result = await this.priced(async (trx) => {
      const line = await this.lineForHistory(trx, k, lineId, true);
      docId = line.doc_id;
      const answer = await write(trx, k, line);
      moved = await this.keepNeeds(trx, k, line.doc_id);
      return answer;
    });
    this.tell(k, docId, actor.username);
    this.tellStock(moved);
    return result;
  }

  updateLineQuantity(kind: DocumentKind, lineId: number, quantity: number, actor: Actor) {
    return this.onLine(kind, lineId, actor, async (trx, k, line) => {
      await repo.updateLine(trx, k, lineId, { quantity });
      if (line.quantity !== quantity) {
        const change = {
          action: 'quantity-changed',
          field: line.label,
          from: `${line.quantity}`,
          to: `${quantity}`,
        } as const;
        await this.record(trx, actor, k, line.doc_id, [change]);
      }
      return this.lineResult(trx, k, await this.touchForPricing(trx, k, line.doc_id), lineId);
    });
  }

  setPriceOverride(kind: DocumentKind, lineId: number, overrideCents: number | null, actor: Actor) {
    return this.onLine(kind, lineId, actor, async (trx, k, line) => {
      await repo.updateLine(trx, k, lineId, { price_override: overrideCents });
      if (line.price_override !== overrideCents) {
        const [from, to] = [moneyText(line.price_override), moneyText(overrideCents)];
        await this.record(trx, actor, k, line.doc_id, [{ action: 'price-override', field: line.label, from, to }]);
      }
      return this.lineResult(trx, k, await this.touchForPricing(trx, k, line.doc_id), lineId);
    });
  }

  /** Answers the document's totals without the line, so the cart need not guess them. */
  deleteLine(kind: DocumentKind, lineId: number, actor: Actor) {
    return this.onLine(kind, lineId, actor, async (trx, k, line) => {
      const change = { action: 'line-removed', field: line.label, from: `${line.quantity}` } as const;
      await this.record(trx, actor, k, line.doc_id, [change]);
      // Sub-parts and applied modifiers go with the line (foreign keys cascade).
      await repo.deleteLine(trx, k, lineId);
      const header = await this.touchForPricing(trx, k, line.doc_id);
      const { totals, totalsCents } = await this.priceAndStore(trx, k, header);
      return { id: lineId, totals, totalsCents };
    });
  }

  // ---- sub-parts -------------------------------------------------------------------------

  async subParts(kind: DocumentKind, lineId: number) {
    const k = KINDS[kind];
    await this.lineOrThrow(this.db, k, lineId);
    return repo.subParts(this.db, k, lineId);
  }

  protected requirePackageLine(k: KindTables, line: { type_name: string | null; item_no: string }) {
    if (!isPackageType(line.type_name)) {
      throw badRequest(`${line.item_no} is not a package: only package lines have sub-parts and modifiers.`);
    }
  }

  /** Add Part on an expanded package line (update_subpart_list). */
  async addSubPart(kind: DocumentKind, lineId: number, childId: number, quantity: number, actor: Actor) {
    const k = KINDS[kind];
    let moved: number[] = [];
    const added = await this.db.transaction().execute(async (trx) => {
      const line = await this.lineOrThrow(trx, k, lineId);
      this.requirePackageLine(k, line);
      const child = await repo.findProductWithType(trx, childId);
      if (!child) throw badRequest(`Product ${childId} does not exist.`);
      if (isPackageType(child.type)) throw badRequest(`${child.item_no} is a package; a sub-part must be a part.`);
      const position = (await repo.lastSubPartPosition(trx, k, lineId)) + 1;
      const id = await repo.insertSubPart(trx, k, lineId, {
        source: 'ASSOC_PART',
        product_id: childId,
        quantity,
        position,
      });
      await this.touch(trx, k, line.doc_id);
      const { label } = await this.lineForHistory(trx, k, lineId);
      const to = `${child.item_no} x ${quantity}`;
      await this.record(trx, actor, k, line.doc_id, [{ action: 'sub-part-added', field: label, to }]);
      moved = await this.keepNeeds(trx, k, line.doc_id);
      return (await repo.subParts(trx, k, lineId)).find((s) => s.rowId === id)!;
    });
    this.tellStock(moved);
    return added;
  }

  protected async subPartOrThrow(db: Db, k: KindTables, rowId: number) {
    return found(await repo.findSubPartRow(db, k, rowId), `Sub-part ${rowId} does not exist.`);
  }

  async deleteSubPart(kind: DocumentKind, rowId: number, actor: Actor) {
    const k = KINDS[kind];
    let moved: number[] = [];
    await this.db.transaction().execute(async (trx) => {
      const row = await this.subPartOrThrow(trx, k, rowId);
      if (row.source === 'MOD') throw conflict('This sub-part comes from a modifier: turn the modifier off instead.');
      const line = await this.lineForHistory(trx, k, row[k.partFk], true);
      await this.requireChangeable(trx, k, line.doc_id);
      await repo.deleteSubPart(trx, k, rowId);
      const part = await repo.findProductWithType(trx, row.product_id);
      const from = `${part?.item_no ?? `product ${row.product_id}`} x ${row.quantity}`;
      await this.record(trx, actor, k, line.doc_id, [{ action: 'sub-part-removed', field: line.label, from }]);
      moved = await this.keepNeeds(trx, k, line.doc_id);
    });
    this.tellStock(moved);
  }

  async setSubPartNotes(
    kind: DocumentKind,
    parentId: number,
    rowId: number,
    source: 'ASSOC_PART' | 'MOD',
    notes: string | null,
    inches: string | null | undefined,
    actor: Actor,
  ) {
    const k = KINDS[kind];
    return this.db.transaction().execute(async (trx) => {
      const row = await this.subPartOrThrow(trx, k, rowId);
      if (row[k.partFk] !== parentId) throw badRequest(`Sub-part ${rowId} does not belong to line ${parentId}.`);
      if (row.source !== source) {
        throw badRequest(
          source === 'MOD' ? `Sub-part ${rowId} is not from a modifier.` : `Sub-part ${rowId} comes from a modifier.`,
        );
      }
      const owner = await this.lineForHistory(trx, k, parentId, true);
      await this.requireChangeable(trx, k, owner.doc_id);
      const values =
        source === 'MOD' ? { notes, inches: row.category === 'Lift' ? (inches ?? null) : null } : { notes };
      await repo.updateSubPart(trx, k, rowId, values);
      if (source === 'MOD' && row.applied_modifier_id !== null) {
        await repo.updateAppliedModifier(trx, k, row.applied_modifier_id, values);
      }
      const before = modifierText('', { notes: row.notes, inches: row.inches }).replace(/^, /, '');
      const after = modifierText('', { notes, inches: 'inches' in values ? (values.inches ?? null) : null }).replace(
        /^, /,
        '',
      );
      if (before !== after) {
        const line = await this.lineForHistory(trx, k, parentId);
        const part = await repo.findProductWithType(trx, row.product_id);
        const field = `${line.label}: ${part?.item_no ?? `product ${row.product_id}`}`;
        const change = { action: 'sub-part-notes', field, from: before || null, to: after || null } as const;
        await this.record(trx, actor, k, line.doc_id, [change]);
      }
      return (await repo.subParts(trx, k, parentId)).find((s) => s.rowId === rowId)!;
    });
  }

  // ---- applied modifiers -----------------------------------------------------------------

  async modifiers(kind: DocumentKind, lineId: number) {
    const k = KINDS[kind];
    await this.lineOrThrow(this.db, k, lineId);
    return repo.appliedModifiers(this.db, k, lineId);
  }

  /** Star on (or new notes): records the modifier and puts its product on the line as a MOD sub-part. */
  async upsertModifier(
    kind: DocumentKind,
    lineId: number,
    modifierId: number,
    notes: string | null,
    inches: string | null,
    actor: Actor,
  ) {
    const k = KINDS[kind];
    let moved: number[] = [];
    const answer = await this.priced(async (trx) => {
      const line = await this.lineOrThrow(trx, k, lineId);
      this.requirePackageLine(k, line);
      const m = await repo.findPackageModifier(trx, modifierId);
      if (!m) throw badRequest(`Package modifier ${modifierId} does not exist.`);
      if (m.package_id !== line.product_id) throw badRequest(`Modifier ${modifierId} belongs to another package.`);
      if (m.category === 'LiftNotes' || m.product_id === null)
        throw badRequest('LiftNotes hold notes only and cannot be applied.');
      const lift = m.category === 'Lift';
      const values = { notes, inches: lift ? inches : null };
      let appliedId = await repo.findAppliedModifierId(trx, k, lineId, modifierId);
      const { label } = await this.lineForHistory(trx, k, lineId, true);
      if (appliedId !== null) {
        const old = (await repo.findAppliedModifierRow(trx, k, appliedId))!;
        const name = m.name ?? `modifier ${modifierId}`;
        const [from, to] = [modifierText(name, old), modifierText(name, values)];
        if (from !== to)
          await this.record(trx, actor, k, line.doc_id, [{ action: 'modifier-changed', field: label, from, to }]);
        await repo.updateAppliedModifier(trx, k, appliedId, values);
        await repo.updateModifierSubParts(trx, k, appliedId, values);
      } else {
        appliedId = await repo.insertAppliedModifier(trx, k, lineId, {
          package_modifier_id: modifierId,
          ...values,
          created_at: this.now(),
        });
        const position = (await repo.lastSubPartPosition(trx, k, lineId)) + 1;
        await repo.insertSubPart(trx, k, lineId, {
          source: 'MOD',
          product_id: m.product_id,
          quantity: m.quantity,
          category: m.category,
          applied_modifier_id: appliedId,
          position,
          ...values,
        });
        const to = modifierText(m.name ?? `modifier ${modifierId}`, values);
        await this.record(trx, actor, k, line.doc_id, [{ action: 'modifier-applied', field: label, to }]);
      }
      const header = await this.touchForPricing(trx, k, line.doc_id);
      const [applied] = await repo.appliedModifiers(trx, k, lineId, appliedId);
      const { line: priced, totals, totalsCents } = await this.lineResult(trx, k, header, lineId);
      moved = await this.keepNeeds(trx, k, line.doc_id);
      return { ...applied!, line: priced, totals, totalsCents };
    });
    this.tellStock(moved);
    return answer;
  }

  /**
   * Star off: removes the applied modifier and, with it, its MOD sub-part. Answers the line as
   * priced now (its modifier cost drops) and the document's new totals.
   */
  async deleteModifier(kind: DocumentKind, appliedId: number, actor: Actor) {
    const k = KINDS[kind];
    let moved: number[] = [];
    const answer = await this.priced(async (trx) => {
      const row = found(
        await repo.findAppliedModifierRow(trx, k, appliedId),
        `Applied modifier ${appliedId} does not exist.`,
      );
      await repo.deleteAppliedModifier(trx, k, appliedId);
      // The line is there: the modifier's foreign key goes with it.
      const line = (await repo.findLine(trx, k, row[k.partFk]))!;
      const { label } = await this.lineForHistory(trx, k, line.id);
      const m = await repo.findPackageModifier(trx, row.package_modifier_id);
      const from = modifierText(m?.name ?? `modifier ${row.package_modifier_id}`, row);
      await this.record(trx, actor, k, line.doc_id, [{ action: 'modifier-removed', field: label, from }]);
      const header = await this.touchForPricing(trx, k, line.doc_id);
      const result = { id: appliedId, ...(await this.lineResult(trx, k, header, line.id)) };
      moved = await this.keepNeeds(trx, k, line.doc_id);
      return result;
    });
    this.tellStock(moved);
    return answer;
  }
}
