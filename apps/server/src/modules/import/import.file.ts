/**
 * A spreadsheet as rows of text (docs/architecture.md section 15): CSV in any common delimiter
 * (comma, semicolon, tab, bar) and encoding (UTF-8 with or without a BOM, UTF-16 with a BOM,
 * Windows-1252), or the first sheet of an XLSX. Every cell becomes text, as a CSV would hold it,
 * so both kinds of file go through the same checks and give the same result.
 */
import { unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { badRequest } from '../../lib/errors.js';
import { breathe } from './import.cells.js';

export interface SheetRow {
  /** As the file numbers it: the header is row 1. */
  row: number;
  cells: string[];
}

export interface Sheet {
  headers: string[];
  rows: SheetRow[];
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (b: Uint8Array, sig: readonly number[]) => sig.every((x, i) => b[i] === x);

/** UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), else Windows-1252; UTF-16 by its BOM. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

/** The delimiter that occurs most in the header line, outside quotes (a comma when none does). */
export function detectDelimiter(text: string): string {
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0, '|': 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch in counts) counts[ch]!++;
  }
  let best = ',';
  for (const d of Object.keys(counts)) if (counts[d]! > counts[best]!) best = d;
  return best;
}

/**
 * RFC 4180 records: fields in double quotes may hold the delimiter, line breaks and "" for a
 * quote; a quote inside an unquoted field is kept as text, and text after a closing quote is kept
 * too (spreadsheets write both). Hand-written: csv-parse took 2 to 3 s for 50,000 rows, in one
 * stretch of the event loop that held every other request; this takes a few tens of milliseconds.
 */
export function parseCsv(text: string, delimiter: string): string[][] {
  return [...csvRecords(text, delimiter)];
}

/** The records one by one (the reader gives the event loop a turn between slices of them). */
export function* csvRecords(text: string, delimiter: string): Generator<string[]> {
  const n = text.length;
  let row: string[] = [];
  let i = 0;
  const stop = (from: number) => {
    let j = from;
    while (j < n) {
      const c = text[j];
      if (c === delimiter || c === '\n' || c === '\r') break;
      j++;
    }
    return j;
  };
  while (i < n) {
    let field: string;
    if (text[i] === '"') {
      let buf = '';
      i++;
      for (;;) {
        const q = text.indexOf('"', i);
        if (q < 0) {
          buf += text.slice(i);
          i = n;
          break;
        }
        buf += text.slice(i, q);
        if (text[q + 1] === '"') {
          buf += '"';
          i = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      const end = stop(i);
      field = buf + text.slice(i, end);
      i = end;
    } else {
      const end = stop(i);
      field = text.slice(i, end);
      i = end;
    }
    row.push(field);
    if (i >= n) break;
    if (text[i] === delimiter) {
      i++;
      // A delimiter that ends the text leaves one more empty field.
      if (i === n) row.push('');
      continue;
    }
    i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
    yield row;
    row = [];
  }
  if (row.length) yield row;
}

async function csvSheet(bytes: Uint8Array): Promise<Sheet> {
  const text = decodeText(bytes);
  const records: string[][] = [];
  for (const r of csvRecords(text, detectDelimiter(text))) {
    // A large file is read in slices, so other requests on this instance are served meanwhile.
    if (records.push(r) % 5000 === 0) await breathe();
  }
  return toSheet(records);
}

/** An XLSX cell as a CSV would hold it: numbers as written in the file, dates as YYYY-MM-DD. */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().slice(0, 10);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  return String(v);
}

/** Most an XLSX part may unzip to, and most columns a sheet may have (a hostile file's bounds). */
const MAX_UNZIPPED = 64 * 1024 * 1024;
const MAX_COLUMNS = 200;

/**
 * Refuses, before anything is unzipped, a workbook whose parts would unzip past MAX_UNZIPPED
 * (a deflate bomb) or whose first sheet spans more than MAX_COLUMNS columns (the reader pads
 * every row to the widest: one cell in column XFD makes 16,384 cells a row).
 */
function checkXlsxBounds(bytes: Uint8Array): void {
  let total = 0;
  let sheet: string | null = null;
  try {
    unzipSync(bytes, {
      filter(f) {
        total += f.originalSize;
        if (/^xl\/worksheets\/sheet1\.xml$/.test(f.name)) sheet = f.name;
        return false; // sizes only: nothing is inflated here
      },
    });
  } catch (e) {
    throw badRequest(`The file could not be read as XLSX: ${(e as Error).message}`);
  }
  if (total > MAX_UNZIPPED)
    throw badRequest(
      `The file unpacks to ${Math.round(total / 1048576)} MB, more than an import takes (${MAX_UNZIPPED / 1048576} MB); split it or save it as CSV.`,
    );
  if (sheet) {
    // The sheet's declared size (<dimension ref="A1:G5000"/>) is near its start.
    const head = unzipSync(bytes, { filter: (f) => f.name === sheet })[sheet];
    const ref = head
      ? /<dimension ref="[A-Z]+\d+:([A-Z]+)\d+"/.exec(new TextDecoder().decode(head.subarray(0, 4096)))
      : null;
    const width = ref ? [...ref[1]!].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) : 0;
    if (width > MAX_COLUMNS)
      throw badRequest(
        `The first sheet is ${width} columns wide; an import reads at most ${MAX_COLUMNS}. Delete the empty columns at its right, or save it as CSV.`,
      );
  }
}

async function xlsxSheet(bytes: Uint8Array): Promise<Sheet> {
  checkXlsxBounds(bytes);
  let data: unknown[][];
  try {
    // Numbers are kept as the text the file stores (no float rounding on the way).
    data = (await readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 1, {
      parseNumber: (s: string) => s,
    })) as unknown[][];
  } catch (e) {
    throw badRequest(`The file could not be read as XLSX: ${(e as Error).message}`);
  }
  return toSheet(data.map((r) => r.map(cellText)));
}

function toSheet(records: string[][]): Sheet {
  const [head, ...body] = records;
  const headers = (head ?? []).map((h) => h.trim());
  if (!headers.some(Boolean)) throw badRequest('The file has no header row: its first row names the columns.');
  const rows: SheetRow[] = [];
  body.forEach((cells, i) => {
    // Empty rows are passed over (they still count in the numbering, as the spreadsheet shows them).
    if (cells.some((c) => c.trim() !== '')) rows.push({ row: i + 2, cells });
  });
  return { headers, rows };
}

/** The rows of a CSV or XLSX file, told apart by their first bytes. */
export async function readSpreadsheet(bytes: Uint8Array): Promise<Sheet> {
  if (bytes.length === 0) throw badRequest('The file is empty.');
  if (startsWith(bytes, OLE))
    throw badRequest('This is an old Excel file (.xls): save it as .xlsx or .csv and try again.');
  return startsWith(bytes, ZIP) ? xlsxSheet(bytes) : csvSheet(bytes);
}
