/**
 * CSV text as the desk writes it, for the server's list exports and the dashboard's CSV made in the
 * browser (docs/architecture.md section 14): UTF-8 with a byte order mark (so Excel reads accents
 * right), CRLF line ends, fields quoted as RFC 4180 says, and text that a spreadsheet would run as a
 * formula made plain (OWASP, CSV injection).
 */

/** Put in front of a CSV file so that Excel reads it as UTF-8. */
export const CSV_BOM = '\uFEFF';
/** The end of every CSV line, the last one included. */
export const CSV_LINE_END = '\r\n';

/**
 * Where a spreadsheet may start reading a cell: the field's start, and after each character that
 * some spreadsheet splits a CSV line on (a comma, a semicolon in most European locales, a tab, a
 * pipe) or a line break, past any spaces and quotes. A formula character (=, +, -, @) there would
 * run as a formula (or a DDE call) in a spreadsheet that splits on that character, whatever the
 * quoting.
 */
const FORMULA_AFTER_SPLIT = /(^|[,;|\t\r\n])([ "]*)(?=[=+\-@])/g;

/**
 * CSV text that no spreadsheet runs, whichever character it splits the line on: a ' goes in front
 * of every place a cell could start with a formula character (`=HYPERLINK("http://x","y")` becomes
 * `'=HYPERLINK("http://x","y")`, `Acme;=1+1` becomes `Acme;'=1+1`), and in front of a leading tab
 * or carriage return. Only text: a number cell (an amount of -12.50) is a number, not a formula,
 * and stays one.
 */
export function csvText(text: string): string {
  const safe = text.replace(FORMULA_AFTER_SPLIT, "$1'$2");
  return /^[\t\r]/.test(safe) ? `'${safe}` : safe;
}

/**
 * How a text field is quoted: `always` (the list exports quote every text field, so a reader
 * tells the text "-12.50" from the amount -12.50), or `when needed` (only a field holding a
 * quote, a comma or a line break, as the dashboard's CSV does).
 */
export type CsvQuoting = 'always' | 'when needed';

/** A text field: made safe from formulas (csvText), then quoted as `quoting` says, quotes doubled. */
export function csvField(text: string, quoting: CsvQuoting = 'always'): string {
  const safe = csvText(text);
  if (quoting === 'when needed' && !/[",\r\n]/.test(safe)) return safe;
  return `"${safe.replaceAll('"', '""')}"`;
}
