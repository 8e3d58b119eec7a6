/**
 * The CSV writer of the export (docs/architecture.md section 14): the domain's CSV (csv.ts: a byte
 * order mark, CRLF line ends, every text field quoted, text that would run as a formula in a
 * spreadsheet splitting on a comma, a semicolon, a tab or a pipe given a ' in front of the
 * formula). Money as the lists show it (1234.50), dates as YYYY-MM-DD, numbers as numbers.
 */
import { CSV_BOM, CSV_LINE_END, csvField, plainCents } from '@desk/domain';
import { toCell, type ExportColumn } from './cells.js';

/** Rows are gathered into chunks of about this many characters before they are handed on. */
const CHUNK_CHARS = 64 * 1024;

export function csvLine<R>(columns: readonly ExportColumn<R>[], row: R): string {
  let line = '';
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i]!;
    const cell = toCell(column.kind, column.value(row));
    if (i > 0) line += ',';
    if (cell === null) continue;
    if (cell.kind === 'text') line += csvField(cell.text);
    else if (cell.kind === 'money') line += plainCents(cell.n);
    else if (cell.kind === 'date') line += cell.iso;
    else line += String(cell.n);
  }
  return line + CSV_LINE_END;
}

/** The CSV of `rows`, in chunks: the next chunk is made only when the reader asks for it. */
export async function* csvChunks<R>(
  columns: readonly ExportColumn<R>[],
  rows: AsyncIterable<R>,
): AsyncGenerator<Buffer> {
  let chunk = CSV_BOM + columns.map((c) => csvField(c.header)).join(',') + CSV_LINE_END;
  for await (const row of rows) {
    chunk += csvLine(columns, row);
    if (chunk.length >= CHUNK_CHARS) {
      yield Buffer.from(chunk, 'utf8');
      chunk = '';
    }
  }
  yield Buffer.from(chunk, 'utf8');
}
