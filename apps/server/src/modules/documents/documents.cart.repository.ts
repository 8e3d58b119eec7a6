/**
 * A document's cart in SQL (orders and quotes alike): its lines with their products, sub-parts and
 * applied modifiers, as the pricer (documents.pricing.ts) and the cart API read them, and the
 * writes of a cart change and of a copy (Duplicate, Export to Order, Revise).
 */
import { sql } from 'kysely';
import { fromCents, type AppliedModifier, type LineInput, type ModifierCategory, type SubPartRow } from '@desk/domain';
import { insertedId, type Db } from '../../lib/sql.js';
import { associatedPartRows } from '../catalog/products.repository.js';
import {
  docDb,
  type DocModValues,
  type DocPartUpdate,
  type DocPartValues,
  type DocSubValues,
  type KindTables,
} from './kinds.js';

/** A kind's lines (l) with their products (p) and the products' types (t). */
const linesWithProducts = (db: Db, k: KindTables) =>
  docDb(db)
    .selectFrom(`${k.parts} as l`)
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('product_types as t', 't.id', 'p.product_type_id');

/** Every line of a document with its product and the cost of its applied modifiers, in position order. */
export async function loadLines(db: Db, k: KindTables, docId: number) {
  return (await loadLinesOf(db, k, [docId])).get(docId) ?? [];
}

/**
 * The lines of several documents at once (two queries whatever their number), each document's in
 * position order; a document without lines is absent from the map.
 */
export async function loadLinesOf(db: Db, k: KindTables, docIds: readonly number[]) {
  const none = docIds.length === 0;
  const rows = none
    ? []
    : await linesWithProducts(db, k)
        .select([
          `l.${k.docFk} as doc_id`,
          'l.id as line_id',
          'l.quantity as line_quantity',
          'l.price_override',
          'l.position',
          'l.line_price_cents as stored_line_price_cents',
          'p.id',
          'p.item_no',
          'p.item_description',
          'p.wholesale_price',
          'p.multiplier_category',
          'p.product_type_id',
          'p.modifier_cost_increase',
          'p.windows_data',
          'p.window_description',
          'p.inserts_data',
          'p.insert_description',
          'p.version',
          'p.created_at',
          'p.updated_at',
          't.type as type_name',
        ])
        .where(`l.${k.docFk}`, 'in', docIds)
        .orderBy(`l.${k.docFk}`)
        .orderBy('l.position')
        .orderBy('l.id')
        .execute();
  const costs = none
    ? []
    : await docDb(db)
        .selectFrom(`${k.mods} as a`)
        .innerJoin(`${k.parts} as l`, 'l.id', `a.${k.partFk}`)
        .innerJoin('package_modifiers as m', 'm.id', 'a.package_modifier_id')
        .leftJoin('products as mp', 'mp.id', 'm.product_id')
        .select([`a.${k.partFk} as line_id`, 'm.quantity', 'mp.modifier_cost_increase'])
        .where(`l.${k.docFk}`, 'in', docIds)
        .execute();
  const byLine = new Map<number, { modifierCostIncreaseCents: number; quantity: number }[]>();
  for (const c of costs) {
    const list = byLine.get(c.line_id) ?? [];
    list.push({ modifierCostIncreaseCents: c.modifier_cost_increase ?? 0, quantity: c.quantity });
    byLine.set(c.line_id, list);
  }
  const byDoc = new Map<number, { row: (typeof rows)[number]; input: LineInput }[]>();
  for (const r of rows) {
    const line = {
      row: r,
      input: {
        quantity: r.line_quantity,
        priceOverrideCents: r.price_override,
        wholesalePriceCents: r.wholesale_price,
        multiplierCategory: r.multiplier_category,
        productTypeName: r.type_name,
        modifiers: byLine.get(r.line_id) ?? [],
      } satisfies LineInput,
    };
    const list = byDoc.get(r.doc_id);
    if (list) list.push(line);
    else byDoc.set(r.doc_id, [line]);
  }
  return byDoc;
}

/** A loaded line: its row (line, product, stored price) and what the pricer reads from it. */
export type LoadedLine = Awaited<ReturnType<typeof loadLines>>[number];

export async function findLine(db: Db, k: KindTables, lineId: number) {
  return linesWithProducts(db, k)
    .select(['l.id', `l.${k.docFk} as doc_id`, 'l.product_id', 'l.quantity', 'p.item_no', 't.type as type_name'])
    .where('l.id', '=', lineId)
    .executeTakeFirst();
}

export async function subParts(db: Db, k: KindTables, lineId: number): Promise<SubPartRow[]> {
  return (await subPartRows(db, k, [lineId])).get(lineId) ?? [];
}

/** The sub-parts of every line of a document, in one query (bay sheets and documents). */
export async function subPartsForDocument(db: Db, k: KindTables, docId: number): Promise<Map<number, SubPartRow[]>> {
  const lines = await docDb(db).selectFrom(k.parts).select('id').where(k.docFk, '=', docId).execute();
  return subPartRows(
    db,
    k,
    lines.map((l) => l.id),
  );
}

async function subPartRows(db: Db, k: KindTables, lineIds: number[]): Promise<Map<number, SubPartRow[]>> {
  const out = new Map<number, SubPartRow[]>();
  if (lineIds.length === 0) return out;
  const rows = await docDb(db)
    .selectFrom(`${k.subs} as s`)
    .innerJoin('products as p', 'p.id', 's.product_id')
    .leftJoin('product_types as t', 't.id', 'p.product_type_id')
    .select([
      's.id',
      's.source',
      's.quantity',
      's.notes',
      's.inches',
      's.category',
      's.applied_modifier_id',
      `s.${k.partFk} as line_id`,
      'p.id as product_id',
      'p.item_no',
      'p.item_description',
      't.type as type_name',
    ])
    .where(`s.${k.partFk}`, 'in', lineIds)
    .orderBy('s.source')
    .orderBy('s.position')
    .orderBy('s.id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.line_id) ?? [];
    list.push(toSubPart(r));
    out.set(r.line_id, list);
  }
  return out;
}

function toSubPart(r: {
  id: number;
  source: string;
  product_id: number;
  item_no: string;
  item_description: string | null;
  type_name: string | null;
  quantity: number;
  notes: string | null;
  inches: string | null;
  category: string | null;
  applied_modifier_id: number | null;
}): SubPartRow {
  return {
    rowId: r.id,
    source: r.source as SubPartRow['source'],
    product: { id: r.product_id, itemNo: r.item_no, itemDescription: r.item_description, productType: r.type_name },
    quantity: r.quantity,
    notes: r.notes,
    inches: r.inches,
    category: r.category as ModifierCategory | null,
    appliedModifierId: r.applied_modifier_id,
  };
}

export async function appliedModifiers(
  db: Db,
  k: KindTables,
  lineId: number,
  onlyId?: number,
): Promise<AppliedModifier[]> {
  let q = docDb(db)
    .selectFrom(`${k.mods} as a`)
    .innerJoin('package_modifiers as m', 'm.id', 'a.package_modifier_id')
    .leftJoin('products as p', 'p.id', 'm.product_id')
    .select([
      'a.id',
      'a.package_modifier_id',
      'a.notes',
      'a.inches',
      'm.name',
      'm.category',
      'm.notes as modifier_notes',
      'm.quantity',
      'p.id as product_id',
      'p.item_no',
      'p.item_description',
      'p.modifier_cost_increase',
    ])
    .where(`a.${k.partFk}`, '=', lineId);
  if (onlyId !== undefined) q = q.where('a.id', '=', onlyId);
  const rows = await q.orderBy('a.id').execute();
  return rows.map((r) => ({
    id: r.id,
    modifierId: r.package_modifier_id,
    assocPackageModifier: {
      id: r.package_modifier_id,
      name: r.name,
      category: r.category as ModifierCategory,
      notes: r.modifier_notes,
      quantity: r.quantity,
    },
    assocProduct:
      // A left join: the product's columns are all null together (item_no is required).
      r.product_id === null || r.item_no === null
        ? null
        : {
            id: r.product_id,
            itemNo: r.item_no,
            itemDescription: r.item_description,
            modifierCostIncrease: fromCents(r.modifier_cost_increase ?? 0),
          },
    notes: r.notes,
    inches: r.inches,
  }));
}

/** The highest sub-part position of a line (0 when it has none). */
export async function lastSubPartPosition(db: Db, k: KindTables, lineId: number): Promise<number> {
  const last = await docDb(db)
    .selectFrom(k.subs)
    .select((eb) => eb.fn.max('position').as('p'))
    .where(k.partFk, '=', lineId)
    .executeTakeFirst();
  return Number(last?.p ?? 0);
}

export async function deleteLine(db: Db, k: KindTables, lineId: number) {
  await docDb(db).deleteFrom(k.parts).where('id', '=', lineId).execute();
}

export function findSubPartRow(db: Db, k: KindTables, rowId: number) {
  return docDb(db).selectFrom(k.subs).selectAll().where('id', '=', rowId).executeTakeFirst();
}

export async function deleteSubPart(db: Db, k: KindTables, rowId: number) {
  await docDb(db).deleteFrom(k.subs).where('id', '=', rowId).execute();
}

export function findAppliedModifierRow(db: Db, k: KindTables, appliedId: number) {
  return docDb(db).selectFrom(k.mods).selectAll().where('id', '=', appliedId).executeTakeFirst();
}

export async function deleteAppliedModifier(db: Db, k: KindTables, appliedId: number) {
  await docDb(db).deleteFrom(k.mods).where('id', '=', appliedId).execute();
}

/** Copies the lines, overrides, sub-parts and applied modifiers of one document to another. */
export async function copyContent(db: Db, from: KindTables, fromId: number, to: KindTables, toId: number, now: string) {
  const t = docDb(db);
  const lines = await t
    .selectFrom(from.parts)
    .selectAll()
    .where(from.docFk, '=', fromId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const line of lines) {
    const newLine = await insertLine(db, to, toId, {
      product_id: line.product_id,
      quantity: line.quantity,
      price_override: line.price_override,
      position: line.position,
      created_at: now,
    });
    const applied = await t.selectFrom(from.mods).selectAll().where(from.partFk, '=', line.id).orderBy('id').execute();
    const appliedMap = new Map<number, number>();
    for (const a of applied) {
      appliedMap.set(
        a.id,
        await insertAppliedModifier(db, to, newLine, {
          package_modifier_id: a.package_modifier_id,
          notes: a.notes,
          inches: a.inches,
          created_at: now,
        }),
      );
    }
    const subs = await t.selectFrom(from.subs).selectAll().where(from.partFk, '=', line.id).orderBy('id').execute();
    await insertSubParts(
      db,
      to,
      newLine,
      subs.map((s) => ({
        source: s.source,
        product_id: s.product_id,
        quantity: s.quantity,
        notes: s.notes,
        inches: s.inches,
        category: s.category,
        applied_modifier_id: s.applied_modifier_id === null ? null : appliedMap.get(s.applied_modifier_id),
        position: s.position,
      })),
    );
  }
}

/** A product with its type's name, as the catalogue reads it. */
export { productWithType as findProductWithType } from '../catalog/products.repository.js';

export function insertLine(db: Db, k: KindTables, docId: number, values: DocPartValues) {
  const row = { [k.docFk]: docId, ...values };
  return insertedId(docDb(db).insertInto(k.parts).values(row).returning('id'));
}

/** A line after the document's last one (its position computed in the same statement). */
export function appendLine(db: Db, k: KindTables, docId: number, values: Omit<DocPartValues, 'position'>) {
  const d = docDb(db);
  const position = d
    .selectFrom(k.parts)
    .select(sql<number>`coalesce(max(position), 0) + 1`.as('p'))
    .where(k.docFk, '=', docId);
  return insertedId(
    d
      .insertInto(k.parts)
      .values({ [k.docFk]: docId, ...values, position })
      .returning('id'),
  );
}

/** A package line's snapshot of its associated parts, as the package lists them now. */
export async function insertPackageSnapshot(db: Db, k: KindTables, lineId: number, packageId: number) {
  const parts = await associatedPartRows(db, packageId);
  await insertSubParts(
    db,
    k,
    lineId,
    parts.map((p, i) => ({ source: 'ASSOC_PART', product_id: p.child_id, quantity: p.quantity, position: i + 1 })),
  );
}

export async function updateLine(db: Db, k: KindTables, lineId: number, values: DocPartUpdate) {
  await docDb(db).updateTable(k.parts).set(values).where('id', '=', lineId).execute();
}

export function insertSubPart(db: Db, k: KindTables, lineId: number, values: DocSubValues) {
  const row = { [k.partFk]: lineId, ...values };
  return insertedId(docDb(db).insertInto(k.subs).values(row).returning('id'));
}

async function insertSubParts(db: Db, k: KindTables, lineId: number, rows: DocSubValues[]) {
  if (rows.length === 0) return;
  await docDb(db)
    .insertInto(k.subs)
    .values(rows.map((r) => ({ [k.partFk]: lineId, ...r })))
    .execute();
}

/** A sub-part's or an applied modifier's notes (and a Lift's inches). */
type NotesValues = { notes: string | null; inches?: string | null };

export async function updateSubPart(db: Db, k: KindTables, rowId: number, values: NotesValues) {
  await docDb(db).updateTable(k.subs).set(values).where('id', '=', rowId).execute();
}

/** The MOD sub-parts an applied modifier put on its line. */
export async function updateModifierSubParts(db: Db, k: KindTables, appliedId: number, values: NotesValues) {
  await docDb(db).updateTable(k.subs).set(values).where('applied_modifier_id', '=', appliedId).execute();
}

export function findPackageModifier(db: Db, id: number) {
  return db.selectFrom('package_modifiers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The id of a modifier applied to a line, if it is. */
export async function findAppliedModifierId(db: Db, k: KindTables, lineId: number, modifierId: number) {
  const row = await docDb(db)
    .selectFrom(k.mods)
    .select('id')
    .where(k.partFk, '=', lineId)
    .where('package_modifier_id', '=', modifierId)
    .executeTakeFirst();
  return row?.id ?? null;
}

export function insertAppliedModifier(db: Db, k: KindTables, lineId: number, values: DocModValues) {
  const row = { [k.partFk]: lineId, ...values };
  return insertedId(docDb(db).insertInto(k.mods).values(row).returning('id'));
}

export async function updateAppliedModifier(db: Db, k: KindTables, appliedId: number, values: NotesValues) {
  await docDb(db).updateTable(k.mods).set(values).where('id', '=', appliedId).execute();
}

/** A line as the history names it: its number in the cart now and its item ("line 2 (PKG-1607)"). */
export async function lineForHistory(db: Db, k: KindTables, lineId: number) {
  const row = await docDb(db)
    .selectFrom(`${k.parts} as l`)
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select([
      'l.id',
      `l.${k.docFk} as doc_id`,
      'l.quantity',
      'l.price_override',
      'p.item_no',
      sql<
        number | string
      >`(select count(*) from ${sql.table(k.parts)} o where o.${sql.ref(k.docFk)} = l.${sql.ref(k.docFk)} and o.position <= l.position)`.as(
        'number',
      ),
    ])
    .where('l.id', '=', lineId)
    .executeTakeFirst();
  return row && { ...row, label: `line ${Number(row.number)} (${row.item_no})` };
}
