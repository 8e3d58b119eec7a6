/**
 * A dashboard table as a CSV file, made in the browser from the figures on screen with the
 * domain's CSV rules (csv.ts), as the list exports are (docs/architecture.md section 14): UTF-8
 * with a byte-order mark and CRLF, and text a spreadsheet would run as a formula written as text
 * (a '); a text field is quoted only when it needs to be.
 */
import { CSV_BOM, CSV_LINE_END, csvField } from '@desk/domain';

export type CsvCell = string | number;

export function csvCell(value: CsvCell): string {
  return typeof value === 'number' ? String(value) : csvField(value, 'when needed');
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return CSV_BOM + [header, ...rows].map((r) => r.map(csvCell).join(',')).join(CSV_LINE_END) + CSV_LINE_END;
}

/** Saves the CSV under `fileName` through a temporary link (nothing leaves the browser). */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
