/**
 * What an import would do, worked out in full before anything is written (docs/architecture.md
 * section 15; docs/decisions/019-import.md): every row checked, matched to the record it updates,
 * and turned into the columns to write and the history to record.
 */
import type { ImportProblem } from '@desk/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { writeVersioned } from '../../lib/sql.js';
import { insertChangeRowsOfMany, type Actor, type Change } from '../history/history.repository.js';
import type { Sheet } from './import.file.js';
import type { RowReader } from './import.cells.js';

export type Cell = string | number | null;

/** One row to write: a new record (id null) or a change to the record it matched. */
export interface PlannedRow {
  row: number;
  key: string;
  id: number | null;
  values: Record<string, Cell>;
  /** A create: how its history names it. An update: the changes (none: unchanged, not written). */
  created: string | null;
  changes: Change[];
  /** An update: the record it matched, as the preview names it ("C-1001 Acme Doors"). */
  record?: string;
}

export interface Plan {
  rows: number;
  problems: ImportProblem[];
  /** Rows with a problem. */
  bad: Set<number>;
  /** The valid rows, in file order. */
  writes: PlannedRow[];
  sample: Record<string, string>[];
}

export interface Batches {
  /** How many rows the job will write, for its progress. */
  size: number;
  /** Writes rows [from, to) of the planned writes in the transaction; answers created and updated. */
  write(trx: Transaction<DB>, from: number, to: number): Promise<{ created: number; updated: number }>;
  /** Work after the rows (a package's parts, once every product has its id), as more steps. */
  after?: { size: number; write(trx: Transaction<DB>, from: number, to: number): Promise<void> };
}

/** Who writes, when, and the tax rate documents are priced with (a product's price moves their stored totals). */
export interface WriteContext {
  actor: Actor;
  now: string;
  taxRate: number;
}

export interface KindImporter {
  plan(db: Kysely<DB>, sheet: Sheet, reader: RowReader, today: string): Promise<Plan>;
  batches(db: Kysely<DB>, plan: Plan, w: WriteContext): Batches;
}

/** Rows of `table` whose `column` is one of `values` (numbers or ids), asked in slices (a statement's parameters are limited). */
export async function rowsWhereIn<V, T>(
  values: readonly V[],
  query: (slice: V[]) => Promise<T[]>,
  slice = 500,
): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < values.length; i += slice) out.push(...(await query(values.slice(i, i + slice))));
  return out;
}

/**
 * Each number as the database compares numbers, lower(trim(number)) (migration 2026112900): the
 * database's lower() is the one its unique index uses, so a file's row matches exactly the record
 * the index would hold it against, on either engine.
 */
export async function normalisedNumbers(db: Kysely<DB>, numbers: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  await rowsWhereIn(numbers, async (slice) => {
    const asked = sql.join(
      slice.map((v) => sql`select cast(${v} as text) as v`),
      sql` union all `,
    );
    const { rows } = await sql<{ v: string; k: string }>`select v, lower(trim(v)) as k from (${asked}) as t`.execute(
      db,
    );
    for (const r of rows) out.set(r.v, r.k);
    return [];
  });
  return out;
}

/** The history rows of an import: every change recorded as action 'import', many per statement. */
export function recordImport(
  trx: Transaction<DB>,
  actor: Actor,
  at: string,
  subject: 'product' | 'customer' | 'vendor-order',
  records: ReadonlyArray<{ id: number; changes: readonly Change[] }>,
): Promise<void> {
  return insertChangeRowsOfMany(
    trx,
    actor,
    at,
    subject,
    records.map(({ id, changes }) => ({ id, changes: asImport(changes) })),
  );
}

/** An update of one record by the import: its columns, stamped, its version moved on (an open edit meets the 409). */
export async function updateRow(
  trx: Transaction<DB>,
  table: 'products' | 'customers' | 'vendor_orders',
  id: number,
  values: Record<string, Cell>,
  now: string,
): Promise<void> {
  await writeVersioned(trx, table, id, undefined, values, now);
}

/** The changes of an update as the import records them: each changed field, action 'import'. */
export const asImport = (changes: readonly Change[]): Change[] => changes.map((c) => ({ ...c, action: 'import' }));

/** Problems sorted as the file reads: by row, then in the order they were found. */
export function byRow(problems: ImportProblem[]): ImportProblem[] {
  return problems
    .map((p, i) => [p, i] as const)
    .sort((a, b) => a[0].row - b[0].row || a[1] - b[1])
    .map(([p]) => p);
}
