/**
 * The first sheet of a workbook as rows of text, read in the XLSX worker (xlsx-worker.ts; issue
 * 37, findings 1 and 2): the workbook is unzipped once under a byte counter (xlsx-unzip.ts), its
 * first sheet found as the reader finds it (workbook.xml, then its relationships), its width
 * measured from the cells themselves (and its declared dimension), XML comments dropped (they mean
 * nothing to the data, and a long one stalled the reader's XML parser for a minute), and only then
 * handed to read-excel-file, as a zip it does not have to inflate.
 */
import { readSheet } from 'read-excel-file/node';
import { storedZip, UnzipRefusal, unzipBounded } from './xlsx-unzip.js';

/** Most columns a sheet may have: the reader pads every row to the widest. */
export const MAX_COLUMNS = 200;

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** The column number of letters: A is 1, XFD 16,384. */
export function columnNumber(letters: string): number {
  let n = 0;
  for (const c of letters) n = n * 26 + c.charCodeAt(0) - 64;
  return n;
}

/** A part's path from a relationship's target, relative to the part that holds it. */
function resolve(from: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = from.split('/').slice(0, -1);
  for (const p of target.split('/')) {
    if (p === '..') parts.pop();
    else if (p !== '.' && p !== '') parts.push(p);
  }
  return parts.join('/');
}

const attribute = (tag: string, name: string) => new RegExp(`\\s(?:\\w+:)?${name}="([^"]*)"`).exec(tag)?.[1];

/** Where the first sheet is, found as the reader finds it: the workbook's first <sheet>, through its relationship. */
export function firstSheetPath(parts: Map<string, Uint8Array>): string {
  const rootRels = parts.get('_rels/.rels');
  const officeDoc = rootRels
    ? /<(?:\w+:)?Relationship\b[^>]*officeDocument"[^>]*>/.exec(decoder.decode(rootRels))?.[0]
    : undefined;
  const workbook = officeDoc ? resolve('', attribute(officeDoc, 'Target') ?? 'xl/workbook.xml') : 'xl/workbook.xml';
  const wb = parts.get(workbook);
  const none = new UnzipRefusal('The file could not be read as XLSX: it has no sheet.');
  if (!wb) throw none;
  const sheet = /<(?:\w+:)?sheet\b[^>]*>/.exec(decoder.decode(wb))?.[0];
  const id = sheet ? attribute(sheet, 'id') : undefined;
  const relsPath = resolve(workbook, `_rels/${workbook.split('/').pop()}.rels`);
  const rels = parts.get(relsPath);
  if (!id || !rels) throw none;
  for (const m of decoder.decode(rels).matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    if (attribute(m[0], 'Id') === id) {
      const target = attribute(m[0], 'Target');
      if (target && parts.has(resolve(workbook, target))) return resolve(workbook, target);
    }
  }
  throw none;
}

/**
 * The sheet's width: the furthest column of any cell (by its reference, or by its place in its
 * row when it has none, as the reader counts it), or the declared dimension when that is wider.
 */
export function sheetWidth(xml: string): number {
  let widest = 0;
  const dimension = /<(?:\w+:)?dimension\b[^>]*\sref="[A-Z]+\d+(?::([A-Z]+)\d+)?"/.exec(xml);
  if (dimension?.[1]) widest = columnNumber(dimension[1]);
  let column = 0;
  for (const m of xml.matchAll(/<(?:\w+:)?(row|c)\b([^>]*)>/g)) {
    if (m[1] === 'row') {
      column = 0;
      continue;
    }
    const ref = /\sr="([A-Z]+)\d+"/.exec(m[2]!);
    column = ref ? columnNumber(ref[1]!) : column + 1;
    if (column > widest) widest = column;
  }
  return widest;
}

/** XML text without its comments (left alone where a CDATA section could hold '<!--'). */
export function withoutComments(xml: string): string {
  if (!xml.includes('<!--') || xml.includes('<![CDATA[')) return xml;
  let out = '';
  let at = 0;
  for (;;) {
    const open = xml.indexOf('<!--', at);
    if (open < 0) return out + xml.slice(at);
    out += xml.slice(at, open);
    const close = xml.indexOf('-->', open + 4);
    if (close < 0) return out;
    at = close + 3;
  }
}

/** An XLSX cell as a CSV would hold it: numbers as written in the file, dates as YYYY-MM-DD. */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().slice(0, 10);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  return String(v);
}

/** The first sheet's rows as text; throws UnzipRefusal with a message for the clerk. */
export async function readXlsxRows(bytes: Uint8Array): Promise<string[][]> {
  const parts = unzipBounded(bytes);
  const sheet = firstSheetPath(parts);
  for (const [name, data] of parts) {
    if (!/\.(xml|rels)$/i.test(name)) continue;
    const xml = decoder.decode(data);
    if (name === sheet) {
      const width = sheetWidth(xml);
      if (width > MAX_COLUMNS)
        throw new UnzipRefusal(
          `The first sheet is ${width} columns wide; an import reads at most ${MAX_COLUMNS}. Delete the empty columns at its right, or save it as CSV.`,
        );
    }
    const clean = withoutComments(xml);
    if (clean.length !== xml.length) parts.set(name, encoder.encode(clean));
  }
  let data: unknown[][];
  try {
    // Numbers are kept as the text the file stores (no float rounding on the way).
    data = (await readSheet(Buffer.from(storedZip(parts)), 1, { parseNumber: (s: string) => s })) as unknown[][];
  } catch (e) {
    throw new UnzipRefusal(`The file could not be read as XLSX: ${(e as Error).message}`);
  }
  return data.map((r) => r.map(cellText));
}
