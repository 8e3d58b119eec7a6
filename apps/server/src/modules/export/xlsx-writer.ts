/**
 * The XLSX writer of the export (docs/decisions/018-streamed-export.md): a workbook of one sheet
 * written as it goes, row after row, on fflate's streaming Zip, so a list of 100,000 rows never
 * sits in memory. No kept XLSX library writes rows as a stream (exceljs is unmaintained;
 * write-excel-file builds the whole sheet first), and the part of the format a list needs is small:
 *
 *   [Content_Types].xml, _rels/.rels, xl/workbook.xml, xl/_rels/workbook.xml.rels,
 *   xl/styles.xml (bold header, money as a number shown 0.00, dates shown yyyy-mm-dd),
 *   xl/worksheets/sheet1.xml (inline strings, numbers as numbers, the header row frozen).
 *
 * Text is XML-escaped and the characters XML 1.0 forbids are dropped; it is always an inline
 * string, which a spreadsheet never runs as a formula, so text that looks like one is written as it
 * is (a ' in front would show in Excel).
 */
import { Zip, ZipDeflate, strToU8 } from 'fflate';
import { fromCents } from '@desk/domain';
import { toCell, type ExportColumn } from './cells.js';

/** Sheet XML is gathered into pieces of about this many characters before it is compressed. */
const CHUNK_CHARS = 64 * 1024;
/** Deflate level: 6 (zlib's default) costs about twice level 1's CPU for a file about 15% smaller. */
const LEVEL = 4;
/** The longest text Excel keeps in a cell. */
const MAX_CELL_CHARS = 32_767;

// Style ids, the order of <cellXfs> in STYLES.
const STYLE_HEADER = 1;
const STYLE_MONEY = 2;
const STYLE_DATE = 3;

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const CONTENT_TYPES = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;

const ROOT_RELS = `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS = `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`;

// numFmtId 2 is Excel's built-in "0.00"; 164 is the first id free for a format of our own.
const STYLES = `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

const workbook = (sheetName: string) =>
  `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView/></bookViews><sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

/** Characters XML 1.0 does not allow (controls other than tab and line ends, lone surrogates, U+FFFE/F). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const XML_SPECIAL = /[&<>"]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text as XML character data (and attribute values): escaped, forbidden characters dropped. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, '').replace(XML_SPECIAL, (c) => ENTITIES[c]!);
}

/** A column's letters: 0 -> A, 25 -> Z, 26 -> AA. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** Excel's serial day number of a YYYY-MM-DD date (1900 date system: day 25569 is 1970-01-01). */
export function excelDay(iso: string): number {
  return Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 86_400_000 + 25_569;
}

function textCell(ref: string, text: string, style = 0): string {
  const t = xmlText(text.length > MAX_CELL_CHARS ? text.slice(0, MAX_CELL_CHARS) : text);
  // Leading or trailing spaces and line breaks are kept only when the text says so.
  const space = /^\s|\s$|\n/.test(t) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}" t="inlineStr"${style ? ` s="${style}"` : ''}><is><t${space}>${t}</t></is></c>`;
}

function rowXml<R>(columns: readonly ExportColumn<R>[], letters: readonly string[], rowNumber: number, row: R): string {
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i]!;
    const cell = toCell(column.kind, column.value(row));
    if (cell === null) continue;
    const ref = `${letters[i]}${rowNumber}`;
    if (cell.kind === 'text') xml += textCell(ref, cell.text);
    else if (cell.kind === 'money') xml += `<c r="${ref}" s="${STYLE_MONEY}"><v>${fromCents(cell.n)}</v></c>`;
    else if (cell.kind === 'date') xml += `<c r="${ref}" s="${STYLE_DATE}"><v>${excelDay(cell.iso)}</v></c>`;
    else xml += `<c r="${ref}"><v>${cell.n}</v></c>`;
  }
  return `${xml}</row>`;
}

/** A column's width in characters, from its header and kind (Excel does not size columns itself). */
function width(column: ExportColumn<unknown>): number {
  const byKind = { text: 24, integer: 10, money: 14, date: 12 }[column.kind];
  return Math.max(byKind, column.header.length + 2);
}

/**
 * The XLSX of `rows` as one sheet named `sheetName`, in compressed chunks: the next rows are read
 * only when the reader asks for more.
 */
export async function* xlsxChunks<R>(
  sheetName: string,
  columns: readonly ExportColumn<R>[],
  rows: AsyncIterable<R>,
): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, data) => {
    if (err) failure = err;
    else if (data.length) out.push(data);
  });
  const drain = function* () {
    if (failure) throw failure;
    while (out.length) yield out.shift()!;
  };
  const whole = (name: string, text: string) => {
    const file = new ZipDeflate(name, { level: LEVEL });
    zip.add(file);
    file.push(strToU8(text), true);
  };
  whole('[Content_Types].xml', CONTENT_TYPES);
  whole('_rels/.rels', ROOT_RELS);
  whole('xl/workbook.xml', workbook(sheetName));
  whole('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
  whole('xl/styles.xml', STYLES);
  yield* drain();

  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: LEVEL });
  zip.add(sheet);
  const letters = columns.map((_c, i) => columnLetters(i));
  const cols = columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${width(c as ExportColumn<unknown>)}" customWidth="1"/>`)
    .join('');
  let xml =
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<cols>${cols}</cols><sheetData><row r="1">` +
    columns.map((c, i) => textCell(`${letters[i]}1`, c.header, STYLE_HEADER)).join('') +
    '</row>';
  let rowNumber = 1;
  for await (const row of rows) {
    rowNumber++;
    xml += rowXml(columns, letters, rowNumber, row);
    if (xml.length >= CHUNK_CHARS) {
      sheet.push(strToU8(xml));
      xml = '';
      yield* drain();
    }
  }
  xml += '</sheetData></worksheet>';
  sheet.push(strToU8(xml), true);
  zip.end();
  yield* drain();
}
