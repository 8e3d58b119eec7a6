/**
 * Products from a file (docs/architecture.md sections 2 and 15): matched by item number, the
 * product type by its name, the category in any case, money as a spreadsheet writes it, and a
 * package's associated parts as "HNG-02 x 10; TRK-7 x 2" (item number, then x, *, : or = and the
 * quantity per door; a bare item number is one). The rules are the screens': the product schema,
 * a package's parts are parts (never packages), once each, and a product keeps its place (a
 * package with parts stays a package, a package's part stays a part).
 */
import {
  fromCents,
  isPackageType,
  MULTIPLIER_CATEGORY_ERROR,
  multiplierCategoryNamed,
  productInputSchema,
  quantitySchema,
  type ImportProblem,
  type ProductInput,
} from '@desk/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { conflict } from '../../lib/errors.js';
import { numberKey } from '../../lib/rows.js';
import {
  associatedPartRows,
  deleteAssociatedPart,
  insertAssociatedParts,
  insertProducts,
  productIdsByNumberKey,
  productValues,
  setAssociatedPartQuantity,
  type ProductValues,
} from '../catalog/products.repository.js';
import { repriceForProducts } from '../documents/documents.totals.js';
import { pricingLock } from '../documents/documents.totals.repository.js';
import { describeChanges } from '../history/record-changes.js';
import { addLevelRows } from '../stock/stock.ledger.js';
import { breathe, issueProblems, parseAmount, parsedCells, shown, type RowReader } from './import.cells.js';
import type { Sheet, SheetRow } from './import.file.js';
import { asImport, normalisedNumbers, recordImport, rowsWhereIn, updateRow } from './import.plan.js';
import type { Batches, KindImporter, Plan, PlannedRow, WriteContext } from './import.plan.js';

const MONEY = ['wholesalePrice', 'modifierCostIncrease'] as const;
/** The fields the pricer reads. */
const PRICED = new Set(['wholesalePrice', 'multiplierCategory', 'productType', 'modifierCostIncrease']);
/** The same fields as the products table names them. */
const PRICED_COLUMNS = ['wholesale_price', 'multiplier_category', 'product_type_id', 'modifier_cost_increase'] as const;
const TEXTS = ['itemDescription', 'windowsData', 'windowDescription', 'insertsData', 'insertDescription'] as const;

interface Existing {
  id: number;
  item_no: string;
  item_description: string | null;
  wholesale_price: number;
  multiplier_category: string | null;
  product_type_id: number | null;
  type_name: string | null;
  modifier_cost_increase: number;
  windows_data: string | null;
  window_description: string | null;
  inserts_data: string | null;
  insert_description: string | null;
}

/** A product as its history shows it (the type by name, money in dollars). */
const view = (p: ProductInput, typeName: string | null) => ({
  itemNo: p.itemNo,
  itemDescription: p.itemDescription,
  wholesalePrice: p.wholesalePrice,
  multiplierCategory: p.multiplierCategory,
  productType: typeName,
  modifierCostIncrease: p.modifierCostIncrease,
  windowsData: p.windowsData,
  windowDescription: p.windowDescription,
  insertsData: p.insertsData,
  insertDescription: p.insertDescription,
});

const inputOf = (e: Existing): ProductInput => ({
  itemNo: e.item_no,
  itemDescription: e.item_description,
  wholesalePrice: fromCents(e.wholesale_price),
  multiplierCategory: e.multiplier_category as ProductInput['multiplierCategory'],
  productType: e.product_type_id,
  modifierCostIncrease: fromCents(e.modifier_cost_increase),
  windowsData: e.windows_data,
  windowDescription: e.window_description,
  insertsData: e.inserts_data,
  insertDescription: e.insert_description,
  version: undefined,
});

/** key: the item number as the database compares it (set once planned). */
type Part = { itemNo: string; quantity: number; key?: string };
const partsText = (parts: readonly Part[]) => parts.map((p) => `${p.itemNo} x ${p.quantity}`).join('; ') || null;

/** "HNG-02 x 10; TRK-7 x 2" -> the parts, or the problems in the words of the cell. */
function parseParts(text: string): { parts: Part[]; problems: string[] } {
  const parts: Part[] = [];
  const problems: string[] = [];
  for (const entry of text
    .split(/[;\n|]/)
    .map((e) => e.trim())
    .filter(Boolean)) {
    const m = /^(.+?)\s*(?:\s[x×]\s*|[*:=]\s*)(\S+)$/i.exec(entry);
    const itemNo = (m ? m[1]! : entry).trim();
    const qty = quantitySchema.safeParse(m ? m[2]! : 1);
    if (!qty.success) {
      problems.push(`Associated part ${shown(itemNo)} quantity ${shown(m![2]!)} ${qty.error.issues[0]!.message}`);
      continue;
    }
    if (parts.some((p) => p.itemNo === itemNo)) {
      problems.push(`Associated part ${shown(itemNo)} is listed twice`);
      continue;
    }
    parts.push({ itemNo, quantity: qty.data as number });
  }
  return { parts, problems };
}

interface ProductRowPlan extends PlannedRow {
  values: ProductValues;
  isPackage: boolean;
  /** The package's parts as the file lists them (undefined: the cell is empty, parts kept). */
  parts?: Part[];
  partsBefore: Part[];
}

export const productsImporter: KindImporter = {
  async plan(db, sheet: Sheet, reader: RowReader): Promise<Plan> {
    const types = await db.selectFrom('product_types').select(['id', 'type']).execute();
    const typeByName = new Map(types.map((t) => [t.type.trim().toLowerCase(), t]));
    const typeName = new Map(types.map((t) => [t.id, t.type]));

    // Every item number the file names, as a row or as a package's part, and what the database has of them.
    const named = new Set<string>();
    const partCells = new Map<number, ReturnType<typeof parseParts>>();
    for (const [n, r] of sheet.rows.entries()) {
      if (n % 5000 === 4999) await breathe();
      const key = reader.get(r, 'itemNo');
      if (key) named.add(key);
      const cell = reader.get(r, 'associatedParts');
      if (cell) {
        const parsed = parseParts(cell);
        partCells.set(r.row, parsed);
        for (const p of parsed.parts) named.add(p.itemNo);
      }
    }
    // Item numbers are compared case-blind and trimmed, as the database's unique index compares them.
    const normalised = await normalisedNumbers(db, [...named]);
    const keyOf = (itemNo: string) => normalised.get(itemNo) ?? itemNo;
    const existingRows = await rowsWhereIn([...new Set(normalised.values())], (slice) =>
      db
        .selectFrom('products')
        .leftJoin('product_types', 'product_types.id', 'products.product_type_id')
        .select([
          'products.id',
          'item_no',
          'item_description',
          'wholesale_price',
          'multiplier_category',
          'product_type_id',
          'product_types.type as type_name',
          'modifier_cost_increase',
          'windows_data',
          'window_description',
          'inserts_data',
          'insert_description',
          numberKey('item_no').as('number_key'),
        ])
        .where(numberKey('item_no'), 'in', slice)
        .orderBy('products.id')
        .execute(),
    );
    const existing = new Map<string, Existing>();
    /** Numbers two records hold (clashes from before migration 2026112900): a row cannot tell them apart. */
    const ambiguous = new Map<string, number>();
    for (const { number_key, ...e } of existingRows) {
      if (existing.has(number_key)) ambiguous.set(number_key, (ambiguous.get(number_key) ?? 1) + 1);
      else existing.set(number_key, e);
    }
    const ids = existingRows.map((e) => e.id);
    // Which of them are a package's part, and which packages have parts or modifiers.
    const isChild = new Set(
      (
        await rowsWhereIn(ids, (s) =>
          db.selectFrom('associated_parts').select('child_id').where('child_id', 'in', s).execute(),
        )
      ).map((r) => r.child_id),
    );
    const composed = new Set([
      ...(
        await rowsWhereIn(ids, (s) =>
          db.selectFrom('associated_parts').select('package_id').where('package_id', 'in', s).execute(),
        )
      ).map((r) => r.package_id),
      ...(
        await rowsWhereIn(ids, (s) =>
          db.selectFrom('package_modifiers').select('package_id').where('package_id', 'in', s).execute(),
        )
      ).map((r) => r.package_id),
    ]);

    const problems: ImportProblem[] = [];
    const bad = new Set<number>();
    const planned = new Map<string, ProductRowPlan>();
    const firstRow = new Map<string, number>();
    const fail = (r: SheetRow, p: ImportProblem[]) => {
      if (!p.length) return;
      problems.push(...p);
      bad.add(r.row);
    };

    for (const [n, r] of sheet.rows.entries()) {
      if (n % 500 === 499) await breathe();
      const given = reader.get(r, 'itemNo');
      const key = given ? keyOf(given) : given;
      const found: ImportProblem[] = [];
      if (key) {
        const first = firstRow.get(key);
        if (first !== undefined) {
          fail(r, [reader.problem(r, 'itemNo', `Item No ${given} appears twice (rows ${r.row} and ${first})`)]);
          continue;
        }
        firstRow.set(key, r.row);
        const many = ambiguous.get(key);
        if (many) {
          fail(r, [
            reader.problem(
              r,
              'itemNo',
              `Item No ${given} matches ${many} products; give them different item numbers first`,
            ),
          ]);
          continue;
        }
      }
      const was = key ? existing.get(key) : undefined;
      const patch: Partial<ProductInput> = {};
      for (const f of TEXTS) if (reader.get(r, f)) patch[f] = reader.get(r, f);
      const money = parsedCells(reader, r, MONEY, (raw) => parseAmount(raw, true), 'is not an amount of money');
      found.push(...money.problems);
      for (const [f, v] of money.values) patch[f] = v;
      const typeText = reader.get(r, 'productType');
      if (typeText) {
        const t = typeByName.get(typeText.toLowerCase());
        if (!t) found.push(reader.problem(r, 'productType', `Product type ${shown(typeText)} does not exist`));
        else patch.productType = t.id;
      }
      const category = reader.get(r, 'multiplierCategory');
      if (category) {
        const c = multiplierCategoryNamed(category);
        if (c) patch.multiplierCategory = c;
        else found.push(reader.fieldProblem(r, 'multiplierCategory', MULTIPLIER_CATEGORY_ERROR));
      }
      // A matched product keeps its item number as stored: 'seal-t-16 ' matches SEAL-T-16 and leaves it so.
      const input = { ...(was ? inputOf(was) : {}), ...patch, itemNo: was ? was.item_no : given };
      const parsed = productInputSchema.safeParse(input);
      if (!parsed.success) {
        found.push(
          ...issueProblems(reader, r, parsed.error, (path) => String(path[0] ?? 'itemNo')).filter(
            (p) => !found.some((f) => f.column === p.column),
          ),
        );
      }
      const cell = partCells.get(r.row);
      for (const m of cell?.problems ?? []) found.push(reader.problem(r, 'associatedParts', m));
      if (found.length || !parsed.success) {
        fail(r, found);
        continue;
      }
      const after = parsed.data;
      const afterType = after.productType === null ? null : (typeName.get(after.productType) ?? null);
      const isPackage = isPackageType(afterType);
      if (cell && !isPackage) {
        found.push(
          reader.problem(
            r,
            'associatedParts',
            `Associated parts are only for packages, and ${afterType ? `product type ${shown(afterType)}` : 'a product without a type'} is not a package`,
          ),
        );
      }
      if (was && isPackageType(was.type_name) && !isPackage && composed.has(was.id)) {
        found.push(
          reader.problem(
            r,
            'productType',
            `Product ${given} is a package with associated parts or modifiers; remove them before giving it a type that is not a package`,
          ),
        );
      }
      if (was && !isPackageType(was.type_name) && isPackage && isChild.has(was.id)) {
        found.push(
          reader.problem(
            r,
            'productType',
            `Product ${given} is an associated part of a package, and a package cannot be part of another package`,
          ),
        );
      }
      if (found.length) {
        fail(r, found);
        continue;
      }
      const values = productValues(after);
      const changes = was
        ? asImport(describeChanges(view(inputOf(was), was.type_name), view(after, afterType), MONEY))
        : [];
      planned.set(key, {
        row: r.row,
        key,
        id: was?.id ?? null,
        values,
        created: was ? null : after.itemNo,
        changes,
        ...(was ? { record: was.item_no } : {}),
        isPackage,
        ...(cell ? { parts: cell.parts } : {}),
        partsBefore: [],
      });
    }

    // A package's parts: each a product of the file (a valid row) or of the database, and a part.
    const withParts = [...planned.values()].filter((p) => p.parts);
    const before = await rowsWhereIn(
      withParts.flatMap((p) => (p.id === null ? [] : [p.id])),
      (s) =>
        db
          .selectFrom('associated_parts')
          .innerJoin('products', 'products.id', 'associated_parts.child_id')
          .select(['package_id', 'products.item_no', 'quantity'])
          .where('package_id', 'in', s)
          .orderBy('associated_parts.id')
          .execute(),
    );
    const partsOf = new Map<number, Part[]>();
    for (const b of before) {
      const list = partsOf.get(b.package_id) ?? [];
      list.push({ itemNo: b.item_no, quantity: b.quantity });
      partsOf.set(b.package_id, list);
    }
    for (const p of withParts) {
      const found: ImportProblem[] = [];
      const r = { row: p.row, cells: [] };
      for (const part of p.parts!) {
        const inFile = planned.get(keyOf(part.itemNo));
        const row = firstRow.get(keyOf(part.itemNo));
        const inDb = existing.get(keyOf(part.itemNo));
        if (inFile) {
          if (inFile.isPackage)
            found.push(
              reader.problem(
                r,
                'associatedParts',
                `Associated part ${part.itemNo} is a package (row ${inFile.row}), and a package cannot be part of another package`,
              ),
            );
        } else if (row !== undefined && bad.has(row)) {
          found.push(
            reader.problem(
              r,
              'associatedParts',
              `Associated part ${part.itemNo} is on row ${row}, which has a problem`,
            ),
          );
        } else if (inDb) {
          if (isPackageType(inDb.type_name))
            found.push(
              reader.problem(
                r,
                'associatedParts',
                `Associated part ${part.itemNo} is a package, and a package cannot be part of another package`,
              ),
            );
        } else {
          found.push(reader.problem(r, 'associatedParts', `Associated part ${shown(part.itemNo)} does not exist`));
        }
      }
      if (found.length) {
        problems.push(...found);
        bad.add(p.row);
        planned.delete(p.key);
        continue;
      }
      // Each part by its item number as the catalogue (or the file's row) writes it, and its key.
      p.parts = p.parts!.map((x) => {
        const k = keyOf(x.itemNo);
        const itemNo = planned.get(k)?.values.item_no ?? existing.get(k)?.item_no ?? x.itemNo;
        return { itemNo: String(itemNo), quantity: x.quantity, key: k };
      });
      p.partsBefore = p.id === null ? [] : (partsOf.get(p.id) ?? []);
      const from = partsText(p.partsBefore);
      const to = partsText(p.parts!);
      if (from !== to) p.changes.push({ action: 'import', field: 'associatedParts', from, to });
    }
    const writes = [...planned.values()].sort((a, b) => a.row - b.row);
    return { rows: sheet.rows.length, problems, bad, writes, sample: reader.sampleOf(sheet.rows) };
  },

  batches(_db: Kysely<DB>, plan: Plan, { actor, now, taxRate }: WriteContext): Batches {
    const rows = plan.writes as ProductRowPlan[];
    const ids = new Map<string, number>();
    for (const r of rows) if (r.id !== null) ids.set(r.key, r.id);
    const packages = rows.filter(
      (r) => r.parts && (r.id === null || r.changes.some((c) => c.field === 'associatedParts')),
    );
    return {
      size: rows.length,
      async write(trx: Transaction<DB>, from: number, to: number) {
        // Prices may move: no cart write prices beside this batch (documents.totals.ts).
        await pricingLock(trx, 'exclusive');
        const slice = rows.slice(from, to);
        const creates = slice.filter((r) => r.id === null);
        const updates = slice.filter((r) => r.id !== null && r.changes.length);
        if (creates.length) {
          await insertProducts(
            trx,
            creates.map((r) => r.values),
            now,
          );
          const made = await productIdsByNumberKey(
            trx,
            creates.map((r) => r.key),
          );
          for (const m of made) ids.set(m.number_key, m.id);
          await addLevelRows(
            trx,
            made.map((m) => m.id),
            now,
          );
        }
        // The price fields as they are now, not as planned: a price changed by someone since the
        // plan (the bulk change) is written back by this row, and its documents must follow.
        const before = updates.length
          ? await trx
              .selectFrom('products')
              .select(['id', ...PRICED_COLUMNS])
              .where(
                'id',
                'in',
                updates.map((r) => r.id!),
              )
              .execute()
          : [];
        const current = new Map(before.map((b) => [b.id, b]));
        for (const r of updates) await updateRow(trx, 'products', r.id!, r.values, now);
        // Open documents priced with these products get their stored totals again, in this transaction.
        const moves = (r: ProductRowPlan) => {
          const b = current.get(r.id!) as Record<string, unknown> | undefined;
          return !b || PRICED_COLUMNS.some((c) => c in r.values && r.values[c] !== b[c]);
        };
        const repriced = updates
          .filter((r) => r.changes.some((c) => PRICED.has(c.field ?? '')) || moves(r))
          .map((r) => r.id!);
        if (repriced.length) await repriceForProducts(trx, repriced, taxRate);
        await recordImport(trx, actor, now, 'product', [
          ...creates.map((r) => ({
            id: ids.get(r.key)!,
            changes: [
              { action: 'import' as const, to: r.created },
              ...r.changes.filter((c) => c.field !== 'associatedParts'),
            ],
          })),
          ...updates.map((r) => ({ id: r.id!, changes: r.changes.filter((c) => c.field !== 'associatedParts') })),
        ]);
        return { created: creates.length, updated: updates.length };
      },
      after: {
        size: packages.length,
        // Once every product of the file has its id: each package's parts become the file's list.
        async write(trx: Transaction<DB>, from: number, to: number) {
          const records: Array<{ id: number; changes: PlannedRow['changes'] }> = [];
          // Parts that are in the catalogue but not in the file: their ids, read now.
          const slice = packages.slice(from, to);
          const elsewhere = [...new Set(slice.flatMap((p) => p.parts!.map((x) => x.key ?? x.itemNo)))].filter(
            (n) => !ids.has(n),
          );
          if (elsewhere.length) {
            const found = await productIdsByNumberKey(trx, elsewhere);
            for (const f of found) ids.set(f.number_key, f.id);
            const gone = elsewhere.filter((n) => !ids.has(n));
            if (gone.length)
              throw conflict(
                `Associated part ${gone.slice(0, 3).join(', ')} was deleted from the catalogue during the import; the rows before it are written. Import the file again to finish.`,
              );
          }
          for (const p of slice) {
            const packageId = ids.get(p.key)!;
            const wanted = new Map(p.parts!.map((x) => [ids.get(x.key ?? x.itemNo)!, x.quantity]));
            for (const h of await associatedPartRows(trx, packageId)) {
              const q = wanted.get(h.child_id);
              if (q === undefined) await deleteAssociatedPart(trx, h.id);
              else if (q !== h.quantity) await setAssociatedPartQuantity(trx, h.id, q);
              wanted.delete(h.child_id);
            }
            await insertAssociatedParts(
              trx,
              packageId,
              [...wanted].map(([child_id, quantity]) => ({ child_id, quantity })),
            );
            records.push({ id: packageId, changes: p.changes.filter((c) => c.field === 'associatedParts') });
          }
          await recordImport(trx, actor, now, 'product', records);
        },
      },
    };
  },
};
