/**
 * The import's CSV reader against the export's CSV writer, property-based (fast-check): any table
 * the writer writes (modules/export/csv-writer.ts) reads back cell for cell as the writer wrote
 * it: text with delimiters, quotes, line breaks and formula characters, numbers, money, dates and
 * empty cells, in any number of columns (docs/architecture.md sections 14 and 15).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvText, plainCents } from '@desk/domain';
import { toCell, type CellKind, type ExportColumn } from '../src/modules/export/cells.js';
import { csvChunks } from '../src/modules/export/csv-writer.js';
import { csvRecords, decodeText, detectDelimiter, readSpreadsheet } from '../src/modules/import/import.file.js';

type Value = string | number | null;
type Row = Value[];

/** Characters a CSV reader can trip on, mixed with any other character. */
const SPECIAL = [',', ';', '\t', '|', '"', '""', '\r', '\n', '\r\n', ' ', "'", '=', '+', '-', '@', 'é', '€', '😀'];
const text = fc.string({
  unit: fc.oneof(fc.constantFrom(...SPECIAL), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
  maxLength: 24,
});
const isoDate = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
/** Any value in any column: the writer turns a value that does not fit its column's kind into text. */
const value: fc.Arbitrary<Value> = fc.oneof(
  fc.constant(null),
  text,
  fc.integer({ min: -1e12, max: 1e12 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }),
  isoDate,
);
const kind = fc.constantFrom<CellKind>('text', 'integer', 'money', 'date');

const table = fc.array(fc.record({ header: text, kind }), { minLength: 1, maxLength: 6 }).chain((columns) =>
  fc.record({
    columns: fc.constant(columns),
    rows: fc.array(fc.array(value, { minLength: columns.length, maxLength: columns.length }), { maxLength: 8 }),
  }),
);

const exportColumns = (columns: ReadonlyArray<{ header: string; kind: CellKind }>): ExportColumn<Row>[] =>
  columns.map((c, i) => ({ header: c.header, kind: c.kind, value: (row: Row) => row[i] ?? null }));

/** The file the export writes for the table. */
async function written(columns: ExportColumn<Row>[], rows: Row[]): Promise<Uint8Array> {
  async function* each() {
    yield* rows;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of csvChunks(columns, each())) chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

/** A cell's text as the writer means it: text made safe from formulas, money as the lists show it. */
function cellText(kind: CellKind, v: Value): string {
  const cell = toCell(kind, v);
  if (cell === null) return '';
  if (cell.kind === 'text') return csvText(cell.text);
  if (cell.kind === 'money') return plainCents(cell.n);
  if (cell.kind === 'date') return cell.iso;
  return String(cell.n);
}

describe('the import reads what the export writes', () => {
  it('every record and cell of a written table reads back the same', async () => {
    await fc.assert(
      fc.asyncProperty(table, async ({ columns, rows }) => {
        const bytes = await written(exportColumns(columns), rows);
        const decoded = decodeText(bytes);
        expect(detectDelimiter(decoded)).toBe(',');
        expect([...csvRecords(decoded, ',')]).toEqual([
          columns.map((c) => csvText(c.header)),
          ...rows.map((row) => columns.map((c, i) => cellText(c.kind, row[i] ?? null))),
        ]);
      }),
      { numRuns: 300 },
    );
  });

  it('a written table is the sheet the import checks: headers trimmed, blank rows passed over, rows numbered as the file', async () => {
    const named = table.filter(({ columns }) => columns.some((c) => csvText(c.header).trim() !== ''));
    await fc.assert(
      fc.asyncProperty(named, async ({ columns, rows }) => {
        const sheet = await readSpreadsheet(await written(exportColumns(columns), rows));
        expect(sheet.headers).toEqual(columns.map((c) => csvText(c.header).trim()));
        const expected = rows
          .map((row, i) => ({ row: i + 2, cells: columns.map((c, j) => cellText(c.kind, row[j] ?? null)) }))
          .filter((r) => r.cells.some((c) => c.trim() !== ''));
        expect(sheet.rows).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
});
