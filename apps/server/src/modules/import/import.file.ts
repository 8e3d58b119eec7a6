/**
 * A spreadsheet as rows of text (docs/architecture.md section 15): CSV in any common delimiter
 * (comma, semicolon, tab, bar) and encoding (UTF-8 with or without a BOM, UTF-16 with a BOM,
 * Windows-1252), or the first sheet of an XLSX. Every cell becomes text, as a CSV would hold it,
 * so both kinds of file go through the same checks and give the same result.
 */
import { badRequest } from '../../lib/errors.js';
import { breathe } from './import.cells.js';
import { readXlsxOffThread } from './xlsx-reader.js';

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

/**
 * The first sheet of an XLSX, read in a worker thread under a time and memory limit, after the
 * workbook is unzipped once under a byte counter (xlsx-reader.ts, xlsx-sheet.ts, xlsx-unzip.ts).
 */
async function xlsxSheet(bytes: Uint8Array): Promise<Sheet> {
  return toSheet(await readXlsxOffThread(bytes));
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
