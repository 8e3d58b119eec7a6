/**
 * A stock count's printable sheet (docs/stock.md): one row per product with its item number,
 * description and expected quantity, and an empty box to write the counted quantity in. The same
 * faces and rules as the documents (render-pdf.ts, docs/decisions/030-pdf-rendering.md): pdfkit's
 * public API, DejaVu from its bytes, characters the fonts cannot draw written as their code point.
 * Rendered in the PDF workers (pdf-pool.ts).
 */
import { BOLD, MARGINS, REGULAR, columnStarts, drawable, letterPdf } from './page-layout.js';

/** What a count sheet prints. `countSheet` tells it from a document in the pool's queue. */
export interface CountSheet {
  countSheet: true;
  companyName: string;
  countId: number;
  startedAt: string;
  startedBy: string | null;
  printedAt: string;
  lines: Array<{ itemNo: string; itemDescription: string | null; expected: number }>;
}

const ROW_H = 22;
const GREY = '#555555';

export function renderCountSheet(typed: CountSheet): Promise<Buffer> {
  const sheet = drawable(typed);
  return new Promise((resolve, reject) => {
    const title = `Count ${sheet.countId}`;
    const pdf = letterPdf({ Title: `${sheet.companyName} - ${title}`, Author: sheet.companyName }, resolve, reject);

    const left = MARGINS.left;
    const width = pdf.page.width - left - MARGINS.right;
    const bottom = () => pdf.page.height - MARGINS.bottom;
    const cols = { item: 110, desc: width - 110 - 70 - 90 - 110, expected: 70, counted: 90, notes: 110 };
    const xs = columnStarts(left, cols);

    pdf.font(BOLD).fontSize(16).fillColor('#000').text(`${sheet.companyName} - ${title}`, left, MARGINS.top, { width });
    pdf
      .font(REGULAR)
      .fontSize(9)
      .fillColor(GREY)
      .text(
        `Started ${sheet.startedAt.slice(0, 16).replace('T', ' ')}${sheet.startedBy ? ` by ${sheet.startedBy}` : ''} - printed ${sheet.printedAt.slice(0, 16).replace('T', ' ')} - ${sheet.lines.length} products`,
        left,
        pdf.y + 2,
        { width },
      );
    let y = pdf.y + 12;
    const header = () => {
      pdf.rect(left, y, width, ROW_H).fill('#e9ecef');
      pdf.font(BOLD).fontSize(9).fillColor('#000');
      pdf.text('Item No', xs.item + 4, y + 7, { width: cols.item - 8 });
      pdf.text('Description', xs.desc + 4, y + 7, { width: cols.desc - 8 });
      pdf.text('Expected', xs.expected, y + 7, { width: cols.expected - 8, align: 'right' });
      pdf.text('Counted', xs.counted + 4, y + 7, { width: cols.counted - 8 });
      pdf.text('Notes', xs.notes + 4, y + 7, { width: cols.notes - 8 });
      y += ROW_H;
    };
    header();
    for (const line of sheet.lines) {
      if (y + ROW_H > bottom()) {
        pdf.addPage();
        y = MARGINS.top;
        header();
      }
      pdf.font(REGULAR).fontSize(9).fillColor('#000');
      pdf.text(line.itemNo, xs.item + 4, y + 7, { width: cols.item - 8, height: ROW_H - 6, ellipsis: true });
      pdf.text(line.itemDescription ?? '', xs.desc + 4, y + 7, {
        width: cols.desc - 8,
        height: ROW_H - 6,
        ellipsis: true,
      });
      pdf.text(String(line.expected), xs.expected, y + 7, { width: cols.expected - 8, align: 'right' });
      pdf
        .rect(xs.counted + 4, y + 3, cols.counted - 12, ROW_H - 6)
        .lineWidth(0.8)
        .strokeColor('#495057')
        .stroke();
      pdf
        .moveTo(left, y + ROW_H)
        .lineTo(left + width, y + ROW_H)
        .lineWidth(0.3)
        .strokeColor('#ced4da')
        .stroke();
      y += ROW_H;
    }
    const range = pdf.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      pdf.switchToPage(i);
      // The footer sits in the bottom margin: lifted while it is written, so no page is added.
      pdf.page.margins.bottom = 0;
      pdf
        .font(REGULAR)
        .fontSize(8)
        .fillColor(GREY)
        .text(`${title} - page ${i + 1} of ${range.count}`, left, pdf.page.height - 35, {
          width,
          align: 'center',
          lineBreak: false,
        });
      pdf.page.margins.bottom = MARGINS.bottom;
    }
    pdf.end();
  });
}
