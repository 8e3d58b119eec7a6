/**
 * Cells as a spreadsheet writes them, read into the values the API's schemas check
 * (docs/architecture.md section 15): money "845", "845.00", "$1,234.50"; numbers "0.85";
 * switches yes/no, true/false, 1/0 (any case); dates YYYY-MM-DD or M/D/YYYY.
 */
import type { ImportField, ImportMapping, ImportProblem } from '@desk/domain';
import type { z } from 'zod';
import type { SheetRow } from './import.file.js';

/** A number as text: digits, thousands commas, a decimal point, a sign or parentheses; dollars with `$`. */
export function parseAmount(text: string, money: boolean): number | null {
  let s = text.replace(/\s+/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  }
  if (money && s.startsWith('$')) s = s.slice(1);
  if (money && s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  }
  if (/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(s)) s = s.replace(/,/g, '');
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(s)) return null;
  const n = Number(s);
  return negative ? -n : n;
}

const TRUE = new Set(['yes', 'y', 'true', '1', 'on', 'x']);
const FALSE = new Set(['no', 'n', 'false', '0', 'off']);

export function parseSwitch(text: string): boolean | null {
  const t = text.trim().toLowerCase();
  if (TRUE.has(t)) return true;
  if (FALSE.has(t)) return false;
  return null;
}

/** YYYY-MM-DD from YYYY-MM-DD (a time after it is dropped) or M/D/YYYY; anything else as it is, for the schema to refuse. */
export function parseDate(text: string): string {
  const t = text.trim();
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (us) return `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}`;
  if (/^\d{4}-\d{2}-\d{2}([T ].*)?$/.test(t)) return t.slice(0, 10);
  return t;
}

/** A cell's text in a message, shortened. */
export const shown = (v: string) => `'${v.length > 40 ? `${v.slice(0, 37)}...` : v}'`;

/** The cells of one row by our field, and the problems found in it. */
/**
 * Control characters other than tab and line breaks (a NUL from an old system's export): dropped
 * from every cell, since PostgreSQL refuses NUL in text and would stop the job after its checks.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

export class RowReader {
  private readonly index = new Map<string, number>();
  private readonly fields: Map<string, ImportField>;

  constructor(
    headers: readonly string[],
    readonly mapping: ImportMapping,
    fields: readonly ImportField[],
  ) {
    this.fields = new Map(fields.map((f) => [f.key, f]));
    for (const [field, column] of Object.entries(mapping)) this.index.set(field, headers.indexOf(column));
  }

  mapped(field: string): boolean {
    return this.index.has(field);
  }

  /** The cell's text, trimmed; '' when the field is not mapped or the cell is empty. */
  get(row: SheetRow, field: string): string {
    const i = this.index.get(field);
    return i === undefined ? '' : (row.cells[i] ?? '').replace(CONTROL_CHARACTERS, '').trim();
  }

  label(field: string): string {
    return this.fields.get(field)?.label ?? field;
  }

  /** Their column header, or our label when no column is mapped. */
  column(field: string): string {
    return this.mapping[field] ?? this.label(field);
  }

  problem(row: SheetRow, field: string, message: string): ImportProblem {
    return { row: row.row, column: this.column(field), message };
  }

  /** "Residential multiplier 'abc' is not a number"; "Name is required" when the cell is empty. */
  fieldProblem(row: SheetRow, field: string, what: string): ImportProblem {
    const raw = this.get(row, field);
    return this.problem(row, field, `${this.label(field)}${raw ? ` ${shown(raw)}` : ''} ${what}`);
  }

  /** The first 20 rows as our fields. */
  sampleOf(rows: readonly SheetRow[]): Record<string, string>[] {
    return rows.slice(0, 20).map((r) => Object.fromEntries([...this.index.keys()].map((f) => [f, this.get(r, f)])));
  }
}

/**
 * Our field from a schema issue's path ('streetAddress.zipCode' -> 'zipCode'), through the kind's
 * own names where they differ from the API's.
 */
export function issueProblems(
  reader: RowReader,
  row: SheetRow,
  error: z.ZodError,
  fieldOf: (path: readonly PropertyKey[]) => string,
): ImportProblem[] {
  const seen = new Set<string>();
  const out: ImportProblem[] = [];
  for (const issue of error.issues) {
    const field = fieldOf(issue.path);
    if (seen.has(field)) continue;
    seen.add(field);
    out.push(reader.fieldProblem(row, field, issue.message));
  }
  return out;
}

/** Lets the event loop serve other requests between slices of a long loop. */
/**
 * The cells of `fields` that have a value, each parsed: the values, and a problem in the
 * column's words for each cell `parse` refuses (null), in the order of the fields.
 */
export function parsedCells<F extends string, V>(
  reader: RowReader,
  row: SheetRow,
  fields: readonly F[],
  parse: (raw: string) => V | null,
  refusal: string,
): { values: Array<[F, V]>; problems: ImportProblem[] } {
  const values: Array<[F, V]> = [];
  const problems: ImportProblem[] = [];
  for (const f of fields) {
    const raw = reader.get(row, f);
    if (!raw) continue;
    const v = parse(raw);
    if (v === null) problems.push(reader.fieldProblem(row, f, refusal));
    else values.push([f, v]);
  }
  return { values, problems };
}

export const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));
