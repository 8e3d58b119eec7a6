/**
 * Orders and quotes (docs/architecture.md sections 1 to 3): one implementation for both kinds. Every
 * multi-row change runs in one transaction; prices come from the pure pricing module.
 */
import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import { isPackageType, type DocumentHeader, type DocumentInput, type DocumentKind } from '@desk/domain';
import type { DB } from '../../db/schema.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { ListQuery } from '../../lib/paging.js';
import { flag, updateVersioned, type Db } from '../../lib/sql.js';
import { withIdempotency } from '../../lib/idempotency.js';
import { docDb, KINDS, type DocHeaderValues, type KindTables } from './kinds.js';
import * as repo from './documents.repository.js';

/** 'order 26', 'orders 26 and 31', 'orders 26, 31 and 40'. */
function ordersText(ids: readonly number[]): string {
  if (ids.length === 1) return `order ${ids[0]}`;
  return `orders ${ids.slice(0, -1).join(', ')} and ${ids.at(-1)}`;
}

export class DocumentsService {
  /** PostgreSQL takes row locks (FOR UPDATE); SQLite's write transactions already run one at a time. */
  private readonly postgres: boolean;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly taxRate: number,
  ) {
    this.postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  }

  private now() {
    return isoAt(this.clock());
  }
  private today() {
    return this.now().slice(0, 10);
  }

  list(kind: DocumentKind, query: ListQuery, closed?: boolean) {
    const k = KINDS[kind];
    return query.paged ? repo.listPage(this.db, k, query, closed) : repo.listAll(this.db, k, closed);
  }

  async headerRow(db: Db, k: KindTables, id: number) {
    const row = await repo.findHeaderRow(db, k, id);
    if (!row) throw notFound(`${k.label} ${id} does not exist.`);
    return row;
  }

  /** One document with its totals. */
  async get(kind: DocumentKind, id: number, db: Db = this.db): Promise<DocumentHeader> {
    const k = KINDS[kind];
    const row = await this.headerRow(db, k, id);
    const { totals, totalsCents } = await repo.pricedDocument(db, k, row, this.taxRate);
    const header: DocumentHeader = { ...repo.toHeader(k, row), totals, totalsCents };
    if (kind === 'quote') header.exportedOrderIds = (await repo.exportedOrderIds(db, [id])).get(id) ?? [];
    return header;
  }

  /** Cart lines with pricingInfo, unitPrice and linePrice, and the totals they add up to. */
  async cart(kind: DocumentKind, docId: number, db: Db = this.db) {
    const k = KINDS[kind];
    const row = await this.headerRow(db, k, docId);
    return repo.pricedDocument(db, k, row, this.taxRate);
  }

  private async customerRow(db: Db, id: number) {
    const c = await db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
    if (!c) throw badRequest(`Customer ${id} does not exist; choose another customer.`);
    return c;
  }

  private multiplierCopies(c: {
    opener_multiplier: number;
    residential_multiplier: number;
    sectional_multiplier: number;
    commercial_multiplier: number;
  }) {
    return {
      opener_multiplier_copy: c.opener_multiplier,
      residential_multiplier_copy: c.residential_multiplier,
      sectional_multiplier_copy: c.sectional_multiplier,
      commercial_multiplier_copy: c.commercial_multiplier,
    };
  }

  private async statusRow(db: Db, id: number | null | undefined) {
    const q = db.selectFrom('order_statuses').select(['id', 'type', 'closed']);
    const row = id
      ? await q.where('id', '=', id).executeTakeFirst()
      : await q.orderBy('sort_order').limit(1).executeTakeFirst();
    if (!row) throw badRequest(`There is no order status with id ${id}.`);
    return row;
  }

  async create(kind: DocumentKind, input: DocumentInput, idempotencyKey: string | undefined, userId: number) {
    const k = KINDS[kind];
    return withIdempotency(this.db, this.clock, `${kind}:create`, idempotencyKey, userId, async (trx) => {
      const customer = await this.customerRow(trx, input.customer);
      const now = this.now();
      const values: DocHeaderValues = {
        customer_id: customer.id,
        job_name: input.jobName,
        po_number: input.poNumber,
        special_instructions: input.specialInstructions,
        [k.dateColumn]: (kind === 'order' ? input.orderDate : input.quoteDate) ?? this.today(),
        use_tax: flag(input.useTax ?? customer.use_tax === 1),
        no_price_print: flag(input.noPricePrint ?? false),
        ...this.multiplierCopies(customer),
        created_at: now,
        updated_at: now,
      };
      if (kind === 'order') {
        const status = await this.statusRow(trx, input.orderStatus);
        values.order_status_id = status.id;
        values.order_pickup = flag(!status.closed && (input.orderPickup ?? false));
      }
      const { id } = await docDb(trx).insertInto(k.header).values(values).returning('id').executeTakeFirstOrThrow();
      return { statusCode: 201, body: await this.get(kind, id, trx) };
    });
  }

  async update(kind: DocumentKind, id: number, input: DocumentInput): Promise<DocumentHeader> {
    const k = KINDS[kind];
    return this.db.transaction().execute(async (trx) => {
      const current = await this.headerRow(trx, k, id);
      const customer = await this.customerRow(trx, input.customer);
      const values: Record<string, unknown> = {
        customer_id: customer.id,
        job_name: input.jobName,
        po_number: input.poNumber,
        special_instructions: input.specialInstructions,
        updated_at: this.now(),
      };
      const date = kind === 'order' ? input.orderDate : input.quoteDate;
      if (date) values[k.dateColumn] = date;
      if (input.useTax !== undefined) values.use_tax = flag(input.useTax);
      if (input.noPricePrint !== undefined) values.no_price_print = flag(input.noPricePrint);
      // The customer's current multipliers reach a document only when asked, or with a new customer.
      if (input.refreshMultiplier || customer.id !== current.customer_id)
        Object.assign(values, this.multiplierCopies(customer));
      if (kind === 'order') {
        const status = await this.statusRow(trx, input.orderStatus ?? current.order_status_id);
        values.order_status_id = status.id;
        const pickup = !status.closed && (input.orderPickup ?? current.order_pickup === 1);
        values.order_pickup = flag(pickup);
        // An order that is closed or no longer ready for pickup leaves its bay.
        if (!pickup) Object.assign(values, { current_load: 0, loading_bay: null });
        if (status.closed && !current.completed_at && status.type === 'Completed') values.completed_at = this.now();
      }
      await updateVersioned(trx, k.header, id, input.version, values, k.label);
      return this.get(kind, id, trx);
    });
  }

  async delete(kind: DocumentKind, id: number): Promise<void> {
    const k = KINDS[kind];
    await this.db.transaction().execute(async (trx) => {
      await this.headerRow(trx, k, id);
      // Lines, sub-parts, applied modifiers and vendor-order links go with it (foreign keys cascade).
      await repo.deleteHeader(trx, k, id);
    });
  }

  /** Copies lines, overrides, sub-parts and applied modifiers from one document to another. */
  private async copyContent(trx: Transaction<DB>, from: KindTables, fromId: number, to: KindTables, toId: number) {
    const t = docDb(trx);
    const lines = await t
      .selectFrom(from.parts)
      .selectAll()
      .where(from.docFk, '=', fromId)
      .orderBy('position')
      .orderBy('id')
      .execute();
    const now = this.now();
    for (const line of lines) {
      const { id: newLine } = await t
        .insertInto(to.parts)
        .values({
          [to.docFk]: toId,
          product_id: line.product_id,
          quantity: line.quantity,
          price_override: line.price_override,
          position: line.position,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const applied = await t
        .selectFrom(from.mods)
        .selectAll()
        .where(from.partFk, '=', line.id)
        .orderBy('id')
        .execute();
      const appliedMap = new Map<number, number>();
      for (const a of applied) {
        const { id: newApplied } = await t
          .insertInto(to.mods)
          .values({
            [to.partFk]: newLine,
            package_modifier_id: a.package_modifier_id,
            notes: a.notes,
            inches: a.inches,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        appliedMap.set(a.id, newApplied);
      }
      const subs = await t.selectFrom(from.subs).selectAll().where(from.partFk, '=', line.id).orderBy('id').execute();
      if (subs.length) {
        await t
          .insertInto(to.subs)
          .values(
            subs.map((s) => ({
              [to.partFk]: newLine,
              source: s.source,
              product_id: s.product_id,
              quantity: s.quantity,
              notes: s.notes,
              inches: s.inches,
              category: s.category,
              applied_modifier_id: s.applied_modifier_id === null ? null : appliedMap.get(s.applied_modifier_id),
              position: s.position,
            })),
          )
          .execute();
      }
    }
  }

  /** A deep copy with the edited job name: header, lines, sub-parts and applied modifiers. */
  async duplicate(kind: DocumentKind, id: number, jobName: string | null): Promise<DocumentHeader> {
    const k = KINDS[kind];
    return this.db.transaction().execute(async (trx) => {
      const src = await this.headerRow(trx, k, id);
      const now = this.now();
      const values: DocHeaderValues = {
        ...repo.copiedHeaderFields(src),
        job_name: jobName,
        [k.dateColumn]: this.today(),
        created_at: now,
        updated_at: now,
      };
      if (kind === 'order') {
        // A copy starts afresh: first status, not ready for pickup, in no bay.
        values.order_status_id = (await this.statusRow(trx, null)).id;
        values.order_pickup = 0;
      }
      const { id: copyId } = await docDb(trx)
        .insertInto(k.header)
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.copyContent(trx, k, id, k, copyId);
      return this.get(kind, copyId, trx);
    });
  }

  /**
   * Export to Order: a new order from a quote; the quote stays and the order remembers it. A
   * quote already exported is refused (409 naming the order) unless `again` asks for another.
   * The quote row is locked first, so of concurrent exports only one sees "not exported yet".
   */
  async createFromQuote(quoteId: number, again: boolean, idempotencyKey: string | undefined, userId: number) {
    return withIdempotency(this.db, this.clock, `quote:export:${quoteId}`, idempotencyKey, userId, async (trx) => {
      let lock = trx.selectFrom('quotes').select('id').where('id', '=', quoteId);
      if (this.postgres) lock = lock.forUpdate();
      await lock.executeTakeFirst();
      const q = await this.headerRow(trx, KINDS.quote, quoteId);
      if (!again) {
        const earlier = (await repo.exportedOrderIds(trx, [quoteId])).get(quoteId) ?? [];
        if (earlier.length) throw conflict(`Quote ${quoteId} was already exported to ${ordersText(earlier)}.`);
      }
      const now = this.now();
      const status = await this.statusRow(trx, null);
      const { id } = await docDb(trx)
        .insertInto('orders')
        .values({
          ...repo.copiedHeaderFields(q),
          order_date: this.today(),
          order_status_id: status.id,
          order_pickup: 0,
          source_quote_id: quoteId,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.copyContent(trx, KINDS.quote, quoteId, KINDS.order, id);
      return { statusCode: 201, body: await this.get('order', id, trx) };
    });
  }

  // ---- cart lines ----------------------------------------------------------------------

  private async touch(trx: Db, k: KindTables, docId: number) {
    await repo.touchHeader(trx, k, docId, this.now());
  }

  private async lineOrThrow(db: Db, k: KindTables, lineId: number) {
    const line = await repo.findLine(db, k, lineId);
    if (!line) throw notFound(`${k.label} line ${lineId} does not exist.`);
    return line;
  }

  /** What a write that moves a price answers: the changed line as priced now and the new totals. */
  private async lineResult(db: Db, k: KindTables, docId: number, lineId: number) {
    const { cart, totals, totalsCents } = await this.totalsResult(db, k, docId);
    return { line: cart.find((l) => l.id === lineId) ?? null, totals, totalsCents };
  }

  private async totalsResult(db: Db, k: KindTables, docId: number) {
    return repo.pricedDocument(db, k, await this.headerRow(db, k, docId), this.taxRate);
  }

  /** Adds a product to the cart; a package line gets a snapshot of its associated parts. */
  async addLine(kind: DocumentKind, docId: number, productId: number, quantity: number) {
    const k = KINDS[kind];
    return this.db.transaction().execute(async (trx) => {
      await this.headerRow(trx, k, docId);
      const product = await trx
        .selectFrom('products')
        .leftJoin('product_types', 'product_types.id', 'products.product_type_id')
        .select(['products.id', 'product_types.type'])
        .where('products.id', '=', productId)
        .executeTakeFirst();
      if (!product) throw badRequest(`Product ${productId} does not exist.`);
      const t = docDb(trx);
      const position = (await repo.lastLinePosition(trx, k, docId)) + 1;
      const { id: lineId } = await t
        .insertInto(k.parts)
        .values({
          [k.docFk]: docId,
          product_id: productId,
          quantity,
          position,
          created_at: this.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (isPackageType(product.type)) {
        const parts = await trx
          .selectFrom('associated_parts')
          .select(['child_id', 'quantity'])
          .where('package_id', '=', productId)
          .orderBy('id')
          .execute();
        if (parts.length) {
          await t
            .insertInto(k.subs)
            .values(
              parts.map((p, i) => ({
                [k.partFk]: lineId,
                source: 'ASSOC_PART',
                product_id: p.child_id,
                quantity: p.quantity,
                position: i + 1,
              })),
            )
            .execute();
        }
      }
      await this.touch(trx, k, docId);
      return this.lineResult(trx, k, docId, lineId);
    });
  }

  async updateLineQuantity(kind: DocumentKind, lineId: number, quantity: number) {
    const k = KINDS[kind];
    return this.db.transaction().execute(async (trx) => {
      const line = await this.lineOrThrow(trx, k, lineId);
      await docDb(trx).updateTable(k.parts).set({ quantity }).where('id', '=', lineId).execute();
      await this.touch(trx, k, line.doc_id);
      return this.lineResult(trx, k, line.doc_id, lineId);
    });
  }

  async setPriceOverride(kind: DocumentKind, lineId: number, overrideCents: number | null) {
    const k = KINDS[kind];
    return this.db.transaction().execute(async (trx) => {
      const line = await this.lineOrThrow(trx, k, lineId);
      await docDb(trx).updateTable(k.parts).set({ price_override: overrideCents }).where('id', '=', lineId).execute();
      await this.touch(trx, k, line.doc_id);
      return this.lineResult(trx, k, line.doc_id, lineId);
    });
  }

  /** Answers the document's totals without the line, so the cart need not guess them. */
  async deleteLine(kind: DocumentKind, lineId: number) {
    const k = KINDS[kind];
    return this.db.transaction().execute(async (trx) => {
      const line = await this.lineOrThrow(trx, k, lineId);
      // Sub-parts and applied modifiers go with the line (foreign keys cascade).
      await repo.deleteLine(trx, k, lineId);
      await this.touch(trx, k, line.doc_id);
      const { totals, totalsCents } = await this.totalsResult(trx, k, line.doc_id);
      return { id: lineId, totals, totalsCents };
    });
  }

  // ---- sub-parts -------------------------------------------------------------------------

  async subParts(kind: DocumentKind, lineId: number) {
    const k = KINDS[kind];
    await this.lineOrThrow(this.db, k, lineId);
    return repo.subParts(this.db, k, lineId);
  }

  private requirePackageLine(k: KindTables, line: { type_name: string | null; item_no: string }) {
    if (!isPackageType(line.type_name)) {
      throw badRequest(`${line.item_no} is not a package: only package lines have sub-parts and modifiers.`);
    }
  }

  /** Add Part on an expanded package line (update_subpart_list). */
  async addSubPart(kind: DocumentKind, lineId: number, childId: number, quantity: number) {
    const k = KINDS[kind];
    return this.db.transaction().execute(async (trx) => {
      const line = await this.lineOrThrow(trx, k, lineId);
      this.requirePackageLine(k, line);
      const child = await trx
        .selectFrom('products')
        .leftJoin('product_types', 'product_types.id', 'products.product_type_id')
        .select(['products.id', 'products.item_no', 'product_types.type'])
        .where('products.id', '=', childId)
        .executeTakeFirst();
      if (!child) throw badRequest(`Product ${childId} does not exist.`);
      if (isPackageType(child.type)) throw badRequest(`${child.item_no} is a package; a sub-part must be a part.`);
      const t = docDb(trx);
      const position = (await repo.lastSubPartPosition(trx, k, lineId)) + 1;
      const { id } = await t
        .insertInto(k.subs)
        .values({
          [k.partFk]: lineId,
          source: 'ASSOC_PART',
          product_id: childId,
          quantity,
          position,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.touch(trx, k, line.doc_id);
      return (await repo.subParts(trx, k, lineId)).find((s) => s.rowId === id)!;
    });
  }

  private async subPartOrThrow(db: Db, k: KindTables, rowId: number) {
    const row = await repo.findSubPartRow(db, k, rowId);
    if (!row) throw notFound(`Sub-part ${rowId} does not exist.`);
    return row;
  }

  async deleteSubPart(kind: DocumentKind, rowId: number) {
    const k = KINDS[kind];
    await this.db.transaction().execute(async (trx) => {
      const row = await this.subPartOrThrow(trx, k, rowId);
      if (row.source === 'MOD') throw conflict('This sub-part comes from a modifier: turn the modifier off instead.');
      await repo.deleteSubPart(trx, k, rowId);
    });
  }

  async setSubPartNotes(
    kind: DocumentKind,
    parentId: number,
    rowId: number,
    source: 'ASSOC_PART' | 'MOD',
    notes: string | null,
    inches?: string | null,
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
      const values: Record<string, unknown> = { notes };
      if (source === 'MOD') values.inches = row.category === 'Lift' ? (inches ?? null) : null;
      await docDb(trx).updateTable(k.subs).set(values).where('id', '=', rowId).execute();
      if (source === 'MOD' && row.applied_modifier_id !== null) {
        await docDb(trx).updateTable(k.mods).set(values).where('id', '=', row.applied_modifier_id).execute();
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
  ) {
    const k = KINDS[kind];
    return this.db.transaction().execute(async (trx) => {
      const line = await this.lineOrThrow(trx, k, lineId);
      this.requirePackageLine(k, line);
      const m = await trx.selectFrom('package_modifiers').selectAll().where('id', '=', modifierId).executeTakeFirst();
      if (!m) throw badRequest(`Package modifier ${modifierId} does not exist.`);
      if (m.package_id !== line.product_id) throw badRequest(`Modifier ${modifierId} belongs to another package.`);
      if (m.category === 'LiftNotes' || m.product_id === null)
        throw badRequest('LiftNotes hold notes only and cannot be applied.');
      const lift = m.category === 'Lift';
      const values = { notes, inches: lift ? inches : null };
      const t = docDb(trx);
      const existing = await t
        .selectFrom(k.mods)
        .select('id')
        .where(k.partFk, '=', lineId)
        .where('package_modifier_id', '=', modifierId)
        .executeTakeFirst();
      let appliedId: number;
      if (existing) {
        appliedId = existing.id;
        await t.updateTable(k.mods).set(values).where('id', '=', appliedId).execute();
        await t.updateTable(k.subs).set(values).where('applied_modifier_id', '=', appliedId).execute();
      } else {
        appliedId = (
          await t
            .insertInto(k.mods)
            .values({ [k.partFk]: lineId, package_modifier_id: modifierId, ...values, created_at: this.now() })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
        const position = (await repo.lastSubPartPosition(trx, k, lineId)) + 1;
        await t
          .insertInto(k.subs)
          .values({
            [k.partFk]: lineId,
            source: 'MOD',
            product_id: m.product_id,
            quantity: m.quantity,
            category: m.category,
            applied_modifier_id: appliedId,
            position,
            ...values,
          })
          .execute();
      }
      await this.touch(trx, k, line.doc_id);
      const [applied] = await repo.appliedModifiers(trx, k, lineId, appliedId);
      const { line: priced, totals, totalsCents } = await this.lineResult(trx, k, line.doc_id, lineId);
      return { ...applied!, line: priced, totals, totalsCents };
    });
  }

  /**
   * Star off: removes the applied modifier and, with it, its MOD sub-part. Answers the line as
   * priced now (its modifier cost drops) and the document's new totals.
   */
  async deleteModifier(kind: DocumentKind, appliedId: number) {
    const k = KINDS[kind];
    return this.db.transaction().execute(async (trx) => {
      const row = await repo.findAppliedModifierRow(trx, k, appliedId);
      if (!row) throw notFound(`Applied modifier ${appliedId} does not exist.`);
      await repo.deleteAppliedModifier(trx, k, appliedId);
      // The line is there: the modifier's foreign key goes with it.
      const line = (await repo.findLine(trx, k, row[k.partFk]))!;
      await this.touch(trx, k, line.doc_id);
      return { id: appliedId, ...(await this.lineResult(trx, k, line.doc_id, line.id)) };
    });
  }
}
