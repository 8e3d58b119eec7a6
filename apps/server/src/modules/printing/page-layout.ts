/**
 * What every printout's page shares (docs/decisions/030-pdf-rendering.md): US Letter, the margins,
 * the two DejaVu faces registered under the names the renderers select them by, the document's
 * bytes collected into one Buffer, and columns laid side by side.
 */
import PDFDocument from 'pdfkit';
import { FONT_FILES, fontFaces } from './font-files.js';
import { printableText, textForFonts } from './printable-text.js';

/** Page geometry (points). A footer sits in the bottom margin, below the last line of content. */
export const MARGINS = { top: 40, bottom: 50, left: 40, right: 40 };

/**
 * The names the renderers select the faces by: pdfkit keeps a document's parsed font under the
 * name it was registered and first selected by, so each face is parsed once per document.
 */
export const REGULAR = 'regular';
export const BOLD = 'bold';

/**
 * The document's default font before DejaVu is selected: a standard font that is never drawn, so
 * it is neither embedded nor named in the PDF. Courier, because pdfkit reads a standard font's
 * metrics for each document and Courier's (one width, no kerning pairs) cost almost nothing;
 * Helvetica's took about 3 ms a document.
 */
const UNUSED_DEFAULT_FONT = 'Courier';

/** What the fonts cannot draw (an emoji) as its code point in brackets: printable-text.ts. */
let drawableText: ((text: string) => string) | null = null;

/** `value` with every text in it made drawable by the two faces. */
export function drawable<T>(value: T): T {
  drawableText ??= textForFonts([FONT_FILES.regular, FONT_FILES.bold]);
  return printableText(value, drawableText);
}

/**
 * A US Letter PDF with the margins and both faces registered; `resolve` gets its bytes once it
 * ends, `reject` an error of pdfkit's.
 */
export function letterPdf(
  info: PDFKit.DocumentInfo,
  resolve: (pdf: Buffer) => void,
  reject: (e: Error) => void,
): PDFKit.PDFDocument {
  const faces = fontFaces();
  const pdf = new PDFDocument({
    size: 'LETTER',
    margins: { ...MARGINS },
    bufferPages: true,
    font: UNUSED_DEFAULT_FONT,
    info,
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  pdf.on('end', () => resolve(Buffer.concat(chunks)));
  pdf.on('error', reject);
  pdf.registerFont(REGULAR, faces.regular);
  pdf.registerFont(BOLD, faces.bold);
  return pdf;
}

/** Each column's left edge: the columns side by side from `left`, in the order `widths` lists them. */
export function columnStarts<K extends string>(left: number, widths: Record<K, number>): Record<K, number> {
  const starts = {} as Record<K, number>;
  let x = left;
  for (const key of Object.keys(widths) as K[]) {
    starts[key] = x;
    x += widths[key];
  }
  return starts;
}
