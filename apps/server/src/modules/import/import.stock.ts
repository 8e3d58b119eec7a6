/**
 * The stock import (docs/stock.md; docs/decisions/019-import.md): opening stock and reorder points
 * by item number. A row names a product of the catalogue (never a package); its On hand becomes an
 * adjustment move ('initial', noted "import") of the difference from what the shelf holds now, in
 * the job's transaction; its reorder point and quantity are set. A row that changes nothing is
 * not written.
 */
import { isPackageType, type ImportProblem } from '@desk/domain';
import { numberKey } from '../../lib/rows.js';
import { postMoves, reorderSettingsOf, setReorderSettings } from '../stock/stock.ledger.js';
import { breathe, parsedCells } from './import.cells.js';
import { byRow, normalisedNumbers, rowsWhereIn, type KindImporter, type PlannedRow } from './import.plan.js';

const UNITS = ['onHand', 'reorderPoint', 'reorderQuantity'] as const;
type Unit = (typeof UNITS)[number];
const COLUMN: Record<Unit, 'on_hand' | 'reorder_point' | 'reorder_quantity'> = {
  onHand: 'on_hand',
  reorderPoint: 'reorder_point',
  reorderQuantity: 'reorder_quantity',
};

/** A whole number of units from 0 ('12', '12.0'); null for anything else. */
function units(text: string): number | null {
  const v = Number(text.replace(/,/g, ''));
  return Number.isInteger(v) && v >= 0 && v <= 1_000_000 ? v : null;
}

export const stockImporter: KindImporter = {
  async plan(db, sheet, reader) {
    const named = [...new Set(sheet.rows.map((r) => reader.get(r, 'itemNo')).filter(Boolean))];
    const normalised = await normalisedNumbers(db, named);
    const found = await rowsWhereIn([...new Set(normalised.values())], (slice) =>
      db
        .selectFrom('products as p')
        .leftJoin('product_types as t', 't.id', 'p.product_type_id')
        .select(['p.id', 'p.item_no', 't.type', numberKey('p.item_no').as('number_key')])
        .where(numberKey('p.item_no'), 'in', slice)
        .orderBy('p.id')
        .execute(),
    );
    const byKey = new Map<string, (typeof found)[number]>();
    const twice = new Set<string>();
    for (const p of found) {
      if (byKey.has(p.number_key)) twice.add(p.number_key);
      else byKey.set(p.number_key, p);
    }
    const now = await reorderSettingsOf(
      db,
      found.map((p) => p.id),
    );

    const problems: ImportProblem[] = [];
    const bad = new Set<number>();
    const writes: PlannedRow[] = [];
    const seen = new Map<number, number>();
    for (const [n, row] of sheet.rows.entries()) {
      if (n % 5000 === 4999) await breathe();
      const itemNo = reader.get(row, 'itemNo');
      const key = normalised.get(itemNo) ?? itemNo;
      const product = byKey.get(key);
      const rowProblems: ImportProblem[] = [];
      if (!itemNo) rowProblems.push(reader.fieldProblem(row, 'itemNo', 'is required'));
      else if (twice.has(key))
        rowProblems.push(
          reader.fieldProblem(row, 'itemNo', 'is held by more than one product: give each its own first'),
        );
      else if (!product) rowProblems.push(reader.fieldProblem(row, 'itemNo', 'is not in the catalogue'));
      else if (isPackageType(product.type))
        rowProblems.push(reader.fieldProblem(row, 'itemNo', 'is a package: a package holds no stock, its parts do'));
      else if (seen.has(product.id))
        rowProblems.push(reader.fieldProblem(row, 'itemNo', `is also on row ${seen.get(product.id)}`));
      const cells = parsedCells(reader, row, UNITS, units, 'is not a whole number from 0');
      rowProblems.push(...cells.problems);
      if (rowProblems.length || !product) {
        problems.push(...rowProblems);
        bad.add(row.row);
        continue;
      }
      seen.set(product.id, row.row);
      const current = now.get(product.id) ?? { on_hand: 0, reorder_point: 0, reorder_quantity: 0 };
      const values: Record<string, number> = {};
      const changes = [];
      for (const [field, value] of cells.values) {
        const before = current[COLUMN[field]];
        if (before === value) continue;
        values[field] = value;
        changes.push({ action: 'changed' as const, field, from: String(before), to: String(value) });
      }
      writes.push({ row: row.row, key, id: product.id, values, created: null, changes, record: product.item_no });
    }
    return { rows: sheet.rows.length, problems: byRow(problems), bad, writes, sample: reader.sampleOf(sheet.rows) };
  },

  batches(_db, plan, w) {
    const rows = plan.writes.filter((r) => r.changes.length > 0);
    return {
      size: rows.length,
      async write(trx, from, to) {
        const slice = rows.slice(from, to);
        const now = await reorderSettingsOf(
          trx,
          slice.map((r) => r.id!),
        );
        const moves = [];
        for (const r of slice) {
          const v = r.values as Partial<Record<Unit, number>>;
          const current = now.get(r.id!) ?? { on_hand: 0, reorder_point: 0, reorder_quantity: 0 };
          // What the shelf holds when the row is written: a move since the preview is kept.
          if (v.onHand !== undefined && v.onHand !== current.on_hand)
            moves.push({
              productId: r.id!,
              kind: 'adjustment' as const,
              quantity: v.onHand - current.on_hand,
              refKind: 'adjustment' as const,
              reason: 'initial',
              note: `import, row ${r.row}`,
            });
          if (v.reorderPoint !== undefined || v.reorderQuantity !== undefined)
            await setReorderSettings(
              trx,
              r.id!,
              v.reorderPoint ?? current.reorder_point,
              v.reorderQuantity ?? current.reorder_quantity,
              w.now,
            );
        }
        await postMoves(trx, moves, { actor: w.actor, now: w.now });
        return { created: 0, updated: slice.length };
      },
    };
  },
};
