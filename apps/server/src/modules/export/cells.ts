/**
 * What an exported cell is, for both writers (docs/architecture.md section 14): text, a whole
 * number, money (integer cents) or a date (YYYY-MM-DD). Text that a spreadsheet would run as a
 * formula is made plain for CSV by the domain's csvText; the XLSX writes text as inline strings,
 * which a spreadsheet never runs, so it keeps the text as it is.
 */

export type CellKind = 'text' | 'integer' | 'money' | 'date';

/** One column of an export: its header as the list names it, its kind and its value in a row. */
export interface ExportColumn<R> {
  header: string;
  kind: CellKind;
  /** Text, a whole number, cents (money) or 'YYYY-MM-DD' (date); null or '' leaves the cell empty. */
  value: (row: R) => string | number | null;
}

/** A cell's value as the writers get it, after the rules below. */
export type Cell =
  { kind: 'text'; text: string } | { kind: 'integer' | 'money'; n: number } | { kind: 'date'; iso: string } | null;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The cell of `value` in a column of `kind`; a value that does not fit its kind goes out as text. */
export function toCell(kind: CellKind, value: string | number | null | undefined): Cell {
  if (value === null || value === undefined || value === '') return null;
  if ((kind === 'integer' || kind === 'money') && typeof value === 'number' && Number.isFinite(value))
    return { kind, n: kind === 'money' ? Math.round(value) : value };
  if (kind === 'date' && typeof value === 'string' && ISO_DATE.test(value)) return { kind: 'date', iso: value };
  return { kind: 'text', text: String(value) };
}
